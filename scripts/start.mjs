#!/usr/bin/env node
// `npm start`: KG-RAG Studio on the sample graph, on a fresh machine after `npm install`, without
// VS Code installed (docs/packaging.md).
//   1. builds the bundles (scripts/build.mjs),
//   2. imports the movie sample into .kgrag/sample (once; again only when the sample file changed),
//   3. prints a retrieval on it through the CLI: `kgrag run examples/two_hop.kgp --db .kgrag/sample`,
//   4. unless --no-server (implied by CI=true or no terminal): installs or reuses code-server (the
//      VS Code test harness's installer, test/vscode/harness/install.mjs), starts it on a loopback
//      port with this extension loaded on the sample workspace (.kgrag/workspace, built from
//      samples/workspace + examples/), prints the URL and runs until Ctrl-C, then stops it.
// When code-server cannot be installed here, it says why and still exits 0: the CLI part ran.
// Options: --no-server, --server (even without a terminal), --no-build, --port <n>, --reset (fresh
// sample graph and workspace).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSampleWorkspace } from './sampleWorkspace.mjs';
import { repoRoot } from './vsix.mjs';

const { values: opts } = parseArgs({
  options: {
    'no-server': { type: 'boolean', default: false },
    server: { type: 'boolean', default: false }, // start it even without a terminal (e.g. under nohup)
    'no-build': { type: 'boolean', default: false },
    reset: { type: 'boolean', default: false },
    port: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (opts.help) {
  console.log('usage: npm start [-- --no-server | --server] [--no-build] [--port N] [--reset]');
  process.exit(0);
}

const STATE = join(repoRoot, '.kgrag'); // git-ignored
const SAMPLE_DB = join(STATE, 'sample');
const WORKSPACE = join(STATE, 'workspace');
const SERVER_STATE = join(STATE, 'code-server');
const SAMPLE_TRIPLES = join(repoRoot, 'samples', 'movies', 'movies.triples.txt');
const IMPORTED_MARKER = join(SAMPLE_DB, 'imported-from');

const t0 = Date.now();
const say = (line) => console.log(`[start ${((Date.now() - t0) / 1000).toFixed(1)} s] ${line}`);

function kgrag(args) {
  console.log(`$ kgrag ${args.map((a) => (/\s/.test(a) ? JSON.stringify(a) : a)).join(' ')}`);
  return spawnSync(process.execPath, [join(repoRoot, 'bin', 'kgrag'), ...args], { cwd: repoRoot, stdio: 'inherit' }).status ?? 3;
}

function fail(message) {
  console.error(`start: ${message}`);
  process.exit(1);
}

// ── 1–3: build, sample graph, a retrieval through the CLI ───────────────────────────────────
if (!opts['no-build']) {
  say('building (scripts/build.mjs)');
  const b = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'build.mjs')], { cwd: repoRoot, stdio: 'inherit' });
  if (b.status !== 0) fail(`the build failed (exit ${b.status ?? b.signal})`);
}
if (!existsSync(join(repoRoot, 'dist', 'cli.js'))) fail('dist/cli.js is missing: run `npm run build`');

const sampleDigest = createHash('sha256').update(readFileSync(SAMPLE_TRIPLES)).digest('hex').slice(0, 16);
const importedDigest = existsSync(IMPORTED_MARKER) ? readFileSync(IMPORTED_MARKER, 'utf8').trim() : '';
if (opts.reset || importedDigest !== sampleDigest) {
  // A partial import (interrupted) or an older sample: start from an empty folder.
  rmSync(SAMPLE_DB, { recursive: true, force: true });
  say('importing the movie sample graph into .kgrag/sample');
  const code = kgrag(['import', 'samples/movies/movies.triples.txt', '--db', '.kgrag/sample']);
  if (code !== 0) fail(`the sample import failed (exit ${code})`);
  writeFileSync(IMPORTED_MARKER, `${sampleDigest}\n`);
} else {
  say('the movie sample graph is in .kgrag/sample (imported before)');
}

