// Colour theme switching for UI specs (through the workspace settings: the palette's picker searches
// a marketplace), and the webview panel's width for the narrow-panel screenshots.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export async function setTheme(wb, theme) {
  const folder = new URL(wb.page.url()).searchParams.get('folder');
  const dir = join(folder, '.vscode');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ 'workbench.colorTheme': theme }, null, 2));
  const cls = theme.includes('High Contrast') ? 'hc-black' : theme.includes('Light') ? 'vs' : 'vs-dark';
  await wb.page.waitForFunction((c) => document.querySelector('.monaco-workbench')?.classList.contains(c), cls, { timeout: 15_000 });
  await wb.page.waitForTimeout(500);
}

/**
 * Makes the inspector's editor group `width` CSS pixels wide by resizing the browser window (the
 * editor and the panel split the editor area), measured on the webview's frame.
 */
export async function panelWidth(wb, width) {
  const frame = () => wb.page.locator('iframe.webview.ready').first().boundingBox();
  for (let i = 0; i < 4; i++) {
    const box = await frame();
    if (box && Math.abs(box.width - width) <= 8) return box.width;
    const viewport = wb.page.viewportSize();
    // Both groups change by half of what the window does.
    await wb.page.setViewportSize({ width: Math.max(600, Math.round(viewport.width + 2 * (width - (box?.width ?? width)))), height: viewport.height });
    await wb.page.waitForTimeout(500);
  }
  return (await frame())?.width;
}

/**
 * Runs `body(theme)` in the dark theme, the light theme, and the dark theme again for a narrow
 * panel (`'dark-400'`: the body makes the panel 400 px wide with panelWidth), with the side bar
 * hidden; the window size, the theme and the side bar are restored afterwards.
 */
export async function inEachTheme(wb, body) {
  const original = wb.page.viewportSize();
  await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  try {
    for (const [theme, label] of [['dark', 'Default Dark Modern'], ['light', 'Default Light Modern'], ['dark-400', 'Default Dark Modern']]) {
      await setTheme(wb, label);
      await body(theme);
    }
  } finally {
    if (original) await wb.page.setViewportSize(original);
    await setTheme(wb, 'Default Dark Modern');
    await wb.runCommand('View: Toggle Primary Side Bar Visibility');
  }
}
