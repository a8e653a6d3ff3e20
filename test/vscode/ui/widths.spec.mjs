// The inspector at its default width, in the real workbench on the real sample graph: at 520 px the
// GSD term table and the node table are tables (not stacked cards), only the result's views have
// tabs, graph labels are at least 11 px on screen at fit, Inspect opens on the explanation and Run
// on the answers, and the Model context tab shows the LM tool's text with its token estimate. At
// 400 px the rows become cards. Screenshots: inspector-520-{gsd,subgraphs,context}-dark.png
// (the first is docs/images/inspector-520-gsd-dark.png), inspector-400-gsd-dark.png.
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';
import { panelWidth } from './theme.mjs';

/** How the first data table of a view is laid out: 'table' (rows in columns) or 'cards'. */
async function tableLayout(view, selector) {
  return view.locator(selector).first().evaluate((t) => {
    const row = t.querySelector('tbody tr');
    const head = t.querySelector('thead');
    const table = getComputedStyle(t).display === 'table' && row && getComputedStyle(row).display === 'table-row' && head && getComputedStyle(head).position !== 'absolute';
    return table ? 'table' : 'cards';
  });
}

/** Pixels the page sticks out past the panel's right edge (a narrow layout must not scroll sideways). */
async function sideways(view) {
  return view.locator('body').evaluate((b) => Math.max(0, b.scrollWidth - b.clientWidth));
}

test('inspector widths: at 520 px tables stay tables, only the result\'s tabs, labels ≥ 11 px at fit, Inspect ≠ Run, the model context', async ({ page, wb }) => {
  const original = page.viewportSize();
  await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  try {
    await wb.closeAllEditors();
    await wb.openFile('co_actors.kgp');
    const lens = (title) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title }).first();
    await lens('Inspect').waitFor({ timeout: 30_000 });

    // Inspect: the explanation (GSD terms) is the open tab.
    await lens('Inspect').click();
    const view = wb.webview();
    await view.locator('header h1', { hasText: 'co_actor_languages' }).waitFor({ timeout: 120_000 });
    await view.locator('.gsd-view .term-distance').first().waitFor({ timeout: 60_000 });
    assert.equal(await view.locator('vscode-tab-header[data-view="gsd"]').getAttribute('aria-selected'), 'true', 'Inspect opens on the GSD breakdown');
    const w = await panelWidth(wb, 520);
    assert.ok(Math.abs(w - 520) <= 8, `the panel is ${w} px wide`);
    await page.waitForTimeout(400);

    // Only what a gsd result holds: no Trajectory, Cypher, STEM, SAGE or Grounding tab saying "No … in this result".
    const tabs = await view.locator('vscode-tab-header').evaluateAll((els) => els.map((e) => e.dataset.view));
    assert.deepEqual(tabs, ['subgraphs', 'gsd', 'context', 'stats']);
    assert.equal(await view.locator('text=/in this result/').count(), 0);

    // At 520 px the term tables and candidate lists are tables, and nothing scrolls sideways.
    assert.equal(await tableLayout(view, '.gsd-view .gsd-subgraph table.data-table'), 'table', 'the GSD term table is a table at 520 px');
    assert.equal(await tableLayout(view, '.gsd-view .types table.data-table'), 'table', 'the Types table is a table at 520 px');
    assert.equal(await sideways(view), 0, 'the page does not scroll sideways');
    const termTableHeight = await view.locator('.gsd-view .gsd-subgraph table.data-table').first().evaluate((t) => t.getBoundingClientRect().height);
    await wb.screenshot('inspector-520-gsd-dark');

    // Run: the answers (the subgraph drawn), labels ≥ 11 px on screen at fit, the node table a table.
    await lens('Run').click();
    await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 120_000 });
    assert.equal(await view.locator('vscode-tab-header[data-view="subgraphs"]').getAttribute('aria-selected'), 'true', 'Run opens on the subgraphs');
    const canvas = view.locator('.graph-canvas');
    const labelPx = Number(await canvas.getAttribute('data-label-px'));
    assert.ok(labelPx >= 11, `graph labels are ${labelPx} px at fit`);
    assert.equal(await canvas.getAttribute('data-labels'), 'shown');
    assert.equal(await tableLayout(view, '.node-table table.data-table'), 'table', 'the node table is a table at 520 px');
    await wb.screenshot('inspector-520-subgraphs-dark');

    // The model context: SimGRAG's evidence format, the token estimate and how it is made.
    await view.locator('vscode-tab-header[data-view="context"]').click();
    const text = await view.locator('pre.model-context-text').textContent();
    assert.match(text, /^query: 'what languages are the films that share actors with The Vow in'$/m);
    assert.match(text, /^evidences: graph \[1\]: \[\('/m);
    const size = await view.locator('.context-size').textContent();
    assert.match(size, /^≈ \d+ tokens \(estimated as characters ÷ 4, not a model's tokenizer\) · \d+ evidence graphs? · \d+ triples? · [\d,]+ characters$/);
    assert.equal(Number(await view.locator('.context-size').getAttribute('data-tokens')), Math.ceil([...text].length / 4));
    await view.locator('vscode-button.context-format[data-format="triples"]').click();
    assert.match(await view.locator('pre.model-context-text').textContent(), /^triples \(head \| relation \| tail\):$/m);
    await wb.screenshot('inspector-520-context-dark');

    // Below 480 px the rows become labelled cards.
    await panelWidth(wb, 400);
    await page.waitForTimeout(400);
    await view.locator('vscode-tab-header[data-view="gsd"]').click();
    await view.locator('.gsd-view .term-distance').first().waitFor();
    assert.equal(await tableLayout(view, '.gsd-view .gsd-subgraph table.data-table'), 'cards', 'cards at 400 px');
    const cardsHeight = await view.locator('.gsd-view .gsd-subgraph table.data-table').first().evaluate((t) => t.getBoundingClientRect().height);
    console.log(`    inspector widths: GSD term table ${Math.round(termTableHeight)} px tall at 520 px (a table), ${Math.round(cardsHeight)} px at 400 px (cards); graph labels ${labelPx} px at fit`);
    await wb.screenshot('inspector-400-gsd-dark');
  } finally {
    if (original) await page.setViewportSize(original);
    await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  }
}, { timeoutMs: 300_000 });
