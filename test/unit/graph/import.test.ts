// Import into the real embedded engine: every format, bad lines, strict mode, re-import without duplicates.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { isGraphStoreError } from '../../../src/core/graph/errors';
import { ImportRejectedError, importFiles } from '../../../src/core/graph/import/importer';
import type { ImportProgress } from '../../../src/core/graph/import/bulkLoader';
import { main } from '../../../src/cli/main';
import { openSession } from '../../../src/core/session';
import type { CliIO } from '../../../src/cli/io';
import { tempDir } from './helpers';

const dir = tempDir();
let store: EmbeddedStore;

before(async () => {
  store = new EmbeddedStore({ folder: join(dir.path, 'db') });
  await store.open();
});

after(async () => {
  await store.close();
  dir.remove();
});

async function count(cypher: string, params = {}): Promise<number> {
  const r = await store.query(cypher, { params });
  return Number(r.rows[0]?.c);
}

test('triples with MetaQA typing; bad lines skipped and reported; progress reported', async () => {
  const file = dir.file(
    'kb.txt',
    ['The Vow|directed_by|Michael Sucsy', 'The Vow|starred_actors|Rachel McAdams', 'broken line', 'The Vow|release_year|2012', 'The Vow|release_year|2012', 'Kismet|mystery_rel|Something'].join('\n'),
  );
  const phases: ImportProgress['phase'][] = [];
  const s = await importFiles(store, [{ path: file }], { onProgress: (p) => phases.push(p.phase) });
  assert.equal(s.edgesCreated, 4);
  assert.equal(s.duplicateRecords, 1);
  assert.equal(s.nodesCreated, 6); // The Vow, Michael Sucsy, Rachel McAdams, 2012 (Year), Kismet (Movie), Something (Entity)
  assert.deepEqual(s.badLines.map((b) => [b.line, b.file]), [[3, file]]);
  assert.deepEqual(s.labels, ['Entity', 'Movie', 'Person', 'Year']);
  assert.ok(phases.includes('copy') && phases[phases.length - 1] === 'done');
  assert.equal(await count("MATCH (m:Movie)-[:release_year]->(y:Year) WHERE m.name = 'The Vow' AND y.name = '2012' RETURN count(*) AS c"), 1);
  assert.equal(await count("MATCH (m:Entity)-[:mystery_rel]->(e:Entity) WHERE m.name = 'Kismet' AND e.name = 'Something' RETURN count(*) AS c"), 1, 'untyped tails get the default label');
});

test('re-importing the same file adds nothing', async () => {
  const file = join(dir.path, 'kb.txt');
  const nodes = await count('MATCH (n) RETURN count(n) AS c');
  const edges = await count('MATCH ()-[r]->() RETURN count(r) AS c');
  const s = await importFiles(store, [{ path: file }]);
  assert.equal(s.nodesCreated, 0);
  assert.equal(s.edgesCreated, 0);
  assert.equal(s.edgesAlreadyPresent, 4);
  assert.equal(await count('MATCH (n) RETURN count(n) AS c'), nodes);
  assert.equal(await count('MATCH ()-[r]->() RETURN count(r) AS c'), edges);
});

test('an overlapping file adds only what is new, including a new label pair on an existing type', async () => {
  const file = dir.file('more.txt', ['The Vow|directed_by|Michael Sucsy', 'Heat|directed_by|Michael Mann', 'Heat|release_year|1995'].join('\n'));
  const s = await importFiles(store, [{ path: file }]);
  assert.equal(s.edgesCreated, 2);
  assert.equal(s.edgesAlreadyPresent, 1);
  assert.equal(s.nodesCreated, 3); // Heat, Michael Mann, 1995
  // Custom typing puts a new (Film)-[directed_by]->(Director) pair on the existing rel table.
  const custom = dir.file('custom.txt', 'Alien|directed_by|Ridley Scott\n');
  const c = await importFiles(store, [{ path: custom }], { typing: { heads: { directed_by: 'Film' }, tails: { directed_by: 'Director' }, defaultLabel: 'Entity' } });
  assert.equal(c.edgesCreated, 1);
  const schema = await store.schema();
  assert.deepEqual(
    new Set(schema.relationshipTypes.find((r) => r.name === 'directed_by')?.endpoints.map((e) => `${e.from}>${e.to}`)),
    new Set(['Movie>Person', 'Film>Director']),
  );
});

