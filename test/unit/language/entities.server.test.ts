// Graph-aware editing over real LSP (src/contracts/lsp.ts, kgrag/entityLookup): the server asks the
// client — here the test, answering from a real snapshot of the movie sample as the extension
// does from its retrieval session — and turns the answers into the not-found warning with
// "Replace with" fixes, the entity hover and entity completion. No graph → silence.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CodeAction, CompletionList, Hover } from 'vscode-languageserver/node';
import { CONNECTED_GRAPH_NOTIFICATION, ENTITY_LOOKUP_REQUEST, readEntityLookupParams, type EntityLookupResult } from '../../../src/contracts/lsp';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { lookupEntities } from '../../../src/core/retrieve';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { startLspSession, type LspSession } from '../../support/lspSession';

const root = resolve(__dirname, '../../..');
const TAIL: Record<string, string> = { directed_by: 'Person', written_by: 'Person', starred_actors: 'Person', release_year: 'Year', in_language: 'Language', has_genre: 'Genre', has_tags: 'Tag', has_imdb_rating: 'Rating', has_imdb_votes: 'Votes' };

const PLAN = `plan joe {
  match
    (p: Person "Joe Thomas") -[starred in]- (m: Movie)
    (m) -[directed by]- (d: Person)
  return d
}
plan vow {
  match (v: Movie "The Vow") -[directed by]- (d: Person)
  return d
}
`;

describe('entity checks, hover and completion against the connected graph', () => {
  let s: LspSession;
  let graph: 'none' | 'sample' = 'none';
  let requests = 0;

  before(async () => {
    const embedder = new HashingEmbedder();
    const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8').split('\n').filter((l) => l.split('|').length === 3).map((l) => l.split('|') as [string, string, string]);
    const snap = await GraphSnapshot.fromTriples(triples, embedder, { labelOf: (rel, role) => (role === 'head' ? 'Movie' : TAIL[rel] ?? 'Entity') });
    s = await startLspSession('kgplan-entities-', { schema: { path: '' }, check: { hopLimit: 3, delayMs: 0 } });
    s.conn.onRequest(ENTITY_LOOKUP_REQUEST, async (params: unknown): Promise<EntityLookupResult | null> => {
      requests++;
      const p = readEntityLookupParams(params);
      assert.ok(p, 'the server sends well-formed lookups');
      return graph === 'none' ? null : lookupEntities(snap, embedder, p.queries, { graph: 'Sample graph (movies)' });
    });
  });

  after(() => s.stop());

  it('no graph connected: no entity diagnostics and no error', async () => {
    const uri = s.open('none.kgp', PLAN);
    const d = await s.diagnostics(uri, () => true);
    // Give the (answered: null) lookup time to land; nothing may be added.
    await new Promise((r) => setTimeout(r, 500));
    assert.ok(!(s.published(uri) ?? d).some((x) => x.code === 'KGP400'));
  });

  it('a named entity not in the graph gets a warning on its text naming the nearest names, with three "Replace with" fixes', async () => {
    graph = 'sample';
    await s.conn.sendNotification(CONNECTED_GRAPH_NOTIFICATION, { graph: 'sample\u00001' });
    const uri = s.open('joe.kgp', PLAN);
    const d = await s.diagnostics(uri, (ds) => ds.some((x) => x.code === 'KGP400'));
    const w = d.filter((x) => x.code === 'KGP400');
    assert.equal(w.length, 1, 'only Joe Thomas: The Vow is in the graph');
    assert.equal(w[0]!.severity, 2);
    assert.deepEqual(w[0]!.range, { start: { line: 2, character: 15 }, end: { line: 2, character: 27 } }, 'the string literal "Joe Thomas"');
    assert.match(w[0]!.message, /^'Joe Thomas' is not in the graph as a Person \(Sample graph \(movies\)\); nearest: '[^']+' \(\d\.\d\d\)/);
    const actions = (await s.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range: w[0]!.range, context: { diagnostics: [w[0]], only: ['quickfix'] } })) as CodeAction[];
    const replace = actions.filter((a) => a.title.startsWith('Replace with'));
    assert.equal(replace.length, 3);
    const edit = replace[0]!.edit!.changes![uri]![0]!;
    assert.deepEqual(edit.range, w[0]!.range);
    assert.match(edit.newText, /^"[^"]+"$/, 'a quoted name replaces the literal');
    const nearest = /nearest: '([^']+)'/.exec(w[0]!.message)![1]!;
    assert.equal(replace[0]!.title, `Replace with '${nearest}'`);
  });

  it('looked-up texts are cached: re-checking the same text asks nothing new', async () => {
    const uri = s.open('again.kgp', PLAN);
    const before = requests;
    await s.diagnostics(uri, (ds) => ds.some((x) => x.code === 'KGP400'));
    assert.equal(requests, before);
  });

  it('hover on a node text lists the graph nodes it would match, with labels, distances and "exact"', async () => {
    const uri = s.open('hover.kgp', PLAN);
    const h = (await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 7, character: 20 } })) as Hover;
    const md = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(md, /The Vow\*\* is in the graph/);
    assert.match(md, /\| The Vow — exact \| Movie \| 0\.00 \|/);
  });

  it('completion inside a node text offers graph names starting with what is typed, filtered by the category', async () => {
    const text = 'plan c {\n  match (d: Person "Michael S") -- (m: Movie)\n  return m\n}\n';
    const uri = s.open('complete.kgp', text);
    const list = (await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 29 } })) as CompletionList;
    assert.equal(list.isIncomplete, true, 'asked again as the user types');
    const names = list.items.map((i) => i.label);
    assert.ok(names.length > 0);
    assert.ok(names[0]!.startsWith('Michael S'), names.join(', '));
    assert.ok(list.items.every((i) => /^Person/.test(i.detail ?? '')), 'Person only (the category)');
    const edit = list.items[0]!.textEdit as { range: { start: { character: number }; end: { character: number } }; newText: string };
    assert.deepEqual([edit.range.start.character, edit.range.end.character], [20, 29], 'the whole string content is replaced');
  });
});
