// The Evaluation view in the real extension host (issue 28): Evaluate Question Set on a .kgp set on
// the embedded sample graph, a miss opened from the view (through the same validated message path as
// its webview: kgrag.eval._receive) runs in the inspector where the inspector's own webview asks why
// not; the offered fix edits the .kgp (one undoable workspace edit), and the set evaluated again has
// the miss gone, compared with the previous run. What the view draws: test/vscode/ui/evaluation.spec.mjs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { EvalPanelSnapshot } from '../../../src/extension/eval/panel';
import type { InspectorSnapshot } from '../../../src/extension/inspector/panel';
import type { WhyNotAnswerMessage } from '../../../src/contracts/inspector/messages';
import { activeExtension, closeAllEditors, createFixture, fixtureUri, waitFor } from './helpers';

// From the sample's triples: James Cameron directed Titanic; no movie is called "Titanik".
const SET = `schema "movies.kgschema.json"

plan titanic_director {
  question "who directed Titanic"
  match (m: Movie = "Titanic") -[directed by]- (p: Person)
  return p
  expect "James Cameron"
  using cypher
}

plan titanik_director {
  question "who directed Titanik"
  match (m: Movie = "Titanik") -[directed by]- (p: Person)
  return p
  expect "James Cameron"
  using cypher
}
`;

const FILE = 'eval_suite.kgp';

function evalState(): Thenable<EvalPanelSnapshot | undefined> {
  return vscode.commands.executeCommand<EvalPanelSnapshot | undefined>('kgrag.eval._state');
}

function inspectorState(): Thenable<InspectorSnapshot | undefined> {
  return vscode.commands.executeCommand<InspectorSnapshot | undefined>('kgrag.inspector._state');
}

function evaluate(): Thenable<EvalPanelSnapshot | undefined> {
  return vscode.commands.executeCommand<EvalPanelSnapshot | undefined>('kgrag.evaluateSet', fixtureUri(FILE), { strategies: ['cypher'] });
}

