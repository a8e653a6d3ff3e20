// Issue 18, one test per reproduced case, on the real engine through the real CLI: each builds the
// situation the hostile-input run found and shows what happens now.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { EngineClient } from '../../../src/core/graph/embedded/engineClient';
import { tempDir } from './helpers';

const dir = tempDir('kgrag-hardening-');
const SAMPLE = resolve(__dirname, '../../../samples/movies/movies.triples.txt');
const REPO = resolve(__dirname, '../../..');

async function cli(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = { out: (t) => out.push(t), err: (t) => err.push(t), cwd: dir.path, env: {} };
  const code = await main(args, io);
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function movieCount(folder: string): Promise<number> {
  const store = new EmbeddedStore({ folder: join(dir.path, folder), readOnly: true });
  try {
    await store.open();
    return Number((await store.query('MATCH (m:Movie) RETURN count(m) AS c')).rows[0]?.c);
  } finally {
    await store.close();
  }
}

before(async () => {
  const r = await cli(['import', SAMPLE, '--db', 'db', '--quiet']);
  assert.equal(r.code, 0, r.err);
});

after(() => dir.remove());

test('1. CHECKPOINT through the query door is refused and the database keeps working; a bricked one recovers', async () => {
  const r = await cli(['query', '--db', 'db', 'CHECKPOINT']);
  assert.equal(r.code, 1);
  assert.match(r.err, /^kgrag query: Refused: CHECKPOINT: it manages the database engine/);
  assert.equal(r.err.split('\n').length, 1, 'one line');
  assert.equal(await movieCount('db'), 238);

  // The old state: CHECKPOINT sent straight to a read-only engine (what the door used to let through).
  const bricked = join(dir.path, 'bricked');
  assert.equal((await cli(['import', SAMPLE, '--db', 'bricked', '--quiet'])).code, 0);
  const raw = new EngineClient({ databasePath: join(bricked, 'graph.lbug'), readOnly: true });
  await assert.rejects(raw.request({ type: 'query', cypher: 'CHECKPOINT', params: {}, mode: 'run', timeoutMs: 10_000, readOnly: true }, { timeoutMs: 10_000 }), /Bad file descriptor|Cannot write/);
  await raw.close();
  assert.ok(existsSync(join(bricked, 'graph.lbug.wal')), 'the interrupted checkpoint left a WAL behind');
  // Every command used to fail with "checkpoint is in progress"; a read-only open now recovers once.
  const q = await cli(['query', '--db', 'bricked', 'MATCH (m:Movie) RETURN count(m) AS c']);
  assert.equal(q.code, 0, q.err);
  assert.match(q.out, /238/);
  assert.ok(readdirSync(bricked).some((f) => f.startsWith('graph.lbug.wal.interrupted-')), 'the WAL was kept aside, not deleted');
  assert.equal((await cli(['import', SAMPLE, '--db', 'bricked', '--quiet'])).code, 0, 'import works again');
});

test('2. the read-only door refuses COPY TO, EXPORT DATABASE, ATTACH and LOAD FROM; nothing is written', async () => {
  const victim = join(dir.path, 'victim.csv');
  writeFileSync(victim, 'keep me\n');
  const statements = [
    `COPY (RETURN 'x' AS x) TO '${victim}'`,
    `EXPORT DATABASE '${join(dir.path, 'dump')}'`,
    `ATTACH '${join(dir.path, 'db', 'graph.lbug')}' AS other (dbtype lbug)`,
    `LOAD FROM '${victim}' RETURN *`,
  ];
  for (const s of statements) {
    const r = await cli(['query', '--db', 'db', s]);
    assert.equal(r.code, 1, s);
    assert.match(r.err, /Refused: .*--write/, s);
  }
  assert.equal(readFileSync(victim, 'utf8'), 'keep me\n');
  assert.equal(existsSync(join(dir.path, 'dump')), false);
});

test('3. quotes and backslashes in names round-trip; case collisions are reported per line; binary writes nothing', async () => {
  writeFileSync(join(dir.path, 'odd.txt'), "The Vow|it's|X\nA|back\\slash|B\nHeat|directed_by|Michael Mann\nHeat|DIRECTED_BY|Someone\n");
  const r = await cli(['import', 'odd.txt', '--db', 'odd', '--quiet']);
  assert.equal(r.code, 1, 'a bad line was skipped');
  assert.match(r.out, /odd\.txt:4: relationship type "DIRECTED_BY" differs from "directed_by" only in letter case/);
  const schema = await cli(['schema', '--db', 'odd', '--json']);
  assert.equal(schema.code, 0, schema.err);
  const types = (JSON.parse(schema.out) as { relationshipTypes: { name: string; count: number }[] }).relationshipTypes.map((t) => `${t.name}=${t.count}`).sort();
  assert.deepEqual(types, ["back\\slash=1", 'directed_by=1', "it's=1"]);
  const q = await cli(['query', '--db', 'odd', '--json', "MATCH (a)-[r:`it's`]->(b) RETURN a.name AS a, label(r) AS t, b.name AS b"]);
  assert.deepEqual(JSON.parse(q.out).rows, [{ a: 'The Vow', t: "it's", b: 'X' }]);
  // Later imports still work (they used to fail with "Unsupported table name").
  assert.equal((await cli(['import', 'odd.txt', '--db', 'odd', '--quiet'])).code, 1);
  // A case variant of an existing type in a later file is reported too, against the stored name.
  writeFileSync(join(dir.path, 'odd2.txt'), 'Heat|Directed_By|Al\n');
  const r2 = await cli(['import', 'odd2.txt', '--db', 'odd', '--quiet']);
  assert.equal(r2.code, 1);
  assert.match(r2.out, /odd2\.txt:1: .*"Directed_By" differs from "directed_by"/);

  const bytes = Buffer.alloc(4000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + 13) % 256;
  writeFileSync(join(dir.path, 'binary.txt'), bytes);
  const b = await cli(['import', 'binary.txt', '--db', 'binary', '--quiet']);
  assert.equal(b.code, 1);
  assert.equal(existsSync(join(dir.path, 'binary')), false, 'no folder, no junk tables');
});

test('5. --db refuses a folder that is not a kgrag database, a file, and writes nothing for a missing or rejected input', async () => {
  const repo = join(dir.path, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  writeFileSync(join(repo, 'generation'), 'my own file\n');
  const r = await cli(['import', SAMPLE, '--db', 'repo']);
  assert.equal(r.code, 2);
  assert.match(r.err, /is not empty and is not a KG-RAG Studio database/);
  assert.deepEqual(readdirSync(repo).sort(), ['.git', 'generation']);
  assert.equal(readFileSync(join(repo, 'generation'), 'utf8'), 'my own file\n');

  assert.equal((await cli(['import', 'missing.txt', '--db', 'fresh1'])).code, 2);
  assert.equal(existsSync(join(dir.path, 'fresh1')), false);
  writeFileSync(join(dir.path, 'bad.txt'), 'only one field\n');
  assert.equal((await cli(['import', 'bad.txt', '--db', 'fresh2', '--strict'])).code, 1);
  assert.equal(existsSync(join(dir.path, 'fresh2')), false);
  assert.equal((await cli(['import', SAMPLE, '--db', 'odd.txt'])).code, 2, '--db that is a file');
});

test('7. a FIFO or /dev/zero as schema, an oversized schema and 200 KB of "(" end promptly with capped output', async () => {
  writeFileSync(join(dir.path, 'p.kgp'), 'plan p { match (m: Movie "Heat") return m }\n');
  const fifo = join(dir.path, 'schema.fifo');
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  for (const schema of [fifo, '/dev/zero']) {
    const r = await cli(['check', 'p.kgp', '--schema', schema]);
    assert.equal(r.code, 1, schema);
    assert.match(r.out, /not a regular file/, schema);
  }
  writeFileSync(join(dir.path, 'huge.kgschema.json'), Buffer.alloc(9 * 1024 * 1024, 0x20));
  const big = await cli(['check', 'p.kgp', '--schema', 'huge.kgschema.json']);
  assert.equal(big.code, 1);
  assert.match(big.out, /larger than the 8\.0 MB limit/);
  writeFileSync(join(dir.path, 'parens.kgp'), `plan p {\n  match ${'('.repeat(200_000)}\n}\n`);
  const p = await cli(['check', 'parens.kgp']);
  assert.equal(p.code, 1);
  const lines = p.out.trim().split('\n');
  assert.ok(lines.length <= 201, `${lines.length} lines`);
  assert.match(lines[lines.length - 1]!, /KGP003 \d+ more diagnostics in this file/);
});

test('8. exit codes and one-line messages: paths are usage errors, a bad plan is named and the others still run', async () => {
  assert.equal((await cli(['import', 'missing.txt', '--db', 'x'])).code, 2);
  assert.equal((await cli(['import', '.', '--db', 'x'])).code, 2);
  assert.equal((await cli(['query', '--db', 'p.kgp', 'RETURN 1'])).code, 2);
  assert.equal((await cli(['run', 'p.kgp', '--db', 'nowhere'])).code, 2);
  assert.equal((await cli(['query', '--db', 'nowhere', 'RETURN 1'])).code, 2);
  const k = await cli(['run', 'p.kgp', '--db', 'db', '--k', '-1']);
  assert.equal(k.code, 2);
  assert.match(k.err, /--k must be a whole number from 1 to 10000, not -1/);
  writeFileSync(join(dir.path, 'two.kgp'), 'plan broken {\n  match (x: Movie = "Heat") -[:no_such_type]-> (d: Person)\n  return d\n  using cypher\n}\nplan fine {\n  match (m: Movie = "The Vow") -[:directed_by]-> (d: Person)\n  return d\n  using cypher\n}\n');
  const two = await cli(['run', 'two.kgp', '--db', 'db']);
  assert.equal(two.code, 1, two.err);
  assert.match(two.err, /plan broken: /);
  assert.equal(two.err.trim().split('\n').length, 1, two.err);
  assert.match(two.out, /fine \(cypher\)/, 'the next plan ran');
});

test('8. run reports a plan\'s bad strategy argument (k: -1, theta: -2, mode: "wide") exactly as check does, runs the others, exits 1', async () => {
  const text = [
    'plan bad_k {\n  match (m: Movie "Heat") -[directed by]-> (d: Person)\n  return d\n  using gsd(k: -1)\n}',
    'plan bad_stem {\n  match (m: Movie "Heat") -[directed by]-> (d: Person)\n  return d\n  using stem(theta: -2, mode: "wide")\n}',
    'plan fine {\n  match (m: Movie "The Vow") -[directed by]-> (d: Person)\n  return d\n  using gsd(k: 2)\n}',
  ].join('\n');
  writeFileSync(join(dir.path, 'params.kgp'), text + '\n');
  const checked = await cli(['check', 'params.kgp']);
  const ran = await cli(['run', 'params.kgp', '--db', 'db']);
  assert.equal(checked.code, 1);
  assert.equal(ran.code, 1, ran.err);
  const kgp213 = (t: string) => t.split('\n').filter((l) => l.includes('KGP213')).map((l) => l.replace(/^.*?params\.kgp/, 'params.kgp'));
  assert.deepEqual(kgp213(ran.err), kgp213(checked.out), 'the same diagnostics, the same places');
  assert.deepEqual(kgp213(ran.err), [
    "params.kgp:4:16 error KGP213 'k' must be a whole number from 1 to 10000",
    "params.kgp:9:21 error KGP213 'theta' must be a number of at least 0",
    'params.kgp:9:31 error KGP213 \'mode\' must be one of "precision", "breadth"',
  ]);
  assert.doesNotMatch(ran.out, /bad_k|bad_stem/, 'refused plans are not run with the default instead');
  assert.match(ran.out, /fine \(gsd\)/, 'the other plan ran');
});

test('8. `kgrag query … | head -1` ends without an EPIPE stack trace', () => {
  const cmd = `"${process.execPath}" --import tsx src/cli/main.ts query --db "${join(dir.path, 'db')}" "UNWIND range(1, 20000) AS x RETURN x" | head -1`;
  const r = spawnSync('sh', ['-c', cmd], { cwd: REPO, encoding: 'utf8' });
  assert.equal(r.stdout.trim(), 'x');
  assert.doesNotMatch(r.stderr, /EPIPE|at .*\(/);
});

test('4. kill -9 of an import and its engine mid-copy leaves the database as it was; the next import completes', async () => {
  const big = join(dir.path, 'big.txt');
  // Enough rows that the COPY phase takes a moment; every line is a new edge.
  writeFileSync(big, Array.from({ length: 60_000 }, (_, i) => `Film ${i}|starred_actors|Actor ${i % 5000}`).join('\n') + '\n');
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'import', big, '--db', join(dir.path, 'db')], { cwd: REPO, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((res, rej) => {
    child.stderr.on('data', (d: Buffer) => {
      if (/\[copy\]/.test(d.toString())) res();
    });
    child.on('exit', () => rej(new Error('the import ended before its copy phase')));
  });
  process.kill(-child.pid!, 'SIGKILL'); // the CLI and its engine process (one process group)
  await new Promise((r) => child.once('exit', r));
  assert.equal(await movieCount('db'), 238, 'the target still holds exactly the old graph');
  const again = await cli(['import', big, '--db', 'db', '--quiet']);
  assert.equal(again.code, 0, again.err);
  assert.equal(await movieCount('db'), 238 + 60_000);
  assert.deepEqual(readdirSync(dir.path).filter((f) => f.startsWith('.db.import-')), [], 'the abandoned staging folder is gone');
});

test('4. kill -9 of the engine while it checkpoints on close: read-only opens still work afterwards', async () => {
  // 60–90 ms reach the end of the checkpoint (shadow applied and truncated, WAL not yet removed) in ~1 of 7 kills.
  for (const delayMs of [0, 5, 20, 60, 70, 80, 90]) {
    const folder = join(dir.path, `ck${delayMs}`);
    assert.equal((await cli(['import', SAMPLE, '--db', `ck${delayMs}`, '--quiet'])).code, 0);
    const writer = new EmbeddedStore({ folder });
    await writer.open();
    await writer.query("UNWIND range(1, 20000) AS i CREATE (:Movie {name: 'extra ' + CAST(i AS STRING)})", { readOnly: false, timeoutMs: 120_000 });
    const pid = writer.enginePid!;
    const closing = writer.close(); // checkpoints the WAL into the file
    await new Promise((r) => setTimeout(r, delayMs));
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* already gone: the checkpoint finished first */
    }
    await closing;
    const count = await movieCount(`ck${delayMs}`);
    assert.ok(count === 238 + 20_000, `delay ${delayMs} ms: ${count} movies`);
  }
});
