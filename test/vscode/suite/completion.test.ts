// Completion from the schema: categories after ':' in a node, relationship types after '-[:'.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, createFixture, openFixture, waitForDiagnostics } from './helpers';

function labels(list: vscode.CompletionList | undefined): string[] {
  return (list?.items ?? []).map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

suite('completion', () => {
  teardown(closeAllEditors);

  test("after ':' in a node it offers the schema's categories", async () => {
    const { doc } = await openFixture('completion.kgp');
    // Wait for the first check: it is what loads the file's schema in the server.
    await waitForDiagnostics(doc.uri, 'the first check', (d) => d.length > 0);
    const at = doc.positionAt(doc.getText().indexOf('(d: ') + 4);
    const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at);
    const got = labels(list);
    for (const name of ['Movie', 'Person', 'Language', 'Genre']) assert.ok(got.includes(name), `${name} missing from ${JSON.stringify(got)}`);
  });

  test("after '-[:' it offers the schema's relationship types", async () => {
    const text = 'schema "movies.kgschema.json"\n\nplan rel {\n  match\n    (m: Movie) -[:]-> (d: Person)\n  return d\n}\n';
    const { doc } = await createFixture('rel-completion.kgp', text);
    // The first check loads the schema; an empty `-[:]` may or may not be an error, so wait for the outline instead.
    await vscode.commands.executeCommand('vscode.executeDocumentSymbolProvider', doc.uri);
    const at = doc.positionAt(text.indexOf('-[:') + 3);
    let got: string[] = [];
    const deadline = Date.now() + 10_000;
    while (!got.includes('directed_by') && Date.now() < deadline) {
      got = labels(await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, at));
      if (!got.includes('directed_by')) await new Promise((r) => setTimeout(r, 200));
    }
    for (const name of ['directed_by', 'starred_actors', 'in_language']) assert.ok(got.includes(name), `${name} missing from ${JSON.stringify(got)}`);
    assert.ok(!got.includes('Movie'), 'categories offered where a relationship type belongs');
  });
});
