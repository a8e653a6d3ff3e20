import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { main } from '../../../src/cli/main';
import type { CliIO } from '../../../src/cli/io';
import type { RetrievalResult } from '../../../src/contracts/retrievalResult';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { compareBaseline, makeBaseline } from '../../../src/core/testing';

// `kgrag report` output opened in real Chromium (Debian's, driven by playwright-core as the VS Code
// harness does): no console errors (a CSP violation is one), data as text, screenshots kept.
const root = resolve(__dirname, '../../..');
const SHOTS = join(root, 'test-results', 'screenshots');
const HOSTILE = '<img src=x onerror="document.title=\'pwned\'">Evil & "Co"';
let dir = '';
let session: RetrievalSession;
let browser: Browser;

function capture(): CliIO & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (t) => stdout.push(t), err: (t) => stderr.push(t), cwd: dir, env: {} };
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-report-'));
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'hashing' } });
  await session.import([{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  browser = await chromium.launch({ executablePath: process.env.KGRAG_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'] });
});

after(async () => {
  await browser?.close();
  await session?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('kgrag report: results of three strategies, a why-not, a test run with a baseline comparison → one HTML file that Chromium opens without a console error', async () => {
  const [plan] = toPlanningGraphs(parseDocument('plan vow_cast {\n  question "who starred in The Vow"\n  match (m: Movie "The Vow") -[starred actors]- (a: Person)\n  return a\n  expect "Rachel McAdams"\n}').document);
  const results: RetrievalResult[] = [];
  for (const strategy of ['gsd', 'mor', 'cypher'] as const) results.push(await session.run(plan!, { strategy }));
  // A hostile name, as a database could hold it: it must stay text.
  results.push({ ...results[0]!, id: 'hostile', plan: 'hostile', answers: [{ value: HOSTILE, score: 0 }] });
  const whyNot = await session.whyNot(plan!, 'Michael Sucsy', { strategy: 'gsd' });
  const entries = [{ id: 'a.kgp:vow_cast', file: 'a.kgp', line: 5, plan: 'vow_cast', strategy: 'gsd', status: 'passed' as const, expected: ['Rachel McAdams'], answers: [{ value: 'Rachel McAdams', rank: 1, score: 0 }, { value: 'Channing Tatum', rank: 2, score: 0 }], subgraphs: [], totalMs: 10, message: '' }];
  const comparison = compareBaseline(makeBaseline({ description: 'db', fingerprint: 'f1' }, entries), { graph: { description: 'db', fingerprint: 'f2' }, entries: [{ ...entries[0]!, answers: entries[0]!.answers.slice(0, 1) }] });
  writeFileSync(join(dir, 'results.jsonl'), results.map((r) => JSON.stringify(r)).join('\n') + '\n');
  writeFileSync(join(dir, 'whynot.json'), JSON.stringify(whyNot));
  writeFileSync(join(dir, 'test-run.jsonl'), [JSON.stringify({ file: 'a.kgp', line: 5, id: 'a', plan: 'vow_cast', status: 'failed', expected: ['X'], answers: [], found: [], missing: ['X'], k: 3, hitsAt1: 0, hitsAtK: 0, recall: 0, message: 'missing "X"' }), JSON.stringify({ summary: { passed: 0, failed: 1, errored: 0, total: 1, hitsAt1: 0, hitsAtK: 0 } }), JSON.stringify({ comparison })].join('\n'));

  const io = capture();
  const code = await main(['report', 'results.jsonl', 'whynot.json', 'test-run.jsonl', '--out', 'report.html'], io);
  assert.equal(code, 0, io.stderr.join('\n'));
  assert.match(io.stdout.join('\n'), /4 result\(s\), 1 test\(s\), 1 comparison\(s\), 1 why-not/);
  const html = readFileSync(join(dir, 'report.html'), 'utf8');
  assert.doesNotMatch(html, /<script|https?:\/\//i, 'no script, no network reference');
  assert.match(html, /Content-Security-Policy" content="default-src &#39;none&#39;; style-src &#39;sha256-/);

  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['dark', 'light'] as const) {
    const page = await browser.newPage({ colorScheme: scheme, viewport: { width: 1100, height: 900 } });
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    page.on('request', (r) => {
      if (!r.url().startsWith('file:')) problems.push(`request: ${r.url()}`);
    });
    await page.goto('file://' + join(dir, 'report.html'));
    const headings = await page.locator('h2').allTextContents();
    assert.ok(headings.some((h) => /Regressions against the baseline/.test(h)), headings.join(' | '));
    assert.ok(headings.includes('Tests') && headings.includes('Why not?') && headings.includes('Comparisons'), headings.join(' | '));
    for (const id of ['vow_cast', 'hostile']) assert.ok(headings.includes(id), headings.join(' | '));
    // The comparison of gsd, mor and cypher on one plan: two side-by-side articles with a diff canvas.
    assert.equal(await page.locator('article.compare').count(), 2);
    assert.ok((await page.locator('article.compare svg.graph g.node').count()) > 0);
    assert.match(await page.locator('section', { hasText: 'Regressions against the baseline' }).innerText(), /Channing Tatum \(#2\)/);
    assert.match(await page.locator('article.whynot').innerText(), /Michael Sucsy/);
    // The hostile name is text: no image element, the title untouched.
    assert.ok((await page.locator('body').innerText()).includes(HOSTILE));
    assert.equal(await page.locator('img').count(), 0);
    assert.notEqual(await page.title(), 'pwned');
    assert.deepEqual(problems, []);
    await page.screenshot({ path: join(SHOTS, `report-${scheme}.png`), fullPage: true });
    await page.close();
  }
});

test('kgrag report: a line that is not kgrag JSON is reported with its line (exit 1), the report still written; no --out is usage', async () => {
  writeFileSync(join(dir, 'mixed.jsonl'), '{"hello": 1}\nnot json\n');
  const io = capture();
  assert.equal(await main(['report', 'mixed.jsonl', '--out', 'mixed.html'], io), 1);
  assert.match(io.stderr[0]!, /^mixed\.jsonl:1: not a retrieval result/);
  assert.match(io.stderr[1]!, /^mixed\.jsonl:2: not JSON/);
  assert.ok(readFileSync(join(dir, 'mixed.html'), 'utf8').startsWith('<!DOCTYPE html>'));
  assert.equal(await main(['report', 'mixed.jsonl'], capture()), 2);
});
