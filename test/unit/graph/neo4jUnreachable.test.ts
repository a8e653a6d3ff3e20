import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import { isGraphStoreError } from '../../../src/core/graph/errors';
import { Neo4jStore } from '../../../src/core/graph/neo4j/neo4jStore';
import { WRITE_HINT, checkStatement } from '../../../src/core/graph/queryDoor';

// Issue 26, point 10: an unreachable Neo4j must fail fast with words, not after 33 s with the
// driver's RoutingTable[…] dump. No Neo4j runs here: the real neo4j driver against real sockets (a
// refused port, a host name that cannot resolve, a server that accepts and never answers).

async function listen(onConnection: (s: Socket) => void = () => undefined): Promise<{ server: Server; port: number; sockets: Socket[] }> {
  const sockets: Socket[] = [];
  const server = createServer((s) => {
    sockets.push(s);
    onConnection(s);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return { server, port: (server.address() as { port: number }).port, sockets };
}

async function closedPort(): Promise<number> {
  const { server, port } = await listen();
  await new Promise<void>((r) => server.close(() => r()));
  return port;
}

async function failure(uri: string, connectionTimeoutMs?: number): Promise<{ ms: number; message: string; code: string }> {
  const store = new Neo4jStore({ uri, user: 'neo4j', password: () => 'secret-pw', ...(connectionTimeoutMs !== undefined ? { connectionTimeoutMs } : {}) });
  const t0 = performance.now();
  try {
    await store.open();
  } catch (e) {
    assert.ok(isGraphStoreError(e), String(e));
    return { ms: performance.now() - t0, message: e.message, code: e.code };
  } finally {
    await store.close();
  }
  throw new Error(`${uri} opened`);
}

test('neo4j:// to a refused port: "unavailable" at once, the refusal in words, no routing table dump', async () => {
  const port = await closedPort();
  const f = await failure(`neo4j://127.0.0.1:${port}`);
  assert.equal(f.code, 'unavailable');
  assert.ok(f.ms < 5_000, `${f.ms} ms`);
  assert.equal(f.message, `Neo4j at neo4j://127.0.0.1:${port} is not reachable: nothing accepts connections at 127.0.0.1:${port} (connection refused): is Neo4j running there, on its Bolt port (7687 by default)?`);
  assert.doesNotMatch(f.message, /RoutingTable|Please ensure|secret-pw/);
});

test('bolt:// to a host name that does not resolve: said as such', async () => {
  const f = await failure('bolt://no-such-host.invalid:7687');
  assert.equal(f.code, 'unavailable');
  assert.match(f.message, /^Neo4j at bolt:\/\/no-such-host\.invalid:7687 is not reachable: the host name "no-such-host\.invalid" does not resolve \(DNS\): check the address\.$/);
});

test('a server that accepts and never answers: the connection check gives up after its timeout (not 33 s), in words', async () => {
  const { server, port, sockets } = await listen();
  try {
    const f = await failure(`neo4j://127.0.0.1:${port}`, 1_500);
    assert.equal(f.code, 'unavailable');
    assert.ok(f.ms >= 1_400 && f.ms < 4_000, `${f.ms} ms`);
    assert.match(f.message, new RegExp(`^Neo4j at neo4j://127\\.0\\.0\\.1:${port} is not reachable: (no answer within 1\\.5 s|the server did not answer in time)`));
    assert.doesNotMatch(f.message, /RoutingTable|Pool status/);
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('the default connection check is 5 s', async () => {
  const { server, port, sockets } = await listen();
  try {
    const f = await failure(`bolt://127.0.0.1:${port}`);
    assert.ok(f.ms >= 4_500 && f.ms < 8_000, `${f.ms} ms`);
    assert.equal(f.code, 'unavailable');
  } finally {
    for (const s of sockets) s.destroy();
    await new Promise<void>((r) => server.close(() => r()));
  }
});

test('a refused write names no CLI flag in the core: each door adds its own words', () => {
  const v = checkStatement("CREATE (:Movie {name: 'x'})", { allowWrite: false });
  assert.equal(v.allowed, false);
  if (v.allowed) return;
  assert.doesNotMatch(v.reason, /--write/);
  assert.match(v.reason, /queries run read-only\.$/);
  assert.match(WRITE_HINT.cli, /--write/);
  assert.doesNotMatch(WRITE_HINT.editor, /allow it with --write/);
  assert.match(WRITE_HINT.editor, /read-only/);
});
