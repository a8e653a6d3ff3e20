// A person's view of a .kgp file in the real workbench (code-server + Chromium): language mode in
// the status bar, grammar colours and scopes, the Problems panel, commands from the palette and
// text read from inside a webview. Screenshots: test-results/screenshots/kgp-*.png.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from '../harness/ui.mjs';

const manifest = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'));
const kgplan = manifest.contributes.languages.find((l) => l.id === 'kgplan');
/** What the status bar shows for the language: its first alias (VS Code's rule), e.g. "KG Plan". */
const LANGUAGE_NAME = kgplan.aliases?.[0] ?? kgplan.id;

/** The rendered span of the first token whose text is exactly `text` in the active editor. */
function token(page, text) {
  return page.locator('.editor-instance .view-lines .view-line span > span').filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }).first();
}

async function colourOf(locator) {
  await locator.waitFor({ timeout: 10_000 });
  return locator.evaluate((el) => getComputedStyle(el).color);
}

test('kgp editor: a .kgp file opens in the kgplan language (status bar)', async ({ wb }) => {
  await wb.openFile('co_actors.kgp');
  assert.equal(await wb.languageMode(), LANGUAGE_NAME);
  await wb.waitForEditorText(/plan co_actor_languages \{/);
  await wb.screenshot('kgp-editor');
});

test('kgp editor: the grammar colours keywords, strings and comments (DOM tokens)', async ({ page, wb }) => {
  await wb.openFile('co_actors.kgp');
  const keyword = await colourOf(token(page, 'plan'));
  const name = await colourOf(token(page, 'co_actor_languages'));
  const comment = await colourOf(page.locator('.view-line span > span', { hasText: 'A valid plan' }).first());
  const str = await colourOf(page.locator('.view-line span > span', { hasText: 'what languages are the films' }).first());
  const colours = { keyword, name, comment, str };
  assert.equal(new Set(Object.values(colours)).size, 4, `expected four different colours: ${JSON.stringify(colours)}`);
});

test('kgp editor: Inspect Editor Tokens shows the kgplan TextMate scopes', async ({ page, wb }) => {
  await wb.openFile('co_actors.kgp');
  await token(page, 'match').click();
  await wb.runCommand('Developer: Inspect Editor Tokens and Scopes');
  const widget = page.locator('.token-inspect-widget');
  await widget.waitFor({ timeout: 10_000 });
  const text = await widget.innerText();
  assert.match(text, /source\.kgplan/);
  assert.match(text, /keyword\.[\w.-]*kgplan/);
  await wb.screenshot('kgp-token-scopes');
  await page.keyboard.press('Escape');
});

test('kgp editor: the Problems panel lists the schema diagnostic of a misspelt category', async ({ wb }) => {
  await wb.openFile('typo.kgp');
  const rows = await wb.problems({ matching: /KGP300/ });
  const row = rows.find((r) => r.includes('KGP300'));
  assert.ok(row, `no KGP300 row in the Problems panel: ${JSON.stringify(rows)}`);
  assert.match(row, /Moive/);
  assert.match(row, /did you mean 'Movie'/);
  await wb.screenshot('kgp-problems');
});

test('kgp editor: Format Document from the command palette formats the plan', async ({ wb }) => {
  await wb.openFile('unformatted.kgp');
  await wb.waitForEditorText(/plan {3}heat_director\{/);
  await wb.runCommand('Format Document');
  await wb.page.waitForFunction(() => [...document.querySelectorAll('.editor-instance .view-line')].some((l) => /plan heat_director \{/.test(l.textContent?.replace(/\u00a0/g, ' ') ?? '')), undefined, { timeout: 10_000 });
  const text = await wb.editorText();
  assert.match(text, /^ {4}\(m: Movie "Heat"\) -\[directed by\]-> \(d: Person\)$/m);
  assert.match(text, /^ {2}using cypher\(limit: 10\)$/m);
  await wb.screenshot('kgp-formatted');
});

// The webview mechanism (what the inspector's UI tests build on, see inspector.spec.mjs):
// `wb.webview()` reaches the DOM inside the active webview's content frame.
test('kgp editor: text is read from inside a webview (Markdown preview via the palette)', async ({ wb }) => {
  await wb.openFile('README.md');
  await wb.runCommand('Markdown: Open Preview');
  const probe = wb.webview().getByText('kgrag-webview-probe-42', { exact: false });
  await probe.waitFor({ timeout: 20_000 });
  assert.match(await probe.innerText(), /kgrag-webview-probe-42/);
  assert.equal(await wb.webview().locator('h1').first().innerText(), 'Fixture workspace');
  await wb.screenshot('kgp-webview');
});