suite('Evaluation view: evaluate a set, open a miss, apply its fix, evaluate again', function () {
  this.timeout(300_000);

  suiteSetup(async () => {
    await createFixture(FILE, SET);
    await activeExtension();
  });

  suiteTeardown(closeAllEditors);

  test('Evaluate Question Set: metrics, cause histogram and the miss; its fix edits the .kgp (undo restores it) and the miss is gone on re-evaluation', async () => {
    const first = await evaluate();
    const view = first?.view;
    assert.ok(view, 'no evaluation view');
    assert.equal(view.items, 2);
    assert.deepEqual(view.strategies, ['cypher']);
    const all = view.rows.find((r) => r.strategy === 'cypher' && r.group === null);
    assert.equal(all?.metrics.n, 2);
    assert.equal(all?.metrics.hits1, 0.5);
    assert.deepEqual(view.causes.map((c) => `${c.cause}=${c.count}`), ['cypher clause: name=1']);
    assert.deepEqual(view.misses.map((m) => `${m.strategy}:${m.id}:${m.rank}`), ['cypher:titanik_director:null']);
    assert.match(view.misses[0]!.summary, /^"James Cameron": /);
    // The view's webview came up and got the model.
    await waitFor('the evaluation webview ready', async () => ((await evalState())?.ready ? true : undefined), 30_000);

    // Open the miss as the webview's "Open" button does: the inspector shows its result and asks why not.
    const doc = await vscode.workspace.openTextDocument(fixtureUri(FILE));
    const before = doc.getText();
    assert.equal(await vscode.commands.executeCommand('kgrag.eval._receive', { type: 'openMiss', strategy: 'cypher', id: 'titanik_director' }), 'ok');
    const answered = await waitFor('the inspector to show the miss with its why-not', async () => {
      const s = await inspectorState();
      const a = s?.plan === 'titanik_director' ? s.whyNotAnswers.find((w) => w.status === 'ok' && w.entryId === s.entryId) : undefined;
      return a && s ? { s, a: a as Extract<WhyNotAnswerMessage, { status: 'ok' }> } : undefined;
    }, 120_000);
    assert.equal(answered.a.analysis.cause.kind, 'cypher-clause', answered.a.analysis.summary);
    assert.equal(answered.a.analysis.expected, 'James Cameron');
    const fix = answered.a.analysis.fixes.find((f) => f.kind === 'use-name');
    assert.ok(fix && fix.kind === 'use-name', JSON.stringify(answered.a.analysis.fixes));
    assert.equal(fix.to, 'Titanic');

    // Apply the fix as the inspector's button does: the .kgp itself is edited, nothing else.
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'applyFix', expected: 'James Cameron', entryId: answered.s.entryId, fix }), 'ok');
    await waitFor('the fix written into the .kgp', async () => (!doc.getText().includes('= "Titanik"') ? true : undefined), 60_000);
    const fixed = doc.getText().slice(doc.getText().indexOf('plan titanik_director'));
    assert.match(fixed, /\(m: Movie = "Titanic"\) -\[directed by\]- \(p: Person\)/);
    assert.ok(doc.isDirty, 'edited in the editor (undoable), not behind its back');
    assert.ok(doc.getText().includes('plan titanic_director {\n  question "who directed Titanic"'), 'the other plan is untouched');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled && d.languageId === 'kgplan'), 'no untitled copy');

    // Evaluate again (the document as edited): the miss is gone, and the view says what changed.
    const second = (await evaluate())?.view;
    assert.ok(second);
    assert.deepEqual(second.misses, []);
    assert.equal(second.rows.find((r) => r.group === null)?.metrics.hits1, 1);
    assert.equal(second.rows.find((r) => r.group === null)?.previous?.hits1, 0.5);
    assert.deepEqual(second.causes.map((c) => `${c.cause}=${c.count} (was ${c.previous})`), ['cypher clause: name=0 (was 1)']);
    assert.deepEqual(second.previous?.changes, [{ strategy: 'cypher', lost: [], gained: ['titanik_director'] }]);

    // Undo restores the file as it was; evaluated once more, the miss is back (and new since the last run).
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    await waitFor('undo to restore the set', async () => (doc.getText() === before ? true : undefined), 10_000);
    const third = (await evaluate())?.view;
    assert.deepEqual(third?.misses.map((m) => [m.id, m.newSinceLast ?? false]), [['titanik_director', true]]);
  });

  test('a JSON-lines set: CodeLens, rows per group, a bad line named; its miss opens with why-not from the plan as it ran (no .kgp to edit)', async () => {
    const director = (movie: string): string => `plan p {\n  match (m: Movie = "${movie}") -[directed by]- (d: Person)\n  return d\n  using cypher\n}\n`;
    const lines = [
      JSON.stringify({ id: 'titanic', plan: director('Titanic'), answers: ['James Cameron'], hop: 1 }),
      JSON.stringify({ id: 'titanik', plan: director('Titanik'), answers: ['James Cameron'], hop: 2 }),
      JSON.stringify({ id: 'no_answers', question: 'who directed Heat' }),
    ];
    const { doc } = await createFixture('eval_suite.jsonl', lines.join('\n') + '\n');
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', doc.uri);
    assert.deepEqual(lenses.map((l) => l.command?.title).filter((t) => t?.startsWith('Evaluate')), ['Evaluate Question Set (2 items)']);
    const kgpLenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', fixtureUri(FILE));
    assert.deepEqual(kgpLenses.map((l) => l.command?.title).filter((t) => t?.startsWith('Evaluate')), ['Evaluate Question Set (2 plans with expect)']);

    const view = (await vscode.commands.executeCommand<EvalPanelSnapshot | undefined>('kgrag.evaluateSet', doc.uri, { strategies: ['cypher'], groupBy: 'hop' }))?.view;
    assert.ok(view);
    assert.deepEqual(view.problems, [{ line: 3, message: 'no_answers: "answers" must be a non-empty list of strings' }]);
    assert.deepEqual(view.rows.map((r) => `${r.group ?? 'all'}:${r.metrics.n}:${r.metrics.hits1}`), ['1:1:1', '2:1:0', 'all:2:0.5']);
    assert.deepEqual(view.misses.map((m) => `${m.id}:${m.group}:${m.cause}`), ['titanik:2:cypher clause: name']);
    assert.equal(await vscode.commands.executeCommand('kgrag.eval._receive', { type: 'openMiss', strategy: 'cypher', id: 'titanik' }), 'ok');
    const answered = await waitFor('the why-not of the JSON-lines miss', async () => {
      const s = await inspectorState();
      // (request ids restart when the inspector's webview is re-created: the answer is told by its content)
      const a = s?.plan === 'titanik' ? s.whyNotAnswers.find((w) => (w.status === 'ok' ? w.entryId === s.entryId && w.analysis.plan === 'titanik' : w.expected === 'James Cameron')) : undefined;
      return a && s ? { s, a } : undefined;
    }, 120_000);
    assert.equal(answered.a.status, 'ok', answered.a.status === 'error' ? answered.a.message : '');
    if (answered.a.status !== 'ok') return;
    assert.equal(answered.a.analysis.expected, 'James Cameron');
    assert.equal(answered.a.analysis.cause.kind, 'cypher-clause');
    // A fix of a plan with no .kgp is re-run (the comparison opens) and written nowhere: the set is unchanged.
    const fix = answered.a.analysis.fixes.find((f) => f.kind === 'use-name');
    assert.ok(fix, `a fix that re-runs: ${JSON.stringify(answered.a.analysis.fixes)} (${answered.a.analysis.summary})`);
    const text = doc.getText();
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'applyFix', expected: 'James Cameron', entryId: answered.s.entryId, fix }), 'ok');
    await waitFor('the re-run beside it', async () => ((await inspectorState())?.comparing?.[0] === answered.s.entryId ? true : undefined), 120_000);
    assert.equal(doc.getText(), text);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled), 'no untitled copy');
  });

  test('cancelling an evaluation stops it: the command resolves without a view, and the view keeps the last evaluation', async () => {
    const before = (await evalState())?.view;
    assert.ok(before, 'an evaluation is on screen');
    // 400 items × 3 strategies: long enough on the sample graph to be cancelled while it runs.
    const plan = 'plan heat {\n  match (m: Movie "Heat") -[directed by]- (d: Person)\n  return d\n}\n';
    const lines = Array.from({ length: 400 }, (_, i) => JSON.stringify({ id: `heat${i}`, plan, answers: ['Michael Mann'] }));
    const { doc } = await createFixture('eval_long.jsonl', lines.join('\n') + '\n');
    const running = vscode.commands.executeCommand<EvalPanelSnapshot | undefined>('kgrag.evaluateSet', doc.uri, { strategies: ['gsd', 'mor', 'stem'] });
    await waitFor('the evaluation to be running', async () => ((await vscode.commands.executeCommand<number>('kgrag.cancelRunning')) > 0 ? true : undefined), 30_000);
    const began = Date.now();
    assert.equal(await running, undefined, 'a cancelled evaluation shows nothing');
    assert.ok(Date.now() - began < 20_000, `it stopped ${Date.now() - began} ms after Cancel`);
    const after = (await evalState())?.view;
    assert.equal(after?.at, before.at, 'the view keeps the evaluation it showed');
    assert.equal(after?.set.label, before.set.label);
  });

  test('a message the view does not speak is refused, naming what is wrong', async () => {
    assert.match(String(await vscode.commands.executeCommand('kgrag.eval._receive', { type: 'openMiss', strategy: 'nope', id: 'x' })), /strategy: expected one of/);
    assert.ok(((await evalState())?.rejected ?? 0) >= 1);
  });
});
