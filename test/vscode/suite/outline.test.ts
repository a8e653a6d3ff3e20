// Document symbols (Outline view, breadcrumbs, Go to Symbol) from the language server.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, openFixture, waitFor } from './helpers';

suite('outline', () => {
  teardown(closeAllEditors);

  test('lists the plan with its nodes', async () => {
    const { doc } = await openFixture('co_actors.kgp');
    // Polls: right after activation (or a server restart) the outline provider may not be registered yet.
    const symbols = await waitFor('the outline from the language server', async () => {
      const s = await vscode.commands.executeCommand<vscode.DocumentSymbol[] | undefined>('vscode.executeDocumentSymbolProvider', doc.uri);
      return s && s.length > 0 ? s : undefined;
    });
    const flat: vscode.DocumentSymbol[] = [];
    const walk = (s: readonly vscode.DocumentSymbol[]) => s.forEach((x) => { flat.push(x); walk(x.children ?? []); });
    walk(symbols);
    const plan = flat.find((s) => s.name.includes('co_actor_languages'));
    assert.ok(plan, `no plan symbol among ${JSON.stringify(flat.map((s) => s.name))}`);
    assert.equal(doc.getText(plan.selectionRange), 'co_actor_languages');
    for (const v of ['vow', 'actor', 'film', 'lang']) assert.ok(flat.some((s) => s.name.includes(v)), `node ${v} missing from the outline`);
  });
});
