// The not-found warning in the editor (issue 14): once a graph is connected, a named node's text the
// graph does not hold gets a warning naming the nearest names, and "Replace with" applies one. The
// run itself carries the warning (the inspector's banner is asserted by test/vscode/ui/entities.spec.mjs).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, closeAllEditors, codeOf, openFixture, waitForDiagnostics } from './helpers';

suite('named entities against the connected graph', () => {
  suiteSetup(activeExtension);
  teardown(closeAllEditors);

  test('"Joe Thomas": the run says it is not in the graph; the editor warns on the text and the quick fix replaces it', async function () {
    this.timeout(240_000);
    const { doc } = await openFixture('not_found.kgp');
    // Running a plan connects the sample graph (imported on first use).
    const result = await vscode.commands.executeCommand<{ notFound?: Array<{ text: string; nearest?: string }>; warnings?: string[] } | undefined>('kgrag.runPlan', doc.uri.toString(), 'joe_thomas_films');
    assert.ok(result, 'kgrag.runPlan returned no result (see the extension log)');
    assert.equal(result.notFound?.[0]?.text, 'Joe Thomas');
    assert.ok(result.notFound?.[0]?.nearest, 'the nearest name is given');

    const ds = await waitForDiagnostics(doc.uri, 'the KGP400 warning on "Joe Thomas"', (d) => d.some((x) => codeOf(x) === 'KGP400'), 120_000);
    const w = ds.filter((x) => codeOf(x) === 'KGP400');
    assert.equal(w.length, 1, `only Joe Thomas (The Vow is in the graph): ${w.map((x) => x.message).join(' | ')}`);
    assert.equal(w[0]!.severity, vscode.DiagnosticSeverity.Warning);
    assert.equal(doc.getText(w[0]!.range), '"Joe Thomas"');
    assert.match(w[0]!.message, /^'Joe Thomas' is not in the graph as a Person \(.+\); nearest: '[^']+' \(\d\.\d\d\)/);

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', doc.uri, w[0]!.range, vscode.CodeActionKind.QuickFix.value);
    const replace = (actions ?? []).filter((a) => a.title.startsWith('Replace with'));
    assert.equal(replace.length, 3, JSON.stringify(actions?.map((a) => a.title)));
    const name = /^Replace with '(.+)'$/.exec(replace[0]!.title)![1]!;
    assert.ok(await vscode.workspace.applyEdit(replace[0]!.edit!), 'the quick fix edit was not applied');
    assert.match(doc.getText(), new RegExp(`\\(p: Person "${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"\\)`));
    await waitForDiagnostics(doc.uri, 'no KGP400 after the fix', (d) => !d.some((x) => codeOf(x) === 'KGP400'), 60_000);
  });
});
