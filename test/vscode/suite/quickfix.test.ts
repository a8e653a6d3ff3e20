// Quick fixes: the "did you mean" fix of a schema diagnostic edits the file and the problem goes away.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, openFixture, waitForDiagnostics } from './helpers';

suite('quick fixes', () => {
  teardown(closeAllEditors);

  test('the did-you-mean quick fix replaces a misspelt category and clears the diagnostic', async () => {
    const { doc } = await openFixture('typo.kgp');
    const ds = await waitForDiagnostics(doc.uri, 'an unknown-category diagnostic', (d) => d.some((x) => String(codeOf(x)).startsWith('KGP3')));
    const d = ds.find((x) => String(codeOf(x)).startsWith('KGP3'))!;
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, d.range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions?.find((a) => /Movie/.test(a.title));
    assert.ok(fix, `no quick fix mentioning Movie among ${JSON.stringify(actions?.map((a) => a.title))}`);
    assert.ok(fix.edit, 'the quick fix has no edit');
    assert.ok(await vscode.workspace.applyEdit(fix.edit), 'the quick fix edit was not applied');
    assert.match(doc.getText(), /\(m: Movie "Heat"\)/);
    assert.doesNotMatch(doc.getText(), /Moive/);
    await waitForDiagnostics(doc.uri, 'no schema diagnostics after the fix', (x) => !x.some((y) => String(codeOf(y)).startsWith('KGP3')));
  });
});
