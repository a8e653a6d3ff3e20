// The Test Explorer against a baseline and tests pinned per folder, in the real extension host on
// the sample movie graph (the real embedded engine): Save Test Baseline → a plan edited so it loses
// answers → Compare Tests with Baseline fails it at its expect line, naming what was lost; unchanged
// it passes; with kgrag.testing.baseline set an ordinary run compares too; a folder pinned by
// kgrag.testing.graphs to another graph is skipped with the reason, and a file's own graph line wins.
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { PlanTestRunSummary, ReportedTest } from '../../../src/extension/plans/testController';
import type { SavedBaseline } from '../../../src/extension/plans/testBaseline';
import { parseBaseline } from '../../../src/core/testing';
import { activeExtension, closeAllEditors, createFixture, fixtureUri, waitFor } from './helpers';

// gsd(k: 4) returns Tom Hanks's two films and two nearest others; k: 2 only the two films.
const plan = (k: number) => `plan hanks_films {
  question "which films did Tom Hanks act in"
  match (actor: Person "Tom Hanks") -[starred actors]- (film: Movie)
  return film
  expect "The Da Vinci Code", "Catch Me If You Can"
  using gsd(k: ${k})
}
`;
// 1-based line of the expect clause above.
const EXPECT_LINE = 5;

const PINNED = `plan heat_director {
  match (m: Movie "Heat") -[directed by]-> (d: Person)
  return d
  expect "Michael Mann"
}
`;

const FILE = 'baseline/plans.kgp';
const BASE = 'baseline/base.json';

async function setting(key: string, value: unknown, target = vscode.ConfigurationTarget.Workspace): Promise<void> {
  await vscode.workspace.getConfiguration('kgrag', fixtureUri('baseline')).update(key, value, target);
}

function mine(summary: PlanTestRunSummary | undefined, file: string, planName: string): ReportedTest {
  assert.ok(summary, 'the run returned nothing');
  const r = summary.reported.find((x) => x.uri === fixtureUri(file).toString() && x.plan === planName);
  assert.ok(r, `${file} ${planName} was not reported: ${JSON.stringify(summary.reported.map((x) => `${x.uri} ${x.plan}`))}`);
  return r;
}

async function writePlan(name: string, text: string): Promise<void> {
  await vscode.workspace.fs.writeFile(fixtureUri(name), new TextEncoder().encode(text));
}

/** Edits and saves a file the editor has open, so the document and the disk agree (the Test Explorer reads open documents first). */
async function editPlan(name: string, text: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(name));
  const edit = new vscode.WorkspaceEdit();
  edit.replace(doc.uri, new vscode.Range(0, 0, doc.lineCount, 0), text);
  assert.ok(await vscode.workspace.applyEdit(edit));
  assert.ok(await doc.save());
  assert.equal(doc.getText(), text);
}

