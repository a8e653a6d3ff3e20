// A misspelt relation phrase, as a person sees it (issue 27): the run warns in the inspector that
// the phrase was matched by spelling alone; the editor puts a warning (KGP401) on the phrase with
// "Change to ':directed_by'" in the Quick Fix menu, and choosing it rewrites the edge.
// Screenshots: test-results/screenshots/relations-*.png.
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';

test('relations: a misspelt phrase gets a warning in the run, a KGP401 warning in the editor and the quick fix to :directed_by', async ({ page, wb }) => {
  await wb.closeAllEditors();
  await wb.openFile('misspelt_relation.kgp');
  // Running the plan connects the sample graph; the result carries the warning.
  const run = page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).first();
  await run.waitFor({ timeout: 30_000 });
  await run.click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: 'vow_director_typo' }).waitFor({ timeout: 120_000 });
  const warning = view.locator('header .warning', { hasText: 'directd' }).first();
  await warning.waitFor({ timeout: 30_000 });
  assert.match(await warning.textContent(), /'directd' is not a word .* by spelling alone, a guess; nearest types by spelling: directed_by \(1 edit\)/);
  await wb.screenshot('relations-run-warning');

  // The editor: the warning on the phrase, in the Problems panel.
  await wb.openFile('misspelt_relation.kgp');
  const rows = await wb.problems({ matching: /KGP401/, timeoutMs: 120_000 });
  const row = rows.find((r) => r.includes('KGP401'));
  assert.ok(row, `no KGP401 row in the Problems panel: ${JSON.stringify(rows)}`);
  assert.match(row, /relation phrase 'directd by': 'directd' is not a word the graph/);
  assert.match(row, /nearest types: directed_by \(1 edit\)/);
  await wb.screenshot('relations-problems');

  // The doubtful hint beside the phrase.
  await wb.openFile('misspelt_relation.kgp');
  const hinted = await wb.editorText({ withInjectedText: true });
  assert.match(hinted, /-\[directd by ≈\? directed_by\]->/);

  // Quick Fix on the phrase: "Change to ':directed_by'" rewrites the edge as the exact type.
  // The cursor goes inside the phrase: a click on its token (Monaco draws each token as a span).
  const line = page.locator('.editor-instance .monaco-editor .view-line', { hasText: 'The Vow' }).first();
  await line.locator(':scope > span > span', { hasText: 'directd' }).first().click();
  await page.waitForFunction(() => /Ln 7, Col/.test(document.getElementById('status.editor.selection')?.textContent ?? ''), undefined, { timeout: 10_000 });
  await wb.runCommand('Quick Fix...');
  const fix = page.locator('.action-widget .monaco-list-row', { hasText: "Change to ':directed_by'" }).first();
  await fix.waitFor({ timeout: 30_000 });
  const titles = await page.locator('.action-widget .monaco-list-row').evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()).filter((t) => t.startsWith('Change to')));
  assert.deepEqual(titles[0], "Change to ':directed_by'", `the nearest type by spelling first: ${titles.join(' | ')}`);
  await wb.screenshot('relations-quick-fix');
  // The menu's first item has the focus; a mouse click can land on the widget's pointer block.
  await page.keyboard.press('Enter');
  await wb.waitForEditorText(/\(v: Movie "The Vow"\) -\[:directed_by\]-> \(d: Person\)/, 15_000);
  await wb.screenshot('relations-fixed');
}, { timeoutMs: 300_000 });
