/** Saving what the inspector shows: the result JSON and the graph view as PNG or SVG. */
import * as vscode from 'vscode';
import type { RetrievalResult } from '../../contracts/retrievalResult';
import type { ImageFormat } from '../../contracts/inspector/messages';

function defaultUri(name: string): vscode.Uri | undefined {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  return folder ? vscode.Uri.joinPath(folder, name) : undefined;
}

function safeName(plan: string): string {
  return plan.replace(/[^A-Za-z0-9_.-]+/g, '_').slice(0, 80) || 'result';
}

export async function saveResultJson(result: RetrievalResult, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: defaultUri(`${safeName(result.plan)}.result.json`),
      filters: { JSON: ['json'] },
      saveLabel: 'Export result',
    }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(`${JSON.stringify(result, null, 2)}\n`));
  return uri;
}

/** PNG arrives as a data: URL, SVG as markup. */
export function imageBytes(format: ImageFormat, data: string): Uint8Array | undefined {
  if (format === 'svg') return data.trimStart().startsWith('<svg') ? new TextEncoder().encode(data) : undefined;
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(data);
  return m ? Uint8Array.from(Buffer.from(m[1]!, 'base64')) : undefined;
}

export async function saveImage(format: ImageFormat, data: string, plan: string, target?: vscode.Uri): Promise<vscode.Uri | undefined> {
  const bytes = imageBytes(format, data);
  if (!bytes) {
    void vscode.window.showErrorMessage(`KG-RAG: the inspector sent an unreadable ${format.toUpperCase()} image.`);
    return undefined;
  }
  const uri =
    target ??
    (await vscode.window.showSaveDialog({
      defaultUri: defaultUri(`${safeName(plan)}.${format}`),
      filters: { [format.toUpperCase()]: [format] },
      saveLabel: 'Export graph',
    }));
  if (!uri) return undefined;
  await vscode.workspace.fs.writeFile(uri, bytes);
  return uri;
}
