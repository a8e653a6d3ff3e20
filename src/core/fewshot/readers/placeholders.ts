/** Template placeholders: `{{QUERY}}` (mustache / Jinja) and `{query}` (Python's str.format). */
import type { Located } from '../model';

export function findPlaceholders(text: string): Located<string>[] {
  const out: Located<string>[] = [];
  for (const m of text.matchAll(/\{\{\s*([A-Za-z_][\w.]*)\s*\}\}|(?<!\{)\{([A-Za-z_]\w*)\}(?!\})/g)) {
    out.push({ value: m[1] ?? m[2]!, span: { start: m.index!, end: m.index! + m[0].length } });
  }
  return out;
}
