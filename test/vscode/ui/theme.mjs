// Colour theme switching for UI specs: through the workspace settings (the palette's picker searches a marketplace).
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
