// Document symbols (Outline view, breadcrumbs, Go to Symbol) from the language server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture } from './helpers';

suite('outline', () => {
  teardown(closeAllEditors);

  test('lists the plan with its nodes', async () => {
    const { doc } = await openFixture('co_actors.kgp');
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
    assert.ok(symbols && symbols.length > 0, 'no symbols');
    const flat: vscode.DocumentSymbol[] = [];
    const walk = (s: readonly vscode.DocumentSymbol[]) => s.forEach((x) => { flat.push(x); walk(x.children ?? []); });
    walk(symbols);
    const plan = flat.find((s) => s.name.includes('co_actor_languages'));
    assert.ok(plan, `no plan symbol among ${JSON.stringify(flat.map((s) => s.name))}`);
    assert.equal(doc.getText(plan.selectionRange), 'co_actor_languages');
    for (const v of ['vow', 'actor', 'film', 'lang']) assert.ok(flat.some((s) => s.name.includes(v)), `node ${v} missing from the outline`);
  });
});
