// A synthetic knowledge graph of DBpedia's size for bench:scale (default 10M nodes, 43M edges) as a
// triples file: names are two words and a number (so the embedders see words, not only digits),
// 24 relation types with Zipf-like frequencies, sources uniform and targets drawn with a heavy
// head (u³: a few nodes get hundreds of thousands of in-edges, most a handful), as in real KGs.
import { createWriteStream } from 'node:fs';

const WORDS = ['red', 'river', 'stone', 'north', 'glass', 'silent', 'iron', 'garden', 'city', 'night', 'summer', 'paper', 'golden', 'wolf', 'ocean', 'shadow', 'bridge', 'winter', 'blue', 'mountain', 'forest', 'storm', 'light', 'empire'];
const RELATIONS = Array.from({ length: 24 }, (_, i) => `rel_${String.fromCharCode(97 + i)}`);

export function syntheticName(i: number): string {
  return `${WORDS[i % 24]} ${WORDS[Math.floor(i / 24) % 24]} ${i}`;
}

export async function writeSyntheticKg(out: string, nodes: number, edges: number, seed = 1): Promise<void> {
  let s = seed >>> 0;
  const rand = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const w = createWriteStream(out);
  const batch: string[] = [];
  for (let e = 0; e < edges; e++) {
    // Every node appears: the first `nodes` edges start at node e.
    const a = e < nodes ? e : Math.floor(rand() * nodes);
    const u = rand();
    const b = Math.floor(nodes * u * u * u);
    const r = RELATIONS[Math.min(RELATIONS.length - 1, Math.floor(-Math.log(1 - rand()) * 4))]!;
    batch.push(`${syntheticName(a)}|${r}|${syntheticName(b === a ? (b + 1) % nodes : b)}\n`);
    if (batch.length === 65536) {
      if (!w.write(batch.join(''))) await new Promise<void>((res) => w.once('drain', () => res()));
      batch.length = 0;
    }
  }
  w.write(batch.join(''));
  await new Promise<void>((res, rej) => w.end((err?: Error | null) => (err ? rej(err) : res())));
}
