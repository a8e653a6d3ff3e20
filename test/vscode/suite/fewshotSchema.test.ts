// Issue 19, item 1: MoR's Amazon set opened under the workspace's movie schema. The editor shows
// the file-level "belongs to another graph" warning and the one real defect (example 907's
// malformed metapath, line 12846) instead of 1,826 errors, each problem ONCE in the Problems panel
// (the language server and "Validate Few-Shot Files" no longer both publish an open file), and a
// kgrag.fewshot.schemas glob gives the file its own schema.
import * as assert from 'node:assert/strict';
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, fixtureUri, waitFor, waitForDiagnostics, workspaceRoot } from './helpers';

const AMAZON = join(__dirname, '../../../../shared/data/fewshot/mor/amazon_1000.json');
const config = () => vscode.workspace.getConfiguration('kgrag');

suite('few-shot files against the wrong schema', () => {
  const uri = fixtureUri('fewshot/mor/amazon_1000.json');
  suiteSetup(async () => {
    mkdirSync(dirname(uri.fsPath), { recursive: true });
    copyFileSync(AMAZON, uri.fsPath);
    await config().update('schema.path', 'movies.kgschema.json', vscode.ConfigurationTarget.Workspace);
  });
  suiteTeardown(async () => {
    await config().update('schema.path', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('fewshot.schemas', undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
    await vscode.workspace.fs.delete(vscode.Uri.joinPath(workspaceRoot(), 'fewshot', 'mor'), { recursive: true, useTrash: false });
  });

  test('one file-level warning and the line-12846 defect, each listed once, also after Validate Few-Shot Files', async function () {
    this.timeout(180_000);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    const ds = await waitForDiagnostics(uri, 'the amazon diagnostics', (d) => d.some((x) => codeOf(x) === 'mor-malformed-metapath'), 120_000);
    assert.ok(ds.length <= 5, `a handful, not thousands: ${ds.length}: ${ds.map((d) => d.message).join(' | ').slice(0, 500)}`);
    const defect = ds.filter((d) => codeOf(d) === 'mor-malformed-metapath');
    assert.equal(defect.length, 1);
    assert.equal(defect[0]!.range.start.line, 12845, 'line 12846');
    assert.match(defect[0]!.message, /Example 907/);
    assert.equal(ds.filter((d) => codeOf(d) === 'fewshot-foreign-schema').length, 1);
    assert.equal(ds.filter((d) => codeOf(d) === 'fewshot-unknown-category').length, 0);

    // The workspace-wide check puts closed files in the Problems panel; the open one stays the server's.
    await vscode.commands.executeCommand('kgrag.validateFewShotFiles');
    const all = vscode.languages.getDiagnostics(uri);
    const key = (d: vscode.Diagnostic) => `${d.range.start.line}:${d.range.start.character}:${String(codeOf(d))}:${d.message}`;
    assert.equal(new Set(all.map(key)).size, all.length, `a problem listed twice: ${all.map(key).join(' | ').slice(0, 500)}`);
    assert.equal(all.filter((d) => codeOf(d) === 'mor-malformed-metapath').length, 1);
  });

  test('kgrag.fewshot.schemas gives the file its own schema: the warning goes, the defect stays', async function () {
    this.timeout(180_000);
    const amazonSchema = { labels: { product: { properties: ['title'] }, brand: { properties: ['name'] }, category: { properties: ['name'] } }, relationshipTypes: {} };
    await vscode.workspace.fs.writeFile(fixtureUri('fewshot/mor/amazon.kgschema.json'), new TextEncoder().encode(JSON.stringify(amazonSchema)));
    await config().update('fewshot.schemas', { '**/fewshot/mor/amazon*.json': 'fewshot/mor/amazon.kgschema.json' }, vscode.ConfigurationTarget.Workspace);
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // Any edit makes the server check again with the new setting.
    const editor = vscode.window.activeTextEditor!;
    await editor.edit((e) => e.insert(new vscode.Position(0, 0), ' '));
    const ds = await waitFor('the file checked against its own schema', () => {
      const d = vscode.languages.getDiagnostics(uri);
      return d.some((x) => codeOf(x) === 'mor-malformed-metapath') && !d.some((x) => codeOf(x) === 'fewshot-foreign-schema') ? d : undefined;
    }, 120_000);
    assert.equal(ds.filter((d) => codeOf(d) === 'mor-malformed-metapath').length, 1);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});