test('node and edge CSV with ids, properties and hostile text', async () => {
  const nodes = dir.file(
    'nodes.csv',
    ['id,label,name,country', 'c1,City,"Paris, France",FR', "c2,City,\"'}) DETACH DELETE n //\",XX", 'c3,City,"</script>",', 'c4,City,"say ""hi""\nthere",', 'c5,City'].join('\n'),
  );
  const edges = dir.file('edges.csv', ['source,type,target', 'c1,near,c2', 'c2,near,c3', 'c3,near,c4', 'c1,near,'].join('\n'));
  const s = await importFiles(store, [{ path: nodes }, { path: edges }]);
  assert.equal(s.nodesCreated, 4);
  assert.equal(s.edgesCreated, 3, 'edges refer to ids defined by the node file imported with them');
  assert.deepEqual(s.badLines.map((b) => [b.file.endsWith('nodes.csv') ? 'nodes' : 'edges', b.line]), [['edges', 5], ['nodes', 7]]);
  for (const name of ['Paris, France', "'}) DETACH DELETE n //", '</script>', 'say "hi"\nthere']) {
    assert.equal(await count('MATCH (c:City) WHERE c.name = $n RETURN count(c) AS c', { n: name }), 1, name);
  }
  const r = await store.query("MATCH (c:City) WHERE c.name = 'Paris, France' RETURN c.country AS country");
  assert.deepEqual(r.rows, [{ country: 'FR' }]);
  assert.equal(await count("MATCH (a:City)-[:near]->(b:City) WHERE a.name = '</script>' RETURN b.name AS n, count(b) AS c"), 1);
  assert.equal(await count("MATCH (n:Entity) WHERE n.name STARTS WITH 'c' RETURN count(n) AS c"), 0, 'no stray nodes named after ids');
});

test('JSON lines: triples, nodes and edges together', async () => {
  const file = dir.file(
    'g.jsonl',
    [
      '{"name":"Ada Lovelace","label":"Scientist","id":"ada","properties":{"born":1815}}',
      '{"name":"Analytical Engine","label":"Machine","id":"ae"}',
      '{"source":"ada","target":"ae","type":"wrote_about"}',
      '{"head":"Casablanca","relation":"has_genre","tail":"Drama"}',
      'not json',
    ].join('\n'),
  );
  const s = await importFiles(store, [{ path: file }]);
  assert.equal(s.edgesCreated, 2);
  assert.deepEqual(s.badLines.map((b) => b.line), [5]);
  assert.equal(await count("MATCH (s:Scientist)-[:wrote_about]->(m:Machine) WHERE s.name = 'Ada Lovelace' AND s.born = '1815' RETURN count(*) AS c"), 1);
  assert.equal(await count("MATCH (m:Movie)-[:has_genre]->(g:Genre) WHERE m.name = 'Casablanca' AND g.name = 'Drama' RETURN count(*) AS c"), 1);
});

test('strict mode rejects the whole file and imports nothing', async () => {
  const file = dir.file('strict.tsv', 'Titanic\tdirected_by\tJames Cameron\nbad line without tabs\n');
  const before = await count('MATCH (n) RETURN count(n) AS c');
  await assert.rejects(importFiles(store, [{ path: file, format: 'tsv' }], { strict: true }), (e) => e instanceof ImportRejectedError && e.badLines[0]?.line === 2);
  assert.equal(await count('MATCH (n) RETURN count(n) AS c'), before);
});

test('an import can be cancelled', async () => {
  const file = dir.file('cancel.txt', 'Inception|directed_by|Christopher Nolan\n');
  const ac = new AbortController();
  ac.abort();
  await assert.rejects(importFiles(store, [{ path: file }], { signal: ac.signal }), (e) => isGraphStoreError(e, 'cancelled'));
  const ac2 = new AbortController();
  const p = importFiles(store, [{ path: file }], { signal: ac2.signal, onProgress: (pr) => pr.phase === 'tables' && ac2.abort() });
  await assert.rejects(p, (e) => isGraphStoreError(e, 'cancelled'));
  assert.equal(await count("MATCH (m:Movie) WHERE m.name = 'Inception' RETURN count(m) AS c"), 0);
});

