// writeSnapshotFile (cache.ts): kgrag import's index build, which writes the index file and neither
// keeps nor reads it back — the same file as loadOrBuildSnapshot's, its node count, and a second call
// finds it cached. The real engine and a real import.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importIntoFolder } from '../../../src/core/graph/import/stagedImport';
import type { WrittenGraph } from '../../../src/core/graph/import/written';
import { loadOrBuildSnapshot, writeSnapshotFile, type SnapshotSource } from '../../../src/core/retrieve/snapshot/cache';
import { snapshotFromImport } from '../../../src/core/retrieve/snapshot/fromImport';
import { tempDir } from '../graph/helpers';

const dir = tempDir('kgrag-snapshot-file-');
after(() => dir.remove());

const TEXT = ['Heat|directed_by|Michael Mann', 'Heat|starred_actors|Al Pacino', 'Ronin|starred_actors|Robert De Niro', 'Amélie|in_language|French', 'Quote "d" film|written_by|Al Pacino', 'Heat|release_year|1995'].join('\n');

test('writeSnapshotFile writes the file loadOrBuildSnapshot writes, says its nodes, and finds it cached the next time', async () => {
  const folder = join(dir.path, 'db');
  let written: WrittenGraph | undefined;
  await importIntoFolder(folder, [{ path: dir.file('kb.txt', TEXT) }], { onWritten: (w) => (written = w) });
  assert.ok(written);
  const embedder = new HashingEmbedder({ dimension: 64 });
  const store = new EmbeddedStore({ folder, readOnly: true, timeoutMs: 300_000 });
  await store.open();
  try {
    const query = async (cypher: string, params: Record<string, unknown>) => (await store.query(cypher, { params: params as never, readOnly: true, timeoutMs: 300_000 })).rows;
    const source = (w: WrittenGraph): SnapshotSource => async (fp, spill, sig) => snapshotFromImport(w, await store.loadCatalog(sig), query, embedder, fp, sig, spill);
    const onlyFile = join(dir.path, 'only-file');
    const f = await writeSnapshotFile(store, embedder, onlyFile, undefined, source(written));
    assert.equal(f.source, 'built');
    assert.equal(f.builtFrom, 'import');
    assert.equal(f.nodes, 9);
    assert.equal(f.cacheError, undefined);
    // The reference: the session's build from the store's export, read back as every session does.
    const loaded = join(dir.path, 'loaded');
    mkdirSync(loaded);
    const l = await loadOrBuildSnapshot(store, embedder, loaded);
    assert.equal(l.snapshot.nodeCount, 9);
    const [a] = readdirSync(onlyFile);
    const [b] = readdirSync(loaded);
    assert.equal(a, b);
    assert.equal(Buffer.compare(readFileSync(join(onlyFile, a!)), readFileSync(join(loaded, b!))), 0);
    const again = await writeSnapshotFile(store, embedder, onlyFile);
    assert.equal(again.source, 'cache');
    assert.equal(again.nodes, 9);
  } finally {
    await store.close();
  }
});