say('a retrieval on the sample graph:');
const runCode = kgrag(['run', 'examples/two_hop.kgp', '--db', '.kgrag/sample']);
if (runCode !== 0) fail(`kgrag run failed (exit ${runCode})`);

const ws = buildSampleWorkspace(WORKSPACE, { reset: opts.reset });
say(`sample workspace: ${WORKSPACE} (${ws.copied} file(s) copied, ${ws.kept} kept)`);

// ── 4: code-server with the extension on the sample workspace ───────────────────────────────
const skipReason = opts['no-server']
  ? '--no-server'
  : opts.server
    ? undefined
    : process.env.CI === 'true' || process.env.CI === '1'
      ? 'CI=true (--server starts it anyway)'
      : !process.stdin.isTTY || !process.stdout.isTTY
        ? 'not run from a terminal (--server starts it anyway)'
        : undefined;
if (skipReason) {
  say(`not starting VS Code (code-server): ${skipReason}. The CLI part is done.`);
  process.exit(0);
}

// The harness's installer and launcher: one implementation of the workarounds in
// shared/docs/environment.md (ripgrep cache, node-pty, Debian packages) for tests and for this.
const { ensureCodeServer, cacheRoot } = await import('../test/vscode/harness/install.mjs');
const { startCodeServer, killGroup } = await import('../test/vscode/harness/codeServer.mjs');
const { workbenchUrl } = await import('../test/vscode/harness/workbench.mjs');

let cs;
try {
  say(`checking for code-server (installed once into ${cacheRoot()}; the first time takes 1–2 min)`);
  cs = ensureCodeServer({ log: say });
} catch (e) {
  const why = e instanceof Error ? e.message : String(e);
  console.log('');
  say('VS Code in the browser is not available on this machine:');
  console.log(`  ${why.split('\n').slice(0, 12).join('\n  ')}`);
  console.log('  The CLI part above ran. To use the extension in VS Code instead: `npm run package`, then');
  console.log('  `code --install-extension kg-rag-studio-0.1.0.vsix` (see docs/packaging.md).');
  process.exit(0);
}
say(`code-server ${cs.installedNow ? `installed in ${cs.seconds.toFixed(0)} s` : 'found'} (VS Code ${cs.vscodeVersion})`);

mkdirSync(SERVER_STATE, { recursive: true });
let server;
try {
  server = await startCodeServer({
    bin: cs.bin,
    tempRoot: SERVER_STATE, // persistent: the extension's sample graph and your settings survive restarts
    logFile: join(SERVER_STATE, 'code-server.log'),
    port: opts.port ? Number(opts.port) : undefined,
    settings: {
      'workbench.startupEditor': 'readme',
      'workbench.welcomePage.walkthroughs.openOnInstall': true,
      'workbench.tips.enabled': true,
      'kgrag.graph.openWithPlans': true,
    },
  });
} catch (e) {
  fail(`code-server did not start: ${e instanceof Error ? e.message : String(e)}`);
}

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log('');
  say(`${signal}: stopping code-server`);
  await server.stop();
  say('stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(signal));
process.on('exit', () => killGroup(server.pgid, 'SIGKILL')); // never leave the server group behind

say(`code-server is listening on ${server.url}`);
const url = workbenchUrl({ serverUrl: server.url, folder: WORKSPACE, extensionDevelopmentPath: repoRoot });
console.log('');
console.log('  KG-RAG Studio is running in VS Code (code-server, this machine only). Open:');
console.log('');
console.log(`    ${url}`);
console.log('');
console.log(`  The sample workspace is ${WORKSPACE}; open examples/two_hop.kgp and click Run above a plan.`);
console.log(`  Log: ${join(SERVER_STATE, 'code-server.log')}. Press Ctrl-C to stop.`);
const code = await server.exited;
if (!stopping) {
  say(`code-server exited on its own (code ${code}); see ${join(SERVER_STATE, 'code-server.log')}`);
  await server.stop();
  process.exit(1);
}