test('CLI: kgrag import prints a summary and reports bad lines; query and schema read it back', async () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd: dir.path, env: {} };
  const file = dir.file('cli.txt', 'Amélie|starred_actors|Audrey Tautou\nAmélie|in_language|French\noops\n');
  const code = await main(['import', 'cli.txt', '--db', 'cli-db'], io);
  assert.equal(code, 1, 'bad lines → exit 1');
  assert.match(out.join('\n'), /edges created:\s+2/);
  assert.match(out.join('\n'), new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3: expected head\\|relation\\|tail`));
  assert.ok(err.some((l) => l.startsWith('[copy]')), 'progress on stderr');
  out.length = 0;
  const qcode = await main(['query', '--db', 'cli-db', '--json', '--profile', '--param', 'm=Amélie', 'MATCH (m:Movie)-[r]->(x) WHERE m.name = $m RETURN x.name AS name ORDER BY name'], io);
  assert.equal(qcode, 0, err.join('\n'));
  const json = JSON.parse(out.join('\n')) as { rows: { name: string }[]; plan: { rows?: number } };
  assert.deepEqual(json.rows, [{ name: 'Audrey Tautou' }, { name: 'French' }]);
  assert.equal(json.plan.rows, 2);
  out.length = 0;
  assert.equal(await main(['schema', '--db', 'cli-db', '--json'], io), 0);
  const schema = JSON.parse(out.join('\n')) as { labels: { name: string; count: number }[] };
  assert.deepEqual(schema.labels.map((l) => [l.name, l.count]).sort(), [['Language', 1], ['Movie', 1], ['Person', 1]]);
  assert.equal(await main(['query', '--db', 'no-such-db', 'RETURN 1'], io), 2, 'missing database is a usage error');
  assert.equal(await main(['query', '--db', 'cli-db', '--bogus', 'RETURN 1'], io), 2);
  assert.equal(await main(['query', '--db', 'cli-db', "CREATE (:Movie {name: 'x'})"], io), 1, 'read-only by default: the query door refuses it (bad input, exit 1)');
  assert.equal(await main(['import', 'cli.txt', '--db', 'cli-db', '--strict'], io), 1);
  // Typing rules from a file, and --untyped.
  dir.file('rules.json', '{"heads": {"wrote": "Author"}, "tails": {"wrote": "Book"}}');
  dir.file('books.txt', 'Ursula K. Le Guin|wrote|The Dispossessed\n');
  assert.equal(await main(['import', 'books.txt', '--db', 'books-db', '--typing', 'rules.json', '--quiet'], io), 0);
  assert.equal(await main(['import', 'books.txt', '--db', 'untyped-db', '--untyped', '--quiet'], io), 0);
  out.length = 0;
  await main(['schema', '--db', 'books-db', '--json'], io);
  assert.deepEqual((JSON.parse(out.join('\n')) as { labels: { name: string }[] }).labels.map((l) => l.name).sort(), ['Author', 'Book']);
  out.length = 0;
  await main(['schema', '--db', 'untyped-db', '--json'], io);
  assert.deepEqual((JSON.parse(out.join('\n')) as { labels: { name: string }[] }).labels.map((l) => l.name), ['Entity']);
  dir.file('bad-rules.json', '{"heads": []}');
  assert.equal(await main(['import', 'books.txt', '--db', 'books-db', '--typing', 'bad-rules.json'], io), 2);
});

test('CLI: kgrag import builds the search index it will be searched with (first runs read it); --no-index skips it', async () => {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd: dir.path, env: {} };
  dir.file('indexed.txt', 'Heat|directed_by|Michael Mann\nHeat|starred_actors|Al Pacino\nCollateral|directed_by|Michael Mann\n');
  assert.equal(await main(['import', 'indexed.txt', '--db', 'indexed-db', '--json', '--quiet'], io), 0, err.join('\n'));
  const summary = JSON.parse(out.join('\n')) as { nodesCreated: number; index?: { nodes: number; source: string; embedder: string } };
  assert.equal(summary.index?.nodes, summary.nodesCreated);
  assert.equal(summary.index?.source, 'built');
  assert.match(summary.index?.embedder ?? '', /^lexical/);
  const files = readdirSync(join(dir.path, 'indexed-db', 'snapshots'));
  assert.equal(files.length, 1, files.join(', '));
  // A session on the folder finds that file: its index comes from the cache, nothing is rebuilt.
  const session = await openSession({ store: { kind: 'embedded', folder: join(dir.path, 'indexed-db'), readOnly: true } });
  try {
    assert.equal((await session.buildIndex()).source, 'cache');
  } finally {
    await session.close();
  }
  out.length = 0;
  assert.equal(await main(['import', 'indexed.txt', '--db', 'plain-db', '--no-index', '--quiet'], io), 0);
  assert.doesNotMatch(out.join('\n'), /search index/);
  assert.equal(existsSync(join(dir.path, 'plain-db', 'snapshots')), false);
  assert.equal(await main(['import', 'indexed.txt', '--db', 'x-db', '--embedder', 'nonsense'], io), 2);
});
