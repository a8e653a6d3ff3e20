// The retrieval inspector in the real workbench (code-server + Chromium): each strategy's result
// opened from the workspace, what the webview's DOM shows, click-through to the .kgp editor and
// back, hostile names as literal text, a 2,000-node set (render time printed), and screenshots of
// every view in the dark and light themes (test-results/screenshots/inspector-*.png).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';
import { largeResult, loadFixture } from './inspector-fixtures.mjs';
import { inEachTheme, panelWidth } from './theme.mjs';

const VIEWS = ['Subgraphs', 'GSD breakdown', 'Trajectory', 'Cypher & plan', 'Stats'];
const dialogs = [];

/** The workspace folder the workbench opened (the runner's temp copy), from the page URL. */
function workspaceFolder(page) {
  return new URL(page.url()).searchParams.get('folder');
}

const STRATEGIES_KGP = `schema "movies.kgschema.json"

plan nolan_genres_mor {
  question "what genres are the films directed by Christopher Nolan"
  match
    (nolan: Person "Christopher Nolan") -[directed by]- (film: Movie) -[genre]- (g: Genre)
  return g
  using mor(seeds: 5, perStep: 10, k: 20)
}

plan vow_director_cypher {
  match (vow: Movie = "The Vow") -[:directed_by]-> (d: Person)
  return d
  using cypher(limit: 10)
}
`;

/**
 * Puts the fixtures into the workspace as inspector/<name>.result.json, and strategies.kgp, once
 * per run and long before Quick Open searches for them.
 */
let written = false;
function writeFixtures(page) {
  if (written) return;
  written = true;
  const dir = join(workspaceFolder(page), 'inspector');
  mkdirSync(dir, { recursive: true });
  for (const name of ['gsd', 'mor', 'cypher', 'xss', 'real-gsd']) {
    writeFileSync(join(dir, `${name}.result.json`), JSON.stringify(loadFixture(name), null, 2));
  }
  writeFileSync(join(dir, 'large.result.json'), JSON.stringify(largeResult(2000, 100)));
  writeFileSync(join(workspaceFolder(page), 'strategies.kgp'), STRATEGIES_KGP);
}

/** Opens inspector/<name>.result.json and runs "Inspect Retrieval Result File…" on it. */
async function inspect(wb, name, plan) {
  writeFixtures(wb.page);
  // Quick Open opens in the active group; after a click in the panel that is the panel's own.
  await wb.runCommand('View: Focus First Editor Group');
  await wb.openFile(`${name}.result.json`, { query: `inspector/${name}.result.json` });
  await wb.runCommand('KG-RAG Studio: Inspect Retrieval Result File…');
  const view = wb.webview();
  await view.locator('header h1', { hasText: plan }).waitFor({ timeout: 30_000 });
  return view;
}

async function tab(view, title) {
  await view.locator('vscode-tab-header', { hasText: title }).click();
}

/** Switches the colour theme through the workspace settings (the palette's picker searches a marketplace). */
async function setTheme(wb, theme) {
  const dir = join(workspaceFolder(wb.page), '.vscode');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ 'workbench.colorTheme': theme }, null, 2));
  const cls = theme.includes('High Contrast') ? 'hc-black' : theme.includes('Light') ? 'vs' : 'vs-dark';
  await wb.page.waitForFunction((c) => document.querySelector('.monaco-workbench')?.classList.contains(c), cls, { timeout: 15_000 });
  await wb.page.waitForTimeout(500);
}

/** The webview's content frame, for evaluating in the page the result was rendered into. */
function contentFrame(page) {
  return page.frames().find((f) => f.url().includes('fake.html') || f.name() === 'active-frame') ?? null;
}

