// Ask the graph in the real extension host (issue 15): the grounded planner on the embedded sample
// graph, its Grounding view in the inspector, a model that may only choose among the numbered
// candidates (a local OpenAI-protocol server), and "use this candidate instead" from the view.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { InspectorSnapshot } from '../../../src/extension/inspector/panel';
import type { InspectQuestionOutcome } from '../../../src/extension/plans/inspectQuestion';
import { startFakeOpenAi } from '../../support/openAiServer';
import { activeExtension, closeAllEditors, createFixture, waitFor } from './helpers';

const KEYS = ['planner.kind', 'planner.endpoint', 'planner.model'];

async function setting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('kgrag').update(key, value, vscode.ConfigurationTarget.Workspace);
}

function inspectorState(): Thenable<InspectorSnapshot | undefined> {
  return vscode.commands.executeCommand<InspectorSnapshot | undefined>('kgrag.inspector._state');
}

function ask(question: string): Thenable<InspectQuestionOutcome | undefined> {
  return vscode.commands.executeCommand<InspectQuestionOutcome | undefined>('kgrag.inspectQuestion', { question, accept: 'run' });
}

suite('Ask the graph: grounded planner, model choice, Grounding view', function () {
  this.timeout(240_000);

  suiteSetup(async () => {
    await activeExtension();
  });

  teardown(closeAllEditors);

  suiteTeardown(async () => {
    for (const key of KEYS) await setting(key, undefined);
  });

  test('a plain question (no brackets) → grounded plan → answers, with the Grounding view in the inspector', async () => {
    await setting('planner.kind', 'grounded');
    await setting('planner.endpoint', '');
    const outcome = await ask('who directed Kismet');
    assert.equal(outcome?.proposal?.kind, 'proposal', JSON.stringify(outcome));
    assert.ok(outcome.result, 'the plan did not run');
    assert.deepEqual(outcome.result.answers.map((a) => a.value), ['William Dieterle']);
    const g = outcome.grounding;
    assert.ok(g && g.kind === 'planned', `no grounding: ${JSON.stringify(g)}`);
    assert.deepEqual(g.decidedBy, { kind: 'ranker' });
    assert.equal(g.chosen, 1);
    assert.equal(g.candidates[0]!.chain, 'directed_by');
    const anchor = g.mentions.find((m) => m.anchor);
    assert.equal(anchor?.text, 'Kismet');
    assert.deepEqual(anchor?.nodes.map((n) => `${n.name}:${n.label}`), ['Kismet:Movie']);
    assert.equal(g.ran.plan, outcome.result.plan);
    const shown = await waitFor('the inspector to show the grounding', async () => {
      const s = await inspectorState();
      return s?.plan === outcome.result!.plan && s.grounding ? s : undefined;
    });
    assert.deepEqual(shown.grounding, g);
  });

  test('"use this candidate instead" from the Grounding view re-plans and re-runs with that candidate, chosen by the user', async () => {
    await setting('planner.kind', 'grounded');
    const outcome = await ask('who directed Kismet');
    const g = outcome?.grounding;
    assert.ok(g && g.kind === 'planned');
    const other = g.candidates.find((c) => c.id !== g.chosen && c.chain !== g.candidates[g.chosen - 1]!.chain);
    assert.ok(other, 'a second candidate');
    const first = await waitFor('the first run in the history', async () => {
      const s = await inspectorState();
      return s?.grounding?.kind === 'planned' && s.grounding.chosen === g.chosen && s.entryId ? s.entryId : undefined;
    });
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'useCandidate', candidate: other.id }), 'ok');
    const after = await waitFor('the re-run with the other candidate', async () => {
      const s = await inspectorState();
      return s?.grounding?.kind === 'planned' && s.grounding.chosen === other.id ? s : undefined;
    });
    assert.ok(after.grounding?.kind === 'planned');
    assert.deepEqual(after.grounding.decidedBy, { kind: 'user' });
    // The re-plan replaced the plan that ran in its .kgp (the proposal's named file, one undoable
    // edit): the candidate's plan with the question, never an untitled copy.
    // Found by its URI: the re-run's inspector may hold the focus, so it need not be the active editor.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === outcome!.document);
    assert.ok(doc, `the proposal file itself is open: ${outcome!.document}`);
    assert.equal(doc.languageId, 'kgplan');
    assert.ok(!doc!.isUntitled && doc!.uri.scheme !== 'untitled');
    assert.match(doc!.getText(), /question "who directed Kismet"/);
    assert.equal(doc!.getText().match(/^plan /gm)?.length, 1, 'the plan that ran was replaced, not added to');
    assert.ok(doc!.isDirty, 'edited in the editor: Undo restores the plan that ran');
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled && d.languageId === 'kgplan'), 'no untitled copy');
    // An id the grounding does not list is ignored (the webview names candidates, never sends plans).
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'useCandidate', candidate: 999 }), 'ok');
    const still = (await inspectorState())?.grounding;
    assert.equal(still?.kind === 'planned' ? still.chosen : undefined, other.id);
    // Back to the first run from the history: its own grounding comes back with it.
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'openEntry', id: first }), 'ok');
    const back = await waitFor('the first run shown again', async () => {
      const s = await inspectorState();
      return s?.entryId === first ? s : undefined;
    });
    assert.equal(back.grounding?.kind === 'planned' ? back.grounding.chosen : undefined, g.chosen);
    assert.deepEqual(back.grounding?.kind === 'planned' ? back.grounding.decidedBy : undefined, { kind: 'ranker' });
  });

  test('a question asked from a .kgp goes into that .kgp; "Open as .kgp" adds a candidate beside the plan that ran; Undo takes both out', async () => {
    await setting('planner.kind', 'grounded');
    await setting('planner.endpoint', '');
    const original = 'schema "movies.kgschema.json"\n\n// who directed Kismet\n\nplan existing {\n  match (m: Movie "Heat") -[directed by]- (d: Person)\n  return d\n}\n';
    const { doc, editor } = await createFixture('ask_here.kgp', original);
    const line = doc.lineAt(2);
    editor.selection = new vscode.Selection(line.range.start.translate(0, 3), line.range.end);
    const outcome = await vscode.commands.executeCommand<InspectQuestionOutcome | undefined>('kgrag.inspectQuestion', { accept: 'run' });
    assert.equal(outcome?.question, 'who directed Kismet');
    assert.equal(outcome?.document, doc.uri.toString(), 'kept in the .kgp it was asked from');
    assert.deepEqual(outcome?.result?.answers.map((a) => a.value), ['William Dieterle']);
    const g = outcome?.grounding;
    assert.ok(g && g.kind === 'planned');
    const plans = (): string[] => [...doc.getText().matchAll(/^plan (\w+)/gm)].map((m) => m[1]!);
    assert.deepEqual(plans(), ['existing', g.ran.plan]);
    await waitFor('the inspector to show the proposal', async () => ((await inspectorState())?.plan === g.ran.plan ? true : undefined), 30_000);
    const other = g.candidates.find((c) => c.id !== g.chosen)!;
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'openCandidate', candidate: other.id }), 'ok');
    await waitFor('the candidate added beside it', async () => (plans().length === 3 ? true : undefined), 30_000);
    assert.deepEqual(plans(), ['existing', g.ran.plan, `${g.ran.plan}_c${other.id}`]);
    assert.ok(!vscode.workspace.textDocuments.some((d) => d.isUntitled && d.languageId === 'kgplan'), 'no untitled copy');
    // Each was one workspace edit: Undo twice restores the file as it was.
    // `undo` acts on the focused editor; the inspector may take the focus back after a run, so an undo
    // that changed nothing (same version) is sent again to the file, never one that did.
    const undoInFile = async (what: string, done: () => boolean): Promise<void> => {
      const version = doc.version;
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('undo');
      await waitFor(what, async () => {
        if (done()) return true;
        if (doc.version === version && vscode.window.activeTextEditor?.document !== doc) {
          await vscode.window.showTextDocument(doc);
          await vscode.commands.executeCommand('undo');
        }
        return undefined;
      }, 10_000);
    };
    await undoInFile('undo to take the candidate out', () => plans().length === 2);
    await undoInFile('undo to take the proposal out', () => doc.getText() === original);
  });

  test('a model chooses among the numbered candidates; a reply naming none is rejected, asked again, then the ranker decides', async () => {
    const server = await startFakeOpenAi();
    try {
      await setting('planner.kind', 'grounded');
      await setting('planner.endpoint', server.url);
      await setting('planner.model', 'chooser');
      server.reply = () => ({ content: '2' });
      const chosen = await ask('who directed Kismet');
      const g = chosen?.grounding;
      assert.ok(g && g.kind === 'planned', JSON.stringify(chosen));
      assert.equal(g.decidedBy.kind, 'model');
      assert.equal(g.chosen, 2);
      const prompt = server.requests.at(-1)?.body.messages?.map((m) => m.content).join('\n') ?? '';
      assert.match(prompt, /Question: who directed Kismet/);
      assert.match(prompt, /^1\. .*\n2\. /m);
      assert.equal(chosen!.result?.plan, g.ran.plan);

      const before = server.requests.length;
      server.reply = () => ({ content: 'I think the director query, probably.' });
      const refused = await ask('who directed Kismet');
      const r = refused?.grounding;
      assert.ok(r && r.kind === 'planned');
      assert.equal(server.requests.length - before, 2, 'asked once more after the rejected reply');
      assert.deepEqual(r.decidedBy, { kind: 'ranker' });
      assert.equal(r.rejectedReplies.length, 2);
      assert.match(r.rejectedReplies[0]!.reason, /not a single candidate number/);
      assert.deepEqual(refused!.result?.answers.map((a) => a.value), ['William Dieterle']);
    } finally {
      await server.close();
      await setting('planner.endpoint', undefined);
      await setting('planner.model', undefined);
    }
  });
});
