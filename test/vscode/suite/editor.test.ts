// The editor features of the kgplan language (language server + grammar + snippets), inside a real
// VS Code: hover with schema facts, outline, completion, diagnostics as you type, the schema
// setting, navigation, fix-all, restart. Fixtures: test/fixtures/workspace/editor/.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activeExtension, closeAllEditors, codeOf, openFixture, waitFor, waitForDiagnostics } from './helpers';

const PLANS = 'editor/plans.kgp';

function positionOf(doc: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const at = doc.getText().indexOf(needle);
  assert.ok(at >= 0, `${needle} not in ${doc.uri.path}`);
  return doc.positionAt(at + delta);
}

function hoverText(hovers: readonly vscode.Hover[] | undefined): string {
  return (hovers ?? [])
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : c.value))
    .join('\n');
}

/** Opens the plans fixture and waits until the server has checked it (so its schema is loaded). */
async function openPlans(): Promise<vscode.TextDocument> {
  const { doc } = await openFixture(PLANS);
  await activeExtension();
  await waitFor('the language server to answer', async () => {
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
    return symbols && symbols.length > 0 ? true : undefined;
  });
  return doc;
}

async function completionLabels(doc: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', doc.uri, position);
  return list.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
}

suite('editor: kgplan language features', () => {
  teardown(closeAllEditors);

  test('hover on a category shows the schema facts about its label', async () => {
    const doc = await openPlans();
    const text = await waitFor('a hover with schema facts', async () => {
      const t = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, 'Movie "Heat"', 2)));
      return /A film, named by its title/.test(t) ? t : undefined;
    });
    assert.match(text, /Soft text "Heat": matched by meaning/);
    assert.match(text, /Outgoing: .*directed_by/);
  });

  test('hover on an exact relationship type shows its endpoints', async () => {
    const doc = await openPlans();
    const text = hoverText(await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, positionOf(doc, ':directed_by', 3)));
    assert.match(text, /\(Movie\)-\[:directed_by\]->\(Person\)/);
    assert.match(text, /The movie was directed by the person/);
  });

  test('the outline lists every plan with its nodes and edges', async () => {
    const doc = await openPlans();
    const symbols = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
    assert.deepEqual(symbols.map((s) => s.name), ['schema "movies.kgschema.json"', 'who_directed', 'co_actors']);
    const coActors = symbols[2]!;
    assert.deepEqual(coActors.children.map((c) => c.name), ['al', 'film', 'other', '(al)-[starred actors]-(film)', '(film)-[starred actors]-(other)']);
    assert.equal(coActors.kind, vscode.SymbolKind.Function);
  });

  test('completion offers schema aliases, relation phrases and the plan variables', async () => {
    const doc = await openPlans();
    const editor = await vscode.window.showTextDocument(doc);
    // Type a new pattern line (unsaved) into the second plan.
    const line = positionOf(doc, '  return other');
    assert.ok(await editor.edit((e) => e.insert(line, '    (x: ) -[]- (film)\n')));
    const categories = await completionLabels(doc, positionOf(doc, '(x: )', 4));
    assert.ok(categories.includes('Movie') && categories.includes('film → Movie'), categories.join(', '));
    const relations = await completionLabels(doc, positionOf(doc, '-[]- (film)', 2));
    assert.ok(relations.includes('starred actors') && relations.includes(':directed_by'), relations.join(', '));
    const vars = await completionLabels(doc, positionOf(doc, 'return other', 7));
    for (const v of ['al', 'film', 'other']) assert.ok(vars.includes(v), `${v} in ${vars.join(', ')}`);
  });

  test('diagnostics follow unsaved edits as you type', async () => {
    const doc = await openPlans();
    const editor = await vscode.window.showTextDocument(doc);
    await waitForDiagnostics(doc.uri, 'a clean file', (ds) => ds.length === 0);
    const where = positionOf(doc, '(d: Person)');
    assert.ok(await editor.edit((e) => e.replace(new vscode.Range(where, where.translate(0, 11)), '(d: Persn)')));
    const ds = await waitForDiagnostics(doc.uri, 'an unknown category', (d) => d.some((x) => codeOf(x) === 'KGP300'));
    const d = ds.find((x) => codeOf(x) === 'KGP300')!;
    assert.equal(d.range.start.line, where.line);
    assert.equal(d.source, 'kgplan');
    assert.ok(doc.isDirty, 'checked without saving');
    await vscode.commands.executeCommand('undo');
    await waitForDiagnostics(doc.uri, 'no diagnostics after undo', (x) => x.length === 0);
  });

  test('Fix All applies every preferred fix', async () => {
    const doc = await openPlans();
    const editor = await vscode.window.showTextDocument(doc);
    const a = positionOf(doc, 'Movie "Heat"');
    const b = positionOf(doc, 'Person "Al Pacino"');
    assert.ok(await editor.edit((e) => {
      e.replace(new vscode.Range(a, a.translate(0, 5)), 'Movei');
      e.replace(new vscode.Range(b, b.translate(0, 6)), 'Persno');
    }));
    await waitForDiagnostics(doc.uri, 'two unknown categories', (d) => d.filter((x) => codeOf(x) === 'KGP300').length === 2);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider', doc.uri, new vscode.Range(0, 0, 0, 0), vscode.CodeActionKind.SourceFixAll.value,
    );
    const fixAll = actions.find((x) => x.kind?.value === 'source.fixAll.kgplan');
    assert.ok(fixAll?.edit, `no fix-all among ${JSON.stringify(actions.map((x) => x.title))}`);
    assert.ok(await vscode.workspace.applyEdit(fixAll.edit));
    assert.match(doc.getText(), /\(m: Movie "Heat"\)/);
    assert.match(doc.getText(), /\(al: Person "Al Pacino"\)/);
    await waitForDiagnostics(doc.uri, 'no diagnostics after fix-all', (x) => x.length === 0);
  });

  test('go to definition jumps from a variable to the node that defines it', async () => {
    const doc = await openPlans();
    const use = positionOf(doc, '(film) -[starred', 1);
    const defs = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>('vscode.executeDefinitionProvider', doc.uri, use);
    assert.equal(defs.length, 1);
    const range = 'range' in defs[0]! ? defs[0].range : defs[0]!.targetRange;
    assert.deepEqual([range.start.line, range.start.character], [positionOf(doc, 'film: Movie').line, positionOf(doc, 'film: Movie').character]);
  });

  test('rename changes a variable everywhere in its plan', async () => {
    const doc = await openPlans();
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', doc.uri, positionOf(doc, 'return other', 7), 'costar');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.match(doc.getText(), /\(film\) -\[starred actors\]- \(costar: Person\)\n  return costar/);
    assert.doesNotMatch(doc.getText(), /other/);
  });

  test('signature help lists the strategy parameters with their defaults', async () => {
    const doc = await openPlans();
    const editor = await vscode.window.showTextDocument(doc);
    assert.ok(await editor.edit((e) => e.insert(positionOf(doc, '  return d'), '  using mor(seeds: 5, \n')));
    const help = await vscode.commands.executeCommand<vscode.SignatureHelp>('vscode.executeSignatureHelpProvider', doc.uri, positionOf(doc, 'seeds: 5, ', 10));
    assert.ok(help && help.signatures.length === 1, 'a signature');
    assert.equal(help.signatures[0]!.label, 'mor(seeds: count = 5, perStep: count = 10, k: count = 20, typeCandidates: count = 1, notFoundDistance: number = 0)');
    assert.equal(help.activeParameter, 1);
  });

  test('kgrag.schema.path checks files that name no schema', async () => {
    const { doc } = await openFixture('editor/setting.kgp');
    await activeExtension();
    const config = vscode.workspace.getConfiguration('kgrag');
    try {
      await waitForDiagnostics(doc.uri, 'no schema diagnostics without a schema', (d) => !d.some((x) => String(codeOf(x)).startsWith('KGP3')));
      await config.update('schema.path', 'editor/movies.kgschema.json', vscode.ConfigurationTarget.Workspace);
      const ds = await waitForDiagnostics(doc.uri, 'the misspelt category, once the setting names the schema', (d) => d.some((x) => codeOf(x) === 'KGP300'));
      assert.match(ds.find((x) => codeOf(x) === 'KGP300')!.message, /did you mean 'Movie'/);
    } finally {
      await config.update('schema.path', undefined, vscode.ConfigurationTarget.Workspace);
    }
    await waitForDiagnostics(doc.uri, 'schema diagnostics gone with the setting', (d) => !d.some((x) => String(codeOf(x)).startsWith('KGP3')));
  });

  test('the plan snippets are offered in kgplan files', async () => {
    const doc = await openPlans();
    const editor = await vscode.window.showTextDocument(doc);
    const end = doc.positionAt(doc.getText().length);
    assert.ok(await editor.edit((e) => e.insert(end, '\npla')));
    const labels = await completionLabels(doc, doc.positionAt(doc.getText().length));
    for (const s of ['plan', 'plan-mor', 'plan-cypher']) assert.ok(labels.includes(s), `${s} in ${labels.join(', ')}`);
  });

  test('the language server restarts on command and answers again', async () => {
    const doc = await openPlans();
    await vscode.commands.executeCommand('kgrag.restartLanguageServer');
    const symbols = await waitFor('the outline after a restart', async () => {
      const s = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', doc.uri);
      return s && s.length === 3 ? s : undefined;
    });
    assert.equal(symbols[1]!.name, 'who_directed');
  });
});
