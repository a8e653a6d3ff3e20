// Diagnostics from the KG Plan language server: reported with code and exact range as the file is
// opened, gone when the file is fixed, and schema checks against the fixture's movies.kgschema.json.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, openFixture, waitFor, waitForDiagnostics } from './helpers';

suite('diagnostics', () => {
  teardown(closeAllEditors);

  test('a syntax error is reported with its code and exact position', async () => {
    const { doc } = await openFixture('broken.kgp');
    const ds = await waitForDiagnostics(doc.uri, 'a syntax error', (d) => d.length > 0);
    const err = ds.find((d) => d.severity === vscode.DiagnosticSeverity.Error);
    assert.ok(err, 'no error diagnostic');
    assert.match(String(codeOf(err)), /^KGP1\d\d$/);
    assert.equal(err.source, 'kgplan');
    // broken.kgp line 6 (one-based): `(d: Person` is never closed; the error sits at the line's end.
    const line = doc.lineAt(5);
    assert.ok(line.text.includes('(d: Person'), `unexpected fixture line: ${line.text}`);
    assert.equal(err.range.start.line, 5);
    assert.equal(err.range.start.character, line.text.trimEnd().length);
  });

  test('the diagnostic disappears when the file is fixed', async () => {
    const { doc, editor } = await openFixture('broken.kgp');
    await waitForDiagnostics(doc.uri, 'the syntax error', (d) => d.length > 0);
    const line = doc.lineAt(5);
    const ok = await editor.edit((e) => e.insert(new vscode.Position(5, line.text.trimEnd().length), ')'));
    assert.ok(ok, 'edit was not applied');
    await waitForDiagnostics(doc.uri, 'no diagnostics after the fix', (d) => d.length === 0);
  });

  test('a misspelt category is reported against the schema with a suggestion', async () => {
    const { doc } = await openFixture('typo.kgp');
    const ds = await waitForDiagnostics(doc.uri, 'an unknown-category diagnostic', (d) => d.some((x) => String(codeOf(x)).startsWith('KGP3')));
    const d = ds.find((x) => String(codeOf(x)).startsWith('KGP3'))!;
    assert.equal(doc.getText(d.range), 'Moive');
    assert.match(d.message, /Movie/);
  });

  test('a valid plan has no diagnostics', async () => {
    const { doc } = await openFixture('co_actors.kgp');
    // The server answers requests in order: once the outline is back it has seen the file.
    await waitFor('the outline from the language server', async () => {
      const s = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', doc.uri);
      return s && s.length > 0 ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 1500)); // longer than the server's check delay
    assert.deepEqual(vscode.languages.getDiagnostics(doc.uri).map((x) => x.message), []);
  });
});
