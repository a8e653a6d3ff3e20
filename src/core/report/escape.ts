/**
 * HTML by construction: markup comes only from the literal parts of `html` templates; every value
 * interpolated into one (element text and attribute values alike) is escaped unless it is itself an
 * `Html` fragment made the same way. Class names come from a closed set (`CSS_CLASSES`): a value
 * such as a test outcome's status picks a class only when it is one of them, never writes one.
 */
export class Html {
  constructor(private readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

/** What a template accepts: fragments pass as they are, lists are concatenated, anything else is text. */
export type HtmlPart = Html | string | number | boolean | undefined | null | readonly HtmlPart[];

/** Text into HTML (element content and quoted attribute values alike). */
export function esc(value: unknown): string {
  return String(value ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function part(value: HtmlPart): string {
  if (value instanceof Html) return value.toString();
  if (Array.isArray(value)) return (value as readonly HtmlPart[]).map(part).join('');
  return esc(value);
}

export function html(strings: TemplateStringsArray, ...values: readonly HtmlPart[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += part(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** Every class the stylesheet knows; nothing else can reach a `class` attribute. */
export const CSS_CLASSES = ['meta', 'warn', 'good', 'bad', 'empty', 'whynot', 'compare', 'result', 'legend', 'fixes', 'tree', 'tag', 'graph', 'edge', 'node', 'both', 'only-a', 'only-b', 'passed', 'failed', 'errored', 'skipped', 'regressed', 'changed', 'new', 'removed', 'unchanged'] as const;
export type CssClass = (typeof CSS_CLASSES)[number];
const KNOWN = new Set<string>(CSS_CLASSES);

/** The class for a value read from a file (a status, a change's kind): only a known one, else none. */
export function classFor(value: unknown): CssClass | undefined {
  return typeof value === 'string' && KNOWN.has(value) ? (value as CssClass) : undefined;
}

/** ` class="a b"` for known classes (unknown and missing ones are dropped), or nothing. */
export function classAttr(...names: readonly (CssClass | undefined)[]): Html {
  const known = names.filter((n): n is CssClass => n !== undefined && KNOWN.has(n));
  return known.length > 0 ? html` class="${known.join(' ')}"` : new Html('');
}

export function num(n: number | undefined, digits = 3): string {
  return typeof n === 'number' && Number.isFinite(n) ? n.toFixed(digits) : '–';
}
