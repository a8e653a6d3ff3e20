// Issue 26 point 4 in the real VS Code: Open as Cypher → edit → Ctrl+Enter answers with the plan's
// return variable (film), not the first returned column (vow); an unrelated query loses the plan's title.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { activeExtension, closeAllEditors, fixtureUri, waitFor } from './helpers';

const PLANS = 'firsthour/first-hour.kgp';

suite('never mislead (issue 26)', function () {
  // The first run on the sample graph builds its search index.
  this.timeout(240_000);

  suiteSetup(async () => {
    await activeExtension();
    await vscode.commands.executeCommand('kgrag.chooseGraph', { kind: 'sample', connect: false });
  });
  teardown(closeAllEditors);

  test('issue 26: Open as Cypher, edit, Ctrl+Enter answers with the return variable; an unrelated query keeps no plan title', async () => {
    await vscode.commands.executeCommand('kgrag.openAsCypher', fixtureUri(PLANS).toString(), 'vow_costars_cypher');
    const editor = await waitFor('the Cypher editor', () => (vscode.window.activeTextEditor?.document.languageId === 'cypher' ? vscode.window.activeTextEditor : undefined));
    const doc = editor.document;
    assert.match(doc.getText(), /^\/\/ return: film \(/m, doc.getText());
    const replaceAll = async (text: string): Promise<void> => {
      const we = new vscode.WorkspaceEdit();
      we.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), text);
      assert.ok(await vscode.workspace.applyEdit(we));
      await vscode.window.showTextDocument(doc);
    };
    const check = (r: RetrievalResult | undefined, title: string): RetrievalResult => {
      assert.ok(r?.cypher?.table && r.cypher.table.total > 0, 'the query ran');
      assert.equal(r.plan, title);
      const col = r.cypher.table.columns.indexOf('film');
      const films = new Set(r.cypher.table.rows.map((row) => String(row[col])));
      assert.ok(r.answers.length > 0);
      for (const a of r.answers) {
        assert.ok(films.has(a.value), `${a.value} is a film of the rows`);
        assert.deepEqual(a.labels, ['Movie'], a.value);
      }
      assert.ok(!r.answers.some((a) => a.value.toLowerCase() === 'the vow' && !films.has(a.value)), 'not the first column');
      return r;
    };
    check(await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runCypher'), 'vow_costars_cypher (Cypher)');
    // Edited (a smaller limit), still returning film: the plan's title, said to be edited.
    await replaceAll(doc.getText().replace(/LIMIT \d+/, 'LIMIT 5'));
    check(await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runCypher'), 'vow_costars_cypher (Cypher), edited');
    // An unrelated query in the same document: not the plan's title; the answers are its first column, and it says so.
    const params = doc.getText().split('\n').filter((l) => l.startsWith('//'));
    await replaceAll([...params, '', 'MATCH (m:Movie) RETURN m.name AS title, id(m) AS title_id LIMIT 3'].join('\n'));
    const other = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runCypher');
    assert.ok(other);
    assert.ok(!other.plan.startsWith('vow_costars_cypher'), other.plan);
    assert.match((other.warnings ?? []).join('\n'), /no longer returns film/);
  });
});
