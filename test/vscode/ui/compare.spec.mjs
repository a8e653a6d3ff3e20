// Results you can keep and compare, in the real workbench on the real sample graph: Compare
// Strategies from the CodeLens runs every strategy the plan allows (gsd, mor, cypher among them)
// and the comparison's DOM is checked (answers gained and lost with their ranks, the diff canvas);
// Run / Explain / Profile are kept as history entries; Explain says "not executed"; "+N more"
// expands. Screenshots: test-results/screenshots/compare-*-{dark,light}.png.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { test } from '../harness/ui.mjs';

function workspaceFolder(page) {
  return new URL(page.url()).searchParams.get('folder');
}

async function setTheme(wb, theme) {
  const dir = join(workspaceFolder(wb.page), '.vscode');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ 'workbench.colorTheme': theme }, null, 2));
  const cls = theme.includes('Light') ? 'vs' : 'vs-dark';
  await wb.page.waitForFunction((c) => document.querySelector('.monaco-workbench')?.classList.contains(c), cls, { timeout: 15_000 });
  await wb.page.waitForTimeout(500);
}

// More answers than the header shows at first (ten), and a plan to Explain.
const MANY_KGP = `schema "movies.kgschema.json"

plan rachel_films {
  question "which films did Rachel McAdams star in, and films like them"
  match (m: Movie) -[starred actors]- (p: Person "Rachel McAdams")
  return m
  using cypher(limit: 40)
}

plan all_films {
  match (m: Movie)
  return m
  using cypher(limit: 25)
}
`;

const lens = (page, title, nth = 0) => page.locator('.monaco-editor .codelens-decoration a', { hasText: title }).nth(nth);

/** The answer table's rows: value, the rank cell per result, the status against A. */
async function answerRows(view) {
  return view.locator('tr.answer-row').evaluateAll((rows) =>
    rows.map((r) => ({ status: r.dataset.status, value: r.dataset.value, cells: [...r.querySelectorAll('td')].map((td) => td.textContent.trim()) })),
  );
}

