// Relation and entity matching on our paraphrase set (data/paraphrases/metaqa.json): for each
// phrasing, rank MetaQA's nine relation names by L2 distance; print rank-1 accuracy and the misses.
// Run: node --import tsx scripts/bench-matching.ts [--embedder hashing|lexical]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HashingEmbedder } from '../src/core/embed/hashing';
import { LexicalEmbedder } from '../src/core/embed/lexical';
import type { Embedder } from '../src/core/embed/embedder';
import { rankByDistance } from '../src/core/embed/rank';

interface ParaphraseSet {
  readonly relations: Record<string, string[]>;
  readonly entities: { mention: string; gold: string }[];
}

async function main(): Promise<void> {
  const set = JSON.parse(readFileSync(join(__dirname, '..', 'data', 'paraphrases', 'metaqa.json'), 'utf8')) as ParaphraseSet;
  const which = process.argv.includes('--embedder') ? process.argv[process.argv.indexOf('--embedder') + 1] : 'both';
  const embedders: [string, () => Embedder][] = [
    ['hashing', () => new HashingEmbedder()],
    ['lexical', () => new LexicalEmbedder({ charLevel: new HashingEmbedder() })],
  ];
  for (const [name, make] of embedders) {
    if (which !== 'both' && which !== name) continue;
    const t0 = performance.now();
    const embedder = make();
    const relations = Object.keys(set.relations);
    let hits = 0;
    let total = 0;
    const misses: string[] = [];
    for (const [gold, phrases] of Object.entries(set.relations)) {
      for (const phrase of phrases) {
        const ranked = await rankByDistance(embedder, phrase, relations);
        total++;
        if (ranked[0]!.text === gold) hits++;
        else misses.push(`  "${phrase}" → ${ranked[0]!.text} (${ranked[0]!.distance.toFixed(3)}); ${gold} ranked ${ranked.findIndex((r) => r.text === gold) + 1}`);
      }
    }
    // Entities: the gold name among the gold names plus every name in the sample graph, if present.
    const names = [...new Set(set.entities.map((e) => e.gold))];
    let eHits = 0;
    const eMisses: string[] = [];
    for (const e of set.entities) {
      const ranked = await rankByDistance(embedder, e.mention, names);
      if (ranked[0]!.text === e.gold) eHits++;
      else eMisses.push(`  "${e.mention}" → ${ranked[0]!.text}`);
    }
    const ms = performance.now() - t0;
    console.log(`${name} (${embedder.id}): relations rank-1 ${hits}/${total} = ${(hits / total).toFixed(3)}; entities rank-1 ${eHits}/${set.entities.length}; ${ms.toFixed(0)} ms`);
    if (misses.length) console.log(' relation misses:\n' + misses.join('\n'));
    if (eMisses.length) console.log(' entity misses:\n' + eMisses.join('\n'));
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
