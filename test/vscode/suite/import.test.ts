// Issue 18: an import from VS Code is all-or-nothing, like `kgrag import` — staged into a copy and
// swapped in only when complete. A cancelled import (cancelled while it copies into the engine) and
// a failed one leave the previous graph exactly as it was; a finished one is there at once.
import * as assert from 'node:assert/strict';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as vscode from 'vscode';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { activeExtension, closeAllEditors, createFixture, fixtureUri, waitFor, workspaceRoot } from './helpers';

interface State {
  readonly health: { readonly state: string; readonly nodes?: number; readonly relationshipTypes?: number };
  readonly operations: readonly { readonly title: string; readonly messages: readonly string[] }[];
}

const state = () => vscode.commands.executeCommand<State>('kgrag._state');
const setting = (key: string, value: unknown) => vscode.workspace.getConfiguration('kgrag').update(key, value, vscode.ConfigurationTarget.Workspace);
const FOLDER = '.kgrag-staged-import';

suite('import into the workspace graph (staged)', function () {
  this.timeout(300_000);

  suiteSetup(async () => {
    await activeExtension();
    await setting('graph.folder', FOLDER);
    await vscode.commands.executeCommand('kgrag.chooseGraph', { kind: 'embedded', connect: false });
  });

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('kgrag.chooseGraph', { kind: 'sample', connect: false });
    await setting('graph.folder', undefined);
    await setting('graph.kind', undefined);
    await closeAllEditors();
    rmSync(vscode.Uri.joinPath(workspaceRoot(), FOLDER).fsPath, { recursive: true, force: true });
  });

  test('a cancelled import and a failed import leave the previous graph intact; it still retrieves', async () => {
    const small = fixtureUri('staged/small.triples.txt');
    const films = Array.from({ length: 30 }, (_, i) => `Staged Film ${i}|directed_by|Staged Director ${i % 7}`);
    await vscode.workspace.fs.createDirectory(fixtureUri('staged'));
    writeFileSync(small.fsPath, films.join('\n') + '\n');
    const t0 = performance.now();
    const first = await vscode.commands.executeCommand<{ edgesCreated: number; timeMs: number; totalMs: number; message: string } | undefined>('kgrag.importGraphFile', small);
    const wall = performance.now() - t0;
    assert.equal(first?.edgesCreated, 30);
    // The figure shown is the whole wait (opening the graph, the import, the search index), not the import step alone (issue 26).
    assert.ok(first.totalMs <= wall + 5 && first.totalMs >= wall - 1_000 && first.totalMs >= first.timeMs, `shown ${first.totalMs} ms, the command took ${wall} ms`);
    assert.match(first.message, new RegExp(`in ${(first.totalMs / 1000).toFixed(1)} s \\(writing the graph ${(first.timeMs / 1000).toFixed(1)} s;`));
    const before = (await state()).health;
    assert.equal(before.state, 'connected');
    assert.equal(before.relationshipTypes, 1);
    // The search index is built with the import (as `kgrag import` does): one file in snapshots/.
    const snapshots = readdirSync(vscode.Uri.joinPath(workspaceRoot(), FOLDER, 'snapshots').fsPath).filter((f) => f.endsWith('.bin'));
    assert.equal(snapshots.length, 1, snapshots.join(', '));

    // ~200,000 triples over 25 new relationship types: one copy job per type, cancelled after the first ones ran.
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) lines.push(`Big Film ${i % 40_000}|big_rel_${i % 25}|Big Person ${(i * 7919) % 60_000}`);
    const big = fixtureUri('staged/big.triples.txt');
    writeFileSync(big.fsPath, lines.join('\n') + '\n');
    const pending = vscode.commands.executeCommand<unknown>('kgrag.importGraphFile', big);
    await waitFor('the import to be copying into the engine', async () => (await state()).operations.find((o) => o.title.includes('Importing') && o.messages.filter((m) => m.startsWith('copying ')).length >= 2), 120_000);
    assert.equal(await vscode.commands.executeCommand<number>('kgrag.cancelRunning'), 1);
    assert.equal(await pending, undefined, 'the import was cancelled');
    const afterCancel = (await state()).health;
    assert.deepEqual([afterCancel.nodes, afterCancel.relationshipTypes], [before.nodes, before.relationshipTypes], 'nothing of the cancelled import is in the graph');

    // A failed import: the engine refuses nothing here, the file is unreadable (a folder).
    const failed = await vscode.commands.executeCommand<unknown>('kgrag.importGraphFile', fixtureUri('staged'));
    assert.equal(failed, undefined);
    const afterFail = (await state()).health;
    assert.deepEqual([afterFail.nodes, afterFail.relationshipTypes], [before.nodes, before.relationshipTypes]);

    const { doc } = await createFixture('staged/who.kgp', 'plan who {\n  match (m: Movie = "Staged Film 3") -[:directed_by]-> (d)\n  return d\n  using cypher\n}\n');
    const r = await vscode.commands.executeCommand<RetrievalResult | undefined>('kgrag.runPlan', doc.uri.toString(), 'who');
    assert.deepEqual(r?.answers.map((a) => a.value), ['Staged Director 3']);
  });
});
