/**
 * "Did you mean": the nearest names by edit distance (optimal string alignment: insertions,
 * deletions, substitutions and adjacent transpositions), compared case-insensitively. Only called
 * when a name is unknown, over a schema's few hundred names at most.
 */

/** Edit distance, or `limit + 1` as soon as it must exceed `limit` (keeps long names cheap). */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const n = b.length;
  let prev2 = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let cur = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    for (let j = 1; j <= n; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, prev2[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[n]!;
}

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
