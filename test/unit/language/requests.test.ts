// The KG-RAG LSP extensions (src/contracts/lsp.ts) over real LSP: the extension host asks the
// server for a document's compiled plans and schema, for CodeLenses and for the few-shot check of
// the workspace, instead of parsing anything itself.
import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, before, describe, it } from 'node:test';
import type { CodeLens } from 'vscode-languageserver/node';
import { DOCUMENT_PLANS_REQUEST, VALIDATE_FEWSHOT_REQUEST, type DocumentPlansResult, type ValidateFewShotResult } from '../../../src/contracts/lsp';
import { MOVIES_SCHEMA_PATH } from './helpers';
import { startLspSession, type LspSession } from '../../support/lspSession';

const PLANS = `schema "movies.kgschema.json"
plan who_directed {
  match
    (m: Movie "Heat") -[directed by]-> (p: Person)
  return p
  expect "Michael Mann"
}
plan broken {
  match (a: Movie "Heat" -[x]-> (b)
  return b
}
`;

describe('KG-RAG requests to the language server', () => {
  let s: LspSession;
  let ws = '';

  before(async () => {
    s = await startLspSession('kgplan-requests-', { schema: { path: '' }, check: { hopLimit: 3, delayMs: 0 } }, (dir) => {
      ws = dir;
      copyFileSync(MOVIES_SCHEMA_PATH, join(dir, 'movies.kgschema.json'));
      writeFileSync(join(dir, 'bad.fewshot.json'), '{\n  "target": "kgp",\n  "examples": [\n    {"question": "q", "output": "plan d { match (m: Moive \\"Heat\\") -[directed by]-> (d: Person) return d }"}\n  ]\n}\n');
    });
  });

  after(() => s.stop());

  it('kgrag/documentPlans: the compiled plans with source maps, syntax errors per plan, the schema and its aliases', async () => {
    const uri = s.open('plans.kgp', PLANS);
    const r = await s.conn.sendRequest<DocumentPlansResult>(DOCUMENT_PLANS_REQUEST, { uri, text: PLANS });
    assert.deepEqual(r.plans.map((p) => p.graph.name), ['who_directed', 'broken']);
    const [ok, broken] = r.plans;
    assert.deepEqual(ok!.graph.expect, ['Michael Mann']);
    assert.equal(ok!.errors.length, 0);
    assert.ok(broken!.errors.length > 0, 'the broken plan carries its syntax error');
    assert.deepEqual(ok!.nameRange?.start, { line: 1, character: 5 });
    // The expect clause: where the Test Explorer anchors a failure (the line kgrag test prints).
    assert.equal(ok!.expectRange?.start.line, PLANS.split('\n').findIndex((l) => l.includes('expect "Michael Mann"')));
    assert.equal(broken!.expectRange, undefined);
    const vars = new Map(ok!.variables);
    assert.deepEqual(vars.get('p')?.start, { line: 3, character: PLANS.split('\n')[3]!.indexOf('(p:') + 1 });
    assert.deepEqual(new Map(ok!.edges).get('e0')?.start.line, 3);
    assert.equal(r.schema.path, join(ws, 'movies.kgschema.json'));
    const aliases = new Map(r.schema.aliases);
    assert.ok(aliases.size > 0, 'the sample schema has relationship aliases');
    // The text sent wins over what the server has (the request may outrun didChange).
    const edited = PLANS.replace('who_directed', 'renamed');
    const again = await s.conn.sendRequest<DocumentPlansResult>(DOCUMENT_PLANS_REQUEST, { uri, text: edited });
    assert.equal(again.plans[0]!.graph.name, 'renamed');
    await assert.rejects(s.conn.sendRequest(DOCUMENT_PLANS_REQUEST, { uri }), /needs \{uri, text\}/);
  });

  it('CodeLens: Run, Explain, Profile, Inspect, Open as Cypher and Compare above each named plan, with the extension commands', async () => {
    const uri = s.open('lenses.kgp', PLANS);
    const lenses = await s.conn.sendRequest<CodeLens[]>('textDocument/codeLens', { textDocument: { uri } });
    const commands = ['kgrag.runPlan', 'kgrag.explainPlan', 'kgrag.profilePlan', 'kgrag.inspectPlan', 'kgrag.openAsCypher', 'kgrag.compareStrategies'];
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.command, l.command?.arguments?.[1]]),
      commands.map((c) => [1, c, 'who_directed']).concat(commands.map((c) => [7, c, 'broken'])),
    );
    assert.equal(lenses[4]!.command?.title, 'Open as Cypher');
    assert.equal(lenses[0]!.command?.arguments?.[0], uri);
    assert.equal(lenses[0]!.command?.title, '$(play) Run');
  });

  it('kgrag/validateFewShotFiles: every workspace few-shot file, checked as in the editor', async () => {
    const r = await s.conn.sendRequest<ValidateFewShotResult>(VALIDATE_FEWSHOT_REQUEST, {});
    const bad = r.files.find((f) => f.uri === pathToFileURL(join(ws, 'bad.fewshot.json')).href);
    assert.ok(bad, JSON.stringify(r.files.map((f) => f.uri)));
    assert.ok(!r.files.some((f) => f.uri.endsWith('.kgp') || f.uri.endsWith('movies.kgschema.json')));
    // Without a schema the misspelt label is not an error; the file itself reads fine.
    assert.ok(bad.diagnostics.every((d) => typeof d.message === 'string' && d.range.start.line >= 0));
    await s.setSettings({ schema: { path: 'movies.kgschema.json' }, check: { hopLimit: 3, delayMs: 0 } });
    const withSchema = await s.conn.sendRequest<ValidateFewShotResult>(VALIDATE_FEWSHOT_REQUEST, {});
    const checked = withSchema.files.find((f) => f.uri === bad.uri)!;
    assert.ok(checked.diagnostics.some((d) => d.code === 'KGP300' && /Moive/.test(d.message)), JSON.stringify(checked.diagnostics));
  });
});
