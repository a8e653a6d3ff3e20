// Issue 29 case 8: `kgrag run`/`query` killed by SIGTERM or SIGKILL mid-query used to leave its engine
// worker running the query at 50–90 % CPU for up to its timeout. The worker now dies with its parent on
// every signal. Real processes: the CLI, its engine worker, kill -TERM / kill -9.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { SLOW_QUERY, tempDir } from './helpers';

const dir = tempDir('kgrag-worker-life-');
const REPO = resolve(__dirname, '../../..');
const SAMPLE = resolve(REPO, 'samples/movies/movies.triples.txt');

before(async () => {
  const io = { out: () => {}, err: () => {}, cwd: dir.path, env: {} };
  assert.equal(await main(['import', SAMPLE, '--db', 'db', '--quiet', '--no-index'], io), 0);
});
after(() => dir.remove());

function childrenOf(pid: number): number[] {
  const r = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return r.stdout.split('\n').map((s) => Number(s.trim())).filter((n) => n > 0);
}

function alive(pid: number): boolean {
  // A zombie (exited, not yet reaped by init) counts as gone.
  const r = spawnSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' });
  const stat = r.stdout.trim();
  return stat !== '' && !stat.startsWith('Z');
}

/** CPU seconds a process has used (/proc/<pid>/stat utime + stime, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function until(what: string, ok: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
  test(`${signal} of the CLI mid-query: its engine worker is gone within 5 s`, async () => {
    const cli = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'query', '--db', join(dir.path, 'db'), '--timeout', '300000', SLOW_QUERY], { cwd: REPO, stdio: 'ignore' });
    let worker = 0;
    try {
      await until('the engine worker', () => (worker = childrenOf(cli.pid!)[0] ?? 0) > 0, 120_000);
      // The query is running in the engine once the worker burns CPU beyond its start-up and open.
      const base = cpuSeconds(worker);
      await until('the query to run', () => cpuSeconds(worker) > base + 1, 120_000);
      const killedAt = Date.now();
      process.kill(cli.pid!, signal);
      // 5 s leaves room for a loaded machine; the bug kept it running for up to the query's timeout (30 s+).
      await until(`the worker ${worker} to end after ${signal}`, () => !alive(worker), 5000);
      assert.ok(Date.now() - killedAt <= 5000);
    } finally {
      if (worker > 0 && alive(worker)) process.kill(worker, 'SIGKILL');
      if (cli.exitCode === null) cli.kill('SIGKILL');
    }
  });
}
