#!/usr/bin/env node
// `npm run package`: builds kg-rag-studio-<version>.vsix with @vscode/vsce 3.x (docs/packaging.md).
//   1. vsce runs `vscode:prepublish` = production bundles (scripts/build.mjs --production),
//   2. packs what .vscodeignore lets through, for this machine's platform (the embedded engine's
//      native binary is platform-specific, so the .vsix is too: --target linux-x64 here),
//   3. checks the result: every file package.json refers to is inside, no sources/tests/maps/dev
//      packages are, and prints the size and the largest entries.
// Options: --out <file> (default: kg-rag-studio-<version>.vsix in the repo), --quiet.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatBytes, hostTarget, nonProductionBundles, repoRoot, vsixEntries, vsixPath, vsixProblems } from './vsix.mjs';

const { values: opts } = parseArgs({ options: { out: { type: 'string' }, quiet: { type: 'boolean', default: false } } });
const out = resolve(opts.out ?? vsixPath());
const target = hostTarget();
const vsce = createRequire(import.meta.url).resolve('@vscode/vsce/vsce');
const started = Date.now();

const args = [
  vsce, 'package',
  '--target', target,
  '--out', out,
  // No public repository yet: vsce would only warn; say so explicitly and keep README links as written.
  '--allow-missing-repository',
  '--no-rewrite-relative-links',
];
// The repository's dist/ is shared with whatever else builds there (watchers, test runs): if a
// development build lands between vsce's prepublish build and its reading of dist/, the .vsix
// would carry it. Detect that (dev bundles end with a source map comment) and pack again.
for (let attempt = 1; ; attempt += 1) {
  const r = spawnSync(process.execPath, args, {
    cwd: repoRoot,
    stdio: opts.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, npm_config_update_notifier: 'false' },
  });
  if (r.status !== 0) {
    if (opts.quiet) process.stderr.write(`${r.stdout ?? ''}${r.stderr ?? ''}`);
    console.error(`package: vsce package failed (exit ${r.status ?? r.signal})`);
    process.exit(1);
  }
  const dev = await nonProductionBundles(out);
  if (dev.length === 0) break;
  const what = `development bundles in the .vsix (${dev.join(', ')}): dist/ was rebuilt while packing`;
  if (attempt >= 3) {
    console.error(`package: ${what}; giving up after ${attempt} attempts`);
    process.exit(1);
  }
  console.log(`package: ${what}; packing again`);
}

const entries = await vsixEntries(out);
const problems = vsixProblems(entries);
const unpacked = entries.reduce((n, e) => n + e.size, 0);
const size = statSync(out).size;
console.log(`package: ${out}`);
console.log(`  target ${target}, ${entries.length} entries, ${formatBytes(size)} (${formatBytes(unpacked)} unpacked), ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('  largest entries (unpacked → in the zip):');
for (const e of [...entries].sort((a, b) => b.size - a.size).slice(0, 8)) {
  console.log(`    ${formatBytes(e.size).padStart(9)} → ${formatBytes(e.compressedSize).padStart(9)}  ${e.name.replace(/^extension\//, '')}`);
}
if (problems.length > 0) {
  console.error(`package: the .vsix is wrong:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('  contents checked: production bundles, manifest references present, no sources/tests/maps/dev packages');
console.log('  note: dist/ now holds the production bundles (no source maps); `npm run build` restores the dev build');
