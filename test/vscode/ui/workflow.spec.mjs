// The workflow as a person sees it (code-server + Chromium): the status bar names the sample
// graph, CodeLenses sit above each plan, clicking Run opens the inspector beside the editor.
// Screenshots: test-results/screenshots/workflow-*.png.
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';

test('workflow: status bar shows the sample graph; Run/Explain/Profile/Inspect lenses; Run opens the inspector', async ({ page, wb }) => {
  // Whatever the spec before left open, the plan opens in the first group and the inspector beside it.
  await wb.closeAllEditors();
  await wb.openFile('co_actors.kgp');
  const status = page.locator('.statusbar-item', { hasText: 'KG-RAG: Sample graph (movies)' }).first();
  await status.waitFor({ timeout: 20_000 });
  const lenses = page.locator('.contentWidgets .codelens-decoration, .codelens-decoration');
  // A file whose plans have `expect` also gets "Evaluate Question Set" on its first line: the plan's own lens line is the one with Explain.
  const planLens = lenses.filter({ hasText: 'Explain' }).first();
  await planLens.waitFor({ timeout: 30_000 });
  const text = await planLens.innerText();
  for (const word of ['Run', 'Explain', 'Profile', 'Inspect']) assert.match(text, new RegExp(word), `lens text: ${text}`);
  await wb.screenshot('workflow-codelens');
  await page.locator('.codelens-decoration a', { hasText: 'Run' }).first().click();
  // First run imports the sample graph and builds its index; the panel then titles itself by the plan.
  await page.locator('.tabs-container .tab', { hasText: 'Inspector: co_actor_languages' }).first().waitFor({ timeout: 45_000 });
  await status.waitFor({ timeout: 5_000 });
  await wb.screenshot('workflow-inspector');
});
