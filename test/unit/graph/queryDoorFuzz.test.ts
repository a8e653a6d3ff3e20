// Issue 29 case 1, the door fuzz suite: forbidden clauses mixed into allowed statements — glued to
// numbers and identifiers, behind Unicode spaces and comments, in UNION branches and subqueries, inside
// strings, comments and quoted names, with homoglyphs — sent through the door to the real embedded
// engine. None runs: no row of the secret file comes back, the graph is unchanged, no file appears.
// Inert forms (the clause inside a string, comment or quoted name) stay allowed. The live forms are
// shown to be live by sending them to the engine without the door.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import { GraphStoreError } from '../../../src/core/graph/errors';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { EngineClient } from '../../../src/core/graph/embedded/engineClient';
import { mulberry32 } from '../../support/prng';
import { fuzzCase, type FuzzCase } from './doorCorpus';
import { tempDir } from './helpers';

const dir = tempDir('kgrag-door-fuzz-');
const SECRET_WORD = 'SENTINEL9f3a';
const secret = dir.file('secret.csv', `${SECRET_WORD},1\n${SECRET_WORD},2\n`);
const outFile = join(dir.path, 'out.csv');
const dumpDir = join(dir.path, 'dump');
const folder = join(dir.path, 'db');
let store: EmbeddedStore;

const fuzzFiles = { secret, outFile, dumpDir, folder };

async function items(): Promise<string> {
  const r = await store.query('MATCH (n:Item) RETURN n.name AS name, n.v AS v ORDER BY name');
  return JSON.stringify(r.rows);
}

before(async () => {
  store = new EmbeddedStore({ folder, timeoutMs: 20_000 });
  await store.open();
  await store.query('CREATE NODE TABLE Item(name STRING, v INT64, PRIMARY KEY(name))', { readOnly: false });
  await store.query("CREATE (:Item {name: 'a', v: 1}), (:Item {name: 'b', v: 2}), (:Item {name: 'c', v: 3})", { readOnly: false });
});

after(async () => {
  await store.close();
  dir.remove();
});

test('door fuzz: no forbidden clause mixed into an allowed statement runs on the real engine; inert ones stay allowed', async () => {
  const rand = mulberry32(0x2929);
  const cases: FuzzCase[] = [];
  for (let i = 0; i < 160; i++) cases.push(fuzzCase(rand, fuzzFiles));
  const before = await items();
  const forms = new Map<string, number>();
  for (const c of cases) {
    forms.set(c.form, (forms.get(c.form) ?? 0) + 1);
    const verdict = checkStatement(c.statement, { allowWrite: false });
    if (c.expect === 'refused') assert.equal(verdict.allowed, false, `should be refused: ${JSON.stringify(c.statement)}`);
    if (c.expect === 'allowed') assert.equal(verdict.allowed, true, `should stay allowed (inert): ${JSON.stringify(c.statement)}`);
    // Through the store as every command sends statements: refused by the door, or run read-only.
    let rows = '';
    try {
      rows = JSON.stringify((await store.query(c.statement)).rows);
      assert.notEqual(c.expect, 'refused', c.statement);
    } catch (e) {
      assert.ok(e instanceof GraphStoreError, String(e));
      if (c.expect === 'allowed') assert.fail(`inert statement failed: ${c.statement}: ${e.message}`);
    }
    assert.ok(!rows.includes(SECRET_WORD), `the secret file was read: ${c.statement}`);
  }
  assert.equal(await items(), before, 'the graph is unchanged');
  assert.equal(existsSync(outFile), false, 'COPY TO wrote no file');
  assert.equal(existsSync(dumpDir), false, 'EXPORT DATABASE wrote nothing');
  for (const form of ['glued', 'union', 'subquery', 'string', 'block comment', 'quoted name', 'line comment', 'homoglyph']) assert.ok((forms.get(form) ?? 0) >= 5, `form ${form} is exercised`);
  assert.deepEqual(readdirSync(dir.path).sort(), ['db', 'secret.csv']);
});

test('door fuzz: the glued forms are live — without the door the engine reads the file and writes', async () => {
  // A scratch copy's engine, read-write, no door: the same glue shows what the door stops.
  const raw = new EngineClient({ databasePath: join(folder, 'graph.lbug'), readOnly: false });
  await store.close();
  try {
    const run = async (cypher: string): Promise<string> => {
      const r = await raw.request({ type: 'query', cypher, params: {}, mode: 'run', timeoutMs: 10_000, readOnly: false }, { timeoutMs: 10_000 });
      return r.type === 'result' ? JSON.stringify(r.rows) : '';
    };
    for (const glue of ['', '\u00a0', '\u3000', '/**/', '//c\n']) {
      const q = `MATCH (n:Item) WITH n LIMIT 1${glue}LOAD FROM '${secret}' (header=false) RETURN *`;
      assert.equal(checkStatement(q, { allowWrite: false }).allowed, false, q);
      assert.match(await run(q), new RegExp(SECRET_WORD), `the engine runs ${JSON.stringify(q)}`);
    }
    const w = `MATCH (n:Item) WITH n LIMIT 1CREATE (:Item {name: 'live', v: 0})`;
    assert.equal(checkStatement(w, { allowWrite: false }).allowed, false);
    await run(w);
    assert.match(await run("MATCH (n:Item {name: 'live'}) RETURN n.name"), /live/);
  } finally {
    await raw.close();
  }
});
