// One harness run at a time on a machine (a run takes ≈ 1 GB and both cores): take an exclusive
// flock(1) on /tmp/vscode-harness.lock and hold it until release() or until this process dies.
//
// Why a helper process: Node has no flock(2). `flock LOCK sh -c 'echo locked; exec cat'` takes
// the lock, says so, then blocks reading our stdin. Closing that pipe (release(), or the kernel
// closing it when we die, even by SIGKILL) ends `cat` and frees the lock — it can never outlive us.
import { spawn, spawnSync } from 'node:child_process';

export const LOCK_FILE = process.env.KGRAG_HARNESS_LOCK ?? '/tmp/vscode-harness.lock';

/**
 * @param {{ waitSeconds: number, log: (line: string) => void }} options
 * @returns {Promise<{ release: () => void }>}
 */
export async function acquireHarnessLock({ waitSeconds, log }) {
  const free = spawnSync('flock', ['-n', LOCK_FILE, 'true']).status === 0;
  if (!free) log(`another VS Code harness run holds ${LOCK_FILE}; waiting (up to ${waitSeconds} s)…`);
  // detached: a Ctrl-C in the terminal must not free the lock while we are still tearing down.
  const holder = spawn('flock', ['-w', String(waitSeconds), LOCK_FILE, 'sh', '-c', 'echo locked; exec cat >/dev/null'], {
    stdio: ['pipe', 'pipe', 'inherit'],
    detached: true,
  });
  const started = Date.now();
  await new Promise((resolve, reject) => {
    let out = '';
    holder.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('locked')) resolve(undefined);
    });
    holder.on('error', reject);
    holder.on('exit', (code) => reject(new Error(`could not take ${LOCK_FILE} within ${waitSeconds} s (flock exit ${code})`)));
  });
  if (!free) log(`took ${LOCK_FILE} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  holder.unref();
  holder.stdout.unref?.();
  holder.stdin.unref?.();
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      holder.stdin.end();
      holder.stdin.destroy();
    },
  };
}
