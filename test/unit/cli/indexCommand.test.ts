// `kgrag index`: the exit-code contract and the consent flag on the command line (the Neo4j side,
// creating and checking the indexes through a driver, is tested in test/unit/graph/neo4jFulltext.test.ts
// and neo4jVector.test.ts; the --vectors output here against the same fake driver boundary).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { main } from '../../../src/cli/main';
import { captureIO } from '../../support/cliCapture';
import { vectorIndexCommand } from '../../../src/cli/commands/nameIndex';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { fakeNeo4j } from '../graph/fakeNeo4j';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

test('kgrag index: bad usage is 2 (the embedded engine, --write with status, an unknown action), Neo4j unreachable is 3', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-index-cli-'));
  try {
    const embedded = captureIO(dir);
    assert.equal(await main(['index', 'status', '--db', join(dir, 'db')], embedded), 2);
    const usage = captureIO(dir);
    assert.equal(await main(['index', 'create', '--db', join(dir, 'nothing-here')], usage), 2);
    const withWrite = captureIO(dir);
    assert.equal(await main(['index', 'status', '--neo4j', 'bolt://127.0.0.1:1', '--write'], withWrite), 2);
    assert.match(withWrite.stderr.join('\n'), /--write belongs to kgrag index create/);
    const unknown = captureIO(dir);
    assert.equal(await main(['index', 'drop', '--neo4j', 'bolt://127.0.0.1:1'], unknown), 2);
    const port = await closedPort();
    const down = captureIO(dir);
    assert.equal(await main(['index', 'create', '--neo4j', `bolt://127.0.0.1:${port}`, '--write'], down), 3);
    assert.match(down.stderr.join('\n'), /not reachable/);
    // The embedded refusal names why, in one line.
    const own = captureIO(dir);
    assert.equal(await main(['index', '--db', dir], own), 2);
    assert.match(own.stderr.join('\n'), /^kgrag index: .*the embedded engine keeps its own name index on disk/);
    assert.equal(own.stderr.join('\n').split('\n').length, 1, own.stderr.join('\n'));
    // --vectors: the same contract (the Neo4j side is tested in test/unit/graph/neo4jVector.test.ts).
    const ownVectors = captureIO(dir);
    assert.equal(await main(['index', '--vectors', '--db', dir], ownVectors), 2);
    assert.match(ownVectors.stderr.join('\n'), /^kgrag index: kgrag index manages a Neo4j vector index .*the embedded engine keeps its own name index on disk/);
    const badEmbedder = captureIO(dir);
    assert.equal(await main(['index', 'status', '--vectors', '--embedder', 'bogus', '--neo4j', 'bolt://127.0.0.1:1'], badEmbedder), 2);
    assert.match(badEmbedder.stderr.join('\n'), /--embedder must be hashing, lexical or transformers, not bogus/);
    const noModel = captureIO(dir);
    assert.equal(await main(['index', 'status', '--vectors', '--embedder', 'transformers', '--neo4j', `bolt://127.0.0.1:${port}`], noModel), 2);
    assert.match(noModel.stderr.join('\n'), /--embedder transformers: .*needs a model/);
    const downVectors = captureIO(dir);
    assert.equal(await main(['index', 'create', '--vectors', '--neo4j', `bolt://127.0.0.1:${port}`, '--write'], downVectors), 3);
    assert.match(downVectors.stderr.join('\n'), /not reachable/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('kgrag index --vectors against a fake Neo4j (driver boundary): status says missing with the statements; create without --write changes nothing (exit 1); with --write writes and creates; status then present', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-index-vectors-'));
  try {
    const fake = fakeNeo4j({ nodes: [{ id: '4:a:1', label: 'Movie', name: 'Heat' }, { id: '4:a:2', label: 'Person', name: 'Michael Mann' }], edges: [] }, { indexPresent: false });
    await fake.store.open();
    const embedder = new HashingEmbedder({ dimension: 32 });
    const flags = { write: false, json: false, uri: 'neo4j://fake.invalid:7687', kind: 'hashing' };
    const status = captureIO(dir);
    assert.equal(await vectorIndexCommand(fake.store, embedder, 'status', flags, status, new AbortController().signal), 0);
    assert.match(status.stdout.join('\n'), /^vector indexes of hashing-v1:d32:n2-4 \(32 dimensions\): missing kgrag_vec_[0-9a-f]{12}_Movie, kgrag_vec_[0-9a-f]{12}_Person — store placement uses the full-text index instead\. Write the name vectors and create the indexes with: kgrag index create --vectors --embedder hashing --neo4j neo4j:\/\/fake\.invalid:7687 --write\n {2}UNWIND \$rows AS r MATCH \(n\) WHERE elementId\(n\) = r\.id SET /);
    const refused = captureIO(dir);
    assert.equal(await vectorIndexCommand(fake.store, embedder, 'create', flags, refused, new AbortController().signal), 1);
    assert.match(refused.stderr.join('\n'), /is a write to the database; nothing was changed\. Run again with --write/);
    assert.equal(fake.properties.size + fake.vectorIndexes.size, 0, 'nothing written without --write');
    assert.ok(fake.calls.every((c) => c.routing === 'READ'));
    const made = captureIO(dir);
    assert.equal(await vectorIndexCommand(fake.store, embedder, 'create', { ...flags, write: true, json: true }, made, new AbortController().signal), 0);
    const json = JSON.parse(made.stdout.join('\n')) as { written: number; statements: string[] };
    assert.equal(json.written, 2);
    assert.equal(json.statements.length, 3);
    assert.equal(fake.vectorIndexes.size, 2);
    const after = captureIO(dir);
    assert.equal(await vectorIndexCommand(fake.store, embedder, 'status', { ...flags, json: true }, after, new AbortController().signal), 0);
    assert.equal((JSON.parse(after.stdout.join('\n')) as { state: string }).state, 'present');
    await fake.store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