test('inspector: GSD result — subgraph nodes, terms summing to the GSD, candidates', async ({ page, wb }) => {
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  writeFixtures(page);
  await wb.openFile('co_actors.kgp');
  const gsd = loadFixture('gsd');
  const view = await inspect(wb, 'gsd', 'co_actor_languages');
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  const names = await view.locator('tr.node-row .node-name').allTextContents();
  assert.deepEqual(names.sort(), gsd.subgraphs[0].mapping.map((m) => m.name).sort());

  await tab(view, 'GSD breakdown');
  const sections = view.locator('vscode-collapsible.gsd-subgraph');
  assert.equal(await sections.count(), gsd.subgraphs.length);
  for (let i = 0; i < gsd.subgraphs.length; i++) {
    const distances = (await sections.nth(i).locator('.term-distance').evaluateAll((els) => els.map((e) => e.dataset.distance))).map(Number);
    const total = Number(await sections.nth(i).locator('.gsd-total').getAttribute('data-sum'));
    assert.equal(distances.length, gsd.subgraphs[i].terms.length);
    assert.ok(Math.abs(distances.reduce((a, b) => a + b, 0) - total) < 1e-9, `subgraph ${i + 1}: terms sum to ${total}`);
    assert.ok(Math.abs(total - gsd.subgraphs[i].gsd) < 1e-9, `subgraph ${i + 1}: total is the GSD`);
  }
  assert.equal(await view.locator('.candidate-list').count(), gsd.candidates.length);
});

test('inspector: click-through to the .kgp editor and back', async ({ page, wb }) => {
  await wb.closeAllEditors();
  await wb.openFile('co_actors.kgp');
  const view = await inspect(wb, 'gsd', 'co_actor_languages');
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  await view.locator('tr.node-row button.link[data-variable="film"]').click();
  const selection = page.locator('[id="status.editor.selection"]');
  // (film: Movie) is on line 8; the variable is selected: "Ln 8, Col 6 (4 selected)".
  await page.waitForFunction(() => /Ln 8, Col \d+ \(4 selected\)/.test(document.getElementById('status.editor.selection')?.textContent ?? ''), null, { timeout: 15_000 });
  assert.match(await selection.innerText(), /Ln 8/);

  await tab(view, 'GSD breakdown');
  await view.locator('.term-row[data-ref="e2"] button.link').first().click();
  await page.waitForFunction(() => /Ln 9, Col \d+ \(16 selected\)/.test(document.getElementById('status.editor.selection')?.textContent ?? ''), null, { timeout: 15_000 });

  // The reverse: the cursor on `lang` in the editor highlights lang's rows in the panel.
  await wb.openQuickInput('Control+P');
  await wb.quickInput().locator('input.input').fill(':9:31');
  await wb.page.waitForTimeout(300);
  await wb.quickInput().locator('input.input').press('Enter');
  await view.locator('.term-row.highlighted[data-ref="lang"]').first().waitFor({ timeout: 15_000 });
  const highlighted = await view.locator('.term-row.highlighted').evaluateAll((els) => [...new Set(els.map((e) => e.dataset.ref))]);
  assert.deepEqual(highlighted, ['lang']);
});

test('inspector: MoR trajectory and Cypher plan', async ({ wb }) => {
  const mor = loadFixture('mor');
  let view = await inspect(wb, 'mor', 'vow_director_dramas');
  await view.locator('.trajectory-view').waitFor();
  assert.equal(await view.locator('.trajectory-path').count(), mor.trajectory.paths.length);
  const kept = (await view.locator('tr.layer-row .kept').allTextContents()).map(Number);
  assert.deepEqual(kept, mor.trajectory.paths.flatMap((p) => p.layers.map((l) => l.kept)));
  assert.equal(await view.locator('tr.trajectory-row').count(), mor.trajectory.trajectories.length);

  const cypher = loadFixture('cypher');
  view = await inspect(wb, 'cypher', 'vow_director_films');
  await view.locator('.cypher-view').waitFor();
  assert.equal(await view.locator('pre.cypher-text').textContent(), cypher.cypher.text);
  const ops = await view.locator('vscode-tree-item.plan-op').evaluateAll((els) => els.map((e) => e.dataset.operator));
  const expected = [];
  const walk = (n) => { expected.push(n.operator); n.children.forEach(walk); };
  walk(cypher.cypher.plan);
  assert.deepEqual(ops, expected);
  assert.equal(await view.locator('vscode-tree-item.plan-op.hottest').getAttribute('data-operator'), 'SCAN_NODE_TABLE');
});

