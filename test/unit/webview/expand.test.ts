// "Expand neighbours" on the host side, against the real embedded engine on the shipped sample.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { ensureSampleImported, sampleTriplesPath } from '../../../src/core/graph/sample/sampleStore';
import { expandNeighbours } from '../../../src/extension/inspector/expandNeighbours';
import { validateHostMessage } from '../../../src/protocol/validate';
import { tempDir } from '../graph/helpers';

const dir = tempDir('kgrag-expand-test-');
let store: EmbeddedStore;
const triples = readFileSync(sampleTriplesPath(), 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => l.split('|') as [string, string, string]);

/** The node id of a name, through a parameterised lookup. */
async function idOf(name: string): Promise<string> {
  const r = await store.query('MATCH (n) WHERE n.name = $name RETURN id(n) AS id LIMIT 1', { params: { name } });
  const id = r.rows[0]?.id;
  assert.equal(typeof id, 'string', `${name} is in the sample`);
  return id as string;
}

before(async () => {
  store = new EmbeddedStore({ folder: join(dir.path, '.kgrag'), timeoutMs: 20_000 });
  await store.open();
  await ensureSampleImported(store);
});

after(async () => {
  await store.close();
  dir.remove();
});

test('answers with every neighbour of a node and the edges to them, as a valid message', async () => {
  const vow = await idOf('The Vow');
  const answer = await expandNeighbours(store, { type: 'expand', requestId: 7, nodeId: vow });
  assert.equal(answer.status, 'ok');
  if (answer.status !== 'ok') return;
  assert.equal(answer.requestId, 7);
  assert.equal(answer.nodeId, vow);
  // The sample's own triples say which names are next to The Vow.
  const expected = new Set(triples.flatMap(([s, , o]) => (s === 'The Vow' ? [o] : o === 'The Vow' ? [s] : [])));
  assert.deepEqual(new Set(answer.nodes.map((n) => n.name)), expected);
  assert.equal(answer.total, answer.nodes.length);
  const types = new Set(triples.filter(([s, , o]) => s === 'The Vow' || o === 'The Vow').map(([, r]) => r));
  assert.deepEqual(new Set(answer.edges.map((e) => e.type)), types);
  for (const e of answer.edges) assert.ok(e.source === vow || e.target === vow);
  // The Vow is the subject of its triples: the edges point away from it.
  assert.ok(answer.edges.filter((e) => e.type === 'directed_by').every((e) => e.source === vow));
  assert.ok(validateHostMessage(answer).ok);
});

test('caps the neighbours it sends and says how many there are', async () => {
  // The most connected node of the sample.
  const degree = new Map<string, number>();
  for (const [s, , o] of triples) for (const n of [s, o]) degree.set(n, (degree.get(n) ?? 0) + 1);
  const [hub] = [...degree].sort((a, b) => b[1] - a[1])[0]!;
  const answer = await expandNeighbours(store, { type: 'expand', requestId: 1, nodeId: await idOf(hub) }, 5);
  assert.equal(answer.status, 'ok');
  if (answer.status !== 'ok') return;
  assert.equal(answer.nodes.length, 5);
  assert.ok(answer.total > 5, `${hub} has ${answer.total} neighbours`);
  const sent = new Set(answer.nodes.map((n) => n.id));
  for (const e of answer.edges) assert.ok(sent.has(e.source) || sent.has(e.target));
});

test('a hostile or unknown id finds nothing and breaks nothing (the id is a parameter)', async () => {
  for (const nodeId of ["0:0' OR 1=1 //", '99:99999', 'not an id']) {
    const answer = await expandNeighbours(store, { type: 'expand', requestId: 2, nodeId });
    assert.equal(answer.status, 'ok', nodeId);
    if (answer.status === 'ok') assert.deepEqual([answer.nodes.length, answer.total], [0, 0], nodeId);
  }
});

test('a failing store becomes an error answer with one line, not a throw', async () => {
  const broken = { expand: async () => { throw new Error('the database is gone\n    at stack frames'); } } as unknown as EmbeddedStore;
  const answer = await expandNeighbours(broken, { type: 'expand', requestId: 3, nodeId: '0:1' });
  assert.deepEqual(answer, { type: 'expanded', status: 'error', requestId: 3, nodeId: '0:1', message: 'the database is gone' });
});
