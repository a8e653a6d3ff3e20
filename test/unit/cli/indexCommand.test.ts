// `kgrag index`: the exit-code contract and the consent flag on the command line (the Neo4j side,
// creating and checking the index through a driver, is tested in test/unit/graph/neo4jFulltext.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { main } from '../../../src/cli/main';
import { captureIO } from '../../support/cliCapture';

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
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
