// Few-shot files through the language server over real LSP (JSON-RPC on stdio), as VS Code or any
// other client drives it: which files are few-shot files (kgrag.fewshot.files), their diagnostics at
// exact ranges, the schema rule (the file's own reference, else kgrag.schema.path, else the connected
// graph), the shot-count setting, and no plan features on them. Fixtures are written here.
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver/node';
import { startLspSession, type LspSession } from '../../support/lspSession';
import { isFewShotFile } from '../../../src/server/fewshot';
import { DEFAULT_FEWSHOT_FILES, readSettings } from '../../../src/server/settings';
import { MOVIES_SCHEMA_PATH } from './helpers';


const PROMPT = `Segment the query and extract the pattern graph.

Examples)

1. query: 'who directed the film The Vow'
{
    "divided": ['who directed the film The Vow'],
    "graph": [('UNKNOWN director 1', 'director of', 'The Vow')]
}

2. query: 'who directed the film The Vow'
{
    "divided": ['who directed the film The Vow'],
    "graph": [('UNKNOWN person', 'director of', 'The Vow')]
}

Your task)
query: '{{QUESTION}}'
`;

/** Our own format with a kgp output whose category is misspelt (KGP300 needs a schema). */
const ownFormat = (schemaLine: string): string =>
  `{\n  "target": "kgp",\n${schemaLine}  "examples": [\n    {"question": "who directed Heat", "output": "plan d { match (m: Moive \\"Heat\\") -[directed by]-> (p: Person) return p }"}\n  ]\n}\n`;

