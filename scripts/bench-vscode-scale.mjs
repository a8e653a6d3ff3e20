// `npm run bench:vscode-scale -- --db DIR`: a big embedded graph in the real workbench (code-server +
// Chromium, the extension from this checkout), as a user meets it. Opens examples/two_hop.kgp in a
// workspace whose graph is DIR (kgrag.graph.kind embedded), clicks Run on co_actor_languages, and
// prints the progress messages VS Code showed (by stage, with their time), the time to the answer
// in the inspector, and the peak RSS of the extension host, of the embedded engine's process and of
// both together (polled every 100 ms from /proc). Prints figures, asserts nothing; not in `npm test`
// (docs/scale.md "In VS Code"). Build first (`npm run build`). Takes the harness lock.
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { acquireHarnessLock } from '../test/vscode/harness/lock.mjs';
import { ensureCodeServer } from '../test/vscode/harness/install.mjs';
import { delay, startCodeServer } from '../test/vscode/harness/codeServer.mjs';
import { launchChromium } from '../test/vscode/harness/browser.mjs';
import { Workbench, workbenchUrl } from '../test/vscode/harness/workbench.mjs';

const { values } = parseArgs({ options: { db: { type: 'string' }, plan: { type: 'string', default: 'co_actor_languages' }, runs: { type: 'string', default: '2' } } });
if (!values.db || !existsSync(values.db)) {
  console.error('usage: npm run bench:vscode-scale -- --db <embedded database folder> (e.g. one `npm run bench:scale` imported)');
  process.exit(2);
}
const repo = resolve(import.meta.dirname, '..');
const db = resolve(values.db);

/** RSS in MB of the processes of group `pgid` (code-server's) whose command line matches, summed; from /proc (Linux). */
function rssOf(pgid, match) {
  let kb = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      // Field 5 of /proc/PID/stat is the process group; the name (field 2) may hold spaces, so split after ')'.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
      if (!match(cmd)) continue;
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) kb += Number(m[1]);
    } catch {
      // gone between the listing and the read
    }
  }
  return kb / 1024;
}

const lock = await acquireHarnessLock({ waitSeconds: 1800, log: (m) => console.error(m) });
const tempRoot = mkdtempSync(join(tmpdir(), 'kgrag-vscode-scale-'));
let server;
let browser;
try {
  const cs = ensureCodeServer({ log: (m) => console.error(m) });
  const ws = join(tempRoot, 'ws');
  mkdirSync(join(ws, '.vscode'), { recursive: true });
  cpSync(join(repo, 'examples', 'two_hop.kgp'), join(ws, 'two_hop.kgp'));
  writeFileSync(join(ws, '.vscode', 'settings.json'), JSON.stringify({ 'kgrag.graph.kind': 'embedded', 'kgrag.graph.folder': db }, null, 2));
  server = await startCodeServer({ bin: cs.bin, tempRoot, logFile: join(tempRoot, 'code-server.log') });
  browser = await launchChromium();
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const wb = new Workbench(page);
  const peak = { host: 0, engine: 0, both: 0 };
  const isHost = (cmd) => cmd.includes('extensionHost');
  const isEngine = (cmd) => cmd.includes('engineWorker.js');
  const poll = setInterval(() => {
    const host = rssOf(server.pgid, isHost);
    const engine = rssOf(server.pgid, isEngine);
    peak.host = Math.max(peak.host, host);
    peak.engine = Math.max(peak.engine, engine);
    peak.both = Math.max(peak.both, host + engine);
  }, 100);
  const t0 = Date.now();
  await page.goto(workbenchUrl({ serverUrl: server.url, folder: ws, extensionDevelopmentPath: repo }));
  await wb.ready(120_000);
  console.log(`workbench ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await wb.openFile('two_hop.kgp', { timeoutMs: 60_000 });
  for (let run = 1; run <= Number(values.runs); run++) {
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).first();
    await lens.waitFor({ timeout: 120_000 });
    const seen = [];
    const started = Date.now();
    await lens.click();
    const view = wb.webview();
    let done = false;
    const answered = view.locator('header h1', { hasText: values.plan }).waitFor({ timeout: 600_000 }).then(() => { done = true; });
    while (!done) {
      // Progress notifications (and the status bar's window progress) as VS Code shows them.
      const texts = await page.locator('.notifications-toasts .notification-list-item-message, .statusbar-item .codicon-sync ~ *').allTextContents().catch(() => []);
      for (const t of texts.map((x) => x.trim()).filter(Boolean)) if (seen.at(-1)?.text !== t && !seen.some((s) => s.text === t)) seen.push({ ms: Date.now() - started, text: t });
      await delay(100);
    }
    await answered;
    const ms = Date.now() - started;
    const answers = (await view.locator('.answers').textContent().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 120);
    console.log(`run ${run}: answer in the inspector after ${(ms / 1000).toFixed(1)} s — ${answers}`);
    for (const s of seen) console.log(`  ${String((s.ms / 1000).toFixed(1)).padStart(6)} s  ${s.text}`);
    await wb.closeAllEditors();
    await wb.openFile('two_hop.kgp', { timeoutMs: 60_000 });
  }
  clearInterval(poll);
  console.log(`peak RSS: extension host ${peak.host.toFixed(0)} MB, engine ${peak.engine.toFixed(0)} MB, both ${peak.both.toFixed(0)} MB (polled every 100 ms)`);
} finally {
  await browser?.close().catch(() => {});
  await server?.stop().catch(() => {});
  lock.release?.();
  rmSync(tempRoot, { recursive: true, force: true });
}
