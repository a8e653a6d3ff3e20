// The Evaluation view as a person uses it (issue 28), on the real sample graph: the CodeLens
// "Evaluate Question Set" on a .kgp set, the strategies picked (the set's own `using`s preselected),
// the metrics table per strategy, the cause histogram and every miss; "Open" on a miss shows it in
// the inspector with its why-not asked; its fix applied there edits the .kgp, and "Evaluate again"
// shows the miss gone and the change since the previous run. Screenshots of the view in dark, light and 400 px wide
// (nothing cut off there): test-results/screenshots/evaluation-{dark,light,dark-400}.png.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';
import { panelWidth, setTheme } from './theme.mjs';

// From the sample's triples: James Cameron directed Titanic; no movie is called "Titanik"; Val
// Kilmer starred in Heat but did not direct it.
const SET = `schema "movies.kgschema.json"

plan titanic_director {
  question "who directed Titanic"
  match (m: Movie = "Titanic") -[directed by]- (p: Person)
  return p
  expect "James Cameron"
  using cypher
}

plan titanik_director {
  question "who directed Titanik"
  match (m: Movie = "Titanik") -[directed by]- (p: Person)
  return p
  expect "James Cameron"
  using cypher
}

plan heat_director_k1 {
  question "who directed Heat"
  match (m: Movie "Heat") -[directed by]- (p: Person)
  return p
  expect "Val Kilmer"
  using gsd(k: 1)
}
`;

