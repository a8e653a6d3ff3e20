// A tiny registry for Playwright UI tests (test/vscode/ui/*.spec.mjs): a spec file calls
// `test(name, fn)` at import time; the runner imports every spec, then runs the tests in order
// against one workbench page. fn receives { page, wb } (wb: a Workbench from workbench.mjs).
// On failure the runner saves a screenshot named FAILED-<test>.png.

/** @typedef {{ page: import('playwright-core').Page, wb: import('./workbench.mjs').Workbench }} UiContext */
/** @typedef {{ name: string, file: string, fn: (ctx: UiContext) => Promise<void>, timeoutMs: number }} UiTest */

/** @type {UiTest[]} */
const registry = [];
let currentFile = '';

/**
 * Registers a UI test.
 * @param {string} name
 * @param {(ctx: UiContext) => Promise<void>} fn
 * @param {{ timeoutMs?: number }} [options]
 */
export function test(name, fn, options = {}) {
  registry.push({ name, file: currentFile, fn, timeoutMs: options.timeoutMs ?? 60_000 });
}

/** @internal used by the runner while importing a spec file */
export function setCurrentFile(file) {
  currentFile = file;
}

/** @internal */
export function registeredTests() {
  return [...registry];
}
