import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { retrieveGsd } from '../../../src/core/retrieve/gsd/retrieve';
import { nearestRelations, relationAliasesOf, relationDistances } from '../../../src/core/retrieve/relations';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import type { PlanningGraph } from '../../../src/core/plan/planningGraph';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';

const embedder = new HashingEmbedder();
const triples: [string, string, string][] = [
  ['The Vow', 'directed_by', 'Michael Sucsy'],
  ['The Vow', 'written_by', 'Jason Katims'],
  ['Heat', 'directed_by', 'Michael Mann'],
  ['Heat', 'written_by', 'Michael Mann'],
];
const labelOf = (_rel: string, role: 'head' | 'tail'): string => (role === 'head' ? 'Movie' : 'Person');
// "helmer" is film slang for director; character n-grams see nothing of directed_by in it.
const ALIASES = new Map([['directed_by', ['helmer', 'helmed by']]]);

function plan(phrase: string): PlanningGraph {
  return {
    name: 'p',
    nodes: [
      { id: 'm', category: 'Movie', text: { kind: 'soft', value: 'The Vow' } },
      { id: 'd', category: 'Person' },
    ],
    edges: [{ id: 'e0', source: 'm', target: 'd', directed: false, relation: { kind: 'phrase', value: phrase } }],
    targets: ['d'],
    expect: [],
    strategy: { kind: 'gsd', k: 1, nodeCandidates: 16, relationCandidates: 16 },
  };
}

test('a relation matches a phrase as well as its nearest alias does, and says which alias', async () => {
  const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
  const [plain] = await relationDistances(snap, embedder, ['helmer']);
  const [aliased] = await relationDistances(snap, embedder, ['helmer'], ALIASES);
  const directed = snap.relationId('directed_by');
  const written = snap.relationId('written_by');
  assert.ok(plain!.dist[directed]! > 0.5, 'without aliases the phrase is far from directed_by');
  assert.ok(aliased!.dist[directed]! < 1e-6, 'the alias is the phrase itself');
  assert.equal(aliased!.via[directed], 'helmer');
  assert.equal(aliased!.via[written], undefined);
  assert.equal(aliased!.dist[written], plain!.dist[written], 'types without aliases are unchanged');
  const nearest = await nearestRelations(snap, embedder, ['helmer'], undefined, ALIASES);
  assert.deepEqual(nearest.get('helmer'), { type: 'directed_by', distance: aliased!.dist[directed], via: 'helmer' });
});

test('GSD uses aliases for relation terms and explains the match in the result', async () => {
  const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf });
  const without = await retrieveGsd(plan('helmer'), snap, embedder);
  const withAliases = await retrieveGsd(plan('helmer'), snap, embedder, { relationAliases: ALIASES });
  assert.equal(withAliases.answers[0]?.value, 'Michael Sucsy');
  const edgeTerm = withAliases.subgraphs[0]!.terms.find((t) => t.kind === 'edge')!;
  assert.equal(edgeTerm.matchedText, 'directed_by');
  assert.ok(edgeTerm.distance < 1e-6);
  assert.ok(withAliases.subgraphs[0]!.gsd < without.subgraphs[0]!.gsd, 'the alias lowers the GSD');
  const list = withAliases.candidates!.find((c) => c.element === 'edge')!;
  assert.deepEqual(list.candidates[0], { text: 'directed_by', distance: list.candidates[0]!.distance, via: 'helmer' });
  assert.equal(list.candidates[1]!.via, undefined);
  assert.equal(without.candidates!.find((c) => c.element === 'edge')!.candidates.some((c) => c.via !== undefined), false);
});

test('relationAliasesOf reads a schema file’s relationship aliases', () => {
  const { schema } = parseSchemaFile(
    JSON.stringify({ labels: { Movie: { properties: ['name'] } }, relationshipTypes: { directed_by: { endpoints: [{ from: 'Movie', to: 'Movie' }], aliases: ['helmer'] } } }),
    'x.kgschema.json',
  );
  assert.deepEqual([...relationAliasesOf(schema)], [['directed_by', ['helmer']]]);
  assert.equal(relationAliasesOf(undefined).size, 0);
});

test('kgrag run: the schema a .kgp names lends its aliases to matching', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-alias-'));
  try {
    const db = join(dir, 'db');
    const store = new EmbeddedStore({ folder: db });
    await store.open();
    const kb = join(dir, 'kb.txt');
    writeFileSync(kb, triples.map((t) => t.join('|')).join('\n') + '\n');
    await importFiles(store, [{ path: kb, format: 'triples' }]);
    await store.close();
    const schemaText = JSON.stringify({
      labels: { Movie: { properties: ['name'] }, Person: { properties: ['name'] } },
      relationshipTypes: {
        directed_by: { endpoints: [{ from: 'Movie', to: 'Person' }], aliases: ['helmer'] },
        written_by: { endpoints: [{ from: 'Movie', to: 'Person' }] },
      },
    });
    writeFileSync(join(dir, 'movies.kgschema.json'), schemaText);
    writeFileSync(join(dir, 'p.kgp'), `schema "movies.kgschema.json"\nplan p {\n  match (m: Movie "The Vow") -[helmer]- (d: Person)\n  return d\n  using gsd(k: 1)\n}\n`);
    const out: string[] = [];
    const err: string[] = [];
    const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd: dir, env: {} };
    const code = await main(['run', 'p.kgp', '--db', 'db', '--json', '--embedder', 'hashing'], io);
    assert.equal(code, 0, err.join('\n'));
    const result = JSON.parse(out.join('')) as RetrievalResult;
    assert.equal(result.answers[0]?.value, 'Michael Sucsy');
    assert.equal(result.candidates!.find((c) => c.element === 'edge')!.candidates[0]!.via, 'helmer');
    // A schema line naming a missing file is a warning, not a failure.
    writeFileSync(join(dir, 'q.kgp'), `schema "missing.kgschema.json"\nplan q {\n  match (m: Movie "The Vow") -[helmer]- (d: Person)\n  return d\n}\n`);
    err.length = 0;
    assert.equal(await main(['run', 'q.kgp', '--db', 'db', '--json', '--embedder', 'hashing'], io), 0);
    assert.match(err.join('\n'), /relation aliases not used/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