test('inspector: hostile names render as literal text and no script runs', async ({ page, wb }) => {
  const xss = loadFixture('xss');
  const view = await inspect(wb, 'xss', 'hostile_names');
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  const names = await view.locator('tr.node-row .node-name').allTextContents();
  assert.ok(names.includes('<img src=x onerror=alert(1)>'), names.join(' | '));
  assert.ok(names.includes('</script><script>window.__kgragPwned = 1</script>'));
  for (const title of ['GSD breakdown', 'Cypher & plan', 'Stats', 'Subgraphs']) await tab(view, title);
  assert.equal(await view.locator('pre.cypher-text').textContent(), xss.cypher.text);
  const imgs = await view.locator('img').evaluateAll((els) => els.map((e) => e.outerHTML));
  assert.deepEqual(imgs, [], 'no <img> element was created from data');
  // VS Code injects its own inline script (acquireVsCodeApi); none may carry the payloads.
  const scripts = await view.locator('script').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
  assert.deepEqual(scripts.filter((t) => /kgragPwned|alert\(/.test(t)), []);
  const frame = contentFrame(page);
  assert.ok(frame, 'found the webview content frame');
  assert.equal(await frame.evaluate(() => typeof window.acquireVsCodeApi), 'function', 'evaluating inside the inspector');
  assert.equal(await frame.evaluate(() => window.__kgragPwned), undefined);
  assert.deepEqual(dialogs, []);
  await wb.screenshot('inspector-xss-dark');
});

test('inspector: a 2,000-node subgraph set renders and pans without freezing', async ({ page, wb }) => {
  const view = await inspect(wb, 'large', 'large_chain');
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  await view.locator('vscode-button.mode-all').click();
  const canvas = view.locator('.graph-canvas[data-nodes="2000"][data-render-ms]');
  await canvas.waitFor({ timeout: 60_000 });
  const renderMs = Number(await canvas.getAttribute('data-render-ms'));
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  const box = await canvas.boundingBox();
  const frame = contentFrame(page);
  if (frame) await frame.evaluate('(() => { window.__gaps = []; window.__run = true; let last = performance.now(); const tick = (t) => { window.__gaps.push(t - last); last = t; if (window.__run) requestAnimationFrame(tick); }; requestAnimationFrame(tick); })()');
  const t0 = Date.now();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 0; i < 30; i++) await page.mouse.move(box.x + box.width / 2 + i * 8, box.y + box.height / 2 + i * 4);
  await page.mouse.up();
  const panMs = Date.now() - t0;
  const gaps = frame ? await frame.evaluate('(() => { window.__run = false; return window.__gaps.slice(1); })()') : [];
  console.log(`    inspector (VS Code webview): 2000-node subgraph set rendered in ${renderMs.toFixed(0)} ms; 30-step pan took ${panMs} ms, ${gaps.length} frames, worst frame gap ${gaps.length ? Math.max(...gaps).toFixed(0) : '?'} ms`);
  if (frame) assert.ok(gaps.length > 5, 'frames kept coming while panning');
  await wb.screenshot('inspector-large-dark');
}, { timeoutMs: 90_000 });

test('inspector: screenshots of every view in the dark, light and high-contrast themes', async ({ wb }) => {
  await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  try {
    await screenshotsInThemes(wb);
  } finally {
    await setTheme(wb, 'Default Dark Modern');
    await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  }
}, { timeoutMs: 240_000 });

async function screenshotsInThemes(wb) {
  for (const [theme, label] of [['dark', 'Default Dark Modern'], ['light', 'Default Light Modern']]) {
    await setTheme(wb, label);
    for (const [name, plan, views] of [
      ['gsd', 'co_actor_languages', ['Subgraphs', 'GSD breakdown', 'Stats']],
      ['mor', 'vow_director_dramas', ['Trajectory']],
      ['cypher', 'vow_director_films', ['Cypher & plan']],
    ]) {
      await wb.closeAllEditors();
      const view = await inspect(wb, name, plan);
      for (const title of views) {
        await tab(view, title);
        if (title === 'Subgraphs') await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
        await wb.page.waitForTimeout(300);
        await wb.screenshot(`inspector-${name}-${VIEWS.indexOf(title)}-${title.replace(/[^A-Za-z]+/g, '-').toLowerCase()}-${theme}`);
      }
    }
  }
  // High contrast: the graph and the breakdown stay readable with the theme's own colours.
  await setTheme(wb, 'Default High Contrast');
  await wb.closeAllEditors();
  const view = await inspect(wb, 'gsd', 'co_actor_languages');
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 30_000 });
  await wb.screenshot('inspector-gsd-0-subgraphs-high-contrast');
  await tab(view, 'GSD breakdown');
  await wb.page.waitForTimeout(300);
  await wb.screenshot('inspector-gsd-1-gsd-breakdown-high-contrast');
}

