// Runs every test/unit/**/*.test.ts with Node's own test runner (TypeScript through tsx).
// Node 20's --test does not expand globs, so the files are listed here.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

function collect(dir, out) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) collect(p, out);
    else if (name.endsWith('.test.ts')) out.push(p);
  }
  return out;
}
const filter = process.argv.slice(2);
const files = collect('test/unit', []).filter((f) => filter.length === 0 || filter.some((x) => f.includes(x))).sort();
if (files.length === 0) {
  console.error('no unit test files found');
  process.exit(1);
}
// Most test files wait on child processes (the engine, servers), not the CPU: run a few at once.
const concurrency = process.env.KGRAG_TEST_CONCURRENCY ?? '3';
const r = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${concurrency}`, '--test-reporter=spec', ...files], { stdio: 'inherit' });
process.exit(r.status ?? 1);
