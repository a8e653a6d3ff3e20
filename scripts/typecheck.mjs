// `npm run typecheck`: one TypeScript project per layer (tsconfig/<layer>.json), so a forbidden
// import fails here: vscode outside src/extension, Node (node:*, fs, …) in the webview, the DOM in
// core. Projects run two at a time (the machines have two cores) with incremental caches in
// .cache/tsc; each prints its errors under its name. Exit 1 when any project has errors.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
export const LAYERS = ['contracts', 'core', 'webview', 'server', 'cli', 'extension', 'tests'];

function check(layer) {
  const started = Date.now();
  return new Promise((resolve) => {
    const args = [tsc, '-p', join(root, 'tsconfig', `${layer}.json`), '--incremental', '--tsBuildInfoFile', join(root, '.cache', 'tsc', `${layer}.tsbuildinfo`), '--pretty', 'false'];
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => resolve({ layer, ok: code === 0, out: out.trim(), ms: Date.now() - started }));
  });
}

const only = process.argv.slice(2).filter((a) => LAYERS.includes(a));
const queue = [...(only.length ? only : LAYERS)];
const results = [];
const worker = async () => {
  for (let layer = queue.shift(); layer !== undefined; layer = queue.shift()) results.push(await check(layer));
};
const t0 = Date.now();
await Promise.all([worker(), worker()]);
results.sort((a, b) => LAYERS.indexOf(a.layer) - LAYERS.indexOf(b.layer));
for (const r of results) {
  console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.layer.padEnd(9)} ${(r.ms / 1000).toFixed(1)} s`);
  if (!r.ok) console.log(r.out.split('\n').map((l) => `  [${r.layer}] ${l}`).join('\n'));
}
console.log(`typecheck: ${results.filter((r) => r.ok).length}/${results.length} projects clean in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