/** The webview whose page holds `selector` (the Evaluation view and the inspector are both open). */
async function webviewWith(page, selector, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const frames = page.locator('iframe.webview.ready');
    for (let i = 0; i < (await frames.count()); i++) {
      const view = frames.nth(i).contentFrame().frameLocator('#active-frame');
      if ((await view.locator(selector).count()) > 0) return { view, frame: frames.nth(i) };
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no webview shows ${selector}`);
}

test('evaluation: Evaluate Question Set from the CodeLens → metrics per strategy, cause histogram, misses; Open shows a miss with its why-not; its fix, Evaluate again → the miss gone, with deltas', async ({ page, wb }) => {
  const folder = new URL(page.url()).searchParams.get('folder');
  writeFileSync(join(folder, 'eval_ui.kgp'), SET);
  await wb.closeAllEditors();
  await wb.openFile('eval_ui.kgp');
  const lens = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Evaluate Question Set' }).first();
  await lens.waitFor({ timeout: 60_000 });
  assert.equal(await lens.innerText(), 'Evaluate Question Set (3 plans with expect)');
  await lens.click();
  // The strategies: the set's own (gsd and cypher) are preselected; accept them.
  const picker = wb.quickInput();
  await picker.locator('input.input').waitFor({ timeout: 15_000 });
  const checked = await picker.locator('.monaco-list-row[aria-checked="true"]').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''));
  assert.deepEqual(checked.map((c) => c.trim()).sort(), ['cypher', 'gsd']);
  await picker.locator('input.input').press('Enter');

  const { view } = await webviewWith(page, '.eval-view', 180_000);
  // The metrics table: a row per strategy (no groups in a .kgp set), the figures of this set.
  const rows = await view.locator('table.metrics tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.querySelector('.value')?.textContent ?? td.textContent)));
  assert.deepEqual(rows.map((r) => r.slice(0, 3)), [['gsd', 'all', '3'], ['cypher', 'all', '3']]);
  // cypher: Titanic answered first, Titanik (no such movie) and Val Kilmer (not a director) not.
  assert.equal(rows[1][3], '0.333', `cypher Hits@1: ${rows[1].join(' | ')}`);
  // The histogram: each strategy's misses by cause; cypher's Titanik miss is the name clause.
  const cypherCauses = await view.locator('section.histogram[data-strategy="cypher"] li.cause-row').evaluateAll((lis) => lis.map((li) => `${li.dataset.cause}=${li.dataset.count}`));
  assert.ok(cypherCauses.includes('cypher clause: name=1'), cypherCauses.join(', '));
  const total = (await view.locator('section.histogram[data-strategy="cypher"] li.cause-row').evaluateAll((lis) => lis.map((li) => Number(li.dataset.count)))).reduce((a, b) => a + b, 0);
  assert.equal(await view.locator('section.miss-list[data-strategy="cypher"] li.miss').count(), total, 'every miss is listed');
  const miss = view.locator('li.miss[data-strategy="cypher"][data-id="titanik_director"]');
  assert.equal(await miss.getAttribute('data-cause'), 'cypher clause: name');
  assert.match(await miss.locator('.miss-line').innerText(), /^expected "James Cameron"; no answers/);
  // The first run of this set: nothing to compare with yet, and it says so.
  assert.match(await view.locator('.previous-line').innerText(), /First run of this set/);

  // One click on "Open": the inspector shows the miss's result and the why-not for its gold answer.
  await miss.locator('.open-miss').click();
  const { view: inspector } = await webviewWith(page, 'section.why-not[data-cause]', 180_000);
  assert.equal(await inspector.locator('section.why-not').getAttribute('data-cause'), 'cypher-clause');
  assert.match(await inspector.locator('section.why-not').innerText(), /James Cameron/);
  // Its fix (use the name the graph has) is written into the .kgp and re-run beside it.
  await inspector.locator('li.fix[data-kind="use-name"] .apply-fix').first().click();
  await inspector.locator('.compare-view').waitFor({ timeout: 120_000 });
  // (the edited .kgp is what the next evaluation reads: the document as the editor has it)
  // The inspector's tab closed, the set evaluated again from the view: the miss is gone, and the view says what changed.
  await page.locator('.tabs-container .tab', { hasText: /Compare: |Inspector: / }).locator('.codicon-close').first().click({ force: true });
  await view.locator('.evaluate-again').click();
  await view.locator('.previous-line', { hasText: 'Compared with the previous run' }).waitFor({ timeout: 120_000 });
  assert.equal(await view.locator('li.miss[data-strategy="cypher"][data-id="titanik_director"]').count(), 0, 'the miss is gone');
  const cypherAll = view.locator('table.metrics tr.overall[data-strategy="cypher"] td[data-metric="hits1"]');
  assert.equal(await cypherAll.locator('.value').innerText(), '0.667');
  assert.equal(await cypherAll.locator('.delta.better').innerText(), '▲ +0.333');
  assert.equal(await view.locator('section.histogram[data-strategy="cypher"] li.cause-row[data-cause="cypher clause: name"]').getAttribute('data-count'), '0');
  assert.match(await view.locator('ul.changes li.gained[data-strategy="cypher"]').innerText(), /now first \(1\): titanik_director/);

  // Screenshots: dark, light, and dark at 400 px where nothing may be cut off (the metrics table scrolls in its box).
  await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  const original = page.viewportSize();
  try {
    await wb.screenshot('evaluation-dark');
    await setTheme(wb, 'Default Light Modern');
    await view.locator('.eval-view').waitFor();
    await wb.screenshot('evaluation-light');
    await setTheme(wb, 'Default Dark Modern');
    const w = await panelWidth(wb, 400);
    assert.ok(w !== undefined && Math.abs(w - 400) <= 8, `the panel is ${w} px wide`);
    const overflow = await view.locator('.eval-view').evaluate((root) => {
      const wide = [root, ...root.querySelectorAll('*')].filter((e) => !e.closest('.table-scroll') && e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'auto' && e.clientWidth > 0);
      return { page: document.documentElement.scrollWidth - document.documentElement.clientWidth, wide: wide.map((e) => `${e.tagName.toLowerCase()}.${e.className}`) };
    });
    assert.ok(overflow.page <= 1 && overflow.wide.length === 0, `cut off at 400 px: ${JSON.stringify(overflow)}`);
    await wb.screenshot('evaluation-dark-400');
  } finally {
    if (original) await page.setViewportSize(original);
    await setTheme(wb, 'Default Dark Modern');
    await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  }
}, { timeoutMs: 480_000 });
