// Schema aliases from the editor: "add as alias" in the inspector writes the alias into the schema
// file the plan names, and the next run of the plan matches through it (issue 9, item 3).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, createFixture, fixtureUri, waitFor } from './helpers';

interface RunResult {
  readonly answers: readonly { value: string }[];
  readonly candidates?: readonly { element: string; ref: string; candidates: readonly { text: string; distance: number; via?: string }[] }[];
}

const SCHEMA = {
  labels: { Movie: { properties: ['name'] }, Person: { properties: ['name'] } },
  relationshipTypes: {
    directed_by: { endpoints: [{ from: 'Movie', to: 'Person' }], properties: [] },
    written_by: { endpoints: [{ from: 'Movie', to: 'Person' }], properties: [] },
    starred_actors: { endpoints: [{ from: 'Movie', to: 'Person' }], properties: [] },
  },
};
// "helmer" is film slang for a director: nothing in its letters or in WordNet points at directed_by.
const PLAN = `schema "helmer.kgschema.json"
plan who_helmed {
  match (m: Movie "The Vow") -[helmer]- (d: Person)
  return d
  using gsd(k: 1)
}
`;

function edgeCandidates(r: RunResult | undefined): readonly { text: string; distance: number; via?: string }[] {
  return r?.candidates?.find((c) => c.element === 'edge')?.candidates ?? [];
}

suite('schema aliases', () => {
  suiteTeardown(closeAllEditors);

  test('add as alias writes the schema file, and the next run matches through the alias', async function () {
    this.timeout(180_000);
    await vscode.workspace.fs.writeFile(fixtureUri('helmer.kgschema.json'), new TextEncoder().encode(JSON.stringify(SCHEMA, null, 2) + '\n'));
    const { doc } = await createFixture('helmer.kgp', PLAN);
    const before = await vscode.commands.executeCommand<RunResult | undefined>('kgrag.runPlan', doc.uri.toString(), 'who_helmed');
    assert.ok(before, 'the plan ran on the sample graph');
    const directed = edgeCandidates(before).find((c) => c.text === 'directed_by');
    assert.ok(directed, 'directed_by is among the candidates of "helmer"');
    assert.equal(directed.via, undefined);
    assert.ok(directed.distance > 0.5, `without an alias "helmer" is far from directed_by (${directed.distance})`);

    // The inspector's "add as alias" action, as the webview sends it.
    const reason = await vscode.commands.executeCommand('kgrag.inspector._receive', {
      type: 'addAlias', plan: 'who_helmed', element: 'edge', ref: 'e0', patternText: 'helmer', candidate: 'directed_by',
    });
    assert.equal(reason, 'ok', 'the inspector accepted the message');
    const saved = await waitFor('the alias in the schema file', async () => {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(fixtureUri('helmer.kgschema.json')));
      const json = JSON.parse(text) as { relationshipTypes: Record<string, { aliases?: string[] }> };
      return json.relationshipTypes.directed_by?.aliases?.includes('helmer') ? json : undefined;
    }, 30_000);
    assert.equal(saved.relationshipTypes.written_by?.aliases, undefined, 'only directed_by got the alias');

    const after = await vscode.commands.executeCommand<RunResult | undefined>('kgrag.runPlan', doc.uri.toString(), 'who_helmed');
    const top = edgeCandidates(after)[0];
    assert.equal(top?.text, 'directed_by');
    assert.equal(top?.via, 'helmer');
    assert.ok(top!.distance < 1e-6, 'the alias is the phrase itself');
    assert.equal(after!.answers[0]?.value, 'Michael Sucsy');
  });
});
