#!/usr/bin/env node
// `npm run test:vscode`: the extension's tests inside a real VS Code (code-server 4.100.3 =
// VS Code 1.100.3, driven by Debian's Chromium through playwright-core). See docs/testing.md.
//
//   1. takes /tmp/vscode-harness.lock (one run per machine; others queue),
//   2. builds (scripts/build.mjs), installs or reuses code-server in ~/.cache/kgrag-test,
//   3. starts code-server on a free loopback port in its own process group, all state in a temp folder,
//   4. phase "extension host": opens a copy of test/fixtures/workspace with the extension under
//      development and out/test/suite/index.js (mocha) loaded through the workbench URL payload;
//      collects output and the exit code through codeAutomationLog / codeAutomationExit,
//   5. phase "ui": a fresh workbench page (extension loaded, no test runner) driven by the
//      Playwright specs in test/vscode/ui/*.spec.mjs; screenshots into test-results/screenshots/,
//   6. always tears down: browser, `kill -- -PGID` of code-server, leftover check, temp folder.
//
// Options: --no-build, --no-ui, --no-suite, --grep <regexp> (suite and UI test names), --keep-temp.
// Env: KGRAG_TEST_TIMEOUT_S (overall, default 900), KGRAG_TEST_CACHE, KGRAG_CHROMIUM, KGRAG_HARNESS_LOCK.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { acquireHarnessLock } from './harness/lock.mjs';
import { ensureCodeServer } from './harness/install.mjs';
import { delay, killGroup, startCodeServer } from './harness/codeServer.mjs';
import { Workbench, workbenchUrl, SCREENSHOT_DIR } from './harness/workbench.mjs';
import { registeredTests, setCurrentFile } from './harness/ui.mjs';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
process.chdir(repo);

const { values: opts } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-ui': { type: 'boolean', default: false },
    'no-suite': { type: 'boolean', default: false },
    'keep-temp': { type: 'boolean', default: false },
    grep: { type: 'string' },
  },
});

const TIMEOUT_S = Number(process.env.KGRAG_TEST_TIMEOUT_S ?? 900);
const SUITE_TIMEOUT_S = Number(process.env.KGRAG_SUITE_TIMEOUT_S ?? 420);
const CHROMIUM = process.env.KGRAG_CHROMIUM ?? '/usr/bin/chromium';
const RESULTS_DIR = join(repo, 'test-results', 'vscode');
const SUITE_LINE = '\u27e6suite\u27e7 '; // keep in sync with test/vscode/suite/index.ts
const RESULT_PREFIX = 'KGRAG_SUITE_RESULT ';

const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
const say = (line) => console.log(`[vscode-harness ${elapsed()}] ${line}`);

/** Everything teardown must undo; filled in as the run goes. */
const state = {
  lock: /** @type {{ release: () => void } | undefined} */ (undefined),
  tempRoot: /** @type {string | undefined} */ (undefined),
  server: /** @type {Awaited<ReturnType<typeof startCodeServer>> | undefined} */ (undefined),
  context: /** @type {import('playwright-core').BrowserContext | undefined} */ (undefined),
  tornDown: false,
};

const totals = { suite: { passed: 0, failed: 0, pending: 0, version: '?' }, ui: { passed: 0, failed: 0 }, harnessErrors: 0 };

