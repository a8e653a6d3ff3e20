import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSession } from '../../src/core/session';
import type { ImportFile } from '../../src/core/graph/import/importer';
import { randomGraph, type RandomGraph } from '../unit/retrieve/helpers';

/**
 * A database as `kgrag import` leaves it: `files` imported into an embedded store at `folder` and its
 * index file built (a store-placed session reads the index without the graph). The session is closed:
 * one engine per database, so the caller opens its own with the placement it tests.
 */
export async function importedDatabase(folder: string, files: readonly ImportFile[], hashing = true): Promise<void> {
  const s = await openSession({ store: { kind: 'embedded', folder }, ...(hashing ? { embedder: { kind: 'hashing' } as const } : {}), placement: 'memory' });
  try {
    await s.import(files);
    await s.buildIndex();
  } finally {
    await s.close();
  }
}

/**
 * A seeded random multigraph (parallel edges of one type between the same nodes, both directions,
 * so tie and walk order must hold) written as JSONL under `dir` and imported into `dir/db<seed>`.
 */
export async function importedRandomGraph(dir: string, seed: number, nodes: number, edges: number): Promise<{ graph: RandomGraph; folder: string }> {
  const graph = await randomGraph(seed, nodes, edges);
  const lines = [
    ...graph.nodeNames.map((n) => JSON.stringify({ id: n, name: n, label: graph.labels.get(n) })),
    ...graph.triples.map(([h, r, t]) => JSON.stringify({ source: h, target: t, type: r })),
  ];
  const file = join(dir, `g${seed}.jsonl`);
  writeFileSync(file, lines.join('\n'));
  const folder = join(dir, `db${seed}`);
  await importedDatabase(folder, [{ path: file, format: 'jsonl' }]);
  return { graph, folder };
}
