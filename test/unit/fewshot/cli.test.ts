import { test } from 'node:test';
import assert from 'node:assert/strict';
import { check } from '../../../src/cli/commands/check';
import type { CliIO } from '../../../src/cli/io';
import { FIXTURES } from './helpers';

function captureIO(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: FIXTURES, env: {} };
}

interface Row {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
}

test('kgrag check reads few-shot files: same JSON output as for .kgp, exit 1 on errors', async () => {
  const io = captureIO();
  const code = await check(['planner.prompt.md', 'plans.json', '--format', 'json'], io);
  assert.equal(code, 1);
  const { diagnostics } = JSON.parse(io.stdout.join('\n')) as { diagnostics: Row[] };
  assert.ok(diagnostics.some((d) => d.file === 'planner.prompt.md' && d.line === 24 && d.code === 'fewshot-unknown-category'));
  assert.ok(diagnostics.some((d) => d.file === 'plans.json' && d.line === 12 && d.column === 38 && d.code === 'mor-malformed-metapath'));
});

test('kgrag check --schema applies to every row of a question→Cypher CSV', async () => {
  const withSchema = captureIO();
  await check(['pairs.csv', '--schema', 'movies.structured_schema.json'], withSchema);
  const lines = withSchema.stdout.join('\n').split('\n');
  assert.ok(lines.some((l) => /^pairs\.csv:9:19 warning fewshot-cypher-property /.test(l)), lines.join('\n'));
  assert.ok(lines.some((l) => /^pairs\.csv:7:1 error fewshot-cypher-syntax /.test(l)));
  const without = captureIO();
  await check(['pairs.csv'], without);
  assert.ok(!without.stdout.join('\n').includes('fewshot-cypher-property'));
});

test('kgrag check: a *.fewshot.json names its schema; directories pick up *.fewshot.* files only', async () => {
  const io = captureIO();
  await check(['.', '--format', 'json'], io);
  const { diagnostics } = JSON.parse(io.stdout.join('\n')) as { diagnostics: Row[] };
  const files = new Set(diagnostics.map((d) => d.file));
  assert.ok(files.has('cypher.fewshot.json') && files.has('questions.fewshot.yaml') && files.has('plans.fewshot.jsonl'));
  assert.ok(!files.has('pairs.csv') && !files.has('planner.prompt.md'));
  assert.ok(diagnostics.some((d) => d.file === 'cypher.fewshot.json' && d.line === 6 && d.code === 'fewshot-cypher-property'));
});
