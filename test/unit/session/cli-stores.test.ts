import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';

let dir = '';

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: { KGRAG_NEO4J_PASSWORD: 'secret-pw' } };
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-cli-stores-'));
  writeFileSync(join(dir, 'x.kgp'), 'plan p {\n  match (m: Movie "Kismet") -[directed by]-> (d: Person)\n  return d\n  expect "Jon Avnet"\n}\n');
  writeFileSync(join(dir, 'g.txt'), 'Kismet|directed_by|Jon Avnet\n');
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

// Nothing listens on 7999 here (no Neo4j can run on these machines): every command that touches a
// graph must accept --neo4j and fail with the same one line, exit 3, never a stack trace or password.
const NEO4J = ['--neo4j', 'bolt://127.0.0.1:7999', '--timeout', '5000'];
const COMMANDS: readonly (readonly string[])[] = [
  ['schema', ...NEO4J],
  ['run', 'x.kgp', ...NEO4J],
  ['test', 'x.kgp', ...NEO4J],
  ['query', ...NEO4J, 'MATCH (n) RETURN n LIMIT 1'],
  ['import', 'g.txt', ...NEO4J],
];

test('run, test, schema, query and import all take --neo4j and say the same "not reachable" line', async () => {
  const lines = new Map<string, string>();
  for (const argv of COMMANDS) {
    const io = capture();
    const code = await main(argv, io);
    const name = argv[0]!;
    assert.equal(code, 3, `${name}: ${io.stderr.join('\n')}`);
    assert.equal(io.stderr.length, 1, `${name}: ${io.stderr.join('\n')}`);
    const line = io.stderr[0]!;
    assert.ok(line.startsWith(`kgrag ${name}: `), line);
    assert.match(line, /Neo4j at bolt:\/\/127\.0\.0\.1:\d+ is not reachable: nothing accepts connections at 127\.0\.0\.1:\d+ \(connection refused\)/);
    assert.doesNotMatch(line, /RoutingTable|Please ensure/);
    assert.doesNotMatch(line, /secret-pw|\n\s+at /);
    lines.set(name, line.slice(`kgrag ${name}: `.length));
  }
  assert.equal(new Set(lines.values()).size, 1, [...lines.entries()].map(([k, v]) => `${k}: ${v}`).join('\n'));
});

test('run: --db and --neo4j together is bad usage (exit 2), as for the other commands', async () => {
  for (const name of ['run', 'schema', 'import']) {
    const io = capture();
    const args = name === 'run' ? ['run', 'x.kgp'] : name === 'import' ? ['import', 'g.txt'] : ['schema'];
    assert.equal(await main([...args, '--db', 'db', ...NEO4J], io), 2, name);
    assert.match(io.stderr.join('\n'), /either --db <folder> or --neo4j <uri>, not both/);
  }
});
