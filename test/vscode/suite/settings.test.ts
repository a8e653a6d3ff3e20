// The kgrag.retrieval.* settings reach the strategy (issue 16): change a setting, run a plan in the
// real VS Code, and the result shows the strategy used it; the plan's own argument wins over it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, createFixture } from './helpers';

interface RunResult {
  readonly strategy: string;
  readonly stats: Readonly<Record<string, number>>;
  readonly stem?: { readonly mode: string; readonly guidance: { readonly provider: string } };
}

const PLANS = `plan open_stem {
  match (m: Movie "The Vow") -[directed by]-> (d: Person)
  return d
  using stem()
}
plan own_mode {
  match (m: Movie "The Vow") -[directed by]-> (d: Person)
  return d
  using stem(mode: "precision")
}
plan open_mor {
  question "who directed The Vow"
  match (m: Movie "The Vow") -[directed by]-> (d: Person)
  return d
  using mor()
}
`;

suite('retrieval settings', () => {
  const config = () => vscode.workspace.getConfiguration('kgrag');
  const keys = ['retrieval.stem.mode', 'retrieval.stem.guidance', 'retrieval.mor.k'];
  suiteTeardown(async () => {
    for (const key of keys) await config().update(key, undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
  });

  test('VS Code knows every strategy parameter as a setting, with the table\'s default', () => {
    assert.equal(config().inspect('retrieval.stem.theta')?.defaultValue, 0.6);
    assert.equal(config().inspect('retrieval.stem.mode')?.defaultValue, 'precision');
    assert.equal(config().inspect('retrieval.gsd.k')?.defaultValue, 3);
    assert.equal(config().inspect('retrieval.sage.constrained')?.defaultValue, false);
  });

  test('a changed setting reaches the strategy; the plan\'s own argument wins over it', async function () {
    this.timeout(180_000);
    const { doc } = await createFixture('settings.kgp', PLANS);
    const run = (plan: string) => vscode.commands.executeCommand<RunResult | undefined>('kgrag.runPlan', doc.uri.toString(), plan);

    const before = await run('open_stem');
    assert.equal(before?.stem?.mode, 'precision', 'the default');
    assert.equal((await run('open_mor'))?.stats['k'], 20, 'mor: the default k');

    await config().update('retrieval.stem.mode', 'breadth', vscode.ConfigurationTarget.Workspace);
    await config().update('retrieval.stem.guidance', 'none', vscode.ConfigurationTarget.Workspace);
    await config().update('retrieval.mor.k', 4, vscode.ConfigurationTarget.Workspace);
    const after = await run('open_stem');
    assert.equal(after?.stem?.mode, 'breadth', 'the setting');
    assert.equal(after?.stem?.guidance.provider, 'none');
    assert.equal((await run('open_mor'))?.stats['k'], 4, 'mor: the setting');
    const own = await run('own_mode');
    assert.equal(own?.stem?.mode, 'precision', 'the plan says precision: it wins over the setting');
    assert.equal(own?.stem?.guidance.provider, 'none', 'what the plan leaves open still comes from the setting');
  });
});
