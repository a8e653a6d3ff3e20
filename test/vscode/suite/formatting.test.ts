// Format Document through the language server: canonical layout, and idempotent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture, waitFor } from './helpers';

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
  const edits = await vscode.commands.executeCommand<vscode.TextEdit[] | undefined>('vscode.executeFormatDocumentProvider', uri, { tabSize: 2, insertSpaces: true });
  return edits ?? [];
}

/** Formats through the server; waits for the first edits (the server may still be starting). */
async function formatUntilEdited(doc: vscode.TextDocument): Promise<void> {
  const edits = await waitFor('edits from the formatter', async () => {
    const e = await formatEdits(doc.uri);
    return e.length > 0 ? e : undefined;
  });
  const we = new vscode.WorkspaceEdit();
  we.set(doc.uri, edits);
  assert.ok(await vscode.workspace.applyEdit(we), 'the formatting edits were not applied');
}

suite('formatting', () => {
  teardown(closeAllEditors);

  test('Format Document lays a messy plan out canonically', async () => {
    const { doc } = await openFixture('unformatted.kgp');
    assert.notEqual(doc.getText(), FORMATTED);
    await formatUntilEdited(doc);
    assert.equal(doc.getText(), FORMATTED);
  });

  test('formatting is idempotent: a second Format Document changes nothing', async () => {
    const { doc, editor } = await openFixture('co_actors.kgp');
    // Mess the layout up first, so the first format has work to do.
    const line = doc.lineAt(doc.getText().split('\n').findIndex((l) => l.includes('return lang')));
    assert.ok(await editor.edit((e) => e.replace(line.range, 'return     lang')));
    await formatUntilEdited(doc);
    const once = doc.getText();
    assert.match(once, /^ {2}return lang$/m);
    const second = await formatEdits(doc.uri);
    const we = new vscode.WorkspaceEdit();
    we.set(doc.uri, second);
    await vscode.workspace.applyEdit(we);
    assert.equal(doc.getText(), once);
  });
});