test('compare: Compare Strategies on co_actors.kgp — gsd, mor and cypher side by side, gained and lost answers, the diff canvas (dark, light)', async ({ page, wb }) => {
  await wb.closeAllEditors();
  await wb.openFile('co_actors.kgp');
  await lens(page, 'Compare').waitFor({ timeout: 30_000 });
  await lens(page, 'Compare').click();
  const view = wb.webview();
  await view.locator('.compare-view').waitFor({ timeout: 300_000 });

  // Every strategy the plan allows ran; the plan's own (gsd) is A.
  const strategies = await view.locator('.compared-results li').evaluateAll((els) => els.map((e) => e.dataset.strategy));
  assert.equal(strategies[0], 'gsd', strategies.join(', '));
  for (const s of ['gsd', 'mor', 'cypher']) assert.ok(strategies.includes(s), `${s} in ${strategies.join(', ')}`);

  // For each B: every row's status agrees with its own rank cells, and the gained / lost lists are those rows.
  const letters = await view.locator('.compared-results li').evaluateAll((els) => els.map((e) => e.dataset.letter));
  for (const strategy of ['mor', 'cypher']) {
    const b = strategies.indexOf(strategy);
    if (letters.length > 2) await view.locator('select.pair-select').selectOption(String(b));
    await view.locator(`.compare-view[data-pair="A-${letters[b]}"]`).waitFor();
    const rows = await answerRows(view);
    assert.ok(rows.length > 0, 'answers listed');
    for (const r of rows) {
      const a = r.cells[1];
      const x = r.cells[1 + b];
      const expected = a !== '—' && x !== '—' ? 'kept' : x !== '—' ? 'gained' : a !== '—' ? 'lost' : 'absent';
      assert.equal(r.status, expected, `${r.value}: A ${a}, ${letters[b]} ${x}`);
      if (r.status === 'gained') assert.match(r.cells.at(-1), new RegExp(`^gained: ${x} in ${letters[b]}, not in A$`));
      if (r.status === 'lost') assert.match(r.cells.at(-1), new RegExp(`^lost: ${a} in A, not in ${letters[b]}$`));
    }
    const chipValues = (cls) => view.locator(`.answer-changes .chip.${cls}`).evaluateAll((els) => els.map((e) => e.dataset.value).sort());
    assert.deepEqual(await chipValues('gained'), rows.filter((r) => r.status === 'gained').map((r) => r.value).sort());
    assert.deepEqual(await chipValues('lost'), rows.filter((r) => r.status === 'lost').map((r) => r.value).sort());
    // The plan's expected answer comes back from the exact strategies too.
    if (strategy === 'cypher') assert.ok(rows.some((r) => r.value === 'English' && r.status === 'kept'), 'English kept by cypher');

    // The diff on one canvas: counts add up, three sides in the legend, a canvas painted.
    const canvas = view.locator('.diff-canvas[data-drawn="true"]');
    await canvas.waitFor({ timeout: 30_000 });
    const n = await canvas.evaluate((c) => ({ nodes: Number(c.dataset.nodes), a: Number(c.dataset.sideA), b: Number(c.dataset.sideB), both: Number(c.dataset.sideBoth), canvases: c.querySelectorAll('canvas').length, width: c.getBoundingClientRect().width }));
    assert.ok(n.nodes > 0 && n.canvases > 0 && n.width > 100, JSON.stringify(n));
    assert.equal(n.a + n.b + n.both, n.nodes);
    assert.ok(n.both > 0, 'The Vow and the shared languages are in both');
    // Edges match by graph identity (ends and type) whichever strategy drew them (issue 26): MoR's
    // steps from The Vow follow the starred_actors edges gsd's subgraphs hold.
    if (strategy === 'mor') {
      const both = await view.locator('.diff-legend .legend-item[data-side="both"] .count').textContent();
      assert.ok(Number(/(\d+) edges/.exec(both)?.[1] ?? 0) > 0, `edges in A and ${letters[b]}: ${both}`);
    }
    const legend = await view.locator('.diff-legend .legend-item').allTextContents();
    assert.deepEqual(legend.map((t) => t.replace(/ \d+ nodes.*$/, '')), [`only in A`, `only in ${letters[b]}`, `in A and ${letters[b]}`]);
    const sidesInTable = await view.locator('tr.diff-node-row').evaluateAll((rows) => rows.map((r) => r.dataset.side));
    assert.equal(sidesInTable.filter((s) => s === 'both').length, n.both);
    // Timing deltas: the total first, B − A.
    const total = await view.locator('tr.delta-row.timing[data-name="totalMs"] td').allTextContents();
    assert.equal(total.length, 4);
    assert.match(total[3], /^(±0|[+−]\d+\.\d) ms$/);
  }
  assert.match(await view.locator('.score-note').first().textContent(), /rank by different measures/);

  await view.locator('.subgraph-diff').scrollIntoViewIfNeeded();
  await wb.screenshot('compare-strategies-dark');
  await view.locator('.compare-view').evaluate((e) => e.scrollIntoView());
  await wb.screenshot('compare-answers-dark');
  try {
    await setTheme(wb, 'Default Light Modern');
    await view.locator('.subgraph-diff').scrollIntoViewIfNeeded();
    await wb.page.waitForTimeout(400);
    await wb.screenshot('compare-strategies-light');
  } finally {
    await setTheme(wb, 'Default Dark Modern');
  }

  // Every run is kept; Back returns to the result the panel showed.
  const kept = await view.locator('tr.history-row').count();
  assert.ok(kept >= 3, `${kept} kept results`);
  await view.locator('.back-to-result').click();
  await view.locator('vscode-tabs').waitFor();
  assert.equal(await view.locator('.compare-view').count(), 0);
}, { timeoutMs: 480_000 });

