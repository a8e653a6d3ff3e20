import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';

const repo = join(__dirname, '../../..');
const movieSchema = join(repo, 'samples/movies/movies.kgschema.json');

async function run(args: string[], cwd = repo): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const io: CliIO = { out: (t) => void (out += t.endsWith('\n') ? t : t + '\n'), err: (t) => void (err += t + '\n'), cwd, env: {} };
  const code = await main(['check', ...args], io);
  return { code, out, err };
}

function withTempDir(fn: (dir: string) => Promise<void>): () => Promise<void> {
  return async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kgrag-check-'));
    try {
      await fn(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

test('kgrag check examples/ exits 0', async () => {
  const r = await run(['examples/']);
  assert.equal(r.code, 0, r.out + r.err);
  assert.ok(!/ error /.test(r.out), r.out);
});

test(
  'a broken file gives file:line:col diagnostics and exit 1',
  withTempDir(async (dir) => {
    writeFileSync(join(dir, 'bad.kgp'), 'plan p {\n  match\n    (m: Movie "Heat") -[directed by]- (d: Person)\n  return director\n}\n');
    const r = await run(['bad.kgp'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.out.trim(), "bad.kgp:4:10 error KGP200 'director' is not a variable of this plan's match (variables: m, d)");
  }),
);

test(
  'directories are walked for .kgp files; --format json',
  withTempDir(async (dir) => {
    mkdirSync(join(dir, 'sub/deeper'), { recursive: true });
    mkdirSync(join(dir, 'node_modules'));
    writeFileSync(join(dir, 'sub/a.kgp'), 'plan a { match (x: Movie "Heat") return x }');
    writeFileSync(join(dir, 'sub/deeper/b.kgp'), 'plan b { match (x "Heat") -[in]- (y) return x }');
    writeFileSync(join(dir, 'sub/notes.txt'), 'plan broken {');
    writeFileSync(join(dir, 'node_modules/c.kgp'), 'plan broken {');
    const r = await run(['sub', '--format', 'json'], dir);
    assert.equal(r.code, 0, r.out);
    const parsed: unknown = JSON.parse(r.out);
    assert.deepEqual(parsed, {
      diagnostics: [
        {
          file: join('sub', 'deeper', 'b.kgp'),
          line: 1,
          column: 29,
          severity: 'warning',
          code: 'KGP221',
          message: 'the phrase "in" says too little to match a relation by meaning; name the relation (e.g. "in language", "starred actors")',
        },
      ],
    });
  }),
);

test(
  'a schema line is resolved relative to the file; --schema covers files without one',
  withTempDir(async (dir) => {
    mkdirSync(join(dir, 'plans'));
    mkdirSync(join(dir, 'schemas'));
    copyFileSync(movieSchema, join(dir, 'schemas/movies.kgschema.json'));
    writeFileSync(join(dir, 'plans/with.kgp'), 'schema "../schemas/movies.kgschema.json"\nplan p { match (m: Movei "Heat") return m }\n');
    writeFileSync(join(dir, 'plans/without.kgp'), 'plan q { match (m: Flim "Heat") return m }\n');
    const alone = await run(['plans'], dir);
    assert.equal(alone.code, 1);
    assert.match(alone.out, /with\.kgp:2:20 error KGP300 unknown category 'Movei'; did you mean 'Movie'\?/);
    assert.ok(!alone.out.includes('without.kgp'), alone.out);
    const withFlag = await run(['plans', '--schema', 'schemas/movies.kgschema.json'], dir);
    assert.match(withFlag.out, /without\.kgp:1:20 error KGP300 unknown category 'Flim'/);
  }),
);

test(
  'unreadable files, missing schemas and broken schema files are diagnostics, not stack traces',
  withTempDir(async (dir) => {
    writeFileSync(join(dir, 'a.kgp'), 'schema "missing.kgschema.json"\nplan p { match (m: Movie "Heat") return m }\n');
    writeFileSync(join(dir, 'broken.kgschema.json'), '{ "labels": ');
    writeFileSync(join(dir, 'b.kgp'), 'plan p { match (m: Movie "Heat") return m }\n');
    const r = await run(['a.kgp', 'nope.kgp', 'b.kgp', '--schema', 'broken.kgschema.json'], dir);
    assert.equal(r.code, 1);
    assert.equal(r.err, '');
    const lines = r.out.trim().split('\n');
    assert.ok(lines.some((l) => /^a\.kgp:1:8 error KGP307 cannot use schema "missing\.kgschema\.json": file not found; names are not checked against a schema$/.test(l)), r.out);
    assert.ok(lines.some((l) => /^nope\.kgp:1:1 error KGP001 cannot read: no such file or directory$/.test(l)), r.out);
    assert.ok(lines.some((l) => /^broken\.kgschema\.json:\d+:\d+ error schema-json-syntax /.test(l)), r.out);
    assert.ok(!r.out.includes('    at '), 'no stack trace');
  }),
);

test('bad usage exits 2', async () => {
  assert.equal((await run([])).code, 2);
  assert.equal((await run(['examples', '--format', 'xml'])).code, 2);
  assert.equal((await run(['examples', '--frobnicate'])).code, 2);
  assert.equal((await run(['examples', '--hop-limit', 'zero'])).code, 2);
});

test(
  '--hop-limit lowers the limit',
  withTempDir(async (dir) => {
    writeFileSync(join(dir, 'h.kgp'), 'plan p {\n  match\n    (a: Person "Al Pacino") -- (f: Movie) -- (g: Genre)\n  return g\n}\n');
    assert.equal((await run(['h.kgp'], dir)).out, '');
    const r = await run(['h.kgp', '--hop-limit', '1'], dir);
    assert.equal(r.code, 0);
    assert.match(r.out, /^h\.kgp:3:5 warning KGP216 /);
  }),
);

test(
  '--db checks against the schema of a real embedded database',
  withTempDir(async (dir) => {
    const db = join(dir, 'db');
    let log = '';
    const io: CliIO = { out: (t) => void (log += t), err: (t) => void (log += t), cwd: repo, env: {} };
    assert.equal(await main(['import', 'samples/movies/movies.triples.txt', '--db', db], io), 0, log);
    writeFileSync(join(dir, 'p.kgp'), 'plan p {\n  match\n    (m: Movei "Heat") -[:directed_by]-> (p: Person)\n  return p\n}\n');
    const r = await run(['p.kgp', '--db', db], dir);
    assert.equal(r.code, 1, r.out + r.err);
    assert.equal(r.out.trim(), "p.kgp:3:9 error KGP300 unknown category 'Movei'; did you mean 'Movie'?");
    assert.equal((await run(['p.kgp', '--db', db, '--schema', movieSchema], dir)).code, 2);
    assert.equal((await run(['p.kgp', '--db', join(dir, 'no-such-db')], dir)).code, 2);
  }),
);
