// The authoring workflow in the real extension host, walking the user jobs end to end on the
// embedded sample graph: run a plan from its CodeLens and see it in the inspector; select a
// question and get a proposed plan (no-model fallback and the HTTP planner against a local
// OpenAI-protocol server) that runs; plan tests in the Test Explorer (one passes, one fails);
// cancelling a long query and a long import; secrets in SecretStorage only.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { InspectorSnapshot } from '../../../src/extension/inspector/panel';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import type { InspectQuestionOutcome } from '../../../src/extension/plans/inspectQuestion';
import type { PlanTestRunSummary } from '../../../src/extension/plans/testController';
import { startFakeOpenAi } from '../../support/openAiServer';
import { activeExtension, closeAllEditors, createFixture, fixtureUri, openFixture, waitFor, waitForFirstRender, workspaceRoot } from './helpers';

interface WorkflowState {
  readonly graph: { readonly kind: string; readonly label: string };
  readonly health: { readonly state: string; readonly nodes?: number };
  readonly trusted: boolean;
  readonly operations: readonly { readonly title: string; readonly messages: readonly string[] }[];
}

const PLANS = `// Plan tests for the workflow suite: one passes, one fails.
plan co_actor_languages {
  question "what languages are the films that share actors with The Vow in"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)
    (film: Movie) -[starred actors]- (actor)
    (film) -[in language]-> (lang: Language)
  return lang
  expect "English"
  using gsd(k: 3)
}

plan kismet_wrong {
  question "who directed [Kismet]"
  match (m: Movie "Kismet") -[directed by]-> (d: Person)
  return d
  expect "Nobody Atall"
}
`;

// The planner's few-shot file: questions with their plans (no expect: not tests).
const EXAMPLES = `plan ex_directed {
  question "who directed [Heat]"
  match (m: Movie "Heat") -[directed by]-> (d: Person)
  return d
}

plan ex_co_actor_languages {
  question "what languages are the films that share actors with [The Vow] in"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)
    (film: Movie) -[starred actors]- (actor)
    (film) -[in language]-> (lang: Language)
  return lang
}

plan ex_release {
  question "when was [Titanic] released"
  match (m: Movie "Titanic") -[release year]-> (y: Year)
  return y
}
`;

// Three disconnected 1-hop parts compiled to Cypher: a cross product of ~10^8 rows.
const SLOW = `plan slow_cross_product {
  match
    (a: Tag) -- (m: Movie)
    (b: Tag) -- (n: Movie)
    (c: Person) -- (o: Movie)
  return a
  using cypher(limit: 100000000)
}
`;

function state(): Thenable<WorkflowState> {
  return vscode.commands.executeCommand<WorkflowState>('kgrag._state');
}

function inspectorState(): Thenable<InspectorSnapshot | undefined> {
  return vscode.commands.executeCommand<InspectorSnapshot | undefined>('kgrag.inspector._state');
}

async function setting(key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration('kgrag').update(key, value, vscode.ConfigurationTarget.Workspace);
}

async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return waitFor('CodeLenses above the plans', async () => {
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100);
    return lenses.some((l) => l.command?.command === 'kgrag.runPlan') ? lenses : undefined;
  });
}

function lens(lenses: readonly vscode.CodeLens[], command: string, plan: string): vscode.Command {
  const found = lenses.find((l) => l.command?.command === command && l.command.arguments?.[1] === plan)?.command;
  assert.ok(found, `no ${command} lens for ${plan}; lenses: ${lenses.map((l) => `${l.command?.title}:${String(l.command?.arguments?.[1])}`).join(', ')}`);
  return found;
}

