// The index laid out from a fresh import's own tables (fromImport.ts) against the index read back
// from the engine (exportGraph): the same index file, byte for byte — several labels, relation types
// with more than one label pair, names with quotes and non-ASCII letters, duplicates, a label spanning
// two of the engine's node groups (131,072 rows), and the spill path. And what is refused: an import
// into a database that held a graph, tables that do not match the engine's rows.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { join } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import type { Embedder } from '../../../src/core/embed/embedder';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importIntoFolder } from '../../../src/core/graph/import/stagedImport';
import type { WrittenGraph } from '../../../src/core/graph/import/written';
import { writeSnapshot } from '../../../src/core/retrieve/snapshot/cache';
import { embedWhileCopying, snapshotFromImport, type EarlyEmbedding } from '../../../src/core/retrieve/snapshot/fromImport';
import { SnapshotBuilder, type GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { TextTable } from '../../../src/core/retrieve/snapshot/textTable';
import { tempDir } from '../graph/helpers';

const dir = tempDir('kgrag-from-import-');
after(() => dir.remove());

/** Imports `text` into a fresh folder; the import's tables. */
async function importFresh(name: string, text: string, ext = 'txt'): Promise<{ folder: string; written: WrittenGraph }> {
  const folder = join(dir.path, name);
  let written: WrittenGraph | undefined;
  await importIntoFolder(folder, [{ path: dir.file(`${name}.${ext}`, text) }], { onWritten: (w) => (written = w) });
  assert.ok(written, 'a fresh import hands its tables out');
  return { folder, written };
}

/** Both snapshots of the folder's database, written as index files; their bytes. */
async function bothFiles(folder: string, written: WrittenGraph, embedder: Embedder, spillAbove?: number, early?: EarlyEmbedding): Promise<{ fromStore: Buffer; fromImport: Buffer | undefined }> {
  const store = new EmbeddedStore({ folder, readOnly: true, batchSize: 5000 });
  await store.open();
  try {
    const fp = await store.fingerprint();
    const spill = spillAbove !== undefined ? { dir: dir.path, above: spillAbove } : undefined;
    const b = new SnapshotBuilder();
    for await (const chunk of store.exportGraph()) {
      if (chunk.kind === 'nodes') for (const n of chunk.nodes) b.addNode(n.id, n.labels[0] ?? '', n.name);
      else for (const e of chunk.edges) b.addEdgeById(e.source, e.type, e.target);
    }
    const exported = await b.build(embedder, fp, undefined, spill);
    const query = async (cypher: string, params: Record<string, unknown>) => (await store.query(cypher, { params: params as never, readOnly: true })).rows;
    const imported = await snapshotFromImport(written, await store.loadCatalog(), query, embedder, fp, undefined, spill, early);
    const bytes = (s: GraphSnapshot, name: string): Buffer => {
      const path = join(dir.path, name);
      writeSnapshot(path, s);
      return readFileSync(path);
    };
    const name = folder.split('/').pop()!;
    return { fromStore: bytes(exported, `${name}-store.bin`), fromImport: imported ? bytes(imported, `${name}-import.bin`) : undefined };
  } finally {
    await store.close();
  }
}

const SMALL = [
  'Heat|directed_by|Michael Mann',
  'Heat|starred_actors|Al Pacino',
  'Heat|starred_actors|Robert De Niro',
  'Amélie|in_language|French',
  'Amélie|directed_by|Jean-Pierre Jeunet',
  'Quote "d" film|written_by|Al Pacino',
  'Heat|release_year|1995',
  'Heat|has_genre|Crime',
  'Ronin|starred_actors|Robert De Niro',
  'Ronin|release_year|1998',
  'Ronin|has_tags|Robert De Niro',
  '日本の映画|in_language|Japanese',
  'Heat|directed_by|Michael Mann',
  'Ronin|has_genre|Crime',
  'Amélie|has_tags|french',
].join('\n');

test('several labels and relation types: the index from the import is byte-identical to the exported one', async () => {
  const { folder, written } = await importFresh('small', SMALL);
  assert.ok(written.labels.size >= 5, 'several labels');
  const { fromStore, fromImport } = await bothFiles(folder, written, new LexicalEmbedder({ charLevel: new HashingEmbedder() }));
  assert.ok(fromImport, 'laid out from the import');
  assert.equal(Buffer.compare(fromImport, fromStore), 0);
});

test("names embedded early in the import's label order, laid out in the catalog's (another order): byte-identical", async () => {
  const { folder, written } = await importFresh('early', SMALL);
  const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });
  const early = embedWhileCopying(written, embedder, dir.path, 0);
  assert.ok(early);
  const store = new EmbeddedStore({ folder, readOnly: true });
  await store.open();
  const catalogOrder = (await store.loadCatalog()).nodeTables.map((t) => t.name);
  await store.close();
  assert.notDeepEqual(catalogOrder, early.labels, 'the permutation is exercised');
  const { fromStore, fromImport } = await bothFiles(folder, written, embedder, 0, early);
  assert.ok(fromImport);
  assert.equal(Buffer.compare(fromImport, fromStore), 0);
});

