/**
 * The inspector webview in plain Chromium, under the exact HTML shell and CSP the extension
 * serves, with a stub of VS Code's webview API. Fast, and independent of code-server: it asserts
 * what the DOM shows for each strategy, the links back to the host, exports, saved state, large
 * results (render time printed) and that hostile database strings stay text.
 *
 *   npm run build && node --import tsx --test test/vscode/ui/inspector-standalone.ts
 *   SCREENSHOTS=1 … also writes test-results/screenshots/standalone-*.png
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main as kgrag } from '../../../src/cli/main';
import { validateRetrievalResult } from '../../../src/protocol/validate';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inspectorHtml } from '../../../src/extension/inspector/html';
import { largeResult, loadFixture } from './inspector-fixtures.mjs';

const ROOT = resolve(__dirname, '..', '..', '..');
const ORIGIN = 'https://inspector.test';
const SHOTS = join(ROOT, 'test-results', 'screenshots');
const screenshots = process.env.SCREENSHOTS === '1';

/** Enough of VS Code's theme variables for the views to look like the real thing. */
const THEMES: Record<'dark' | 'light', Record<string, string>> = {
  dark: {
    '--vscode-foreground': '#cccccc', '--vscode-editor-background': '#1e1e1e', '--vscode-editor-foreground': '#d4d4d4',
    '--vscode-descriptionForeground': '#9d9d9d', '--vscode-textLink-foreground': '#3794ff', '--vscode-focusBorder': '#007fd4',
    '--vscode-badge-background': '#4d4d4d', '--vscode-badge-foreground': '#ffffff', '--vscode-charts-blue': '#3794ff',
    '--vscode-charts-orange': '#d18616', '--vscode-charts-lines': '#cccccc80', '--vscode-font-family': 'sans-serif', '--vscode-font-size': '13px',
    '--vscode-textCodeBlock-background': '#0a0a0a66', '--vscode-editorHoverWidget-background': '#252526', '--vscode-editorHoverWidget-border': '#454545',
  },
  light: {
    '--vscode-foreground': '#616161', '--vscode-editor-background': '#ffffff', '--vscode-editor-foreground': '#000000',
    '--vscode-descriptionForeground': '#717171', '--vscode-textLink-foreground': '#006ab1', '--vscode-focusBorder': '#0090f1',
    '--vscode-badge-background': '#c4c4c4', '--vscode-badge-foreground': '#333333', '--vscode-charts-blue': '#1a85ff',
    '--vscode-charts-orange': '#d18616', '--vscode-charts-lines': '#61616180', '--vscode-font-family': 'sans-serif', '--vscode-font-size': '13px',
    '--vscode-textCodeBlock-background': '#dcdcdc66', '--vscode-editorHoverWidget-background': '#f3f3f3', '--vscode-editorHoverWidget-border': '#c8c8c8',
  },
};

const STUB = `
  (() => {
    const key = 'kgrag-stub-state';
    window.__posted = [];
    window.__dialogs = 0;
    window.acquireVsCodeApi = () => ({
      postMessage: (m) => window.__posted.push(JSON.parse(JSON.stringify(m))),
      getState: () => { const s = sessionStorage.getItem(key); return s ? JSON.parse(s) : undefined; },
      setState: (s) => sessionStorage.setItem(key, JSON.stringify(s)),
    });
    window.addEventListener('securitypolicyviolation', (e) => (window.__cspViolations = (window.__cspViolations || []).concat(e.violatedDirective + ' ' + e.blockedURI)));
  })();`;

let browser: Browser;
let page: Page;
const dialogs: string[] = [];

async function open(name: 'dark' | 'light' = 'dark'): Promise<void> {
  await page.goto(`${ORIGIN}/index.html`);
  await theme(name);
  await page.waitForFunction(() => (window as unknown as { __posted: Array<{ type: string }> }).__posted.some((m) => m.type === 'ready'));
}

async function theme(theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate(
    ({ vars, theme }) => {
      for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
      document.body.className = `vscode-${theme}`;
    },
    { vars: THEMES[theme], theme },
  );
}

async function send(message: unknown): Promise<void> {
  await page.evaluate((m) => window.postMessage(m, '*'), message);
}

async function posted(): Promise<Array<Record<string, unknown>>> {
  return page.evaluate(() => (window as unknown as { __posted: Array<Record<string, unknown>> }).__posted);
}

async function tab(title: string): Promise<void> {
  await page.locator('vscode-tab-header', { hasText: title }).click();
}

