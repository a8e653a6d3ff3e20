import { editDistance } from '../editDistance';

/**
 * "Did you mean": the nearest names by edit distance (optimal string alignment: insertions,
 * deletions, substitutions and adjacent transpositions), compared case-insensitively. Only called
 * when a name is unknown, over a schema's few hundred names at most.
 */

export { editDistance };

/** Up to `max` candidates close to `name`, best first. */
export function suggest(name: string, candidates: Iterable<string>, max = 3): string[] {
  const target = name.toLowerCase();
  if (name.length > 200) return []; // not a name anybody typed; keep the cost bounded
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  const scored: { c: string; d: number }[] = [];
  for (const c of candidates) {
    if (c === name) continue;
    const lc = c.toLowerCase();
    // same letters ignoring case and separators: the best possible match
    const d = squash(lc) === squash(target) ? 0 : editDistance(target, lc, limit);
    if (d <= limit) scored.push({ c, d });
  }
  scored.sort((x, y) => x.d - y.d || x.c.localeCompare(y.c));
  return scored.slice(0, max).map((s) => s.c);
}

function squash(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s.charCodeAt(i);
    if (ch !== 95 && ch !== 45 && ch !== 32) out += s[i];
  }
  return out;
}

/** "'a'", "'a' or 'b'", "'a', 'b' or 'c'" */
export function orList(names: readonly string[]): string {
  const q = names.map((n) => `'${n}'`);
  return q.length <= 1 ? (q[0] ?? '') : q.slice(0, -1).join(', ') + ' or ' + q[q.length - 1];
}
