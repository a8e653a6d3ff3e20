// Issue 29 case 2: two imports into one database, as real concurrent processes. Each stages a copy and
// renames it over the target, so without a lock the first one's rows were gone although both said
// "imported". Now the second waits (and says so), both sets of rows are there; a stale lock (dead
// owner) is taken over; a live owner past --wait fails clearly and writes nothing.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importLockPath } from '../../../src/core/graph/import/importLock';
import { tempDir } from './helpers';

const dir = tempDir('kgrag-import-lock-');
const REPO = resolve(__dirname, '../../..');
after(() => dir.remove());

function kgrag(args: readonly string[]): Promise<{ code: number | null; out: string; err: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((res) => child.on('close', (code) => res({ code, out, err })));
}

/** A triples file of `n` films, each with its own actor: every line a new node pair and edge. */
function films(name: string, prefix: string, n: number): string {
  return dir.file(name, Array.from({ length: n }, (_, i) => `${prefix} Film ${i}|starred_actors|${prefix} Actor ${i}`).join('\n') + '\n');
}

async function count(folder: string, prefix: string): Promise<number> {
  const store = new EmbeddedStore({ folder, readOnly: true });
  try {
    await store.open();
    const r = await store.query('MATCH (m:Movie) WHERE m.name STARTS WITH $p RETURN count(m) AS c', { params: { p: `${prefix} ` } });
    return Number(r.rows[0]?.c);
  } finally {
    await store.close();
  }
}

test('two concurrent imports into one database: both succeed, one waits and says so, no rows are lost', async () => {
  const db = join(dir.path, 'db');
  const a = films('a.txt', 'Alpha', 5_000);
  const b = films('b.txt', 'Beta', 5_000);
  const [ra, rb] = await Promise.all([kgrag(['import', a, '--db', db, '--no-index']), kgrag(['import', b, '--db', db, '--no-index'])]);
  assert.equal(ra.code, 0, ra.err);
  assert.equal(rb.code, 0, rb.err);
  assert.equal(await count(db, 'Alpha'), 5_000, 'the first import keeps its rows');
  assert.equal(await count(db, 'Beta'), 5_000, 'the second import keeps its rows');
  const waited = [ra, rb].filter((r) => /waiting for another import into .* to finish \(process \d+/.test(r.err));
  assert.equal(waited.length, 1, `exactly one import waited:\n${ra.err}\n${rb.err}`);
  assert.equal(existsSync(importLockPath(db)), false, 'the lock is released');
});

test('a stale import lock (its process is gone) is taken over; a live owner past --wait fails clearly', async () => {
  const db = join(dir.path, 'db2');
  const c = films('c.txt', 'Gamma', 50);
  // A pid that is not running: a short-lived child, already exited.
  const dead = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => dead.on('exit', r));
  writeFileSync(importLockPath(db), `pid ${dead.pid}\nstarted 2020-01-01T00:00:00.000Z\n`);
  const r = await kgrag(['import', c, '--db', db, '--no-index', '--quiet']);
  assert.equal(r.code, 0, r.err);
  assert.match(r.err, new RegExp(`removing a stale import lock .*process ${dead.pid} is gone`));
  assert.equal(await count(db, 'Gamma'), 50);

  // A live owner (this test process) that does not let go: the import waits --wait seconds, then fails.
  writeFileSync(importLockPath(db), `pid ${process.pid}\nstarted ${new Date().toISOString()}\n`);
  const d = films('d.txt', 'Delta', 50);
  const started = Date.now();
  const locked = await kgrag(['import', d, '--db', db, '--no-index', '--wait', '1']);
  assert.equal(locked.code, 3, locked.err);
  assert.match(locked.err, new RegExp(`kgrag import: Another import into .*db2 is running \\(process ${process.pid}, lock .*\\); waited 1 s\\. Nothing was imported`));
  assert.ok(Date.now() - started >= 1000, 'it waited');
  assert.doesNotMatch(locked.out, /imported/);
  assert.equal(await count(db, 'Delta'), 0, 'nothing was imported');
  assert.equal(existsSync(importLockPath(db)), true, "a live owner's lock is left alone");
});