function position(text: string, needle: string): { line: number; character: number } {
  const o = text.indexOf(needle);
  assert.ok(o >= 0, needle);
  const before = text.slice(0, o).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

describe('few-shot files in the language server', () => {
  let s: LspSession;
  const diagnostics = (uri: string, test: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> => s.diagnostics(uri, test);
  const change = (uri: string, text: string): void => s.change(uri, text);
  const open = (name: string, text: string, languageId = 'plaintext'): string => s.open(name, text, languageId);
  const setSettings = (next: Record<string, unknown>): Promise<void> => s.setSettings(next);
  const codes = (d: Diagnostic[]): string[] => d.map((x) => String(x.code));

  before(async () => {
    s = await startLspSession('kgplan-fewshot-lsp-', { schema: { path: '' }, check: { hopLimit: 3, delayMs: 0 } }, (dir) => copyFileSync(MOVIES_SCHEMA_PATH, join(dir, 'movies.kgschema.json')));
  });

  after(() => s.stop());

  it('reports a SimGRAG prompt matched by the default globs at exact ranges, and clears the findings when fixed', async () => {
    const uri = open('fewshot/patterns.txt', PROMPT);
    const d = await diagnostics(uri, (x) => codes(x).includes('simgrag-unknown-without-id'));
    const unknown = d.find((x) => x.code === 'simgrag-unknown-without-id')!;
    assert.equal(unknown.source, 'kgrag few-shot');
    assert.deepEqual(unknown.range.start, position(PROMPT, "UNKNOWN person'"));
    const duplicate = d.find((x) => x.code === 'fewshot-duplicate-example');
    assert.ok(duplicate, JSON.stringify(codes(d)));
    assert.equal(duplicate.range.start.line, position(PROMPT, "2. query: 'who").line);
    assert.ok(codes(d).includes('fewshot-shot-count'), 'two examples where SimGRAG prompts carry 12');

    change(uri, PROMPT.replace("'UNKNOWN person'", "'UNKNOWN person 1'").replace("2. query: 'who directed the film The Vow'", "2. query: 'who directed The Vow'"));
    const fixed = await diagnostics(uri, (x) => !codes(x).includes('simgrag-unknown-without-id'));
    assert.ok(!codes(fixed).includes('fewshot-duplicate-example'), JSON.stringify(codes(fixed)));
    assert.ok(codes(fixed).includes('fewshot-shot-count'), 'the fixed file is still checked');
  });

  it('leaves files outside kgrag.fewshot.files alone, and follows the setting when it changes', async () => {
    const outside = open('notes/patterns.txt', PROMPT);
    // Opened after the other one and checked in order: once it has findings, the other was seen.
    const inside = open('fewshot/again.txt', PROMPT);
    await diagnostics(inside, (x) => codes(x).includes('simgrag-unknown-without-id'));
    assert.equal(s.published(outside), undefined, 'a file outside the globs got diagnostics');

    await setSettings({ ...s.settings, fewshot: { files: ['notes/*.txt'] } });
    await diagnostics(outside, (x) => codes(x).includes('simgrag-unknown-without-id'));
    assert.deepEqual(await diagnostics(inside, (x) => x.length === 0), [], 'dropped from the globs: its findings are cleared');

    await setSettings({ ...s.settings, fewshot: { files: ['notes/*.txt'], shots: 2 } });
    await diagnostics(outside, (x) => codes(x).includes('simgrag-unknown-without-id') && !codes(x).includes('fewshot-shot-count'));
    await setSettings({ schema: { path: '' }, check: { hopLimit: 3, delayMs: 0 } });
    await diagnostics(outside, (x) => x.length === 0);
  });

  it('answers no plan features for a few-shot file', async () => {
    const uri = open('fewshot/features.txt', PROMPT);
    await diagnostics(uri, (x) => x.length > 0);
    const at = { textDocument: { uri }, position: position(PROMPT, 'UNKNOWN person') };
    assert.deepEqual(await s.conn.sendRequest('textDocument/completion', at), []);
    assert.equal(await s.conn.sendRequest('textDocument/hover', at), null);
    assert.deepEqual(await s.conn.sendRequest('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }), []);
    assert.deepEqual(await s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }), []);
  });

  it('checks against the file\'s own schema, else kgrag.schema.path, else the connected graph', async () => {
    const own = open('plans.fewshot.json', ownFormat('  "schema": "movies.kgschema.json",\n'), 'json');
    const d = await diagnostics(own, (x) => codes(x).includes('KGP300'));
    assert.match(d.find((x) => x.code === 'KGP300')!.message, /Moive.*Movie/);

    const missing = ownFormat('  "schema": "nowhere.kgschema.json",\n');
    const m = await diagnostics(open('missing.fewshot.json', missing, 'json'), (x) => codes(x).includes('fewshot-schema-ref'));
    const ref = m.find((x) => x.code === 'fewshot-schema-ref')!;
    assert.deepEqual(ref.range.start, position(missing, '"nowhere'));
    assert.match(ref.message, /nowhere\.kgschema\.json: file not found/);
    assert.ok(!codes(m).includes('KGP300'), 'no schema, no schema findings');

    const none = open('none.fewshot.json', ownFormat(''), 'json');
    assert.ok(!codes(await diagnostics(none, () => true)).includes('KGP300'));
    await setSettings({ schema: { path: 'movies.kgschema.json' }, check: { hopLimit: 3, delayMs: 0 } });
    await diagnostics(none, (x) => codes(x).includes('KGP300'));
    await setSettings({ schema: { path: '' }, check: { hopLimit: 3, delayMs: 0 } });
    await diagnostics(none, (x) => !codes(x).includes('KGP300'));

    // The connected graph knows Moive (and not Person): the finding moves to Person.
    const schema = {
      labels: [{ name: 'Moive', properties: ['name'] }],
      relationshipTypes: [{ name: 'directed_by', properties: [], endpoints: [{ from: 'Moive', to: 'Moive' }] }],
      propertyKeys: ['name'],
    };
    await s.conn.sendNotification('kgrag/connectedSchema', { schema, source: 'test graph' });
    const c = await diagnostics(none, (x) => x.some((y) => y.code === 'KGP300' && /Person/.test(y.message)));
    assert.ok(!c.some((y) => y.code === 'KGP300' && /'Moive'/.test(y.message)), JSON.stringify(c.map((y) => y.message)));
    await s.conn.sendNotification('kgrag/connectedSchema', { schema: null });
    await diagnostics(none, (x) => !codes(x).includes('KGP300'));
  });
});

describe('few-shot globs and settings', () => {
  const folder = resolve('/s.ws');
  it('matches like the client selector: relative to the workspace folder, and **/ patterns anywhere', () => {
    assert.ok(isFewShotFile(join(folder, 'data', 'fewshot', 'a', 'p.txt'), [folder], DEFAULT_FEWSHOT_FILES));
    assert.ok(isFewShotFile(join(folder, 'x.fewshot.yml'), [folder], DEFAULT_FEWSHOT_FILES));
    assert.ok(isFewShotFile(resolve('/elsewhere/q.prompt.md'), [folder], DEFAULT_FEWSHOT_FILES), 'outside every folder, by a **/ pattern');
    assert.ok(!isFewShotFile(join(folder, 'notes', 'p.txt'), [folder], DEFAULT_FEWSHOT_FILES));
    assert.ok(!isFewShotFile(join(folder, 'fewshot', 'p.kgp'), [folder], DEFAULT_FEWSHOT_FILES));
    assert.ok(isFewShotFile(join(folder, 'notes', 'p.txt'), [folder], ['notes/*.txt']));
    assert.ok(!isFewShotFile(join(folder, 'deeper', 'notes', 'p.txt'), [folder], ['notes/*.txt']), 'a relative pattern is anchored at the folder');
    assert.ok(!isFewShotFile(resolve('/elsewhere/notes/p.txt'), [folder], ['notes/*.txt']));
    assert.ok(!isFewShotFile(undefined, [folder], DEFAULT_FEWSHOT_FILES), 'untitled documents have no path');
    assert.ok(!isFewShotFile(join(folder, 'fewshot', 'p.txt'), [folder], []), 'an empty list turns it off');
  });

  it('reads kgrag.fewshot.files and kgrag.fewshot.shots from whatever users typed', () => {
    assert.deepEqual(readSettings({}).fewshotFiles, DEFAULT_FEWSHOT_FILES);
    assert.equal(readSettings({}).fewshotShots, undefined);
    assert.deepEqual(readSettings({ fewshot: { files: ['a/*.txt', 3, '  ', null], shots: 7.4 } }), { ...readSettings({}), fewshotFiles: ['a/*.txt'], fewshotShots: 7 });
    assert.deepEqual(readSettings({ fewshot: { files: [] } }).fewshotFiles, []);
    assert.deepEqual(readSettings({ fewshot: { files: 'a/*.txt' } }).fewshotFiles, DEFAULT_FEWSHOT_FILES);
    assert.equal(readSettings({ fewshot: { shots: null } }).fewshotShots, undefined);
    assert.equal(readSettings({ fewshot: { shots: 0 } }).fewshotShots, undefined);
  });
});
