// Format Document through the language server: canonical layout, and idempotent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture } from './helpers';

const FORMATTED = [
  'schema "movies.kgschema.json"',
  '',
  'plan heat_director {',
  '  question "who directed Heat"',
  '  match',
  '    (m: Movie "Heat") -[directed by]-> (d: Person)',
  '  return d',
  '  using cypher(limit: 10)',
  '}',
  '',
].join('\n');

async function formatEdits(uri: vscode.Uri): Promise<vscode.TextEdit[]> {
  const edits = await vscode.commands.executeCommand<vscode.TextEdit[]>('vscode.executeFormatDocumentProvider', uri, { tabSize: 2, insertSpaces: true });
  return edits ?? [];
}

suite('formatting', () => {
  teardown(closeAllEditors);

  test('Format Document lays a messy plan out canonically', async () => {
    const { doc } = await openFixture('unformatted.kgp');
    assert.notEqual(doc.getText(), FORMATTED);
    const edits = await formatEdits(doc.uri);
    assert.ok(edits.length > 0, 'the formatter returned no edits');
    const we = new vscode.WorkspaceEdit();
    we.set(doc.uri, edits);
    assert.ok(await vscode.workspace.applyEdit(we));
    assert.equal(doc.getText(), FORMATTED);
  });

  test('formatting a formatted plan changes nothing', async () => {
    const { doc } = await openFixture('co_actors.kgp');
    const first = await formatEdits(doc.uri);
    const we = new vscode.WorkspaceEdit();
    we.set(doc.uri, first);
    await vscode.workspace.applyEdit(we);
    const once = doc.getText();
    const second = await formatEdits(doc.uri);
    const we2 = new vscode.WorkspaceEdit();
    we2.set(doc.uri, second);
    await vscode.workspace.applyEdit(we2);
    assert.equal(doc.getText(), once);
  });
});
