// MetaQA ×N (bench:scale): kb.txt with its movies and people copied N times, the copies' names
// suffixed " (i)" (i = 1…N-1; copy 0 keeps the original names, so test questions name it), and the
// shared values (years, languages, genres, tags, votes, ratings) left as they are: N near-identical
// names compete for every movie and person, as in a big real graph.
import { createReadStream, createWriteStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { METAQA_TYPING } from '../../src/core/graph/import/typing';

const COPIED = new Set(['Movie', 'Person']);

export function copyName(name: string, copy: number): string {
  return copy === 0 ? name : `${name} (${copy})`;
}

/** Writes kb.txt ×N to `out`; returns the lines written. */
export async function writeMetaqaTimes(kb: string, n: number, out: string): Promise<number> {
  const lines: [string, string, string][] = [];
  for await (const raw of createInterface({ input: createReadStream(kb, 'utf8'), crlfDelay: Infinity })) {
    const p = raw.split('|');
    if (p.length === 3) lines.push([p[0]!, p[1]!, p[2]!]);
  }
  const w = createWriteStream(out);
  let written = 0;
  for (let c = 0; c < n; c++) {
    const parts: string[] = [];
    for (const [h, r, t] of lines) {
      const hl = METAQA_TYPING.heads[r] ?? 'Entity';
      const tl = METAQA_TYPING.tails[r] ?? 'Entity';
      parts.push(`${COPIED.has(hl) ? copyName(h, c) : h}|${r}|${COPIED.has(tl) ? copyName(t, c) : t}\n`);
      written++;
    }
    if (!w.write(parts.join(''))) await new Promise<void>((r) => w.once('drain', () => r()));
  }
  await new Promise<void>((res, rej) => w.end((e?: Error | null) => (e ? rej(e) : res())));
  return written;
}
