// "Why not X?" through the inspector's message path in the real extension host, for the strategies
// whose analysis is not gsd's: a MoR run and a Cypher run on the embedded sample graph, each with a
// planted miss; the webview's `whyNot` message (through the same validation, kgrag.inspector._receive)
// gets a `whyNotAnswer` naming the cause, and the offered fix's `applyFix` re-runs the plan and shows
// the comparison. What the webview draws of it: test/vscode/ui/whynot.spec.mjs.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { InspectorSnapshot } from '../../../src/extension/inspector/panel';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import type { WhyNotAnswerMessage } from '../../../src/contracts/inspector/messages';
import type { WhyNotResult } from '../../../src/contracts/whyNot';
import { activeExtension, closeAllEditors, createFixture, fixtureUri, waitFor } from './helpers';

// Planted from the sample's triples: Titanic was written by James Cameron, Kate Winslet starred in
// it (a "written by" step does not reach her); no movie is called "Titanik".
const PLANS = `schema "movies.kgschema.json"

plan titanic_writer_mor {
  question "who wrote Titanic"
  match (m: Movie "Titanic") -[written by]- (p: Person)
  return p
  expect "Kate Winslet"
  using mor
}

plan titanic_director_cypher {
  question "who directed Titanic"
  match (m: Movie = "Titanik") -[directed by]- (p: Person)
  return p
  expect "James Cameron"
  using cypher
}
`;

const FILE = 'whynot_suite.kgp';

function state(): Thenable<InspectorSnapshot | undefined> {
  return vscode.commands.executeCommand<InspectorSnapshot | undefined>('kgrag.inspector._state');
}

function receive(message: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('kgrag.inspector._receive', message);
}

let nextRequest = 7000;

/** Runs the plan (kept and shown in the inspector), then asks why not `expected` as the webview does; the answer posted back. */
async function runAndAsk(plan: string, expected: string): Promise<{ result: RetrievalResult; entryId: string; answer: WhyNotAnswerMessage }> {
  const result = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runPlan', fixtureUri(FILE).toString(), plan);
  assert.ok(result, `${plan} did not run`);
  assert.ok(!result.answers.some((a) => a.value === expected), `${expected} is returned: the miss is not planted`);
  const shown = await waitFor(`the inspector to show ${plan}`, async () => {
    const s = await state();
    return s?.plan === plan && s.entryId !== undefined ? s : undefined;
  }, 30_000);
  const requestId = nextRequest++;
  assert.equal(await receive({ type: 'whyNot', requestId, expected }), 'ok');
  const answer = await waitFor(`the why-not answer ${requestId}`, async () => (await state())?.whyNotAnswers.find((a) => a.requestId === requestId), 120_000);
  return { result, entryId: shown.entryId!, answer };
}

function analysisOf(answer: WhyNotAnswerMessage): WhyNotResult {
  assert.equal(answer.status, 'ok', answer.status === 'error' ? answer.message : '');
  return (answer as Extract<WhyNotAnswerMessage, { status: 'ok' }>).analysis;
}

/** Applies a fix as the webview's button does; the comparison of the run (A) and its re-run (B). */
async function applyFix(entryId: string, expected: string, fix: WhyNotResult['fixes'][number]): Promise<readonly string[]> {
  const kept = (await state())?.kept ?? 0;
  assert.equal(await receive({ type: 'applyFix', expected, entryId, fix }), 'ok');
  const s = await waitFor('the comparison with the re-run', async () => {
    const x = await state();
    return x?.comparing?.length === 2 && x.comparing[0] === entryId ? x : undefined;
  }, 120_000);
  assert.equal(s.kept, Math.min(50, kept + 1), 'the re-run is kept');
  return s.comparing!;
}

