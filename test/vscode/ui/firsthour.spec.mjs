// Issue 19, "the first hour", as a person sees it in the workbench (real sample graph):
// a Cypher result draws its edges (no "GSD 0"); Open as Cypher → edit a :param → Ctrl+Enter runs
// it into the inspector (table + subgraph); a run's progress stages over the previous result; the
// status bar names the graph with its size; Format Document on a broken file says why.
// Screenshots (dark, light, 400 px panel): test-results/screenshots/firsthour-*.png.
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';
import { inEachTheme, panelWidth } from './theme.mjs';

const lens = (page, title, nth = 0) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title }).nth(nth);

async function inThemes(page, wb, body) {
  await inEachTheme(wb, async (theme) => {
    await wb.closeAllEditors();
    await wb.openFile('first-hour.kgp');
    await lens(page, 'Open as Cypher').waitFor({ timeout: 60_000 });
    await body(theme);
  });
}

test('first hour: a Cypher result draws its edges; Open as Cypher, edit a :param, Ctrl+Enter runs it into the inspector — dark, light, 400 px', async ({ page, wb }) => {
  await inThemes(page, wb, async (theme) => {
    const view = wb.webview();
    await lens(page, 'Run').click();
    // The first run on a fresh window imports the sample graph: allow for it.
    await view.locator('#app:not([data-running="true"]) header h1', { hasText: /^vow_costars_cypher$/ }).waitFor({ timeout: 180_000 });
    if (theme === 'dark-400') {
      const w = await panelWidth(wb, 400);
      assert.ok(Math.abs(w - 400) <= 8, `the panel is ${w} px wide`);
    }
    const canvas = view.locator('.subgraphs-view .graph-canvas[data-table-ready]');
    await canvas.waitFor({ timeout: 60_000 });
    assert.ok(Number(await canvas.getAttribute('data-edges')) >= 2, `edges drawn: ${await canvas.getAttribute('data-edges')}`);
    // Rows of a Cypher result are not GSD-ranked: the selector says "#1", never "GSD 0".
    const options = await view.locator('.rank-select option').allTextContents();
    assert.ok(options.length > 0 && options.every((o) => /^#\d+$/.test(o)), options.join(' | '));
    assert.match(await view.locator('.warning').allTextContents().then((w) => w.join('\n')), /"the vow" is compared as "The Vow"/);
    await canvas.scrollIntoViewIfNeeded();
    await wb.screenshot(`firsthour-cypher-edges-${theme}`);

    // Open as Cypher: an untitled `cypher` document with its parameters as :param lines.
    await lens(page, 'Open as Cypher').click();
    await page.locator('.tabs-container .tab.active', { hasText: /Untitled/ }).waitFor({ timeout: 60_000 });
    assert.equal(await wb.languageMode(), 'Cypher');
    const text = await wb.waitForEditorText(/^:param p0 => "The Vow"$/m);
    assert.match(text, /MATCH \(vow:`Movie` \{`name`: \$p0\}\)/);
    // Edit the parameter: Kismet instead of The Vow (on its own line, found in the text: the header
    // comments above it may grow, e.g. the `// return:` line), then Ctrl+Enter.
    const paramLine = text.split('\n').findIndex((l) => /^:param p0 => /.test(l)) + 1;
    assert.ok(paramLine > 0, 'the :param line is in the document');
    await page.keyboard.press('Control+G');
    await page.keyboard.type(String(paramLine));
    await page.keyboard.press('Enter');
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+Home');
    // One text input (as a paste would be), so no auto-closing pair or dropped key can change it.
    await page.keyboard.insertText(':param p0 => "Kismet"');
    await wb.waitForEditorText(/^:param p0 => "Kismet"$/m);
    await page.keyboard.press('Control+Enter');
    await view.locator('#app:not([data-running="true"]) header h1', { hasText: /^vow_costars_cypher \(Cypher\)$/ }).waitFor({ timeout: 60_000 });
    const drawn = view.locator('.subgraphs-view .graph-canvas[data-table-ready]');
    await drawn.waitFor({ timeout: 60_000 });
    assert.ok(Number(await drawn.getAttribute('data-edges')) >= 2, 'the query result draws its relationships');
    const names = await view.locator('tr.node-row .node-name').allTextContents();
    assert.ok(names.includes('Kismet') && !names.includes('The Vow'), `the edited parameter ran: ${names.join(', ')}`);
    await wb.screenshot(`firsthour-open-as-cypher-subgraph-${theme}`);
    await view.locator('vscode-tab-header', { hasText: 'Cypher' }).click();
    await view.locator('.query-table tr.query-row').first().waitFor({ timeout: 10_000 });
    assert.match(await view.locator('.cypher-view').textContent(), /"Kismet"/);
    await view.locator('.query-table').scrollIntoViewIfNeeded();
    await wb.screenshot(`firsthour-open-as-cypher-table-${theme}`);
  });
}, { timeoutMs: 480_000 });

test('first hour: a run shows its stages over the previous result, which is marked — dark, light, 400 px', async ({ page, wb }) => {
  await inThemes(page, wb, async (theme) => {
    const view = wb.webview();
    await lens(page, 'Run').click();
    await view.locator('#app:not([data-running="true"]) header h1', { hasText: /^vow_costars_cypher$/ }).waitFor({ timeout: 120_000 });
    if (theme === 'dark-400') await panelWidth(wb, 400);
    // The slow plan (a cross product) runs for long enough to see its stage, then is cancelled.
    await lens(page, 'Run', 1).click();
    const banner = view.locator('.run-progress', { hasText: 'Run slow_cross_product — running the Cypher query' });
    await banner.waitFor({ timeout: 60_000 });
    assert.equal(await view.locator('#app').getAttribute('data-running'), 'true');
    assert.match(await banner.textContent(), /The result below is the previous one \(vow_costars_cypher\)/);
    await wb.screenshot(`firsthour-progress-${theme}`);
    await wb.runCommand('KG-RAG Studio: Cancel Running Operations');
    await view.locator('#app[data-running="false"]').waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('.run-progress').count(), 0);
  });
}, { timeoutMs: 420_000 });

test('first hour: the status bar names the graph with its nodes and edges', async ({ page, wb }) => {
  await wb.openFile('first-hour.kgp');
  const status = page.locator('.statusbar-item', { hasText: /KG-RAG: Sample graph \(movies\) · [\d,.]+k? nodes · [\d,.]+k? edges/ }).first();
  await status.waitFor({ timeout: 60_000 });
  assert.doesNotMatch(await status.innerText(), /\.kgrag/);
  await wb.screenshot('firsthour-status-bar');
}, { timeoutMs: 90_000 });

test('first hour: Format Document on a broken file says which line stops it', async ({ page, wb }) => {
  await wb.openFile('broken.kgp');
  await wb.runCommand('Format Document');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'not formatted' }).first();
  await toast.waitFor({ timeout: 20_000 });
  assert.match(await toast.innerText(), /KG Plan: not formatted — line \d+, column \d+ has a syntax error/);
  await wb.screenshot('firsthour-format-broken');
  await page.keyboard.press('Escape');
});

// Issue 26, point 10: inside VS Code a refused write does not tell the user about a CLI flag.
test('first hour: running a Cypher write in the editor is refused in the editor\'s words, not "allow it with --write"', async ({ page, wb }) => {
  const { writeFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const folder = new URL(page.url()).searchParams.get('folder');
  writeFileSync(join(folder, 'write.cypher'), 'MATCH (m:Movie) DETACH DELETE m\n');
  await wb.openFile('write.cypher');
  await wb.runCommand('KG-RAG Studio: Run Cypher Query (read-only)');
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: 'Refused' }).first();
  await toast.waitFor({ timeout: 120_000 });
  const text = await toast.innerText();
  assert.match(text, /Refused: .*queries run read-only\./);
  assert.match(text, /The editor runs Cypher read-only and offers no way to write; run a write in a terminal with `?kgrag query --write`?, or in Neo4j Browser\./);
  assert.doesNotMatch(text, /allow it with --write/i);
  await wb.screenshot('firsthour-cypher-write-refused');
  await page.keyboard.press('Escape');
  await wb.closeAllEditors();
}, { timeoutMs: 240_000 });