test('the early embedding lets go of the names once done, though its caller keeps it until the index is built', async () => {
  // kgrag import keeps the EarlyEmbedding (its cancel) to the end of the index build, which releases
  // the import's tables before laying out BM25: a reference from the embedding kept them (≈ 106 MB
  // at MetaQA ×40) to the end.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const n = 3000;
  const text = Array.from({ length: n }, (_, i) => `movie number ${i}`).join('');
  const offsets = new Uint32Array(n + 1);
  for (let i = 0, at = 0; i < n; i++) offsets[i + 1] = at += `movie number ${i}`.length;
  let names: TextTable | undefined = new TextTable(Buffer.from(text, 'utf8'), offsets);
  const collected = new WeakRef(names);
  let written: WrittenGraph | undefined = { labels: new Map([['Movie', names]]), edges: [], release: () => undefined };
  const early = embedWhileCopying(written, new HashingEmbedder(), dir.path, 0);
  assert.ok(early);
  names = undefined;
  written = undefined;
  const rows = await early.done;
  assert.equal(rows.rows, n);
  await new Promise((r) => setImmediate(r));
  gc();
  assert.equal(collected.deref(), undefined, 'the names were collected while the early embedding is held');
  assert.deepEqual(early.labels, ['Movie']);
  early.cancel();
});

test('relation types with several label pairs, sources with edges of several types: byte-identical', async () => {
  // JSON lines edges with explicit labels: `likes` and `knows` each join three label pairs, and a
  // node's edges of one type interleave with its others in the file.
  const labels = ['Person', 'Movie', 'Studio'];
  const lines: string[] = [];
  for (let i = 0; i < 600; i++) {
    const sl = labels[i % 3]!;
    const tl = labels[(i * 7 + 1) % 3]!;
    lines.push(JSON.stringify({ source: `n${(i * 37) % 101}`, source_label: sl, target: `n${(i * 11) % 89}`, target_label: tl, type: ['likes', 'knows', 'cites'][Math.floor(i / 3) % 3] }));
  }
  lines.push(JSON.stringify({ name: 'Zoë "Z" Ündine', label: 'Person', properties: { born: '1970' } }));
  const { folder, written } = await importFresh('pairs', lines.join('\n'), 'jsonl');
  assert.ok(written.edges.filter((g) => g.type === 'likes').length >= 2, 'a type with several label pairs');
  const { fromStore, fromImport } = await bothFiles(folder, written, new HashingEmbedder({ dimension: 64 }));
  assert.ok(fromImport);
  assert.equal(Buffer.compare(fromImport, fromStore), 0);
});

test('a label over two engine node groups (140,000 rows), built through the spill file, names embedded early: byte-identical', async () => {
  const lines: string[] = [];
  // Edges listed out of source order, so the stored (source, edge) order is not the file's.
  for (let i = 0; i < 140_000; i++) lines.push(`m${(i * 7919) % 140_000}|directed_by|p${i % 3000}`);
  for (let i = 0; i < 20_000; i++) lines.push(`m${(i * 104_729) % 140_000}|starred_actors|p${(i * 13) % 3000}`);
  const { folder, written } = await importFresh('groups', lines.join('\n'));
  assert.ok(written.labels.get('Movie')!.length > 131_072);
  const embedder = new HashingEmbedder({ dimension: 64 });
  // Embedded in the import's label order (Movie, Person), laid out in the catalog's.
  const early = embedWhileCopying(written, embedder, dir.path, 1000);
  assert.ok(early, 'above the threshold, names are embedded early');
  const { fromStore, fromImport } = await bothFiles(folder, written, embedder, 1000, early);
  assert.ok(fromImport);
  assert.equal(fromImport.length, fromStore.length);
  assert.equal(Buffer.compare(fromImport, fromStore), 0);
});

test('tables that do not match the engine (names swapped, an edge moved, a label missing): undefined, so the caller exports', async () => {
  const { folder, written } = await importFresh('mismatch', SMALL);
  const store = new EmbeddedStore({ folder, readOnly: true });
  await store.open();
  try {
    const catalog = await store.loadCatalog();
    const query = async (cypher: string, params: Record<string, unknown>) => (await store.query(cypher, { params: params as never, readOnly: true })).rows;
    const embedder = new HashingEmbedder({ dimension: 32 });
    const movies = written.labels.get('Movie')!;
    const names = Array.from({ length: movies.length }, (_, i) => movies.get(i));
    const swapped = new Map(written.labels);
    swapped.set('Movie', TextTable.fromStrings([names[1]!, names[0]!, ...names.slice(2)]));
    assert.equal(await snapshotFromImport({ ...written, labels: swapped }, catalog, query, embedder, 'fp'), undefined);
    const starred = written.edges.findIndex((g) => g.type === 'starred_actors');
    const g = written.edges[starred]!;
    const moved = written.edges.map((x, i) => (i === starred ? { ...g, targets: Uint32Array.from(g.targets).reverse() } : x));
    assert.equal(await snapshotFromImport({ ...written, edges: moved }, catalog, query, embedder, 'fp'), undefined);
    const fewer = new Map(written.labels);
    fewer.delete('Genre');
    assert.equal(await snapshotFromImport({ ...written, labels: fewer }, catalog, query, embedder, 'fp'), undefined);
    // Last: an accepted build lets go of the tables (release).
    assert.ok(await snapshotFromImport(written, catalog, query, embedder, 'fp'), 'the real tables are accepted');
    assert.equal(written.edges.length, 0, 'released after the build');
  } finally {
    await store.close();
  }
});

test('an import into a database that held a graph does not hand its tables out (offsets are not its rows)', async () => {
  const { folder } = await importFresh('again', SMALL);
  let handed = false;
  await importIntoFolder(folder, [{ path: dir.file('more.txt', 'Heat|has_genre|Drama\nCollateral|directed_by|Michael Mann\n') }], { onWritten: () => (handed = true) });
  assert.equal(handed, false);
});
