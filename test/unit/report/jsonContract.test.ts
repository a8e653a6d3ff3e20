import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';

// Issue 29, case 10: one JSON contract. Every --json door writes JSON lines that `kgrag report`
// reads back; a line of the right keys but a wrong inner type is a shape problem with its line and
// JSON path (exit 1), never a crash, and the good lines are still in the report.
const root = resolve(__dirname, '../../..');
let dir = '';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: {} };
}

const PLANS = `plan vow_director {
  match (m: Movie "The Vow") -[directed by]-> (d: Person)
  return d
  expect "Michael Sucsy"
}
plan vow_cast {
  match (m: Movie "The Vow") -[starred actors]- (a: Person)
  return a
  expect "Nobody Atall"
}
`;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-json-contract-'));
  const store = new EmbeddedStore({ folder: join(dir, 'db') });
  await store.open();
  await importFiles(store, [{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  await store.close();
  writeFileSync(join(dir, 'two.kgp'), PLANS);
});

after(() => rmSync(dir, { recursive: true, force: true }));

/** Every line of stdout is one JSON object. */
function jsonLines(stdout: readonly string[]): Record<string, unknown>[] {
  const lines = stdout.join('\n').split('\n').filter((l) => l !== '');
  return lines.map((l, i) => {
    const v: unknown = JSON.parse(l); // throws on a line that is not JSON: the test fails there
    assert.ok(typeof v === 'object' && v !== null && !Array.isArray(v), `line ${i + 1} is an object`);
    return v as Record<string, unknown>;
  });
}

test('kgrag run --json of a file with two plans and kgrag test --json write JSON lines only; kgrag report reads both back', async () => {
  const ran = capture();
  assert.equal(await main(['run', 'two.kgp', '--db', 'db', '--json'], ran), 0, ran.stderr.join('\n'));
  assert.equal(jsonLines(ran.stdout).length, 2, 'one result a line');
  writeFileSync(join(dir, 'run.jsonl'), ran.stdout.join('\n') + '\n');

  const tested = capture();
  assert.equal(await main(['test', 'two.kgp', '--db', 'db', '--json'], tested), 1);
  const lines = jsonLines(tested.stdout);
  assert.equal(lines.length, 3, 'two outcomes and the summary');
  assert.deepEqual(lines[2], { summary: lines[2]!['summary'] });
  assert.match(tested.stderr.join('\n'), /1 passed, 1 failed/, 'the line for people is on stderr');
  writeFileSync(join(dir, 'test.jsonl'), tested.stdout.join('\n') + '\n');

  // Older `run --json` output: pretty-printed objects back to back.
  writeFileSync(join(dir, 'pretty.json'), jsonLines(ran.stdout).map((r) => JSON.stringify(r, null, 2)).join('\n'));

  const io = capture();
  assert.equal(await main(['report', 'run.jsonl', 'test.jsonl', 'pretty.json', '--out', 'r.html'], io), 0, io.stderr.join('\n'));
  assert.match(io.stdout.join('\n'), /4 result\(s\), 2 test\(s\)/);
});

test('kgrag report: a line with the right keys and a wrong inner type is reported with file:line and JSON path; the good lines are still rendered', async () => {
  const ran = capture();
  assert.equal(await main(['run', 'two.kgp', '--db', 'db', '--plan', 'vow_director', '--json'], ran), 0);
  const good = ran.stdout.join('');
  const lines = [
    good,
    JSON.stringify({ strategy: 'gsd', answers: [null], subgraphs: [] }),
    JSON.stringify({ ...(JSON.parse(good) as object), answers: [null] }),
    JSON.stringify({ id: 'x', plan: 'p', status: 'failed', expected: ['a'], answers: [null], message: 'm' }),
    JSON.stringify({ id: 'x', plan: 'p', status: 'passed', expected: 'a', answers: [], message: 'm' }),
    JSON.stringify({ summary: { passed: 'two' } }),
    JSON.stringify({ expected: 'X', plan: 'p', strategy: 'gsd', summary: 's', cause: { kind: 'not-in-graph', nearest: [{ name: 3 }] }, fixes: [] }),
    JSON.stringify({ comparison: { changes: [{ kind: 'regressed', plan: 'p', lost: [null] }], regressions: 1, changed: 1 } }),
    '{"strategy": "gsd", "answers": [',
  ];
  writeFileSync(join(dir, 'mixed.jsonl'), lines.join('\n') + '\n');
  const io = capture();
  const code = await main(['report', 'mixed.jsonl', '--out', 'mixed.html'], io);
  assert.equal(code, 1, io.stderr.join('\n'));
  const err = io.stderr.join('\n');
  assert.doesNotMatch(err, /TypeError|at .*\.ts:\d+/, 'no crash, no stack');
  assert.match(err, /mixed\.jsonl:2: not a valid retrieval result: at \/: must have required property 'id'/);
  assert.match(err, /mixed\.jsonl:3: not a valid retrieval result: at \/answers\/0: must be object/);
  assert.match(err, /mixed\.jsonl:4: not a valid test outcome: at \/answers\/0: must be string/);
  assert.match(err, /mixed\.jsonl:5: not a valid test outcome: at \/expected: must be array/);
  assert.match(err, /mixed\.jsonl:6: not a valid test summary: at \/: must have required property/);
  assert.match(err, /mixed\.jsonl:7: not a valid why-not result: at \/cause\/nearest\/0\/name: must be string/);
  assert.match(err, /mixed\.jsonl:8: not a valid baseline comparison: at \/changes\/0\/lost\/0: must be object/);
  assert.match(err, /mixed\.jsonl:9: not JSON/);
  assert.match(io.stdout.join('\n'), /1 result\(s\), 0 test\(s\), 0 comparison\(s\), 0 why-not/, 'the good line is in the report');
  assert.match(readFileSync(join(dir, 'mixed.html'), 'utf8'), /Michael Sucsy/);
});
