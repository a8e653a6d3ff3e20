// Issue 26 in the real workbench (code-server + Chromium) on the sample graph: SAGE's answers under
// `return year` are years (with their label) and what else it retrieved is shown as context (point
// 6); STEM's Subgraphs view, guidance overlay included, draws no node without its label (point 3).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';

const KGP = `schema "movies.kgschema.json"

plan years_sage {
  question "the films that share directors with the film Inception were released in which years"
  match
    (inception: Movie "Inception") -[directed by]-> (director: Person)
    (film: Movie) -[directed by]-> (director)
    (film) -[release year]-> (year: Year)
  return year
  using sage(k: 5, kPrime: 15)
}

plan years_stem {
  question "the films that share directors with the film Inception were released in which years"
  match
    (inception: Movie "Inception") -[directed by]-> (director: Person)
    (film: Movie) -[directed by]-> (director)
    (film) -[release year]-> (year: Year)
  return year
  using stem(mode: "breadth")
}
`;

async function runPlan(page, wb, index, plan) {
  await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).nth(index).click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: plan }).waitFor({ timeout: 120_000 });
  return view;
}

test('issue 26: SAGE answers are the return variable\'s years, the rest is context; STEM draws every node with its label', async ({ page, wb }) => {
  writeFileSync(join(new URL(page.url()).searchParams.get('folder'), 'truth.kgp'), KGP);
  await wb.closeAllEditors();
  await wb.openFile('truth.kgp');
  await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).first().waitFor({ timeout: 30_000 });

  let view = await runPlan(page, wb, 0, 'years_sage');
  const answers = view.locator('.answers .chip.answer');
  await answers.first().waitFor({ timeout: 30_000 });
  const labels = await answers.evaluateAll((els) => els.map((e) => `${e.getAttribute('data-value')}:${e.getAttribute('data-labels')}`));
  assert.ok(labels.length > 0);
  for (const l of labels) assert.match(l, /^\d{4}:Year$/, `SAGE answer ${l}`);
  const context = view.locator('.context-line .chip.context');
  assert.ok((await context.count()) > 0, 'what SAGE retrieved besides years is shown as context');
  const contextLabels = await context.evaluateAll((els) => els.map((e) => e.getAttribute('data-labels')));
  assert.ok(contextLabels.every((l) => l !== 'Year' && l !== ''), contextLabels.join(' | '));
  assert.match(await view.locator('.context-line').textContent(), /not values of return year/);
  await wb.screenshot('issue26-sage-answers-context');

  view = await runPlan(page, wb, 1, 'years_stem');
  await view.locator('vscode-tab-header', { hasText: 'Subgraphs' }).click();
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  const legend = await view.locator('.graph-legend').first().textContent();
  assert.ok(legend.includes('Movie') && legend.includes('Year'), legend);
  assert.ok(!legend.includes('(no label)'), `STEM legend: ${legend}`);
  await wb.screenshot('issue26-stem-subgraphs-labels');
}, { timeoutMs: 300_000 });
