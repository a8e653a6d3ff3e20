// Named entities against the connected graph, as a person sees them (issues 14 and 19): a run whose
// named entity is not in the graph shows a banner ABOVE the answers in the inspector; hovering a
// node text lists the graph nodes it would match; completion inside a node text offers graph names.
// Dark, light and a 400 px wide panel: test-results/screenshots/entities-*.png.
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';
import { inEachTheme, panelWidth } from './theme.mjs';

/**
 * Puts the cursor at a 1-based line and column through Go to Line/Column (Ctrl+G). The text is
 * filled into the quick input's own box (keys typed as the widget opens can land in the editor),
 * and a round that did not move the cursor is tried again, as the harness does for quick inputs.
 */
async function goTo(wb, line, column) {
  const want = `Ln ${line}, Col ${column}`;
  for (let attempt = 1; ; attempt += 1) {
    await wb.page.locator('.editor-instance .monaco-editor .view-lines').first().click();
    await wb.page.keyboard.press('Control+G');
    await wb.quickInput().waitFor({ timeout: 10_000 });
    // Go to Line's box starts with ":"; filling replaces it, so the ":" is written back.
    await wb.quickInput().locator('input.input').fill(`:${line}:${column}`, { timeout: 5_000 });
    await wb.page.keyboard.press('Enter');
    try {
      await wb.page.waitForFunction((w) => (document.getElementById('status.editor.selection')?.textContent ?? '').includes(w), want, { timeout: attempt === 3 ? 10_000 : 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
      console.log(`    (go to ${line}:${column}: the cursor did not move in round ${attempt}, trying again)`);
      await wb.page.keyboard.press('Escape');
      await wb.quickInput().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
    }
  }
}

test('entities: not-found banner above the answers, entity hover and completion — dark, light, 400 px', async ({ page, wb }) => {
  await inEachTheme(wb, async (theme) => {
    await wb.closeAllEditors();
    await wb.openFile('not_found.kgp');
    // Run joe_thomas_films (the first plan): "Joe Thomas" is not in the sample graph.
    const run = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).first();
    await run.waitFor({ timeout: 30_000 });
    await run.click();
    const view = wb.webview();
    await view.locator('header h1', { hasText: 'joe_thomas_films' }).waitFor({ timeout: 120_000 });
    const banner = view.locator('header .not-found-banner');
    await banner.waitFor({ timeout: 30_000 });
    assert.match(await banner.locator('.not-found').first().textContent(), /^'Joe Thomas' is not in the graph; nearest: '[^']+' \(\d\.\d\d\)( — the answers use '[^']+')?$/);
    assert.equal(await banner.getAttribute('role'), 'alert');
    const above = await view.locator('header').evaluate((header) => {
      const b = header.querySelector('.not-found-banner');
      const a = header.querySelector('.answers');
      return Boolean(b && a && b.compareDocumentPosition(a) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    assert.ok(above, 'the banner comes before the answers');
    assert.equal(await view.locator('header p.warning', { hasText: 'Joe Thomas' }).count(), 0, 'said once, in the banner');
    if (theme === 'dark-400') {
      const w = await panelWidth(wb, 400);
      assert.ok(Math.abs(w - 400) <= 8, `the panel is ${w} px wide`);
      const box = await banner.boundingBox();
      assert.ok(box && box.width <= 400, `the banner fits the panel: ${box?.width}`);
    }
    await wb.screenshot(`entities-not-found-banner-${theme}`);

    // The GSD view says which label each typed node was given, and how.
    await view.locator('vscode-tab-header', { hasText: 'GSD breakdown' }).click();
    const typeRows = view.locator('.gsd-view .types tr.type-row');
    await typeRows.first().waitFor({ timeout: 30_000 });
    const types = await typeRows.evaluateAll((rows) => rows.map((r) => [r.dataset.variable, r.querySelector('.type-label')?.textContent, r.dataset.how]));
    assert.deepEqual(types, [['p', 'Person', 'exact'], ['m', 'Movie', 'exact']]);
    await wb.screenshot(`entities-types-${theme}`);

    // Hover on "The Vow" (line 14) in the editor: the graph node it would match, exact.
    await goTo(wb, 14, 18);
    await wb.runCommand('Show or Focus Hover');
    const hover = page.locator('.monaco-hover:not(.hidden)').filter({ hasText: 'Would match' }).first();
    await hover.waitFor({ timeout: 60_000 });
    const text = await hover.innerText();
    assert.match(text, /The Vow is in the graph/);
    assert.match(text, /The Vow — exact/);
    assert.match(text, /Movie/);
    await wb.screenshot(`entities-hover-${theme}`);
    await page.keyboard.press('Escape');

    // Completion after "The V" inside the same text: names from the graph, not words of open files.
    await goTo(wb, 14, 21);
    await wb.runCommand('Trigger Suggest');
    const rows = page.locator('.editor-widget.suggest-widget.visible .monaco-list-row');
    await rows.filter({ hasText: 'The Vow' }).first().waitFor({ timeout: 60_000 });
    const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? e.textContent ?? ''));
    assert.ok(labels.length > 0 && labels.every((l) => /^The V/i.test(l.trim()) || !/\bplan\b|\bmatch\b/.test(l)), `graph names only: ${labels.join(' | ')}`);
    await wb.screenshot(`entities-completion-${theme}`);
    await page.keyboard.press('Escape');
  });
}, { timeoutMs: 420_000 });