async function main() {
  mkdirSync(RESULTS_DIR, { recursive: true });
  state.lock = await acquireHarnessLock({ waitSeconds: Number(process.env.KGRAG_LOCK_WAIT_S ?? 1800), log: say });
  armOverallTimeout(); // waiting in the queue does not count against the run

  if (!opts['no-build']) {
    const b = spawnSync(process.execPath, ['scripts/build.mjs'], { stdio: 'inherit' });
    if (b.status !== 0) throw new Error(`build failed (exit ${b.status})`);
    say('built');
  }
  if (!existsSync(join(repo, 'out', 'test', 'suite', 'index.js'))) throw new Error('out/test/suite/index.js is missing: run the build');
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (.ci/run does this)`);

  const cs = ensureCodeServer({ log: say });
  totals.suite.version = cs.vscodeVersion;
  say(`code-server ready (VS Code ${cs.vscodeVersion}; ${cs.installedNow ? `installed in ${cs.seconds.toFixed(0)} s` : 'reused from cache'})`);

  state.tempRoot = mkdtempSync(join(tmpdir(), 'kgrag-vscode-'));
  say(`temp folder ${state.tempRoot}`);
  const wsSuite = join(state.tempRoot, 'ws-suite');
  const wsUi = join(state.tempRoot, 'ws-ui');
  cpSync(join(repo, 'test', 'fixtures', 'workspace'), wsSuite, { recursive: true });
  cpSync(join(repo, 'test', 'fixtures', 'workspace'), wsUi, { recursive: true });

  state.server = await startCodeServer({
    bin: cs.bin,
    tempRoot: state.tempRoot,
    logFile: join(RESULTS_DIR, 'code-server.log'),
    env: { KGRAG_HARNESS_RUN: state.tempRoot, ...(opts.grep ? { KGRAG_TEST_GREP: opts.grep } : {}) },
  });
  say(`code-server listening on ${state.server.url} (pgid ${state.server.pgid})`);

  const { chromium } = await import('playwright-core');
  state.context = await chromium.launchPersistentContext(join(state.tempRoot, 'chromium'), {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1400, height: 900 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
    // Chromium's own state (crash reports, caches) stays in the temp folder too; the marker lets
    // teardown find any of its processes.
    env: {
      ...process.env,
      HOME: join(state.tempRoot, 'browser-home'),
      XDG_CONFIG_HOME: join(state.tempRoot, 'browser-home', '.config'),
      XDG_CACHE_HOME: join(state.tempRoot, 'browser-home', '.cache'),
      TMPDIR: join(state.tempRoot, 'tmp'),
      KGRAG_HARNESS_RUN: state.tempRoot,
    },
    // We tear down ourselves (see teardown), in order: browser, then the server group.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });

  if (!opts['no-suite']) await runSuitePhase(wsSuite);
  if (!opts['no-ui']) await runUiPhase(wsUi);
}

async function runSuitePhase(folder) {
  const page = state.context.pages()[0] ?? (await state.context.newPage());
  const logFile = join(RESULTS_DIR, 'extension-host.log');
  writeFileSync(logFile, '');
  let result;
  let resolveExit;
  const exit = new Promise((r) => { resolveExit = r; });
  await page.exposeFunction('codeAutomationLog', (type, args) => {
    const parts = (Array.isArray(args) ? args : [args]).map((a) => (typeof a === 'string' ? a : JSON.stringify(a)));
    const text = parts.join(' ');
    appendFileSync(logFile, `[${type}] ${text}\n`);
    for (const line of text.split('\n')) {
      const at = line.indexOf(SUITE_LINE);
      if (at < 0) continue;
      const own = line.slice(at + SUITE_LINE.length);
      if (own.startsWith(RESULT_PREFIX)) result = JSON.parse(own.slice(RESULT_PREFIX.length));
      else console.log(`  ${own}`);
    }
  });
  await page.exposeFunction('codeAutomationExit', (code) => resolveExit(Number(code)));

  say('extension host: loading the suite');
  const url = workbenchUrl({
    serverUrl: state.server.url,
    folder,
    extensionDevelopmentPath: repo,
    extensionTestsPath: join(repo, 'out', 'test', 'suite', 'index.js'),
  });
  await page.goto(url);
  const code = await Promise.race([
    exit,
    state.server.exited.then((c) => { throw new Error(`code-server exited (code ${c}) during the suite`); }),
    delay(SUITE_TIMEOUT_S * 1000).then(() => 'timeout'),
  ]);
  await new Workbench(page).screenshot('extension-host-suite').catch(() => {});
  if (code === 'timeout') {
    totals.harnessErrors += 1;
    say(`extension host: the suite did not finish within ${SUITE_TIMEOUT_S} s (log: ${logFile})`);
  } else if (!result) {
    totals.harnessErrors += 1;
    say(`extension host: the suite ended (exit ${code}) without reporting results — it failed to load; see ${logFile}`);
  } else {
    totals.suite.passed = result.passed;
    totals.suite.failed = result.failed;
    totals.suite.pending = result.pending;
    totals.suite.version = result.vscodeVersion;
    if (code !== 0 && result.failed === 0) totals.harnessErrors += 1;
  }
  const { passed, failed, version } = totals.suite;
  console.log(`extension host (VS Code ${version}): ${passed} passed, ${failed} failed${totals.suite.pending ? `, ${totals.suite.pending} pending` : ''}`);
  await page.close();
}

async function runUiPhase(folder) {
  const specDir = join(repo, 'test', 'vscode', 'ui');
  const specs = existsSync(specDir) ? readdirSync(specDir).filter((f) => /\.spec\.(mjs|ts)$/.test(f)).sort() : [];
  if (specs.some((f) => f.endsWith('.ts'))) {
    const { register } = await import('tsx/esm/api');
    register();
  }
  for (const f of specs) {
    setCurrentFile(f);
    await import(pathToFileURL(join(specDir, f)).href);
  }
  const grep = opts.grep ? new RegExp(opts.grep) : undefined;
  const tests = registeredTests().filter((t) => !grep || grep.test(t.name));
  if (tests.length === 0) {
    say('ui: no tests');
    return;
  }
  // Only our failure shots go stale between runs; other files there are overwritten by name.
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const f of readdirSync(SCREENSHOT_DIR)) if (f.startsWith('FAILED-')) rmSync(join(SCREENSHOT_DIR, f), { force: true });

  const page = await state.context.newPage();
  const wb = new Workbench(page);
  say(`ui: opening the workbench for ${tests.length} test(s) from ${specs.length} spec file(s)`);
  await page.goto(workbenchUrl({ serverUrl: state.server.url, folder, extensionDevelopmentPath: repo }));
  await wb.ready();
  console.log('  ui');
  for (const t of tests) {
    const started = Date.now();
    try {
      await Promise.race([
        t.fn({ page, wb }),
        delay(t.timeoutMs).then(() => { throw new Error(`timed out after ${t.timeoutMs} ms`); }),
      ]);
      totals.ui.passed += 1;
      console.log(`    ✔ ${t.name} (${t.file}, ${Date.now() - started} ms)`);
    } catch (err) {
      totals.ui.failed += 1;
      const shot = await wb.screenshot(`FAILED-${t.name}`).catch(() => '(no screenshot)');
      console.log(`    ✘ ${t.name} (${t.file})\n      ${String(err instanceof Error ? (err.stack ?? err.message) : err).split('\n').join('\n      ')}\n      screenshot: ${shot}`);
    }
    await page.keyboard.press('Escape').catch(() => {});
  }
  console.log(`ui (Playwright, Chromium): ${totals.ui.passed} passed, ${totals.ui.failed} failed`);
  await page.close();
}

/** Idempotent; safe to call from any path (normal end, error, timeout, signal). */
async function teardown() {
  if (state.tornDown) return;
  state.tornDown = true;
  if (state.context) {
    await Promise.race([state.context.close().catch(() => {}), delay(10_000)]);
  }
  if (state.server) await state.server.stop();
  if (state.tempRoot) {
    const leftovers = processesOfRun(state.tempRoot);
    if (leftovers.length > 0) {
      say(`killing ${leftovers.length} leftover process(es): ${leftovers.map((p) => `${p.pid} ${p.cmd.slice(0, 60)}`).join('; ')}`);
      for (const p of leftovers) {
        try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
      }
      await delay(300);
    }
    const still = processesOfRun(state.tempRoot);
    if (still.length > 0) {
      totals.harnessErrors += 1;
      say(`processes still alive after teardown: ${still.map((p) => p.pid).join(', ')}`);
    }
    if (opts['keep-temp']) say(`kept ${state.tempRoot}`);
    else rmSync(state.tempRoot, { recursive: true, force: true, maxRetries: 3 });
  }
  state.lock?.release();
}

/**
 * Processes of this run that outlived teardown: everything the run started carries
 * KGRAG_HARNESS_RUN=<temp folder> in its environment (code-server and its extension hosts,
 * language servers and workers inherit it; Chromium gets it at launch). Nothing else is touched.
 */
function processesOfRun(tempRoot) {
  const marker = `KGRAG_HARNESS_RUN=${tempRoot}\0`;
  const found = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').includes(marker)) continue;
      found.push({ pid, cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ') });
    } catch {
      // exited meanwhile, or not ours to read
    }
  }
  return found;
}

function summary() {
  const passed = totals.suite.passed + totals.ui.passed;
  const failed = totals.suite.failed + totals.ui.failed + totals.harnessErrors;
  if (totals.harnessErrors > 0) say(`${totals.harnessErrors} harness error(s) counted as failed`);
  say(`done in ${elapsed()}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

let exiting = false;
/** Tears down, then prints the summary (the last line) and exits; 130 after a signal. */
async function finish({ signal = false } = {}) {
  if (exiting) return;
  exiting = true;
  clearTimeout(overall);
  try {
    await teardown();
  } catch (err) {
    say(`teardown error: ${err instanceof Error ? err.message : String(err)}`);
    totals.harnessErrors += 1;
  }
  const code = summary();
  process.exit(signal ? 130 : code);
}

let overall;
function armOverallTimeout() {
  overall = setTimeout(() => {
    say(`timed out after ${TIMEOUT_S} s — tearing down`);
    totals.harnessErrors += 1;
    void finish();
  }, TIMEOUT_S * 1000);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    say(`${signal} — tearing down`);
    totals.harnessErrors += 1;
    void finish({ signal: true });
  });
}
// Last resort if we die through process.exit elsewhere: never leave the server group behind.
process.on('exit', () => {
  if (state.server) killGroup(state.server.pgid, 'SIGKILL');
});

main().then(
  () => finish(),
  (err) => {
    if (exiting) return undefined; // already tearing down (timeout, signal): the error is a consequence
    say(`error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    totals.harnessErrors += 1;
    return finish();
  },
);
