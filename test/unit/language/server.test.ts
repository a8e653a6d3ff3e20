// The language server end to end over real LSP (JSON-RPC on stdio), in plain Node: the same
// process VS Code starts, fed the real sample schema from a temporary workspace.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import {
  type CodeAction,
  type CompletionItem,
  type Diagnostic,
  type DocumentSymbol,
  type Hover,
  type TextEdit,
} from 'vscode-languageserver/node';
import { formatDocument } from '../../../src/core/dsl';
import { applyEdits } from '../../../src/core/language';
import { MOVIES_SCHEMA_PATH } from './helpers';
import { startLspSession, type LspSession } from '../../support/lspSession';


describe('language server over LSP', () => {
  let s: LspSession;
  const diagnostics = (uri: string, test: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => s.diagnostics(uri, test);
  const change = (uri: string, text: string): void => s.change(uri, text);
  const open = (name: string, text: string): string => s.open(name, text);
  const pos = (text: string, needle: string, delta = 0) => {
    const o = text.indexOf(needle) + delta;
    const before = text.slice(0, o).split('\n');
    return { line: before.length - 1, character: before[before.length - 1]!.length };
  };

  before(async () => {
    s = await startLspSession('kgplan-lsp-', { schema: { path: '' }, check: { hopLimit: 3, delayMs: 0 } }, (dir) => copyFileSync(MOVIES_SCHEMA_PATH, join(dir, 'movies.kgschema.json')));
  });

  after(() => s.stop());

  it('publishes syntax diagnostics for a broken file and clears them when it is fixed', async () => {
    const broken = 'plan p {\n  match\n    (a: Movie "Heat" -[directed by]-> (b)\n  return b\n}\n';
    const uri = open('broken.kgp', broken);
    const d = await diagnostics(uri, (x) => x.length > 0);
    const syntax = d.filter((x) => typeof x.code === 'string' && /^KGP1\d\d$/.test(x.code));
    assert.ok(syntax.length > 0, JSON.stringify(d));
    assert.equal(syntax[0]?.source, 'kgplan');
    assert.equal(syntax[0]?.range.start.line, 2);
    change(uri, broken.replace('"Heat" -[', '"Heat") -['));
    assert.deepEqual(await diagnostics(uri, (x) => x.length === 0), []);
  });

  it('reports a schema file that is missing, on the schema line', async () => {
    const text = 'schema "nowhere.kgschema.json"\nplan p { match (a) return a }\n';
    const uri = open('missing.kgp', text);
    const d = await diagnostics(uri, (x) => x.some((y) => y.code === 'KGP307'));
    const s = d.find((y) => y.code === 'KGP307')!;
    assert.deepEqual(s.range.start, pos(text, '"nowhere'));
    assert.match(s.message, /schema "nowhere\.kgschema\.json": file not found/);
  });

  const PLAN = 'schema "movies.kgschema.json"\nplan who_directed {\n  match\n    (m: Movie "Heat") -[:directed_by]-> (p: Person)\n  return p\n}\n';

  it('completes categories from the schema the file names', async () => {
    const text = PLAN.replace('(p: Person)', '(p: )');
    const uri = open('complete.kgp', text);
    await diagnostics(uri, () => true); // validated: the schema is loaded
    const items = (await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: pos(text, '(p: )', 4) })) as CompletionItem[];
    const labels = items.map((i) => i.label);
    for (const l of ['Movie', 'Person', 'Year', 'Language']) assert.ok(labels.includes(l), `${l} in ${labels.join(', ')}`);
  });

  it('answers hover with the schema facts', async () => {
    const uri = open('hover.kgp', PLAN);
    await diagnostics(uri, () => true);
    const h = (await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: pos(PLAN, ':directed_by', 3) })) as Hover;
    const value = typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(value, /\(Movie\)-\[:directed_by\]->\(Person\)/);
  });

  it('lists plans and their nodes in the outline', async () => {
    const uri = open('outline.kgp', PLAN + '\nplan second { match (x) -- (y) return x }\n');
    const symbols = (await s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as DocumentSymbol[];
    assert.deepEqual(symbols.map((s) => s.name), ['schema "movies.kgschema.json"', 'who_directed', 'second']);
    assert.deepEqual(symbols[1]!.children!.map((c) => c.name), ['m', 'p', '(m)-[:directed_by]->(p)']);
  });

  it('formats with the DSL formatter', async () => {
    const messy = 'plan   p{match (a:Movie)  -[directed by]->(b)\nreturn b}';
    const uri = open('format.kgp', messy);
    const edits = (await s.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })) as TextEdit[];
    assert.ok(edits.length > 0);
    assert.equal(applyEdits(messy, edits), formatDocument(messy));
    assert.notEqual(formatDocument(messy), messy);
  });

  it('offers the checker\'s "did you mean" fix as a quick fix, and fix-all', async () => {
    const text = PLAN.replace('(m: Movie', '(m: Movei');
    const uri = open('fix.kgp', text);
    const d = await diagnostics(uri, (x) => x.some((y) => y.code === 'KGP300'));
    const unknown = d.find((y) => y.code === 'KGP300')!;
    assert.deepEqual(unknown.range.start, pos(text, 'Movei'));
    const actions = (await s.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: unknown.range,
      context: { diagnostics: [unknown], only: ['quickfix'] },
    })) as CodeAction[];
    const fix = actions.find((a) => a.isPreferred);
    assert.ok(fix, JSON.stringify(actions));
    const edits = fix.edit?.changes?.[uri] ?? [];
    assert.equal(applyEdits(text, edits), PLAN);
    const all = (await s.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: ['source.fixAll'] },
    })) as CodeAction[];
    assert.equal(all.length, 1);
    assert.equal(applyEdits(text, all[0]!.edit?.changes?.[uri] ?? []), PLAN);
  });

  it('renames a variable across its plan, and refuses a merge', async () => {
    const uri = open('rename.kgp', PLAN);
    const prep = (await s.conn.sendRequest('textDocument/prepareRename', { textDocument: { uri }, position: pos(PLAN, 'return p', 7) })) as { placeholder: string };
    assert.equal(prep.placeholder, 'p');
    const edit = (await s.conn.sendRequest('textDocument/rename', { textDocument: { uri }, position: pos(PLAN, 'return p', 7), newName: 'director' })) as { changes: Record<string, TextEdit[]> };
    assert.equal(applyEdits(PLAN, edit.changes[uri]!), PLAN.replace('(p: Person)', '(director: Person)').replace('return p', 'return director'));
    await assert.rejects(s.conn.sendRequest('textDocument/rename', { textDocument: { uri }, position: pos(PLAN, 'return p', 7), newName: 'm' }), /merge/);
  });

  it('completes schema file names inside the schema line', async () => {
    const text = 'schema ""\nplan p { match (a) }\n';
    const uri = open('schemapath.kgp', text);
    const items = (await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: pos(text, '""', 1) })) as CompletionItem[];
    assert.deepEqual(items.map((i) => i.label), ['movies.kgschema.json']);
  });

  it('uses the connected graph\'s schema for files that name none (kgrag/connectedSchema)', async () => {
    const schema = {
      labels: [{ name: 'Galaxy', properties: ['name'], count: 12 }],
      relationshipTypes: [{ name: 'orbits', properties: [], endpoints: [{ from: 'Galaxy', to: 'Galaxy' }] }],
      propertyKeys: ['name'],
    };
    await s.conn.sendNotification('kgrag/connectedSchema', { schema: { labels: 'not an array' } }); // malformed: ignored
    await s.conn.sendNotification('kgrag/connectedSchema', { schema, source: 'test graph' });
    const text = 'plan p {\n  match (a: Galaxy) -- (b: Galxy)\n}\n';
    const uri = open('connected.kgp', text);
    const d = await diagnostics(uri, (x) => x.some((y) => y.code === 'KGP300'));
    assert.match(d.find((y) => y.code === 'KGP300')!.message, /Galxy/);
    const h = (await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: pos(text, 'Galaxy', 1) })) as Hover;
    assert.match(typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '', /12 nodes/);
    await s.conn.sendNotification('kgrag/connectedSchema', { schema: null });
    await diagnostics(uri, (x) => !x.some((y) => y.code === 'KGP300'));
  });

  it('links the schema path to the file and sends inlay hints', async () => {
    const text = PLAN.replace('(m: Movie "Heat") -[:directed_by]->', '(m: Movie "Heat") -[directed by]->') + 'plan q {\n  match (m: Movie) -- (x)\n    (m) -- (x)\n}\n';
    const uri = open('links.kgp', text);
    await diagnostics(uri, () => true);
    const links = (await s.conn.sendRequest('textDocument/documentLink', { textDocument: { uri } })) as { target: string }[];
    assert.deepEqual(links.map((l) => l.target), [pathToFileURL(join(s.ws, 'movies.kgschema.json')).href]);
    const hints = (await s.conn.sendRequest('textDocument/inlayHint', { textDocument: { uri }, range: { start: { line: 0, character: 0 }, end: { line: 20, character: 0 } } })) as { label: string }[];
    assert.deepEqual(hints.map((h) => h.label).sort(), [' ≈ directed_by', ': Movie'].sort());
  });

  it('uses the schema setting when the file names none, and re-reads settings on change', async () => {
    s.settings = { schema: { path: 'movies.kgschema.json' }, check: { hopLimit: 3, delayMs: 0 } };
    await s.conn.sendNotification('workspace/didChangeConfiguration', { settings: {} });
    const text = 'plan p {\n  match (a: )\n}\n';
    const uri = open('setting.kgp', text);
    await diagnostics(uri, () => true);
    const items = (await s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: pos(text, '(a: )', 4) })) as CompletionItem[];
    assert.ok(items.some((i) => i.label === 'Movie'));
  });
});