/** Runs a command and, once an operation of it is running, cancels it with kgrag.cancelRunning. */
async function runAndCancel<T>(start: () => Thenable<T>, titlePart: string, ready: (op: WorkflowState['operations'][number]) => boolean): Promise<{ value: T; cancelled: number }> {
  const pending = start();
  const op = await waitFor(`a running "${titlePart}" operation`, async () => (await state()).operations.find((o) => o.title.includes(titlePart) && ready(o)), 60_000);
  assert.ok(op);
  const cancelled = await vscode.commands.executeCommand<number>('kgrag.cancelRunning');
  return { value: await pending, cancelled };
}

suite('Workflow: run, inspect, test', function () {
  this.timeout(240_000);
  let plansUri: vscode.Uri;

  suiteSetup(async () => {
    await createFixture('workflow/plans.kgp', PLANS);
    await createFixture('workflow/examples.kgp', EXAMPLES);
    plansUri = fixtureUri('workflow/plans.kgp');
    await activeExtension();
  });

  teardown(closeAllEditors);

  suiteTeardown(async () => {
    for (const key of ['graph.kind', 'graph.folder', 'graph.queryTimeoutMs', 'planner.kind', 'planner.endpoint', 'planner.model', 'planner.fewshotFile', 'neo4j.uri', 'neo4j.user']) await setting(key, undefined);
    await vscode.commands.executeCommand('kgrag.disconnect');
  });

  test('the sample graph is the default: the status shows it before anything is opened', async () => {
    const s = await state();
    assert.equal(s.graph.kind, 'sample');
    assert.equal(s.graph.label, 'Sample graph (movies)');
    assert.equal(s.trusted, true);
    assert.notEqual(s.health.state, 'error');
  });

  test('Run from the CodeLens retrieves on the sample graph (imported on first use) and the inspector shows it', async () => {
    const { doc } = await openFixture('workflow/plans.kgp');
    const lenses = await lensesOf(doc.uri);
    assert.deepEqual(
      lenses.filter((l) => l.command?.arguments?.[1] === 'co_actor_languages').map((l) => l.command!.command),
      ['kgrag.runPlan', 'kgrag.explainPlan', 'kgrag.profilePlan', 'kgrag.inspectPlan', 'kgrag.openAsCypher', 'kgrag.compareStrategies'],
    );
    const run = lens(lenses, 'kgrag.runPlan', 'co_actor_languages');
    const result = await vscode.commands.executeCommand<RetrievalResult | undefined>(run.command, ...(run.arguments ?? []));
    assert.ok(result, 'the run produced no result');
    assert.equal(result.plan, 'co_actor_languages');
    assert.equal(result.strategy, 'gsd');
    assert.ok(result.answers.some((a) => a.value === 'English'), `answers: ${result.answers.map((a) => a.value).join(', ')}`);
    assert.ok(result.subgraphs.length > 0);
    const s = await state();
    assert.equal(s.health.state, 'connected');
    assert.ok((s.health.nodes ?? 0) > 1000, `the sample graph holds ${String(s.health.nodes)} nodes`);
    const shown = await waitForFirstRender('the inspector to render the run', async () => {
      const i = await inspectorState();
      return i && i.ready && i.plan === 'co_actor_languages' && i.rendered.length > 0 ? i : undefined;
    });
    assert.equal(shown.resultId, result.id);
  });

  test('Explain and Profile from the CodeLens show the Cypher plan tree (profile with row counts)', async () => {
    const { doc } = await openFixture('workflow/plans.kgp');
    const lenses = await lensesOf(doc.uri);
    const explain = lens(lenses, 'kgrag.explainPlan', 'kismet_wrong');
    const explained = await vscode.commands.executeCommand<RetrievalResult | undefined>(explain.command, ...(explain.arguments ?? []));
    assert.ok(explained?.cypher, 'explain gave no Cypher');
    assert.equal(explained.cypher.mode, 'explain');
    assert.ok(explained.cypher.plan, 'explain gave no plan tree');
    assert.match(explained.cypher.text, /directed_by/);
    const profile = lens(lenses, 'kgrag.profilePlan', 'kismet_wrong');
    const profiled = await vscode.commands.executeCommand<RetrievalResult | undefined>(profile.command, ...(profile.arguments ?? []));
    assert.equal(profiled?.cypher?.mode, 'profile');
    const rows: number[] = [];
    const walk = (t: { rows?: number; children: readonly unknown[] }) => {
      if (t.rows !== undefined) rows.push(t.rows);
      t.children.forEach((c) => walk(c as { rows?: number; children: readonly unknown[] }));
    };
    walk(profiled!.cypher!.plan!);
    assert.ok(rows.length > 0, 'the profile has no row counts');
    assert.ok(profiled!.answers.length > 0);
  });

  test('Compare Strategies with gsd, mor and cypher keeps each result and shows their comparison (A = the plan\'s own strategy)', async () => {
    const { doc } = await openFixture('workflow/plans.kgp');
    const before = (await inspectorState())?.kept ?? 0;
    const ids = await vscode.commands.executeCommand<string[] | undefined>('kgrag.compareStrategies', doc.uri, 'co_actor_languages', ['cypher', 'mor', 'gsd']);
    assert.ok(ids && ids.length === 3, `kept ids: ${JSON.stringify(ids)}`);
    const shown = await waitFor('the inspector to show the comparison', async () => {
      const i = await inspectorState();
      return i?.comparing?.length === 3 ? i : undefined;
    }, 30_000);
    assert.deepEqual(shown.comparing, ids);
    assert.ok(shown.kept >= before + 3, `${shown.kept} kept after ${before}`);
    // Results compared from the history through the validated protocol: two of them, A first.
    assert.equal(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'compareEntries', ids: [ids[2], ids[0]] }), 'ok');
    const again = await waitFor('the second comparison', async () => {
      const i = await inspectorState();
      return i?.comparing?.length === 2 ? i : undefined;
    }, 30_000);
    assert.deepEqual(again.comparing, [ids[2], ids[0]]);
    assert.match(String(await vscode.commands.executeCommand('kgrag.inspector._receive', { type: 'compareEntries', ids: [ids[0]] })), /at least two results/);
  });

  test('a selected question with no model configured: the grounded planner proposes a query the graph answers, it runs and is inspected', async () => {
    await setting('planner.kind', 'auto');
    await setting('planner.endpoint', '');
    await setting('planner.fewshotFile', 'workflow/examples.kgp');
    const { editor } = await createFixture('workflow/questions.txt', 'Questions from users:\nwhat languages are the films that share actors with [Kismet] in\n');
    const line = editor.document.lineAt(1);
    editor.selection = new vscode.Selection(line.range.start, line.range.end);
    const outcome = await vscode.commands.executeCommand<InspectQuestionOutcome | undefined>('kgrag.inspectQuestion', { accept: 'run' });
    assert.ok(outcome?.proposal, `no proposal: ${JSON.stringify(outcome)}`);
    assert.equal(outcome.question, 'what languages are the films that share actors with [Kismet] in');
    assert.equal(outcome.proposal.kind, 'proposal');
    if (outcome.proposal.kind !== 'proposal') return;
    // No model: the grounded planner (core/ask), not a few-shot example with its entities swapped.
    assert.equal(outcome.proposal.source, 'grounded');
    assert.match(outcome.proposal.note, /grounded: "Kismet" → Kismet:Movie/);
    assert.match(outcome.note ?? '', /planning from the graph itself/);
    const plan = outcome.proposal.plan;
    assert.deepEqual(plan.nodes[0]!.text, { kind: 'exact', value: 'Kismet' });
    assert.deepEqual(plan.edges.map((e) => (e.relation.kind === 'type' ? e.relation.value : '?')), ['starred_actors', 'starred_actors', 'in_language']);
    assert.equal(plan.question, 'what languages are the films that share actors with [Kismet] in');
    // The proposal is an editable .kgp document.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === outcome.document);
    assert.ok(doc, 'the proposal document is not open');
    assert.equal(doc.languageId, 'kgplan');
    assert.match(doc.getText(), /= "Kismet"/);
    assert.ok(outcome.result, 'the accepted proposal did not run');
    assert.equal(outcome.result.plan, outcome.proposal.plan.name);
    assert.deepEqual(outcome.result.answers.map((a) => a.value), ['English']);
    const planName = outcome.proposal.plan.name;
    await waitFor('the inspector to show the proposal', async () => ((await inspectorState())?.plan === planName ? true : undefined));
  });

  test('VS Code language model chosen but none available: a readable "no model" reason, no proposal', async () => {
    await setting('planner.kind', 'languageModel');
    try {
      const outcome = await vscode.commands.executeCommand<InspectQuestionOutcome | undefined>('kgrag.inspectQuestion', { question: 'who directed [Heat]', accept: 'run' });
      assert.equal(outcome?.proposal, undefined);
      assert.match(outcome?.error ?? '', /no language model is available|the Language Model API is not available/);
    } finally {
      await setting('planner.kind', undefined);
    }
  });

  test('the HTTP planner: a local OpenAI-protocol server gets the few-shot prompt and the API key from SecretStorage; its plan runs', async () => {
    const server = await startFakeOpenAi();
    try {
      server.reply = () => ({ content: 'Here is the plan:\n```kgp\nplan who_directed_heat {\n  match (m: Movie "Heat") -[directed by]-> (d: Person)\n  return d\n}\n```' });
      await setting('planner.kind', 'http');
      await setting('planner.endpoint', server.url);
      await setting('planner.model', 'test-model');
      await setting('planner.fewshotFile', 'workflow/examples.kgp');
      await vscode.commands.executeCommand('kgrag.setPlannerApiKey', 'sk-workflow-secret-4711');
      const outcome = await vscode.commands.executeCommand<InspectQuestionOutcome | undefined>('kgrag.inspectQuestion', { question: 'who directed [Heat]', accept: 'run' });
      assert.equal(outcome?.proposal?.kind, 'proposal', JSON.stringify(outcome));
      assert.equal(outcome!.proposal!.source, 'http');
      const req = server.requests.at(-1);
      assert.ok(req, 'the server got no request');
      assert.equal(req.path, '/v1/chat/completions');
      assert.equal(req.authorization, 'Bearer sk-workflow-secret-4711');
      assert.equal(req.body.model, 'test-model');
      const contents = (req.body.messages ?? []).map((m) => m.content);
      assert.ok(contents.includes('when was [Titanic] released'), 'the prompt lacks the few-shot examples');
      assert.equal(contents.at(-1), 'who directed [Heat]');
      assert.ok(outcome!.result, 'the proposed plan did not run');
      assert.ok(outcome!.result.answers.some((a) => a.value === 'Michael Mann'), outcome!.result.answers.map((a) => a.value).join(', '));
      // The key is nowhere in the settings.
      const settingsFile = vscode.Uri.joinPath(workspaceRoot(), '.vscode', 'settings.json');
      assert.doesNotMatch(readFileSync(settingsFile.fsPath, 'utf8'), /sk-workflow-secret/);
      assert.doesNotMatch(JSON.stringify(vscode.workspace.getConfiguration('kgrag')), /sk-workflow-secret/);

      // A server error is a reason for the user, not an exception.
      server.reply = () => ({ status: 500, message: 'model crashed' });
      const failed = await vscode.commands.executeCommand<InspectQuestionOutcome | undefined>('kgrag.inspectQuestion', { question: 'who directed [Heat]', accept: 'run' });
      assert.equal(failed?.proposal?.kind, 'no-proposal');
      assert.equal(failed?.result, undefined);
    } finally {
      await server.close();
      await setting('planner.kind', undefined);
      await setting('planner.endpoint', undefined);
    }
  });

  test('the Test Explorer lists plans with expect and runs them: one passes, one fails with its answers', async () => {
    const tree = await waitFor('plan tests discovered', async () => {
      const s = await vscode.commands.executeCommand<{ items: { id: string; children: string[] }[] }>('kgrag.tests._state');
      return s.items.find((i) => i.id === plansUri.toString());
    });
    assert.deepEqual(tree.children.sort(), ['co_actor_languages', 'kismet_wrong']);
    const examples = await vscode.commands.executeCommand<{ items: { id: string }[] }>('kgrag.tests._state');
    assert.ok(!examples.items.some((i) => i.id === fixtureUri('workflow/examples.kgp').toString()), 'plans without expect are not tests');

    const summary = await vscode.commands.executeCommand<PlanTestRunSummary | undefined>('kgrag.runAllPlanTests');
    assert.ok(summary);
    assert.match(summary.line, /^\d+ passed, \d+ failed$/);
    const mine = summary.outcomes.filter((o) => o.uri === plansUri.toString());
    const pass = mine.find((o) => o.plan === 'co_actor_languages');
    const fail = mine.find((o) => o.plan === 'kismet_wrong');
    assert.equal(pass?.status, 'passed', pass?.message);
    assert.equal(pass?.hitsAtK, 1);
    assert.equal(fail?.status, 'failed');
    assert.deepEqual(fail?.missing, ['Nobody Atall']);
    assert.ok((fail?.answers.length ?? 0) > 0, 'the failure lists the retrieved answers');
    assert.match(fail!.message, /missing "Nobody Atall"/);
    assert.ok(summary.failed >= 1 && summary.passed >= 1);
  });

  test('cancelling a long query stops it: the run ends without a result and the next run works', async () => {
    // Without a working cancel this test would time out: the query runs for minutes.
    await setting('graph.queryTimeoutMs', 600_000);
    const { doc } = await createFixture('workflow/slow.kgp', SLOW);
    const lenses = await lensesOf(doc.uri);
    const run = lens(lenses, 'kgrag.runPlan', 'slow_cross_product');
    const { value, cancelled } = await runAndCancel(
      () => vscode.commands.executeCommand<RetrievalResult | undefined>(run.command, ...(run.arguments ?? [])),
      'slow_cross_product',
      (o) => o.messages.some((m) => m === 'running the Cypher query' || m.startsWith('searching')),
    );
    assert.equal(cancelled, 1);
    assert.equal(value, undefined);
    assert.deepEqual((await state()).operations, []);
    // Explain only plans the same query: it must not run it (with the raised timeout, running would take minutes).
    const explain = lens(lenses, 'kgrag.explainPlan', 'slow_cross_product');
    const explained = await vscode.commands.executeCommand<RetrievalResult | undefined>(explain.command, ...(explain.arguments ?? []));
    assert.equal(explained?.cypher?.mode, 'explain');
    assert.ok(explained?.cypher?.plan, 'no plan tree');
    assert.deepEqual(explained?.answers, []);
    await setting('graph.queryTimeoutMs', undefined);
    const again = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runPlan', plansUri.toString(), 'kismet_wrong');
    assert.ok(again && again.answers.length > 0, 'the engine did not recover after the cancelled query');
  });

  test('the schema view shows labels, relationship types with endpoints and property keys; Insert into Plan writes kgplan', async () => {
    const schema = await vscode.commands.executeCommand<{ labels: { name: string }[] } | undefined>('kgrag.showSchema');
    assert.ok(schema?.labels.some((l) => l.name === 'Movie'));
    interface Row { node: { kind: string; name?: string; type?: string; from?: string; to?: string }; label: string; children: Row[] }
    const tree = await vscode.commands.executeCommand<Row[]>('kgrag.schema._tree');
    assert.deepEqual(tree.map((r) => r.label), ['Labels', 'Relationship types', 'Property keys']);
    assert.ok(tree[0]!.children.some((r) => r.label === 'Person'));
    const directed = tree[1]!.children.find((r) => r.label === 'directed_by');
    assert.ok(directed, 'no directed_by relationship type');
    const endpoint = directed.children.find((r) => r.node.from === 'Movie' && r.node.to === 'Person');
    assert.ok(endpoint, 'directed_by has no Movie→Person endpoint');
    assert.ok(tree[2]!.children.some((r) => r.label === 'name'));

    const { editor } = await createFixture('workflow/insert.kgp', 'plan p {\n  match \n  return m\n}\n');
    editor.selection = new vscode.Selection(1, 8, 1, 8);
    assert.equal(await vscode.commands.executeCommand('kgrag.schema.insert', endpoint.node), true);
    assert.match(editor.document.lineAt(1).text, /^ {2}match \(movie: Movie\) -\[:directed_by\]-> \(person: Person\)$/);
  });

  test('the walkthrough path: Open Sample Workspace builds a workspace whose example plan runs and is inspected', async () => {
    const dest = mkdtempSync(join(tmpdir(), 'kgrag-sample-ws-'));
    try {
      const folder = await vscode.commands.executeCommand<string>('kgrag.openSampleWorkspace', { folder: dest, open: false });
      assert.equal(folder, dest);
      for (const f of ['examples/two_hop.kgp', 'samples/movies/movies.kgschema.json', '.vscode/settings.json']) assert.ok(existsSync(join(dest, f)), `${f} is missing`);
      assert.match(readFileSync(join(dest, '.vscode', 'settings.json'), 'utf8'), /"kgrag.graph.kind": "sample"/);
      const result = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.inspectPlan', vscode.Uri.file(join(dest, 'examples', 'two_hop.kgp')).toString(), 'co_actor_languages');
      assert.ok(result?.answers.some((a) => a.value === 'English'), JSON.stringify(result?.answers));
      await waitFor('the inspector to show the sample plan', async () => ((await inspectorState())?.resultId === result!.id ? true : undefined));
    } finally {
      rmSync(dest, { recursive: true, force: true });
    }
  });

  test('Validate Few-Shot Files puts the checker findings of the workspace few-shot files in Problems', async () => {
    const bad = '{\n  "target": "kgp",\n  "examples": [\n    {"question": "who directed Heat", "output": "plan d { match (m: Movie \\"Heat\\") -[directed by]-> (d: Person return d }"}\n  ]\n}\n';
    await vscode.workspace.fs.writeFile(fixtureUri('workflow/broken.fewshot.json'), new TextEncoder().encode(bad));
    const v = await vscode.commands.executeCommand<{ files: number; errors: number; perFile: { uri: string; errors: number }[] } | undefined>('kgrag.validateFewShotFiles');
    assert.ok(v, 'validation failed to run');
    const mine = v.perFile.find((f) => f.uri === fixtureUri('workflow/broken.fewshot.json').toString());
    assert.ok(mine, `not checked: ${JSON.stringify(v.perFile.map((f) => f.uri))}`);
    assert.ok(mine.errors > 0, 'the broken example has no error');
    const ds = vscode.languages.getDiagnostics(fixtureUri('workflow/broken.fewshot.json'));
    assert.ok(ds.some((d) => d.source === 'kgrag few-shot' && d.severity === vscode.DiagnosticSeverity.Error));
  });

  test('Neo4j: the password lives in SecretStorage and reaches the server, never the settings', async () => {
    // A socket that speaks just enough Bolt (the handshake, answering version 5.0) to receive the
    // driver's HELLO, which carries the credentials.
    let received = Buffer.alloc(0);
    const server: Server = createServer((socket) => {
      let answered = false;
      socket.on('data', (d: Buffer) => {
        received = Buffer.concat([received, d]);
        if (!answered && received.length >= 20) {
          answered = true;
          socket.write(Buffer.from([0, 0, 0, 5]));
        }
        // Got the credentials: hang up, so the connection fails at once.
        if (received.includes(Buffer.from('pw-in-keychain-9431'))) socket.destroy();
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      await vscode.commands.executeCommand('kgrag.setNeo4jPassword', 'pw-in-keychain-9431');
      await setting('graph.queryTimeoutMs', 3_000);
      const health = await vscode.commands.executeCommand<{ state: string }>('kgrag.chooseGraph', { kind: 'neo4j', uri: `bolt://127.0.0.1:${port}`, user: 'neo4j' });
      assert.equal(health.state, 'error', 'a fake server cannot be connected to');
      await waitFor('the driver to send its HELLO', () => (received.includes(Buffer.from('pw-in-keychain-9431')) ? true : undefined), 10_000);
      assert.equal((await state()).graph.label, `bolt://127.0.0.1:${port}`);
      const settingsFile = vscode.Uri.joinPath(workspaceRoot(), '.vscode', 'settings.json');
      const written = readFileSync(settingsFile.fsPath, 'utf8');
      assert.match(written, /"kgrag.neo4j.uri"/);
      assert.doesNotMatch(written, /pw-in-keychain/);
      assert.doesNotMatch(JSON.stringify((await state()).health), /pw-in-keychain/);
    } finally {
      server.close();
      await setting('graph.queryTimeoutMs', undefined);
      await vscode.commands.executeCommand('kgrag.chooseGraph', { kind: 'sample', connect: false });
    }
  });

  test('Neo4j unreachable: the connection fails within seconds, in words (no RoutingTable dump), and the status bar says "unreachable"', async () => {
    // A port nobody listens on: the real driver gets ECONNREFUSED.
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise<void>((r) => probe.close(() => r()));
    try {
      await vscode.commands.executeCommand('kgrag.setNeo4jPassword', 'pw-unreachable-1');
      const t0 = performance.now();
      const health = await vscode.commands.executeCommand<{ state: string; message?: string; reason?: string }>('kgrag.chooseGraph', { kind: 'neo4j', uri: `neo4j://127.0.0.1:${port}`, user: 'neo4j' });
      const ms = performance.now() - t0;
      assert.equal(health.state, 'error');
      assert.ok(ms < 10_000, `${ms} ms`);
      assert.equal(health.message, `Neo4j at neo4j://127.0.0.1:${port} is not reachable: nothing accepts connections at 127.0.0.1:${port} (connection refused): is Neo4j running there, on its Bolt port (7687 by default)?`);
      assert.doesNotMatch(health.message ?? '', /RoutingTable/);
      const s = (await state()) as unknown as { status: { text: string; tooltip: string } };
      assert.equal(s.status.text, `$(error) KG-RAG: neo4j://127.0.0.1:${port} — unreachable`);
      assert.match(s.status.tooltip, /connection refused/);
    } finally {
      await vscode.commands.executeCommand('kgrag.chooseGraph', { kind: 'sample', connect: false });
    }
  });

  test('cancelling a long import stops it and leaves the extension usable', async () => {
    // ~200,000 triples: long enough to be cancelled while it runs.
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) lines.push(`Film ${i % 40_000}|starred_actors|Actor ${(i * 7919) % 60_000}`);
    const big = fixtureUri('workflow/big.triples.txt');
    writeFileSync(big.fsPath, lines.join('\n') + '\n');
    await setting('graph.folder', '.kgrag-workflow');
    const { value, cancelled } = await runAndCancel(() => vscode.commands.executeCommand<unknown>('kgrag.importGraphFile', big), 'Importing', (o) => o.messages.some((m) => m.startsWith('reading ') || m.startsWith('read ')));
    assert.equal(cancelled, 1);
    assert.equal(value, undefined, 'the import finished instead of being cancelled');
    assert.deepEqual((await state()).operations, []);
    // The sample graph still works afterwards.
    await vscode.commands.executeCommand('kgrag.chooseGraph', { kind: 'sample', connect: false });
    const again = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runPlan', plansUri.toString(), 'kismet_wrong');
    assert.ok(again && again.answers.length > 0);
  });
});
