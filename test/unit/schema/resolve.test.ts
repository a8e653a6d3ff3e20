import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeSchemaFiles } from '../../../src/core/schema/nodeSchemaFiles';
import { SchemaResolver, type LoadedSchemaFile } from '../../../src/core/schema/resolve';
import { MOVIES_SCHEMA_PATH } from '../language/helpers';

const at = (line: number, character: number) => ({ start: { line, character }, end: { line, character: character + 5 } });

test('the schema rule: the file\'s own reference, else the setting, else the fallback; aliases come along', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-resolve-'));
  try {
    const movies = readFileSync(MOVIES_SCHEMA_PATH, 'utf8');
    writeFileSync(join(dir, 'own.kgschema.json'), movies);
    writeFileSync(join(dir, 'setting.kgschema.json'), movies);
    const loads: LoadedSchemaFile[] = [];
    const resolver = new SchemaResolver(nodeSchemaFiles, (f) => loads.push(f));
    const fallback = { schema: { labels: [], relationshipTypes: [], propertyKeys: [] }, name: 'connected graph' };
    const own = await resolver.resolve({ reference: { value: 'own.kgschema.json', range: at(0, 7) }, documentPath: join(dir, 'a.kgp'), setting: 'setting.kgschema.json', workspaceFolder: dir, fallback });
    assert.equal(own.source.kind, 'file');
    assert.equal(own.file?.path, join(dir, 'own.kgschema.json'));
    assert.ok(own.schema && own.schema.labels.length > 0);
    assert.deepEqual(own.diagnostics, []);
    assert.equal(own.aliases.size, own.schema.relationshipTypes.filter((r) => (r.aliases ?? []).length > 0).length);
    const bySetting = await resolver.resolve({ documentPath: join(dir, 'a.kgp'), setting: 'setting.kgschema.json', workspaceFolder: dir, fallback });
    assert.equal(bySetting.source.kind, 'setting');
    assert.equal(bySetting.file?.path, join(dir, 'setting.kgschema.json'));
    const byFallback = await resolver.resolve({ documentPath: join(dir, 'a.kgp'), setting: '  ', workspaceFolder: dir, fallback });
    assert.equal(byFallback.fallback, 'connected graph');
    assert.equal(byFallback.schema, fallback.schema);
    const none = await resolver.resolve({ documentPath: join(dir, 'a.kgp') });
    assert.equal(none.source.kind, 'none');
    assert.equal(none.schema, undefined);

    // Cached by the file's stamp: resolving again reads nothing; a changed file is read again.
    assert.equal(loads.length, 2);
    await resolver.resolve({ reference: { value: 'own.kgschema.json', range: at(0, 7) }, documentPath: join(dir, 'a.kgp') });
    assert.equal(loads.length, 2);
    writeFileSync(join(dir, 'own.kgschema.json'), '{ "labels": ');
    utimesSync(join(dir, 'own.kgschema.json'), new Date(), new Date(Date.now() + 5000));
    const broken = await resolver.resolve({ reference: { value: 'own.kgschema.json', range: at(2, 7) }, documentPath: join(dir, 'a.kgp') });
    assert.equal(loads.length, 3);
    assert.equal(broken.schema, undefined);
    assert.equal(broken.diagnostics.length, 1);
    assert.equal(broken.diagnostics[0]!.code, 'KGP307');
    assert.equal(broken.diagnostics[0]!.severity, 'error');
    assert.deepEqual(broken.diagnostics[0]!.range, at(2, 7));
    assert.match(broken.diagnostics[0]!.message, /^cannot use schema "own\.kgschema\.json": .*\(line 1\); names are not checked against a schema$/);
    assert.ok(broken.file!.fileDiagnostics.length > 0);

    const missing = await resolver.resolve({ setting: 'gone.kgschema.json', settingName: '--schema', workspaceFolder: dir });
    assert.equal(missing.diagnostics[0]!.message, `cannot use schema ${join(dir, 'gone.kgschema.json')} (--schema): file not found; names are not checked against a schema`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a port without stamps is read once until clear(); a throwing port becomes a problem, not an exception', async () => {
  let reads = 0;
  const resolver = new SchemaResolver({
    read: async (path) => {
      reads++;
      if (path.endsWith('boom.json')) throw new Error('disk on fire');
      return { text: '{"labels": [{"name": "Movie"}], "relationshipTypes": []}' };
    },
  });
  await resolver.load('/x/a.kgschema.json');
  await resolver.load('/x/a.kgschema.json');
  assert.equal(reads, 1);
  resolver.clear();
  await resolver.load('/x/a.kgschema.json');
  assert.equal(reads, 2);
  const boom = await resolver.load('/x/boom.json');
  assert.equal(boom.schema, undefined);
  assert.equal(boom.problem, 'disk on fire');
});
