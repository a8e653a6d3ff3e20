import assert from 'node:assert/strict';
// Drives the VS Code workbench (served by code-server) through Playwright: the workbench URL with
// the extension under development, the command palette, Quick Open, the status bar, the Problems
// panel, webviews and screenshots. UI specs get a Workbench as `wb`.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * The workbench URL. code-server rejects --extensionDevelopmentPath on its command line, but the
 * URL's `payload` takes it; the authority of those URIs is literally `remote`.
 * @param {{ serverUrl: string, folder: string, extensionDevelopmentPath: string, extensionTestsPath?: string }} o
 */
export function workbenchUrl({ serverUrl, folder, extensionDevelopmentPath, extensionTestsPath }) {
  const payload = [['extensionDevelopmentPath', `vscode-remote://remote${extensionDevelopmentPath}`]];
  if (extensionTestsPath) payload.push(['extensionTestsPath', `vscode-remote://remote${extensionTestsPath}`]);
  return `${serverUrl}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

export class Workbench {
  /** @param {import('playwright-core').Page} page */
  constructor(page) {
    this.page = page;
  }

  /** Waits until the workbench has rendered and the explorer shows the folder. */
  async ready(timeoutMs = 60_000) {
    await this.page.locator('.monaco-workbench').waitFor({ timeout: timeoutMs });
    await this.page.locator('.statusbar').waitFor({ timeout: timeoutMs });
    await this.page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: timeoutMs });
  }

  quickInput() {
    return this.page.locator('.quick-input-widget');
  }

  /** Runs a command by its palette label, e.g. "View: Toggle Word Wrap" (F1, type, click its row). */
  async runCommand(label, { timeoutMs = 15_000 } = {}) {
    const row = this.quickInput().locator('.monaco-list-row', { hasText: label }).first();
    await this.searchQuickInput('F1', `>${label}`, row);
    await row.click();
    await this.quickInput().waitFor({ state: 'hidden', timeout: timeoutMs });
  }

  /**
   * Opens a workspace file through Quick Open (Ctrl+P) and waits for its editor. The row clicked is
   * the one whose file name is exactly `name` (`gsd.result.json` is a substring of
   * `real-gsd.result.json`); `query` narrows the search, e.g. "inspector/gsd.result.json".
   * A click, not Enter: under load Enter can pick a stale first row. On a slow machine the picker
   * can close without opening anything (focus taken back by a webview), so the whole round is
   * tried up to three times, each checked by the editor tab it must leave active.
   */
  async openFile(name, { query = name, timeoutMs = 15_000 } = {}) {
    const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const row = this.quickInput().locator('.monaco-list-row').filter({ has: this.page.locator('.label-name', { hasText: exact }) }).first();
    const tab = this.page.locator('.editor-group-container.active .tabs-container .tab.active', { hasText: name });
    for (let attempt = 1; ; attempt += 1) {
      await this.quickOpen(query, row);
      await row.click();
      await this.quickInput().waitFor({ state: 'hidden', timeout: timeoutMs });
      try {
        await tab.waitFor({ timeout: attempt === 3 ? timeoutMs : 8_000 });
        break;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`    (openFile ${name}: no active tab after round ${attempt}, trying again)`);
      }
    }
    await this.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines').first().waitFor({ timeout: timeoutMs });
  }

  /** Types `query` into Quick Open (Ctrl+P) until `row` shows, and returns it. */
  async quickOpen(query, row) {
    return this.searchQuickInput('Control+P', query, row);
  }

  /**
   * Opens the quick input with `key`, types `text` and waits for `row`. A file written or a command
   * registered just before can miss one picker session's search (seen once on a fresh CI machine),
   * and the picker can close before it is typed into; a new session searches again, so up to three
   * sessions are tried.
   */
  async searchQuickInput(key, text, row) {
    for (let attempt = 1; ; attempt += 1) {
      await this.openQuickInput(key);
      try {
        // The picker can close again right after opening (a webview re-rendering after a theme
        // change takes the focus back; seen on a fresh CI machine): that is a lost session too.
        await this.quickInput().locator('input.input').fill(text, { timeout: 5_000 });
        await row.waitFor({ timeout: 8_000 });
        return row;
      } catch (error) {
        if (attempt === 3) throw error;
        console.log(`    (quick input "${text}": no row after session ${attempt}, trying again)`);
        await this.page.keyboard.press('Escape');
        await this.quickInput().waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => {});
      }
    }
  }

  async openQuickInput(key) {
    // Focus the workbench first: a key press into an unfocused page is lost.
    await this.page.locator('.monaco-workbench').focus().catch(() => {});
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await this.page.keyboard.press(key);
      try {
        await this.quickInput().waitFor({ state: 'visible', timeout: 3000 });
        return;
      } catch {
        await this.page.keyboard.press('Escape');
      }
    }
    throw new Error(`the quick input did not open with ${key}`);
  }

  /** Text of the status bar's language mode entry ("Select Language Mode"), e.g. "KG Plan". */
  async languageMode() {
    const item = this.page.locator('[id="status.editor.mode"]');
    await item.waitFor({ timeout: 10_000 });
    return (await item.innerText()).trim();
  }

  /** Opens the Problems panel and returns its rows' texts (aria-labels carry message + position). */
  async problems({ minRows = 0, matching = null, timeoutMs = 20_000 } = {}) {
    await this.runCommand('View: Focus Problems');
    const panel = this.page.locator('.markers-panel');
    await panel.waitFor({ timeout: timeoutMs });
    const rows = panel.locator('.monaco-list-row');
    const read = async () => {
      const out = [];
      for (const row of await rows.all()) {
        out.push(`${(await row.getAttribute('aria-label')) ?? ''}\n${await row.innerText()}`);
      }
      return out;
    };
    // Rows of other files may already be listed: with `matching`, wait for a row that matches it
    // (diagnostics of a file just opened arrive after the language server has checked it).
    const deadline = Date.now() + timeoutMs;
    let out = await read();
    while ((out.length < minRows || (matching && !out.some((r) => matching.test(r)))) && Date.now() < deadline) {
      await this.page.waitForTimeout(250);
      out = await read();
    }
    return out;
  }

  /** The text shown when the Problems panel is empty (e.g. "No problems have been detected …"). */
  async problemsEmptyMessage() {
    return (await this.page.locator('.markers-panel .message-box-container').innerText().catch(() => '')).trim();
  }

  /**
   * The DOM inside the active webview: the outer iframe hosts VS Code's webview shell, the inner
   * `#active-frame` holds the content. Pass a title to pick a specific webview when several exist.
   */
  webview({ title } = {}) {
    const outer = title
      ? this.page.locator(`iframe.webview.ready[title="${title.replace(/"/g, '\\"')}"]`)
      : this.page.locator('iframe.webview.ready');
    return outer.last().contentFrame().frameLocator('#active-frame');
  }

  /**
   * Visible text of the active text editor, top to bottom. Monaco reuses line elements, so DOM order
   * is not line order: sort by `top`. Injected text (inlay hints: spans with a `dyn-rule-*` class)
   * is left out unless asked for.
   */
  async editorText({ withInjectedText = false } = {}) {
    const editor = this.page.locator('.editor-group-container.active .editor-instance .monaco-editor .view-lines').first();
    const lines = await editor.locator('.view-line').evaluateAll((els, withInjected) =>
      els
        .map((el) => {
          const spans = [...el.querySelectorAll(':scope > span > span')];
          const text = spans.length
            ? spans.filter((s) => withInjected || ![...s.classList].some((c) => c.startsWith('dyn-rule-'))).map((s) => s.textContent ?? '').join('')
            : (el.textContent ?? '');
          return { top: parseFloat(el.style.top) || 0, text };
        })
        .sort((a, b) => a.top - b.top)
        .map((l) => l.text), withInjectedText);
    return lines.join('\n').replace(/\u00a0/g, ' ');
  }

  /**
   * Waits until the active editor's visible text matches `pattern` and returns it. Monaco paints
   * typed text on a later animation frame, so a read straight after typing can miss the last keys.
   */
  async waitForEditorText(pattern, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    let text = await this.editorText();
    while (!pattern.test(text) && Date.now() < until) {
      await this.page.waitForTimeout(100);
      text = await this.editorText();
    }
    assert.match(text, pattern);
    return text;
  }

  async closeAllEditors() {
    await this.runCommand('View: Close All Editors');
  }

  /** Saves test-results/screenshots/<name>.png and returns its path. */
  async screenshot(name) {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = join(SCREENSHOT_DIR, `${name.replace(/[^A-Za-z0-9._-]+/g, '-')}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }
}
