import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import { readReportInput, reportHtml, type ReportInput } from '../../../src/core/report';

// Issue 29, cases 3 and 4: the report never overwrites its input, and no value from a file becomes
// markup — opened in real Chromium (as report.test.ts does), where a refresh would navigate away.
let dir = '';
let browser: Browser;

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: {} };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-report-hostile-'));
  browser = await chromium.launch({ executablePath: process.env.KGRAG_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
});

after(async () => {
  await browser?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const outcome = (status: string, message = 'm'): string => JSON.stringify({ id: 'a', plan: 'p', status, expected: ['X'], answers: [], found: [], missing: ['X'], message });

test('kgrag report --out refuses to overwrite an input (same path, another spelling, a hard link, a symbolic link): exit 2, input intact', async () => {
  const input = outcome('passed') + '\n';
  writeFileSync(join(dir, 'r.json'), input);
  linkSync(join(dir, 'r.json'), join(dir, 'hard.json'));
  symlinkSync(join(dir, 'r.json'), join(dir, 'soft.json'));
  for (const out of ['r.json', './r.json', join(dir, 'r.json'), 'hard.json', 'soft.json']) {
    const io = capture();
    const code = await main(['report', 'r.json', '--out', out], io);
    assert.equal(code, 2, `--out ${out}: ${io.stderr.join('\n')}`);
    assert.match(io.stderr.join('\n'), /is the input r\.json: the report would overwrite it/);
    assert.equal(readFileSync(join(dir, 'r.json'), 'utf8'), input, `--out ${out} left the input as it was`);
  }
  // Another input named second is protected too; a new file is written.
  writeFileSync(join(dir, 's.json'), input);
  assert.equal(await main(['report', 'r.json', 's.json', '--out', 's.json'], capture()), 2);
  assert.equal(await main(['report', 'r.json', '--out', 'new.html'], capture()), 0);
  assert.match(readFileSync(join(dir, 'new.html'), 'utf8'), /^<!DOCTYPE html>/);
});

test('kgrag report: a hostile status, change kind, answer and node name stay text in Chromium (no refresh, no script, no injected element)', async () => {
  const REFRESH = `x"><meta http-equiv="refresh" content="0;url=https://example.invalid/pwned"><b id="injected-status">`;
  const SCRIPT = `<script>document.title='pwned'</script><img id="injected-img" src=x onerror="document.title='pwned'">`;
  const KIND = `regressed"><meta http-equiv="refresh" content="0;url=https://example.invalid/kind"><i id="injected-kind">`;
  const lines = [
    outcome(REFRESH),
    outcome('passed', SCRIPT),
    JSON.stringify({ comparison: { regressions: 1, changed: 1, graphChanged: false, changes: [{ kind: KIND, file: SCRIPT, line: 1, plan: SCRIPT, lost: [{ value: SCRIPT, rank: 1 }], gained: [], notes: [] }] } }),
    JSON.stringify({ id: SCRIPT, plan: 'p', strategy: 'gsd', store: { kind: 'embedded', description: SCRIPT }, timings: { totalMs: 1, candidatesMs: 0, searchMs: 0 }, stats: {}, answers: [{ value: SCRIPT, score: 0 }], subgraphs: [{ rank: 1, gsd: 0, mapping: [], terms: [], triples: [{ source: '1', sourceName: SCRIPT, type: `"/><script>x</script>`, target: '2', targetName: REFRESH }] }] }),
  ];
  writeFileSync(join(dir, 'hostile.jsonl'), lines.join('\n') + '\n');
  const io = capture();
  // The CLI door refuses a status or change kind that is none of kgrag's (exit 1, with the line)…
  assert.equal(await main(['report', 'hostile.jsonl', '--out', 'hostile-cli.html', '--title', REFRESH], io), 1, io.stderr.join('\n'));
  assert.match(io.stderr.join('\n'), /hostile\.jsonl:1: not a valid test outcome: at \/status: must be equal to one of the allowed values/);
  assert.match(io.stderr.join('\n'), /hostile\.jsonl:3: not a valid baseline comparison: at \/changes\/0\/kind/);
  // …and the page itself escapes whatever reaches it: rendered here without that check.
  const read = readReportInput(lines.slice(1).join('\n'));
  const input = { ...read.input, tests: [...read.input.tests, JSON.parse(outcome(REFRESH)) as ReportInput['tests'][number]], comparisons: [JSON.parse(lines[2]!).comparison as ReportInput['comparisons'][number]] };
  writeFileSync(join(dir, 'hostile.html'), reportHtml(input, { title: REFRESH }));
  assert.doesNotMatch(readFileSync(join(dir, 'hostile-cli.html'), 'utf8'), /<meta http-equiv="refresh"|<script|<img|<[^>]*\sonerror=/i);
  const file = join(dir, 'hostile.html');
  const text = readFileSync(file, 'utf8');
  assert.doesNotMatch(text, /<meta http-equiv="refresh"|<script|<img|<[^>]*\sonerror=/i, 'no markup from the data in the file');
  assert.match(text, /<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;;[^"]*script-src &#39;none&#39;/);

  const page = await browser.newPage();
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  const url = pathToFileURL(file).href;
  await page.goto(url);
  await page.waitForTimeout(1500); // a 0-second refresh would have fired by now
  assert.equal(page.url(), url, 'the page did not navigate');
  assert.deepEqual(requests, [url], 'no request but the page itself');
  const seen = await page.evaluate(() => ({
    title: document.title,
    refresh: document.querySelectorAll('meta[http-equiv="refresh" i]').length,
    scripts: document.querySelectorAll('script').length,
    injected: document.querySelectorAll('#injected-status, #injected-kind, #injected-img, img, b, i').length,
    handlers: Array.from(document.querySelectorAll('*')).filter((e) => Array.from(e.attributes).some((a) => a.name.startsWith('on'))).length,
    classes: [...new Set(Array.from(document.querySelectorAll('[class]')).flatMap((e) => Array.from(e.classList)))],
    cells: Array.from(document.querySelectorAll('td')).map((td) => td.textContent ?? ''),
  }));
  assert.equal(seen.title, REFRESH, 'the title is the text given');
  assert.equal(seen.refresh, 0);
  assert.equal(seen.scripts, 0);
  assert.equal(seen.injected, 0);
  assert.equal(seen.handlers, 0);
  assert.ok(seen.cells.includes(REFRESH) && seen.cells.includes(SCRIPT), 'the hostile values are shown as text');
  // Class names come from the stylesheet's closed set: an unknown status gets none.
  for (const c of seen.classes) assert.match(c, /^(meta|warn|good|bad|empty|whynot|compare|result|legend|fixes|tree|tag|graph|edge|node|both|only-a|only-b|passed|failed|errored|skipped|regressed|changed|new|removed|unchanged)$/, `class ${c}`);
  await page.close();
});
