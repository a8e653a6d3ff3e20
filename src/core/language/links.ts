/** Document links: the `schema "…"` path opens the schema file. */
import type { Range } from '../text';
import type { Analysis } from './analysis';

export interface PathLink {
  /** The string's content (quotes excluded). */
  readonly range: Range;
  /** The path as written (resolve it against the document's folder). */
  readonly path: string;
}

export function schemaLinks(a: Analysis): PathLink[] {
  const out: PathLink[] = [];
  for (const s of a.parse.document.schemas) {
    if (!s.path || s.path.value.trim() === '') continue;
    const closed = s.path.end - s.path.start >= 2 && a.text[s.path.end - 1] === '"';
    out.push({ range: a.lines.rangeOf(s.path.start + 1, closed ? s.path.end - 1 : s.path.end), path: s.path.value });
  }
  return out;
}
