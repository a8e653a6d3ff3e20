// Shared helpers for the extension-host tests (bundled into each *.test.js that imports them).
// The workspace is a temp copy of test/fixtures/workspace: tests may edit and save files there.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { InspectorSnapshot } from '../../../src/extension/inspector/panel';

export const EXTENSION_ID = 'kgrag-studio.kg-rag-studio';
export const LANGUAGE_ID = 'kgplan';

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the test workspace folder is not open');
  return folder.uri;
}

export function fixtureUri(name: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), name);
}

/** Opens a workspace file in an editor (which is what activates the extension and the server). */
export async function openFixture(name: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  const doc = await vscode.workspace.openTextDocument(fixtureUri(name));
  const editor = await vscode.window.showTextDocument(doc, { preview: false });
  return { doc, editor };
}

/** Creates a new file in the workspace copy with the given text and opens it. */
export async function createFixture(name: string, text: string): Promise<{ doc: vscode.TextDocument; editor: vscode.TextEditor }> {
  await vscode.workspace.fs.writeFile(fixtureUri(name), new TextEncoder().encode(text));
  return openFixture(name);
}

/**
 * How long a webview's first render may take. It is a liveness bound, not a speed target: the
 * first render loads the webview bundle through code-server and Chromium, and on a busy machine
 * with a cold page cache that took 26–28 s (2026-11-28, a fresh clone beside benchmarks) where an
 * idle one takes 2.6 s; with the cache dropped and load ≈ 9 it took 12.9 s. docs/testing.md.
 */
export const FIRST_RENDER_MS = 60_000;

/**
 * Waits for the inspector's first render; when it does not come, the error says where the panel
 * stood (visible, its page loaded and when, what it rendered, its last log lines), not only the wait.
 */
export async function waitForFirstRender<T>(what: string, probe: () => T | undefined | Promise<T | undefined>): Promise<T> {
  try {
    return await waitFor(what, probe, FIRST_RENDER_MS);
  } catch (e) {
    const s = await vscode.commands.executeCommand<InspectorSnapshot | undefined>('kgrag.inspector._state');
    const panel = s
      ? `visible ${String(s.visible)}, page ready ${String(s.ready)}, page loads ${JSON.stringify(s.loads)} ms, result ${String(s.resultId)}, ${s.rendered.length} render(s), logs ${JSON.stringify(s.logs.slice(-5))}`
      : 'no inspector panel';
    throw new Error(`${e instanceof Error ? e.message : String(e)}; the panel: ${panel}`);
  }
}

/** Polls `probe` until it returns a value other than undefined, or fails with `what`. */
export async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the document's diagnostics satisfy `ok`, and returns them. */
export function waitForDiagnostics(uri: vscode.Uri, what: string, ok: (ds: readonly vscode.Diagnostic[]) => boolean, timeoutMs = 20_000): Promise<readonly vscode.Diagnostic[]> {
  return waitFor(what, () => {
    const ds = vscode.languages.getDiagnostics(uri);
    return ok(ds) ? ds : undefined;
  }, timeoutMs).catch((e: unknown) => {
    const now = vscode.languages.getDiagnostics(uri).map((d) => `${d.range.start.line}:${d.range.start.character} ${String(codeOf(d))} ${d.message}`);
    throw new Error(`${e instanceof Error ? e.message : String(e)}; diagnostics now: ${JSON.stringify(now)}`);
  });
}

export function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

export async function activeExtension(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not loaded`);
  await waitFor('the extension to activate', () => (ext.isActive ? true : undefined));
  return ext;
}

/** Closes every editor and reverts unsaved changes so one test cannot leak into the next. */
export async function closeAllEditors(): Promise<void> {
  // Closing a dirty editor would open a "Save changes?" dialog and hang the run: revert first.
  for (const doc of vscode.workspace.textDocuments.filter((d) => d.isDirty && !d.isClosed)) {
    await vscode.window.showTextDocument(doc, { preview: false });
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  }
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}
