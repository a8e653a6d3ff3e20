// STEM and SAGE run from a .kgp file in the real workbench (code-server + Chromium) against the
// sample graph: each strategy's trace view in the inspector — STEM's anchors and candidate edges
// with T-Score, cumulative S, θ test and kept; SAGE's seeds, reranked candidates with the k′ cut
// and the final set — and screenshots in the dark and light themes
// (test-results/screenshots/inspector-stem-*.png, inspector-sage-*.png).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';
import { setTheme } from './theme.mjs';

const SEEDS_KGP = `schema "movies.kgschema.json"

plan vow_director_stem {
  question "who directed The Vow"
  match (vow: Movie "The Vow") -[directed by]- (d: Person)
  return d
  using stem(mode: "breadth", theta: 0.6)
}

plan vow_director_sage {
  question "who directed The Vow"
  match (vow: Movie "The Vow") -[directed by]- (d: Person)
  return d
  using sage(k: 5, kPrime: 15)
}
`;

async function tab(view, title) {
  await view.locator('vscode-tab-header', { hasText: title }).click();
}

async function runPlan(page, wb, index, plan) {
  await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).nth(index).click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: plan }).waitFor({ timeout: 120_000 });
  return view;
}

async function checkStem(view) {
  await view.locator('.stem-view .stem-beam').first().waitFor({ timeout: 30_000 });
  assert.match(await view.locator('.stem-summary').textContent(), /Breadth \(θ = 0\.6\)/);
  const anchors = await view.locator('.stem-beam').first().locator('tr.anchor-row').allTextContents();
  assert.ok(anchors.some((a) => a.includes('The Vow')), `anchors: ${anchors.join(' | ')}`);
  const kept = view.locator('.stem-beam').first().locator('tr.candidate-row.kept');
  assert.ok((await kept.count()) >= 1, 'at least one kept candidate edge');
  const keptText = await kept.allTextContents();
  assert.ok(keptText.some((t) => t.includes('Michael Sucsy') && t.includes('directed_by')), `kept: ${keptText.join(' | ')}`);
  // T-Score = similarity + bias, and the θ test agrees with it, on every listed candidate.
  const rows = await view.locator('.stem-beam').first().locator('tr.candidate-row').evaluateAll((els) =>
    els.map((e) => ({
      sim: Number(e.querySelector('.similarity')?.textContent),
      bias: Number((e.querySelector('.bias')?.textContent ?? '0').replace('+', '')),
      t: Number(e.querySelector('.t-score')?.textContent),
      theta: e.querySelector('.theta')?.textContent,
    })),
  );
  assert.ok(rows.length >= 1);
  for (const r of rows) {
    assert.ok(Math.abs(r.sim + r.bias - r.t) < 2e-3, `T-Score ${r.t} = ${r.sim} + ${r.bias}`);
    assert.equal(r.theta, r.t >= 0.6 - 5e-4 ? '≥ θ' : '< θ');
  }
  assert.match(await view.locator('.answers').textContent(), /Michael Sucsy/);
}

async function checkSage(view) {
  await view.locator('.sage-view .sage-seeds').waitFor({ timeout: 30_000 });
  const seeds = await view.locator('tr.seed-row').allTextContents();
  assert.ok(seeds.some((s) => s.includes('The Vow')), `seeds: ${seeds.join(' | ')}`);
  const candidates = view.locator('.sage-candidates tr.candidate-row');
  const n = await candidates.count();
  assert.ok(n >= 1, `${n} candidates`);
  const kept = await view.locator('.sage-candidates tr.candidate-row.kept').count();
  assert.equal(kept, Math.min(15, n));
  const fused = (await view.locator('.sage-candidates tr.candidate-row .fused').allTextContents()).map(Number);
  assert.deepEqual(fused, [...fused].sort((a, b) => b - a), 'reranked best first');
  assert.ok((await view.locator('.sage-candidates').textContent()).includes('directed_by'));
  assert.ok((await view.locator('tr.final-row').count()) >= kept);
  assert.match(await view.locator('.answers').textContent(), /Michael Sucsy/);
}

test('inspector: STEM and SAGE run from a .kgp file — their trace views, dark and light', async ({ page, wb }) => {
  writeFileSync(join(new URL(page.url()).searchParams.get('folder'), 'seeds.kgp'), SEEDS_KGP);
  await wb.closeAllEditors();
  try {
    for (const theme of ['dark', 'light']) {
      await setTheme(wb, theme === 'dark' ? 'Default Dark Modern' : 'Default Light Modern');
      await wb.closeAllEditors();
      await wb.openFile('seeds.kgp');
      await page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).first().waitFor({ timeout: 30_000 });

      let view = await runPlan(page, wb, 0, 'vow_director_stem');
      // Run opens on the answers (a STEM result has subgraphs); the trace is its own tab.
      await tab(view, 'STEM trace');
      await checkStem(view);
      await wb.screenshot(`inspector-stem-trace-${theme}`);
      await tab(view, 'Subgraphs');
      await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
      await wb.page.waitForTimeout(300);
      await wb.screenshot(`inspector-stem-subgraphs-guidance-${theme}`);

      view = await runPlan(page, wb, 1, 'vow_director_sage');
      await checkSage(view);
      await wb.screenshot(`inspector-sage-trace-${theme}`);
    }
  } finally {
    await setTheme(wb, 'Default Dark Modern');
  }
}, { timeoutMs: 300_000 });