async function shot(name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: join(SHOTS, `standalone-${name}.png`), fullPage: false });
}

before(async () => {
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  await context.addInitScript(STUB);
  await context.route(`${ORIGIN}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/index.html') {
      const html = inspectorHtml({ cspSource: ORIGIN, nonce: 'TESTNONCE0123456789abcdefghijklm', scriptUri: `${ORIGIN}/media/webview/inspector.js`, styleUri: `${ORIGIN}/media/inspector.css` });
      return route.fulfill({ contentType: 'text/html', body: html });
    }
    if (!path.startsWith('/media/')) return route.fulfill({ status: 404, body: '' });
    const type = path.endsWith('.css') ? 'text/css' : 'text/javascript';
    return route.fulfill({ contentType: type, body: readFileSync(join(ROOT, path)) });
  });
  page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('pageerror', (e) => console.error('page error:', e.message));
});

after(async () => {
  await browser?.close();
});

describe('inspector webview (standalone Chromium, real CSP)', () => {
  it('renders a GSD result: subgraph nodes, terms summing to the GSD, candidates', async () => {
    await open('dark');
    const gsd = loadFixture('gsd');
    await send({ type: 'show', result: gsd, source: { label: 'fixtures/gsd.result.json' } });
    await page.locator('.graph-canvas[data-table-ready]').waitFor();
    const rows = page.locator('tr.node-row');
    assert.equal(await rows.count(), gsd.subgraphs[0].mapping.length);
    const names = await page.locator('tr.node-row .node-name').allTextContents();
    assert.deepEqual(names.sort(), gsd.subgraphs[0].mapping.map((m: { name: string }) => m.name).sort());
    await shot('gsd-subgraphs-dark');

    await tab('GSD breakdown');
    const sections = page.locator('vscode-collapsible.gsd-subgraph');
    assert.equal(await sections.count(), gsd.subgraphs.length);
    for (let i = 0; i < gsd.subgraphs.length; i++) {
      const section = sections.nth(i);
      const distances = await section.locator('.term-distance').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.distance)));
      assert.equal(distances.length, gsd.subgraphs[i].terms.length);
      const total = Number(await section.locator('.gsd-total').getAttribute('data-sum'));
      assert.ok(Math.abs(distances.reduce((a, b) => a + b, 0) - total) < 1e-9, 'the terms sum to the total');
      assert.ok(Math.abs(total - gsd.subgraphs[i].gsd) < 1e-9, 'the total is the reported GSD');
    }
    assert.equal(await page.locator('.term-row.is-unknown').first().locator('.unknown').textContent(), 'unknown');
    assert.equal(await page.locator('.candidate-list').count(), gsd.candidates.length);
    await shot('gsd-breakdown-dark');

    await page.locator('.candidate-list[data-ref="lang"] .add-alias').first().click();
    const alias = (await posted()).find((m) => m.type === 'addAlias');
    assert.deepEqual(alias, { type: 'addAlias', plan: 'co_actor_languages', element: 'node', ref: 'lang', patternText: 'french', candidate: 'Finnish' });
  });

  it('links both ways: clicking a variable posts reveal; highlight marks the node rows', async () => {
    await tab('Subgraphs');
    await page.locator('tr.node-row button.link[data-variable="actor"]').click();
    const reveals = (await posted()).filter((m) => m.type === 'reveal');
    assert.deepEqual(reveals.at(-1), { type: 'reveal', plan: 'co_actor_languages', variable: 'actor' });
    await tab('GSD breakdown');
    await page.locator('.term-row[data-ref="e2"] button.link').first().click();
    assert.deepEqual((await posted()).filter((m) => m.type === 'reveal').at(-1), { type: 'reveal', plan: 'co_actor_languages', edgeId: 'e2' });

    await send({ type: 'highlight', variable: 'film' });
    await tab('Subgraphs');
    const marked = await page.locator('tr.node-row.highlighted').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.variable));
    assert.deepEqual(marked, ['film']);
    await send({ type: 'highlight', variable: null });
    assert.equal(await page.locator('tr.node-row.highlighted').count(), 0);
  });

  it('exports the graph view as PNG and SVG, and asks the host to export JSON', async () => {
    await page.locator('vscode-button.export-png').click();
    await page.locator('vscode-button.export-svg').click();
    await page.locator('vscode-button.export-json').click();
    const msgs = await posted();
    const png = msgs.find((m) => m.type === 'exportImage' && m.format === 'png');
    const svg = msgs.find((m) => m.type === 'exportImage' && m.format === 'svg');
    assert.match(String(png?.data), /^data:image\/png;base64,[A-Za-z0-9+/=]{1000,}$/);
    assert.match(String(svg?.data), /^<svg[\s\S]*Rachel McAdams[\s\S]*<\/svg>$/);
    assert.ok(msgs.some((m) => m.type === 'exportJson'));
  });

  it('restores the last result from saved state after a reload', async () => {
    await page.reload();
    await page.waitForFunction(() => (window as unknown as { __posted: Array<{ type: string }> }).__posted.some((m) => m.type === 'ready'));
    await theme('dark');
    assert.equal(await page.locator('header h1').textContent(), 'co_actor_languages');
  });

  it('renders a MoR trajectory: paths, layers, survivors, features', async () => {
    const mor = loadFixture('mor');
    await send({ type: 'show', result: mor });
    await page.locator('.trajectory-view').waitFor();
    assert.equal(await page.locator('.trajectory-path').count(), mor.trajectory.paths.length);
    const layers = mor.trajectory.paths.reduce((n: number, p: { layers: unknown[] }) => n + p.layers.length, 0);
    assert.equal(await page.locator('tr.layer-row').count(), layers);
    const kept = await page.locator('tr.layer-row .kept').allTextContents();
    assert.deepEqual(kept.map(Number), mor.trajectory.paths.flatMap((p: { layers: Array<{ kept: number }> }) => p.layers.map((l) => l.kept)));
    const textHits = await page.locator('.trajectory-path[data-path="0"] tr.layer-row').first().locator('.chips.textual .chip').allTextContents();
    assert.deepEqual(textHits, ['The Vow 0.98', 'Vows 0.81', 'The Vow of Silence 0.73']);
    assert.equal(await page.locator('tr.trajectory-row').count(), mor.trajectory.trajectories.length);
    await shot('mor-trajectory-dark');
  });

  it('renders a Cypher profile: highlighted text, parameters, plan tree with the hottest operator', async () => {
    await open('light');
    const cypher = loadFixture('cypher');
    await send({ type: 'show', result: cypher });
    await page.locator('.cypher-view').waitFor();
    assert.equal(await page.locator('pre.cypher-text').textContent(), cypher.cypher.text);
    assert.ok((await page.locator('pre.cypher-text .tok-keyword').allTextContents()).includes('MATCH'));
    assert.deepEqual(await page.locator('pre.cypher-text .tok-param').allTextContents(), ['$vow_name']);
    assert.equal(await page.locator('tr.param-row').count(), 1);
    let count = 0;
    const walk = (n: { children: unknown[] }): void => {
      count++;
      (n.children as Array<{ children: unknown[] }>).forEach(walk);
    };
    walk(cypher.cypher.plan);
    assert.equal(await page.locator('vscode-tree-item.plan-op').count(), count);
    const hottest = page.locator('vscode-tree-item.plan-op.hottest');
    assert.equal(await hottest.count(), 1);
    assert.equal(await hottest.getAttribute('data-operator'), 'SCAN_NODE_TABLE');
    await shot('cypher-plan-light');
    await tab('Stats');
    assert.equal(await page.locator('tr.counter-row').count(), Object.keys(cypher.stats).length);
    await shot('stats-light');
  });

  it('ignores malformed messages and reports them to the host', async () => {
    const before = await page.locator('header h1').textContent();
    await send({ type: 'show', result: { plan: 'x' } });
    await send({ type: 'evil', html: '<img src=x onerror=alert(1)>' });
    await send('not even an object');
    assert.equal(await page.locator('header h1').textContent(), before);
    const logs = (await posted()).filter((m) => m.type === 'log' && String(m.message).startsWith('ignored a malformed message'));
    assert.equal(logs.length, 3);
  });

  it('renders hostile database strings as literal text and runs no script', async () => {
    await open('dark');
    const xss = loadFixture('xss');
    await send({ type: 'show', result: xss });
    await page.locator('.graph-canvas[data-table-ready]').waitFor();
    const names = await page.locator('tr.node-row .node-name').allTextContents();
    assert.ok(names.includes('<img src=x onerror=alert(1)>'));
    assert.ok(names.includes('</script><script>window.__kgragPwned = 1</script>'));
    for (const title of ['GSD breakdown', 'Cypher & plan', 'Stats', 'Subgraphs']) await tab(title);
    assert.equal(await page.locator('pre.cypher-text').textContent(), xss.cypher.text);
    assert.ok((await page.locator('body').textContent())!.includes('<img src=x onerror=alert(6)>'));
    assert.equal(await page.locator('img, svg[onload], script:not([src])').count(), 0, 'no element was created from data');
    assert.equal(await page.evaluate(() => (window as unknown as { __kgragPwned?: number }).__kgragPwned), undefined);
    assert.deepEqual(dialogs, []);
    await shot('xss-dark');
  });

  it('hostile names stored in a real graph, retrieved by kgrag run --json, render as text', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kgrag-inspector-xss-'));
    try {
      const IMG = '<img src=x onerror=alert(1)>';
      const SCRIPT = '</script><script>window.__kgragPwned = 1</script>';
      writeFileSync(join(dir, 'hostile.txt'), `${IMG}|starred_actors|${SCRIPT}\n${IMG}|in_language|English\nThe Vow|starred_actors|${SCRIPT}\n`);
      writeFileSync(join(dir, 'hostile.kgp'), `plan hostile {\n  match\n    (m: Movie "${IMG}") -[starred actors]- (p: Person)\n  return p\n  using gsd(k: 3)\n}\n`);
      const out: string[] = [];
      const io = (o: string[]) => ({ out: (t: string) => o.push(t), err: (t: string) => console.error(t), cwd: dir, env: process.env });
      assert.equal(await kgrag(['import', 'hostile.txt', '--db', 'db'], io([])), 0);
      assert.equal(await kgrag(['run', 'hostile.kgp', '--db', 'db', '--json'], io(out)), 0);
      const checked = validateRetrievalResult(JSON.parse(out.join('\n')));
      assert.ok(checked.ok, checked.ok ? '' : checked.error);
      const result = checked.value;
      const stored = result.subgraphs.flatMap((s) => s.mapping.map((m) => m.name));
      assert.ok(stored.includes(IMG) && stored.includes(SCRIPT), `retrieved ${stored.join(' | ')}`);

      await open('dark');
      await send({ type: 'show', result });
      await page.locator('.graph-canvas[data-table-ready]').waitFor();
      const names = await page.locator('tr.node-row .node-name').allTextContents();
      assert.ok(names.includes(IMG) && names.includes(SCRIPT), names.join(' | '));
      for (const title of ['GSD breakdown', 'Stats', 'Subgraphs']) await tab(title);
      assert.ok((await page.locator('.gsd-view').textContent())!.includes(IMG));
      assert.equal(await page.locator('img, script:not([src])').count(), 0);
      assert.equal(await page.evaluate(() => (window as unknown as { __kgragPwned?: number }).__kgragPwned), undefined);
      assert.deepEqual(dialogs, []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a 2,000-node subgraph set renders and pans without freezing', async () => {
    const big = largeResult(2000, 100);
    await send({ type: 'show', result: big });
    await page.locator('.graph-canvas[data-render-ms]').waitFor();
    await page.evaluate(() => document.querySelector('.graph-canvas')!.removeAttribute('data-render-ms'));
    await page.locator('vscode-button.mode-all').click();
    await page.locator('.graph-canvas[data-render-ms]').waitFor({ timeout: 60_000 });
    const canvas = page.locator('.graph-canvas');
    assert.equal(await canvas.getAttribute('data-nodes'), '2000');
    const renderMs = Number(await canvas.getAttribute('data-render-ms'));
    await page.locator('.graph-canvas[data-table-ready]').waitFor();
    await page.waitForTimeout(300);
    // Pan by dragging while counting animation frames: a frozen UI thread shows as long gaps.
    // A string, not a function: tsx's keepNames would inject a __name helper the page lacks.
    await page.evaluate(`(() => {
      window.__gaps = [];
      window.__run = true;
      let last = performance.now();
      const tick = (t) => { window.__gaps.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
    })()`);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 0; i < 30; i++) await page.mouse.move(box.x + box.width / 2 + i * 8, box.y + box.height / 2 + i * 4);
    await page.mouse.up();
    const gaps = await page.evaluate(() => {
      const w = window as unknown as { __gaps: number[]; __run: boolean };
      w.__run = false;
      return w.__gaps.slice(1);
    });
    const worst = Math.max(...gaps);
    console.log(`inspector: 2000-node subgraph set rendered in ${renderMs.toFixed(0)} ms; pan: ${gaps.length} frames, worst frame gap ${worst.toFixed(0)} ms`);
    assert.ok(gaps.length > 5, 'frames kept coming while panning');
    await shot('large-dark');
  });

  it('the page saw no CSP violations', async () => {
    const violations = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
    assert.deepEqual(violations, []);
  });
});