test('inspector: keyboard — tabs, a variable link and Enter reveal it in the editor', async ({ page, wb }) => {
  await wb.closeAllEditors();
  await wb.openFile('co_actors.kgp');
  const view = await inspect(wb, 'gsd', 'co_actor_languages');
  await tab(view, 'GSD breakdown');
  const link = view.locator('.term-row[data-ref="lang"] button.link').first();
  await link.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Ln 9, Col \d+ \(4 selected\)/.test(document.getElementById('status.editor.selection')?.textContent ?? ''), null, { timeout: 15_000 });
});

test('inspector: CodeLens Run and Profile on co_actors.kgp open the real result', async ({ page, wb }) => {
  await wb.closeAllEditors();
  await wb.openFile('co_actors.kgp');
  const lens = (title) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title }).first();
  await lens('Profile').waitFor({ timeout: 30_000 });
  await lens('Profile').click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: 'co_actor_languages' }).waitFor({ timeout: 120_000 });
  await view.locator('.cypher-view .plan-box').first().waitFor({ timeout: 30_000 });
  assert.match(await view.locator('.cypher-view .hint').first().textContent(), /^PROFILE/);
  const ops = await view.locator('.plan-box').count();
  assert.ok(ops >= 3, `${ops} plan operators`);
  assert.equal(await view.locator('vscode-tree-item.plan-op').count(), ops, 'the tree (one toggle away) has the same operators');
  assert.ok((await view.locator('pre.cypher-text .tok-keyword').allTextContents()).includes('MATCH'));
  await wb.screenshot('inspector-real-profile-dark');

  await lens('Run').click();
  await view.locator('vscode-tab-header[data-view="subgraphs"]').waitFor();
  await view.locator('.graph-canvas[data-table-ready]').waitFor({ timeout: 120_000 });
  const variables = await view.locator('tr.node-row button.link[data-variable]').evaluateAll((els) => els.map((e) => e.dataset.variable).sort());
  assert.deepEqual(variables, ['actor', 'film', 'lang', 'vow']);
  await wb.screenshot('inspector-real-run-dark');
}, { timeoutMs: 240_000 });

test('inspector: each strategy run from a .kgp file — MoR trajectory steps and the Cypher plan from the real engine', async ({ page, wb }) => {
  writeFixtures(page);
  await wb.closeAllEditors();
  await wb.openFile('strategies.kgp');
  const run = (plan) => page.locator('.monaco-editor .codelens-decoration a', { hasText: 'Run' }).nth(plan);
  await run(0).waitFor({ timeout: 30_000 });

  await run(0).click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: 'nolan_genres_mor' }).waitFor({ timeout: 120_000 });
  await view.locator('.trajectory-view').waitFor({ timeout: 30_000 });
  const paths = await view.locator('.trajectory-path').count();
  assert.ok(paths >= 1, `${paths} reasoning paths`);
  const kept = (await view.locator('tr.layer-row .kept').allTextContents()).map(Number);
  assert.ok(kept.length >= 3 && kept.every((k) => Number.isInteger(k) && k > 0), `kept per layer: ${kept.join(', ')}`);
  const trajectories = await view.locator('tr.trajectory-row').count();
  assert.ok(trajectories >= 1, `${trajectories} final candidates with trajectory features`);
  await wb.screenshot('inspector-real-mor-dark');

  await run(1).click();
  await view.locator('header h1', { hasText: 'vow_director_cypher' }).waitFor({ timeout: 120_000 });
  await tab(view, 'Cypher & plan');
  await view.locator('.cypher-view .plan-box').first().waitFor({ timeout: 30_000 });
  assert.ok((await view.locator('.plan-box').count()) >= 2, 'the plan graph has operators');
  assert.match(await view.locator('pre.cypher-text').textContent(), /MATCH/);
  assert.match(await view.locator('.answers').textContent(), /Michael Sucsy/, 'the answer from the sample graph');
  await wb.screenshot('inspector-real-cypher-dark');
}, { timeoutMs: 300_000 });

