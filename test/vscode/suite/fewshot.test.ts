// Few-shot files in the real editor: the language server checks the files kgrag.fewshot.files
// matches (fixtures in test/fixtures/workspace/fewshot/, matched by the default `**/fewshot/**/…`
// glob), reports each defect with its code on its line, drops it when the file is fixed, and leaves
// files outside the globs alone until the setting names them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, createFixture, fixtureUri, openFixture, waitForDiagnostics } from './helpers';

const SOURCE = 'kgrag few-shot';
// The first check of a file with Cypher loads Neo4j's front end (seconds on a busy machine).
const SLOW_MS = 90_000;

const fewshot = (ds: readonly vscode.Diagnostic[]): vscode.Diagnostic[] => ds.filter((d) => d.source === SOURCE);
const withCode = (ds: readonly vscode.Diagnostic[], code: string): vscode.Diagnostic[] => fewshot(ds).filter((d) => codeOf(d) === code);

/** The zero-based line of the only line that contains `needle`. */
function lineOf(doc: vscode.TextDocument, needle: string): number {
  const lines = doc.getText().split(/\r?\n/);
  const found = lines.flatMap((l, i) => (l.includes(needle) ? [i] : []));
  assert.equal(found.length, 1, `expected one line with ${needle}, found ${found.length}`);
  return found[0]!;
}

async function replaceOnce(editor: vscode.TextEditor, from: string, to: string): Promise<void> {
  const doc = editor.document;
  const at = doc.getText().indexOf(from);
  assert.ok(at >= 0, `no ${from} in ${doc.uri.path}`);
  const ok = await editor.edit((e) => e.replace(new vscode.Range(doc.positionAt(at), doc.positionAt(at + from.length)), to));
  assert.ok(ok, 'edit was not applied');
}

async function setFewShotFiles(value: string[] | undefined): Promise<void> {
  await vscode.workspace.getConfiguration('kgrag').update('fewshot.files', value, vscode.ConfigurationTarget.Workspace);
}

