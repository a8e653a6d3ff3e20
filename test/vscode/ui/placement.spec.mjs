// Store placement in the real workbench (code-server + Chromium): with kgrag.retrieval.placement
// "store", running a gsd plan from its CodeLens searches in the embedded database (the sample graph),
// and the inspector's Stats tab says where it ran and shows its round trips, rows read and store time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';

function settingsFile(page) {
  return join(new URL(page.url()).searchParams.get('folder'), '.vscode', 'settings.json');
}

test('placement: a plan run with placement store shows its round trips in the inspector', async ({ page, wb }) => {
  const file = settingsFile(page);
  const before = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify({ ...(before ? JSON.parse(before) : {}), 'kgrag.retrieval.placement': 'store' }, null, 2));
  try {
    await wb.closeAllEditors();
    await wb.openFile('co_actors.kgp');
    const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).first();
    await lens.waitFor({ timeout: 30_000 });
    await lens.click();
    const view = wb.webview();
    await view.locator('header h1', { hasText: 'co_actor_languages' }).waitFor({ timeout: 120_000 });
    await view.locator('vscode-tab-header', { hasText: 'Stats' }).click();
    const placement = view.locator('.stats-view p.placement');
    await placement.waitFor({ timeout: 30_000 });
    assert.equal(await placement.getAttribute('data-ran'), 'store', await placement.textContent());
    assert.match(await placement.textContent(), /^store \(store asked\): placement store was asked for/);
    const trips = Number((await view.locator('tr.store-io-row[data-io="round trips"] td').nth(1).textContent()).trim());
    // co_actor_languages has 3 edges: one statement per expansion level (≤ 3) and one for the names.
    assert.ok(Number.isInteger(trips) && trips >= 1 && trips <= 2 * 3 + 2, `round trips ${trips}`);
    const rows = Number((await view.locator('tr.store-io-row[data-io="rows read"] td').nth(1).textContent()).trim());
    assert.ok(rows > 0, `rows read ${rows}`);
    assert.match(await view.locator('tr.store-io-row[data-io="store time"] td').nth(1).textContent(), /^\d+\.\d ms$/);
    assert.match(await view.locator('.answers').textContent(), /English/, 'the answer the sample graph gives');
    await view.locator('tr.store-io-row').last().scrollIntoViewIfNeeded();
    await wb.screenshot('inspector-placement-store-stats-dark');
  } finally {
    if (before === undefined) writeFileSync(file, '{}\n');
    else writeFileSync(file, before);
  }
}, { timeoutMs: 240_000 });
