// Writes MetaQA dev as a `kgrag eval` question set (JSON lines; docs/eval.md): the benchmark's seeded
// sample per hop, questions whose gold kb.txt reaches, each with its question and gold pattern (.kgp).
// Run: node --import tsx scripts/metaqa-set.ts --out metaqa-dev.jsonl [--sample 1000] [--hops 1,2,3] [--seed 7] [--untyped] [--data DIR]
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { HashingEmbedder } from '../src/core/embed/hashing';
import { GraphSnapshot } from '../src/core/retrieve/snapshot/snapshot';
import { metaqaLabel, readKb } from './bench/metaqa';
import { metaqaHop, metaqaSetLine } from './bench/metaqaSet';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    sample: { type: 'string', default: '1000' },
    hops: { type: 'string', default: '1,2,3' },
    seed: { type: 'string', default: '7' },
    untyped: { type: 'boolean', default: false },
    data: { type: 'string', default: resolve(__dirname, '../../shared/data/metaqa') },
  },
});

async function main(): Promise<void> {
  if (!values.out) throw new Error('--out <file.jsonl> is required');
  // Reachability only (the embedder does not matter for it).
  const snap = await GraphSnapshot.fromTriples(readKb(join(values.data, 'kb.txt')), new HashingEmbedder(), { labelOf: metaqaLabel, fingerprint: 'metaqa-kb' });
  const lines: string[] = [];
  for (const hop of values.hops.split(',').map(Number)) {
    const h = metaqaHop(snap, values.data, hop, Number(values.sample), Number(values.seed), !values.untyped);
    lines.push(...h.items.map(metaqaSetLine));
    console.error(`${hop}-hop: ${h.picked.length} sampled, ${h.picked.length - h.usable.length} skipped (gold unreachable), ${h.items.length} items`);
  }
  writeFileSync(values.out, lines.join('\n') + '\n');
  console.error(`wrote ${lines.length} items to ${values.out}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exitCode = 1;
});