suite('Why not from the inspector: mor and cypher', function () {
  this.timeout(300_000);

  suiteSetup(async () => {
    await createFixture(FILE, PLANS);
    await activeExtension();
  });

  suiteTeardown(closeAllEditors);

  test('mor: the trajectory ended at layer 1 (the relation), with the route; the alias fix re-runs and returns it', async () => {
    const { entryId, answer } = await runAndAsk('titanic_writer_mor', 'Kate Winslet');
    const a = analysisOf(answer);
    assert.equal(answer.status === 'ok' ? answer.entryId : undefined, entryId, 'the answer is about the shown result');
    assert.equal(a.strategy, 'mor');
    assert.equal(a.cause.kind, 'mor-layer', a.summary);
    if (a.cause.kind !== 'mor-layer') return;
    assert.equal(a.cause.reason, 'relation');
    assert.equal(a.cause.layer, 1);
    assert.equal(a.cause.variable, 'm');
    assert.equal(a.cause.route?.pattern, '("Titanic")-[starred_actors]->("Kate Winslet")');
    const fix = a.fixes.find((f) => f.kind === 'add-alias');
    assert.ok(fix && fix.kind === 'add-alias', JSON.stringify(a.fixes));
    assert.equal(fix.target, 'starred_actors');
    assert.equal(fix.alias, 'written by');
    assert.equal(fix.outcome?.returned, true, 'the analysis re-ran the fix and it returns her');
    const [, rerun] = await applyFix(entryId, 'Kate Winslet', fix);
    assert.notEqual(rerun, entryId);
  });

  test('cypher: the name clause excludes it, quoted from the query; the use-name fix re-runs and returns it', async () => {
    const { entryId, answer } = await runAndAsk('titanic_director_cypher', 'James Cameron');
    const a = analysisOf(answer);
    assert.equal(a.strategy, 'cypher');
    assert.equal(a.cause.kind, 'cypher-clause', a.summary);
    if (a.cause.kind !== 'cypher-clause') return;
    assert.equal(a.cause.clause, 'name');
    assert.equal(a.cause.ref, 'm');
    // The name equality quoted from the query, with the name it compared written in.
    assert.equal(a.cause.text, '{`name`: "Titanik"}');
    assert.ok(a.cause.query.includes('{`name`: $p0}'), a.cause.query);
    const fix = a.fixes.find((f) => f.kind === 'use-name');
    assert.ok(fix && fix.kind === 'use-name', JSON.stringify(a.fixes));
    assert.deepEqual([fix.variable, fix.from, fix.to], ['m', 'Titanik', 'Titanic']);
    assert.equal(fix.outcome?.returned, true);
    const doc = await vscode.workspace.openTextDocument(fixtureUri(FILE));
    const before = doc.getText();
    await applyFix(entryId, 'James Cameron', fix);
    // The fix stays: the .kgp itself now names Titanic (one workspace edit), nothing else changed.
    await waitFor('the fix written into the .kgp', async () => (doc.getText().includes('(m: Movie = "Titanic")') ? true : undefined), 30_000);
    assert.ok(!doc.getText().includes('Titanik'));
    assert.ok(doc.getText().includes('plan titanic_writer_mor {\n  question "who wrote Titanic"'), 'the other plan is untouched');
    assert.ok(doc.isDirty, 'edited in the editor, not behind its back');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled && d.languageId === 'kgplan'), 'no untitled copy');
    // Run again from the file: the miss is gone.
    const again = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runPlan', fixtureUri(FILE).toString(), 'titanic_director_cypher');
    assert.ok(again?.answers.some((a) => a.value === 'James Cameron'), JSON.stringify(again?.answers));
    // Undo restores the file as it was.
    await vscode.window.showTextDocument(doc);
    await vscode.commands.executeCommand('undo');
    await waitFor('undo to restore the plan', async () => (doc.getText() === before ? true : undefined), 10_000);
  });

  test('a result that is no longer kept: a one-line error, not an analysis', async () => {
    const requestId = nextRequest++;
    assert.equal(await receive({ type: 'whyNot', requestId, expected: 'James Cameron', entryId: 'no-such-entry' }), 'ok');
    const answer = await waitFor('the error answer', async () => (await state())?.whyNotAnswers.find((a) => a.requestId === requestId), 30_000);
    assert.equal(answer.status, 'error');
    if (answer.status === 'error') {
      assert.equal(answer.expected, 'James Cameron');
      assert.match(answer.message, /no longer kept/);
      assert.ok(!answer.message.includes('\n'));
    }
  });
});
