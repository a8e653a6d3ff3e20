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

/** Elements that stick out past the viewport's right edge (what makes a narrow panel scroll sideways). */
async function overflowing(): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    for (const e of document.querySelectorAll('body *')) {
      const r = e.getBoundingClientRect();
      if (r.width > 0 && r.right > window.innerWidth + 1 && !e.closest('.plan-scroll')) out.push(e.tagName.toLowerCase() + '.' + String(e.className.baseVal ?? e.className).split(' ').join('.') + ' ' + Math.round(r.right));
    }
    return out.slice(0, 8);
  })()`);
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
    await tab('Subgraphs');
    assert.deepEqual(await page.locator('select.rank-select option').allTextContents(), cypher.subgraphs.map((s: { rank: number }) => `#${s.rank}`), 'no "GSD 0" on Cypher rows');
    await tab('Stats');
    assert.equal(await page.locator('tr.counter-row').count(), Object.keys(cypher.stats).length);
    await shot('stats-light');
  });

  it('draws the plan as operator boxes with the worst estimate gaps marked, the tree one toggle away', async () => {
    const cypher = loadFixture('cypher');
    for (const [name, width] of [['dark', 1200], ['light', 1200], ['dark', 400]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await open(name);
      await send({ type: 'show', result: cypher });
      await page.locator('svg.plan-graph').waitFor();
      const boxes = page.locator('.plan-box');
      assert.equal(await boxes.count(), 10);
      assert.equal(await page.locator('.plan-edge').count(), 9);
      assert.deepEqual(await page.locator('.plan-box.gap-marked').evaluateAll((els) => els.map((e) => e.getAttribute('data-operator')).sort()), ['EXTEND', 'HASH_JOIN']);
      assert.equal(await page.locator('.plan-box.hottest').getAttribute('data-operator'), 'SCAN_NODE_TABLE');
      // Every detail is drawn in full (wrapped, not cut): the box texts hold each operator's details.
      const texts = (await page.locator('svg.plan-graph').textContent())!.replace(/\s/g, '');
      for (const d of ['(d)<-[:directed_by]-(film)', 'vow.name=$vow_name', 'DISTINCTfilm.name']) assert.ok(texts.includes(d), d);
      // No box text runs past its box.
      const overflow = await page.locator('.plan-box').evaluateAll((gs) =>
        gs.flatMap((g) => {
          const r = (g.querySelector('rect') as SVGGraphicsElement).getBBox();
          return Array.from(g.querySelectorAll('text')).filter((t) => {
            const b = (t as SVGGraphicsElement).getBBox();
            return b.x + b.width > r.x + r.width + 0.5;
          }).map((t) => t.textContent);
        }),
      );
      assert.deepEqual(overflow, []);
      if (width === 400) {
        // Narrow: the drawing keeps its size and scrolls; the page itself does not scroll sideways.
        const scroll = await page.locator('.plan-scroll').evaluate((e) => ({ client: e.clientWidth, scroll: e.scrollWidth }));
        assert.ok(scroll.scroll > scroll.client, 'the plan scrolls inside its frame');
        assert.deepEqual(await overflowing(), [], 'no page-wide horizontal scroll');
        // The drawing opens on the hottest operator, not on an empty corner.
        await page.waitForFunction(() => {
          const s = document.querySelector('.plan-scroll')!.getBoundingClientRect();
          const b = document.querySelector('.plan-box.hottest')!.getBoundingClientRect();
          return b.left >= s.left - 1 && b.right <= s.right + 1 && b.top < s.bottom && b.bottom > s.top;
        }, null, { timeout: 10_000 });
      }
      await shot(`plan-graph-${name}${width === 400 ? '-400' : ''}`);
    }
    // Fit: the whole drawing inside the frame; 1:1 back to readable size.
    await page.locator('button.zoom-fit').click();
    const fit = await page.evaluate(() => ({ svg: document.querySelector('svg.plan-graph')!.getBoundingClientRect().width, frame: document.querySelector('.plan-scroll')!.clientWidth }));
    assert.ok(fit.svg <= fit.frame, `fit: ${fit.svg} ≤ ${fit.frame}`);
    await page.locator('button.zoom-reset').click();
    assert.equal(await page.locator('.plan-graph-view').getAttribute('data-zoom'), '1.00');
    await page.setViewportSize({ width: 1200, height: 900 });
    await page.locator('.plan-box[data-operator="HASH_JOIN"]').focus();
    await page.keyboard.press('Enter');
    assert.match((await page.locator('.plan-box-details').textContent())!, /estimate over by 3×/);
    await page.locator('button.plan-layout-tree').click();
    assert.equal(await page.locator('svg.plan-graph').isVisible(), false);
    assert.equal(await page.locator('vscode-tree.plan-tree').isVisible(), true);
    assert.equal(await page.locator('button.plan-layout-tree').getAttribute('aria-pressed'), 'true');
  });

  it('colours subgraph nodes by label with a legend, draws the union once, steps ranks, expands a node', async () => {
    const gsd = loadFixture('gsd');
    for (const [name, width] of [['dark', 1200], ['light', 1200], ['dark', 400]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await open(name);
      await send({ type: 'show', result: gsd });
      await page.locator('.graph-canvas[data-table-ready]').waitFor();
      const labels = [...new Set(gsd.subgraphs[0].mapping.flatMap((m: { labels: string[] }) => m.labels))].sort();
      assert.deepEqual(await page.locator('.legend-item[data-label]').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.label)), labels);
      const swatches = await page.locator('.legend-item[data-label] .swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
      assert.equal(new Set(swatches).size, labels.length, `distinct colours ${swatches.join(' ')}`);
      assert.equal(await page.locator('select.rank-select option').count(), gsd.subgraphs.length);
      assert.match((await page.locator('select.rank-select option').first().textContent())!, /^#1 · GSD \d/);

      // Rank 2 by the "next" button, then the union with rank 2 highlighted.
      await page.locator('vscode-button.rank-next').click();
      await page.locator('.subgraphs-view[data-rank="2"] .graph-canvas[data-table-ready]').waitFor();
      await page.locator('vscode-button.mode-all').click();
      await page.locator('.subgraphs-view[data-mode="all"] .graph-canvas[data-table-ready]').waitFor();
      const distinct = new Set(gsd.subgraphs.flatMap((sg: { mapping: Array<{ nodeId: string }> }) => sg.mapping.map((m) => m.nodeId)));
      assert.equal(Number(await page.locator('.graph-canvas').getAttribute('data-nodes')), distinct.size);
      await page.locator('select.rank-select').selectOption('3');
      await page.locator('.subgraphs-view[data-rank="3"][data-mode="all"]').waitFor();
      await shot(`subgraphs-union-${name}${width === 400 ? '-400' : ''}`);

      // Expand The Vow from the node table: a typed request, answered as the host would.
      await page.locator('vscode-button.mode-one').click();
      await page.locator('.subgraphs-view[data-mode="one"] .graph-canvas[data-table-ready]').waitFor();
      const before = Number(await page.locator('.graph-canvas').getAttribute('data-nodes'));
      const legendColours = () => page.locator('.legend-item[data-label]').evaluateAll((els) => Object.fromEntries(els.map((e) => [(e as HTMLElement).dataset.label, getComputedStyle(e.querySelector('.swatch')!).backgroundColor])));
      const coloursBefore = await legendColours();
      await page.locator('tr.node-row[data-node-id="Movie:1187"] .expand-link').click();
      const request = (await posted()).filter((m) => m.type === 'expand').at(-1)!;
      assert.equal(request.nodeId, 'Movie:1187');
      await send({
        type: 'expanded', status: 'ok', requestId: request.requestId, nodeId: 'Movie:1187', total: 40,
        nodes: [
          { id: 'Person:6021', name: 'Michael Sucsy', labels: ['Person'] },
          { id: 'Genre:2', name: 'Drama', labels: ['Genre'] },
          { id: 'Year:2012', name: '<b>2012</b>', labels: ['Year'] },
        ],
        edges: [
          { source: 'Movie:1187', target: 'Person:6021', type: 'directed_by' },
          { source: 'Movie:1187', target: 'Genre:2', type: 'has_genre' },
          { source: 'Movie:1187', target: 'Year:2012', type: 'release_year' },
        ],
      });
      await page.locator('tr.node-row.expanded').first().waitFor();
      assert.equal(Number(await page.locator('.graph-canvas').getAttribute('data-nodes')), before + 3);
      assert.equal(await page.locator('tr.node-row.expanded').count(), 3);
      assert.ok((await page.locator('.legend-item[data-label="Genre"]').count()) === 1, 'new labels join the legend');
      const coloursAfter = await legendColours();
      for (const [label, colour] of Object.entries(coloursBefore)) assert.equal(coloursAfter[label], colour, `${label} keeps its colour`);
      assert.equal(new Set(Object.values(coloursAfter)).size, Object.keys(coloursAfter).length, 'every label its own colour');
      assert.equal(await page.locator('.legend-expanded').count(), 1);
      assert.match((await page.locator('.expand-status').textContent())!, /3 new of 3 neighbours drawn \(the first 3 of 40\)/);
      assert.ok((await page.locator('.node-table').textContent())!.includes('<b>2012</b>'), 'names stay text');
      assert.equal(await page.locator('.node-table b').count(), 0);
      await shot(`subgraphs-expanded-${name}${width === 400 ? '-400' : ''}`);
      // An error answer says why in one line.
      await page.locator('tr.node-row[data-node-id="Genre:2"] .expand-link').click();
      const second = (await posted()).filter((m) => m.type === 'expand').at(-1)!;
      await send({ type: 'expanded', status: 'error', requestId: second.requestId, nodeId: 'Genre:2', message: 'the graph did not open' });
      await page.locator('.expand-status', { hasText: 'Could not expand' }).waitFor();
      assert.equal(await page.locator('.expand-status').textContent(), 'Could not expand Drama: the graph did not open');
      if (width === 400) assert.deepEqual(await overflowing(), [], 'no page-wide horizontal scroll at 400 px');
    }
    await page.setViewportSize({ width: 1200, height: 900 });
  });

  it('a real MoR result at 400 px: columns stack instead of eliding, SF has one category per node', async () => {
    await page.setViewportSize({ width: 400, height: 900 });
    await open('dark');
    const mor = JSON.parse(readFileSync(join(ROOT, 'test/unit/webview/fixtures/real-mor.result.json'), 'utf8'));
    await send({ type: 'show', result: mor });
    await page.locator('.trajectory-view').waitFor();
    const sf = await page.locator('tr.trajectory-row .sf').evaluateAll((els) => els.map((e) => [(e as HTMLElement).dataset.steps, e.textContent]));
    for (const [steps, text] of sf) assert.equal(text!.slice(1, -1).split(', ').length, Number(steps), text!);
    assert.ok(sf.some(([steps]) => steps === '4'));
    // Stacked rows: each cell names its column (no header to elide), and no chip wraps inside itself.
    assert.equal(await page.locator('tr.layer-row td').first().evaluate((td) => getComputedStyle(td, '::before').content), '"layer"');
    const chipLines = await page.locator('.chip').evaluateAll((els) => els.map((e) => e.getClientRects().length));
    assert.ok(chipLines.every((n) => n === 1), 'every chip is one box');
    assert.deepEqual(await overflowing(), []);
    await shot('mor-trajectory-dark-400');
    await page.setViewportSize({ width: 1200, height: 900 });
  });

  it('marks a result from another graph as stale when the active graph changes', async () => {
    await open('dark');
    const gsd = loadFixture('gsd');
    await send({ type: 'show', result: gsd });
    await page.locator('header h1').waitFor();
    assert.equal(await page.locator('.stale').count(), 0, 'no graph known yet: nothing to compare');
    await send({ type: 'activeGraph', description: gsd.store.description });
    await page.waitForFunction(() => document.getElementById('app')!.dataset.stale === 'false');
    assert.equal(await page.locator('.stale').count(), 0);
    await send({ type: 'activeGraph', description: 'embedded database in /data/metaqa/.kgrag' });
    await page.locator('.stale').waitFor();
    assert.equal(await page.locator('.stale').textContent(), 'stale — from another graph');
    assert.match((await page.locator('.stale').getAttribute('title'))!, /came from samples\/movies.*active graph is now embedded database in \/data\/metaqa/);
    await shot('stale-dark');
    // A new result from the active graph is not stale.
    await send({ type: 'show', result: { ...gsd, store: { kind: 'embedded', description: 'embedded database in /data/metaqa/.kgrag' } } });
    await page.waitForFunction(() => document.getElementById('app')!.dataset.stale === 'false');
    assert.equal(await page.locator('.stale').count(), 0);
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
