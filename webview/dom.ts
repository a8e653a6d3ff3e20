/**
 * The only way the inspector builds DOM: elements with attributes and text content. Strings from
 * the database go in through text nodes (never parsed as HTML), so markup in them stays literal.
 */

export type Child = Node | string | null | undefined | false;

export interface Props {
  readonly class?: string;
  /** Attributes; values are set with setAttribute (never event-handler attributes). */
  readonly attrs?: Readonly<Record<string, string | number | boolean | undefined>>;
  readonly data?: Readonly<Record<string, string | undefined>>;
  readonly on?: { readonly [K in keyof HTMLElementEventMap]?: (event: HTMLElementEventMap[K]) => void };
  readonly slot?: string;
  readonly title?: string;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props, ...children: Child[]): HTMLElement;
export function h(tag: string, props: Props = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  if (props.class) el.className = props.class;
  if (props.slot) el.slot = props.slot;
  if (props.title) el.title = props.title;
  for (const [k, v] of Object.entries(props.attrs ?? {})) {
    if (v === undefined || v === false) continue;
    if (/^on/i.test(k)) throw new Error(`inline handler attribute ${k} is not allowed`);
    el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const [k, v] of Object.entries(props.data ?? {})) if (v !== undefined) el.dataset[k] = v;
  for (const [type, listener] of Object.entries(props.on ?? {})) el.addEventListener(type, listener as EventListener);
  append(el, children);
  return el;
}

export function append(parent: Node, children: readonly Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    parent.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

export function clear(el: Element): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}

/**
 * A table with a header row and body rows; cells are text or nodes. A native <table> (not
 * vscode-table, whose header cells elide and whose columns are equal): headers and cells wrap,
 * and in a narrow panel (CSS container query) each row stacks as a card with the column names.
 */
export function table(columns: readonly string[], rows: ReadonlyArray<{ cells: readonly Child[]; props?: Props }>, props: Props = {}): HTMLElement {
  return h(
    'table',
    { ...props, class: `data-table ${props.class ?? ''}`.trim() },
    h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', { attrs: { scope: 'col' } }, c)))),
    h(
      'tbody',
      {},
      ...rows.map((r) => h('tr', r.props, ...r.cells.map((c, i) => h('td', { data: { label: columns[i] ?? '' } }, c)))),
    ),
  );
}

/** A focusable link-looking button: how the views make variables, terms and actions clickable. */
export function linkButton(text: string, onClick: () => void, props: Props = {}): HTMLButtonElement {
  return h('button', { ...props, class: `link ${props.class ?? ''}`.trim(), attrs: { type: 'button', ...props.attrs }, on: { click: onClick } }, text);
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** An SVG element with attributes and children; text children become text nodes (never markup). */
export function svg(tag: string, attrs: Readonly<Record<string, string | number | undefined>> = {}, ...children: Child[]): SVGElement {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined) continue;
    if (/^on/i.test(k)) throw new Error(`inline handler attribute ${k} is not allowed`);
    el.setAttribute(k, String(v));
  }
  append(el, children);
  return el;
}