test('inspector: the plan graph and the coloured subgraph view with expansion, real sample graph — dark, light, 400 px', async ({ page, wb }) => {
  await inEachTheme(wb, async (theme) => {
    await wb.closeAllEditors();
    await wb.openFile('co_actors.kgp');
    const lens = (title) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title }).first();
    await lens('Profile').waitFor({ timeout: 30_000 });
    if (theme === 'dark-400') {
      await lens('Run').click();
      await wb.webview().locator('header h1', { hasText: 'co_actor_languages' }).waitFor({ timeout: 120_000 });
      const w = await panelWidth(wb, 400);
      assert.ok(Math.abs(w - 400) <= 8, `the panel is ${w} px wide`);
    }

    // The plan graph of a real PROFILE on the embedded engine.
    await lens('Profile').click();
    const view = wb.webview();
    // Only a profile marks a hottest operator: waiting for it skips the Run's plan still on screen
    // while the profile runs (the inspector keeps the previous result visible under its progress).
    await view.locator('.cypher-view .plan-box.hottest').first().waitFor({ timeout: 120_000 });
    const boxes = await view.locator('.plan-box').count();
    assert.equal(await view.locator('.plan-edge').count(), boxes - 1, 'a tree: one edge into each operator but the root');
    assert.equal(await view.locator('.plan-box.hottest').count(), 1);
    // Each box's text stays inside its box (wrapped, never cut).
    const overflow = await view.locator('.plan-box').evaluateAll((gs) => gs.flatMap((g) => {
      const r = g.querySelector('rect').getBBox();
      return [...g.querySelectorAll('text')].filter((t) => t.getBBox().x + t.getBBox().width > r.x + r.width + 0.5).map((t) => t.textContent);
    }));
    assert.deepEqual(overflow, []);
    await view.locator('.plan-scroll').scrollIntoViewIfNeeded();
    await wb.screenshot(`inspector-plan-graph-${theme}`);

    // The coloured subgraph view of a real GSD run, then "expand" on The Vow, answered by the host from the graph.
    await lens('Run').click();
    await view.locator('.subgraphs-view .graph-canvas[data-table-ready]').waitFor({ timeout: 120_000 });
    const legend = await view.locator('.legend-item[data-label]').evaluateAll((els) => els.map((e) => e.dataset.label));
    assert.deepEqual(legend, ['Language', 'Movie', 'Person']);
    const swatches = await view.locator('.legend-item[data-label] .swatch').evaluateAll((els) => els.map((e) => getComputedStyle(e).backgroundColor));
    assert.equal(new Set(swatches).size, 3, swatches.join(' '));
    const before = Number(await view.locator('.graph-canvas').getAttribute('data-nodes'));
    const vowRow = view.locator('tr.node-row', { has: view.locator('.node-name', { hasText: /^The Vow$/ }) }).first();
    await vowRow.locator('.expand-link').click();
    await view.locator('tr.node-row.expanded').first().waitFor({ timeout: 60_000 });
    const after = Number(await view.locator('.graph-canvas').getAttribute('data-nodes'));
    const added = await view.locator('tr.node-row.expanded').count();
    assert.ok(added >= 2, `${added} neighbours drawn`);
    assert.equal(after, before + added);
    assert.match(await view.locator('.expand-status').textContent(), /^The Vow: \d+ new of \d+ neighbours? drawn/);
    // The Vow's director is one of its neighbours in the sample graph.
    assert.ok((await view.locator('tr.node-row.expanded .node-name').allTextContents()).includes('Michael Sucsy'));
    assert.ok(await view.locator('.legend-expanded').count() === 1);
    await view.locator('.graph-canvas').scrollIntoViewIfNeeded();
    await wb.page.waitForTimeout(400);
    await wb.screenshot(`inspector-subgraphs-expanded-${theme}`);
  });
}, { timeoutMs: 420_000 });

test('inspector: the panel and its result survive a window reload', async ({ page, wb }) => {
  await wb.closeAllEditors();
  await inspect(wb, 'mor', 'vow_director_dramas');
  await page.waitForTimeout(500); // let the webview save its state
  await wb.runCommand('Developer: Reload Window');
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.statusbar').waitFor({ timeout: 60_000 });
  const view = wb.webview();
  await view.locator('header h1', { hasText: 'vow_director_dramas' }).waitFor({ timeout: 30_000 });
  await view.locator('.trajectory-view').waitFor();
  await wb.screenshot('inspector-restored-after-reload');
  await wb.closeAllEditors();
}, { timeoutMs: 120_000 });