test('compare: Run, Explain and Profile are kept side by side in the history; Explain is "not executed"; "+N more" expands', async ({ page, wb }) => {
  writeFileSync(join(workspaceFolder(page), 'many.kgp'), MANY_KGP);
  await wb.closeAllEditors();
  await wb.openFile('many.kgp');
  await lens(page, 'Explain', 1).waitFor({ timeout: 30_000 });

  await lens(page, 'Explain', 1).click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: 'all_films' }).waitFor({ timeout: 120_000 });
  await view.locator('.answers[data-executed="false"]').waitFor();
  const explained = await view.locator('.answers').textContent();
  assert.match(explained, /^Answers: not executed/);
  assert.doesNotMatch(explained, /Answers \(0\)/);

  await lens(page, 'Run', 1).click();
  await view.locator('.answers[data-executed="true"]').waitFor({ timeout: 120_000 });
  assert.match(await view.locator('.answers .hint').textContent(), /^Answers \(25\)/);
  assert.equal(await view.locator('.answers .chip.answer').count(), 10);
  await view.locator('.more-answers', { hasText: '+15 more' }).click();
  await view.locator('.answers[data-expanded="true"]').waitFor();
  assert.equal(await view.locator('.answers .chip.answer').count(), 25);
  await view.locator('.more-answers', { hasText: 'show fewer' }).click();
  await view.locator('.answers[data-expanded="false"]').waitFor();

  // The Explain was not overwritten: both are kept, and the Explain opens again.
  await view.locator('details.history > summary').click();
  const modes = await view.locator('tr.history-row[data-mode]').evaluateAll((rows) => rows.map((r) => r.dataset.mode));
  assert.ok(modes.includes('explain') && modes.includes('run'), modes.join(', '));
  await view.locator('tr.history-row[data-mode="explain"] .open-entry').first().click();
  await view.locator('.answers[data-executed="false"]').waitFor();

  // Pin survives: the row says pinned.
  await view.locator('tr.history-row[data-mode="explain"] .pin').first().click();
  await view.locator('tr.history-row[data-mode="explain"][data-pinned="true"]').first().waitFor();

  // Two kept results ticked → compared (Explain against Run: nothing to gain or lose, said in words).
  await view.locator('tr.history-row[data-mode="explain"] .history-select').first().check();
  await view.locator('tr.history-row[data-mode="run"] .history-select').first().check();
  await view.locator('.compare-selected').click();
  await view.locator('.compare-view').waitFor({ timeout: 30_000 });
  assert.match(await view.locator('.answer-changes').textContent(), /not executed/);
  await wb.screenshot('compare-history-dark');
}, { timeoutMs: 300_000 });

// Issue 26, point 9: Profile of a gsd plan runs the plan compiled to Cypher. The view says which
// strategy ran (not the plan's gsd), that its answers are the query's, and which soft text became
// an exact `{name: $p0}` match.
const GSD_KGP = `schema "movies.kgschema.json"

plan inception_years {
  question "the films that share directors with the film Inception were released in which years"
  match
    (inception: Movie "Inception") -[directed by]-> (director: Person)
    (film: Movie) -[directed by]-> (director)
    (film) -[release year]-> (year: Year)
  return year
  using gsd(k: 3)
}
`;

test('profile: a gsd plan profiled says the cypher strategy ran it, its answers are the query\'s, and "Inception" became an exact {name: $p0} match', async ({ page, wb }) => {
  writeFileSync(join(workspaceFolder(page), 'profile_gsd.kgp'), GSD_KGP);
  await wb.closeAllEditors();
  await wb.openFile('profile_gsd.kgp');
  await lens(page, 'Run').waitFor({ timeout: 30_000 });
  await lens(page, 'Run').click();
  const view = wb.webview();
  await view.locator('header h1', { hasText: 'inception_years' }).waitFor({ timeout: 120_000 });
  await view.locator('.answers[data-executed="true"]').waitFor({ timeout: 120_000 });
  assert.equal(await view.locator('.cypher-notice').count(), 0, 'the gsd run has nothing to say about Cypher');
  const ran = await view.locator('.answers .chip.answer').count();
  await lens(page, 'Profile').click();
  await view.locator('header vscode-badge.strategy', { hasText: 'cypher' }).waitFor({ timeout: 120_000 });
  await view.locator('.cypher-notice').first().waitFor({ timeout: 60_000 });
  const notes = await view.locator('.cypher-notice').allInnerTexts();
  assert.match(notes[0], /^Profile compiled the gsd plan to Cypher and ran it with the cypher strategy: these are the query's answers, not the gsd run's\.$/);
  assert.match(notes[1], /\(inception\) "Inception" became the exact match \{name: \$p\d+\} = "Inception"/);
  const profiled = await view.locator('.answers .chip.answer').count();
  assert.notEqual(profiled, 0);
  assert.ok(ran === 3, `the gsd run listed ${ran}`);
  await view.locator('header').scrollIntoViewIfNeeded();
  await wb.screenshot('profile-gsd-plan-dark');
}, { timeoutMs: 300_000 });