suite('few-shot files', () => {
  teardown(closeAllEditors);

  test('a SimGRAG prompt: an UNKNOWN without id and a duplicated example at their lines, gone when fixed', async function () {
    this.timeout(SLOW_MS * 2);
    const { doc, editor } = await openFixture('fewshot/patterns.prompt.txt');
    const ds = await waitForDiagnostics(doc.uri, 'the prompt defects', (d) => withCode(d, 'simgrag-unknown-without-id').length > 0 && withCode(d, 'fewshot-duplicate-example').length > 0, SLOW_MS);
    const unknown = withCode(ds, 'simgrag-unknown-without-id');
    assert.equal(unknown.length, 1, JSON.stringify(unknown.map((d) => d.message)));
    assert.equal(unknown[0]!.range.start.line, lineOf(doc, "('UNKNOWN person',"));
    assert.match(doc.getText(unknown[0]!.range), /UNKNOWN person/);
    assert.equal(unknown[0]!.severity, vscode.DiagnosticSeverity.Warning);
    const duplicate = withCode(ds, 'fewshot-duplicate-example');
    assert.equal(duplicate.length, 1);
    assert.equal(duplicate[0]!.range.start.line, lineOf(doc, "4. query: 'who directed the film The Vow'"));
    assert.match(duplicate[0]!.message, /Example 4 repeats the question of example 1/);

    await replaceOnce(editor, "('UNKNOWN person',", "('UNKNOWN person 1',");
    await replaceOnce(editor, "4. query: 'who directed the film The Vow'", "4. query: 'who directed the film Heat'");
    const after = await waitForDiagnostics(doc.uri, 'the fixed prompt', (d) => withCode(d, 'simgrag-unknown-without-id').length === 0 && withCode(d, 'fewshot-duplicate-example').length === 0, SLOW_MS);
    // Still checked (not merely cleared): four examples where SimGRAG's prompt carries twelve.
    assert.ok(withCode(after, 'fewshot-shot-count').length === 1, JSON.stringify(after.map((d) => `${String(codeOf(d))} ${d.message}`)));
    assert.deepEqual(fewshot(after).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => d.message), []);
  });

  test('a question→Cypher CSV: the row Neo4j rejects is an error on its line, gone when fixed', async function () {
    this.timeout(SLOW_MS * 2);
    const { doc, editor } = await openFixture('fewshot/pairs.csv');
    const ds = await waitForDiagnostics(doc.uri, 'a Cypher syntax error', (d) => withCode(d, 'fewshot-cypher-syntax').length > 0, SLOW_MS);
    const syntax = withCode(ds, 'fewshot-cypher-syntax');
    assert.ok(syntax.every((d) => d.severity === vscode.DiagnosticSeverity.Error && d.message.startsWith('Row 2:')), JSON.stringify(syntax.map((d) => d.message)));
    assert.ok(syntax.some((d) => d.range.start.line === lineOf(doc, 'LIMIT 5')), JSON.stringify(syntax.map((d) => d.range.start.line)));
    assert.ok(syntax.every((d) => d.range.start.line >= lineOf(doc, 'RETURN m.name ORDER BY')), 'an error outside row 2');

    await replaceOnce(editor, 'RETURN m.name ORDER BY', 'RETURN m.name ORDER BY m.name');
    const after = await waitForDiagnostics(doc.uri, 'no Cypher errors after the fix', (d) => withCode(d, 'fewshot-cypher-syntax').length === 0, SLOW_MS);
    assert.deepEqual(fewshot(after).filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => d.message), []);
  });

  test('a file outside the globs gets no few-shot diagnostics until kgrag.fewshot.files names it', async function () {
    this.timeout(SLOW_MS * 2);
    const prompt = new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri('fewshot/patterns.prompt.txt')));
    const { doc: outside } = await createFixture('notes/patterns.txt', prompt);
    // The same text inside the globs is checked: once it has its findings the server has had time for both.
    const { doc: inside } = await openFixture('fewshot/patterns.prompt.txt');
    await waitForDiagnostics(inside.uri, 'the prompt inside the globs', (d) => withCode(d, 'simgrag-unknown-without-id').length > 0, SLOW_MS);
    await new Promise((r) => setTimeout(r, 1500)); // longer than the check delay
    assert.deepEqual(fewshot(vscode.languages.getDiagnostics(outside.uri)).map((d) => d.message), []);

    // A relative glob is anchored at the workspace folder; the client restarts the server with the new selector.
    const defaults = vscode.workspace.getConfiguration('kgrag').inspect<string[]>('fewshot.files')?.defaultValue ?? [];
    try {
      await setFewShotFiles([...defaults, 'notes/*.txt']);
      const ds = await waitForDiagnostics(outside.uri, 'diagnostics once the glob names the file', (d) => withCode(d, 'simgrag-unknown-without-id').length > 0, SLOW_MS);
      assert.equal(withCode(ds, 'simgrag-unknown-without-id')[0]!.range.start.line, lineOf(outside, "('UNKNOWN person',"));
    } finally {
      await setFewShotFiles(undefined);
    }
    // The restart clears every finding with the old server; the file inside the globs is checked
    // again once the new one runs (so the suites after this one do not meet a restarting server).
    await waitForDiagnostics(inside.uri, 'the old server to stop', (d) => fewshot(d).length === 0, SLOW_MS);
    await waitForDiagnostics(inside.uri, 'the restarted server to check the prompt again', (d) => withCode(d, 'simgrag-unknown-without-id').length > 0, SLOW_MS);
    await new Promise((r) => setTimeout(r, 1500)); // still no findings for the file outside
    assert.deepEqual(fewshot(vscode.languages.getDiagnostics(outside.uri)).map((d) => d.message), []);
  });
});
