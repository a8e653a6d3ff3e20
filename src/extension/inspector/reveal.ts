/**
 * Where a pattern variable or edge of a plan is in .kgp text — the fallback used when no
 * source-map-based reveal handler is installed. Pure: offsets into the given text.
 */

export interface RevealTarget {
  readonly plan: string;
  readonly variable?: string;
  readonly edgeId?: string;
}

export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/** Replaces comments and string contents with spaces, keeping every offset where it was. */
export function blankCommentsAndStrings(text: string): string {
  return text.replace(/\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\.)*"?/g, (m) => {
    if (!m.startsWith('"')) return m.replace(/[^\n]/g, ' ');
    const closed = m.length > 1 && m.endsWith('"');
    return `"${' '.repeat(m.length - (closed ? 2 : 1))}${closed ? '"' : ''}`;
  });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The body of `plan <name> { … }` (offsets into text), or the whole text when not found. */
export function planBody(text: string, plan: string): OffsetRange {
  const clean = blankCommentsAndStrings(text);
  const name = escapeRegExp(plan);
  const head = new RegExp(`\\bplan\\s+(?:${name}|\`${name}\`)\\s*\\{`).exec(clean);
  if (!head) return { start: 0, end: text.length };
  let depth = 0;
  for (let i = head.index + head[0].length - 1; i < clean.length; i++) {
    if (clean[i] === '{') depth++;
    else if (clean[i] === '}' && --depth === 0) return { start: head.index, end: i + 1 };
  }
  return { start: head.index, end: text.length };
}

/**
 * The first `(variable` in the plan (its defining occurrence), or for an edge id `eN` the N-th
 * relationship pattern of the plan (`-[…]-`, `--`, `-->`, `<--`), in source order.
 */
export function findRevealRange(text: string, target: RevealTarget): OffsetRange | undefined {
  const body = planBody(text, target.plan);
  const clean = blankCommentsAndStrings(text).slice(body.start, body.end);
  if (target.variable !== undefined) {
    const v = escapeRegExp(target.variable);
    const re = new RegExp(`\\(\\s*(?:${v}|\`${v}\`)(?![A-Za-z0-9_])`);
    const m = re.exec(clean);
    if (!m) return undefined;
    const start = body.start + m.index + m[0].indexOf(target.variable.charAt(0), 1);
    return { start, end: start + target.variable.length };
  }
  if (target.edgeId !== undefined) {
    const n = /^e(\d+)$/.exec(target.edgeId);
    if (!n) return undefined;
    const index = Number(n[1]);
    const re = /\)\s*(<?-\[[^\]]*\]->?|<?-->?)/g;
    let i = 0;
    for (let m = re.exec(clean); m; m = re.exec(clean)) {
      // The edge starts after ')' and the whitespace; the match re-anchors on the next node's ')'.
      if (i++ === index) {
        const start = body.start + m.index + m[0].indexOf(m[1]!);
        return { start, end: start + m[1]!.length };
      }
      re.lastIndex = m.index + m[0].length;
    }
    return undefined;
  }
  return undefined;
}

/** The identifier under a cursor offset, for editor → panel highlighting. */
export function identifierAt(text: string, offset: number): string | undefined {
  const isId = (c: string | undefined) => c !== undefined && /[A-Za-z0-9_]/.test(c);
  let s = offset;
  let e = offset;
  while (s > 0 && isId(text[s - 1])) s--;
  while (e < text.length && isId(text[e])) e++;
  const word = text.slice(s, e);
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(word) ? word : undefined;
}