suite('Test Explorer: baselines and per-folder graph pins', function () {
  this.timeout(240_000);

  suiteSetup(async () => {
    await createFixture(FILE, plan(4));
    await activeExtension();
    await waitFor('the plan test discovered', async () => {
      const s = await vscode.commands.executeCommand<{ items: { id: string; children: string[] }[] }>('kgrag.tests._state');
      return s.items.find((i) => i.id === fixtureUri(FILE).toString())?.children.includes('hanks_films') ? true : undefined;
    }, 30_000);
  });

  teardown(closeAllEditors);

  suiteTeardown(async () => {
    await setting('testing.baseline', undefined);
    await setting('testing.graphs', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    for (const f of [FILE, BASE, 'baseline/pinned/p.kgp', 'baseline/pinned/own.kgp']) await vscode.workspace.fs.delete(fixtureUri(f), { useTrash: false }).then(undefined, () => undefined);
  });

  test('Save Test Baseline writes the kgrag test --save-baseline file; unchanged, Compare passes; a plan that lost answers fails at its expect line naming them', async () => {
    const saved = await vscode.commands.executeCommand<SavedBaseline | undefined>('kgrag.saveTestBaseline', { file: BASE });
    assert.ok(saved && saved.tests >= 1, JSON.stringify(saved));
    assert.ok(existsSync(fixtureUri(BASE).fsPath), 'no baseline file written');
    // The same format kgrag test reads: parseBaseline is the CLI's reader.
    const baseline = parseBaseline(readFileSync(fixtureUri(BASE).fsPath, 'utf8'));
    const entry = baseline.entries.find((e) => e.id === `${FILE}:hanks_films`);
    assert.ok(entry, `no entry for ${FILE}:hanks_films in ${JSON.stringify(baseline.entries.map((e) => e.id))}`);
    // Tom Hanks's two films first; ranks 3 and 4 are films of the two names nearest "Tom Hanks" (near
    // ties among other Toms, which the embedder decides: read them, don't pin them).
    const values = entry.answers.map((a) => a.value);
    assert.deepEqual(values.slice(0, 2), ['The Da Vinci Code', 'Catch Me If You Can']);
    assert.equal(values.length, 4, values.join(', '));
    const [third, fourth] = [values[2]!, values[3]!];
    const escape = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    assert.equal(entry.line, EXPECT_LINE);
    assert.match(baseline.graph.fingerprint ?? '', /\S/);

    const same = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.compareTestsWithBaseline', { file: BASE });
    const unchanged = mine(same, FILE, 'hanks_films');
    assert.equal(unchanged.state, 'passed', unchanged.message);
    assert.ok(same!.baseline, 'the run was not compared');
    assert.ok(!same!.baseline.lines.some((l) => l.includes(FILE)), same!.baseline.lines.join('\n'));

    // The edit: k: 2 keeps the expected answers (the plan's own test still passes) and loses two.
    await editPlan(FILE, plan(2));
    const after = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.compareTestsWithBaseline', { file: BASE });
    assert.equal(after?.outcomes.find((o) => o.plan === 'hanks_films' && o.uri === fixtureUri(FILE).toString())?.status, 'passed', 'the expect clause itself still holds');
    const regressed = mine(after, FILE, 'hanks_films');
    assert.equal(regressed.state, 'failed');
    assert.equal(regressed.line, EXPECT_LINE, 'the failure is anchored at the expect line');
    assert.match(regressed.message, new RegExp(`^regressed against the baseline ${BASE}: lost "${escape(third)}" \\(was rank 3\\), "${escape(fourth)}" \\(was rank 4\\) — the test still passes`));
    assert.ok(after!.baseline && after!.baseline.regressions >= 1);
    assert.ok(after!.baseline.lines.some((l) => l.startsWith(`REGRESSED  ${FILE}:${EXPECT_LINE} hanks_films — lost "${third}"`)), after!.baseline.lines.join('\n'));

    // With kgrag.testing.baseline set, an ordinary run compares the same way.
    await setting('testing.baseline', BASE);
    const ordinary = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.runAllPlanTests');
    assert.equal(mine(ordinary, FILE, 'hanks_films').state, 'failed');
    assert.equal(ordinary?.baseline?.file, BASE);
    // Back to the saved plan: the comparison passes again.
    await editPlan(FILE, plan(4));
    const restored = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.runAllPlanTests');
    assert.equal(mine(restored, FILE, 'hanks_films').state, 'passed');
    await setting('testing.baseline', undefined);
    const plain = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.runAllPlanTests');
    assert.equal(plain?.baseline, undefined, 'without the setting a run is not compared');
  });

  test('kgrag.testing.graphs pins a folder: its tests are skipped on another graph with the reason; a file\'s own graph line wins', async () => {
    await writePlan('baseline/pinned/p.kgp', PINNED);
    // The sample graph's database folder is called sample-graph: this file's own line pins it there.
    await writePlan('baseline/pinned/own.kgp', 'graph "sample-graph"\n' + PINNED.replace('heat_director', 'heat_director_own'));
    await setting('testing.graphs', { 'baseline/pinned': 'another-graph' }, vscode.ConfigurationTarget.WorkspaceFolder);
    const summary = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.runAllPlanTests');
    const skipped = mine(summary, 'baseline/pinned/p.kgp', 'heat_director');
    assert.equal(skipped.state, 'skipped');
    assert.match(skipped.message, /^pinned to graph "another-graph" \(kgrag\.testing\.graphs for folder "baseline\/pinned"\), not the graph in use \(.*sample-graph\)$/);
    assert.equal(skipped.line, 4, 'the skip is shown at the expect line');
    assert.ok(!summary!.outcomes.some((o) => o.plan === 'heat_director'), 'a skipped test never ran');
    assert.equal(mine(summary, 'baseline/pinned/own.kgp', 'heat_director_own').state, 'passed');
    assert.ok(summary!.skipped >= 1);
    assert.match(summary!.line, /^\d+ passed, \d+ failed, \d+ skipped \(pinned to another graph\)$/);
    // The tests read the same record through the Test Explorer's state.
    const state = await vscode.commands.executeCommand<{ lastRun?: PlanTestRunSummary }>('kgrag.tests._state');
    assert.equal(mine(state.lastRun, 'baseline/pinned/p.kgp', 'heat_director').state, 'skipped');
    // Unpinned again, the test runs.
    await setting('testing.graphs', undefined, vscode.ConfigurationTarget.WorkspaceFolder);
    const again = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.runAllPlanTests');
    assert.equal(mine(again, 'baseline/pinned/p.kgp', 'heat_director').state, 'passed');
  });
});
