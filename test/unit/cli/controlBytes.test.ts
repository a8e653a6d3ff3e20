import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import { terminalText, type CliIO } from '../../../src/cli/io';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';

// Issue 29, case 5: node names holding terminal control sequences (set the title, clear the screen,
// a C1 CSI, DEL) are printed as escapes by run, query, ask and test; JSON output keeps their value.
// (The importer drops C1 bytes, DEL and CR from names; terminalText's own test covers those.)
const EVIL = 'Evil\u001b]0;pwned\u0007\u001b[2JActor';
let dir = '';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: {} };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-control-'));
  writeFileSync(join(dir, 'g.txt'), `The Vow|directed_by|Michael Sucsy\nThe Vow|starred_actors|Rachel McAdams\nThe Vow|starred_actors|${EVIL}\n`);
  const store = new EmbeddedStore({ folder: join(dir, 'db') });
  await store.open();
  await importFiles(store, [{ path: join(dir, 'g.txt'), format: 'triples' }]);
  await store.close();
  writeFileSync(join(dir, 'p.kgp'), 'plan cast {\n  match (m: Movie "The Vow") -[starred actors]- (a: Person)\n  return a\n  expect "Nobody Atall"\n}\n');
});

after(() => rmSync(dir, { recursive: true, force: true }));

// Every control byte but the line feed; what is printed may hold only escapes of them.
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

for (const [name, args] of [
  ['query', ['query', '--db', 'db', 'MATCH (n) RETURN n.name AS name']],
  ['run', ['run', 'p.kgp', '--db', 'db', '--strategy', 'cypher']],
  ['test', ['test', 'p.kgp', '--db', 'db']],
  ['ask', ['ask', 'who starred in The Vow', '--db', 'db', '--run']],
] as const) {
  test(`kgrag ${name}: control bytes in a node name are printed escaped`, async () => {
    const io = capture();
    const code = await main([...args], io);
    const printed = [...io.stdout, ...io.stderr].join('\n');
    assert.ok(code <= 1, `exit ${code}: ${printed}`);
    assert.doesNotMatch(printed, RAW, printed);
    assert.match(printed, /Evil\\u001b\]0;pwned\\u0007\\u001b\[2JActor/, `the name is shown, escaped: ${printed}`);
  });
}

test('kgrag run --json: JSON output stays JSON and parses back to the name with its control bytes', async () => {
  const io = capture();
  assert.equal(await main(['run', 'p.kgp', '--db', 'db', '--strategy', 'cypher', '--json'], io), 0, io.stderr.join('\n'));
  const out = io.stdout.join('\n');
  assert.doesNotMatch(out, RAW);
  const r = JSON.parse(out) as { answers: { value: string }[] };
  assert.ok(r.answers.some((a) => a.value === EVIL), JSON.stringify(r.answers));
});

test('terminalText: C0 (but the line feed), DEL and C1 become JSON escapes; a JSON line keeps its value', () => {
  const s = 'a\u0000b\tc\rd\u001b[2Je\u007ff\u0085g\u009b31mh\ni';
  assert.equal(terminalText(s), 'a\\u0000b\\u0009c\\u000dd\\u001b[2Je\\u007ff\\u0085g\\u009b31mh\ni');
  const line = JSON.stringify({ name: s });
  assert.doesNotMatch(terminalText(line), RAW);
  assert.deepEqual(JSON.parse(terminalText(line)), { name: s });
});
