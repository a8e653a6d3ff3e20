/**
 * The inspector's HTML shell. Pure (no `vscode` import) so the CSP can be unit-tested.
 * Everything dynamic is rendered by the bundled script; the shell holds no data at all.
 */

export interface InspectorHtmlInput {
  /** webview.cspSource */
  readonly cspSource: string;
  readonly nonce: string;
  /** webview.asWebviewUri(…) strings for the bundle and the stylesheet. */
  readonly scriptUri: string;
  readonly styleUri: string;
}

/** 32 characters from [A-Za-z0-9], from a CSPRNG (`crypto.getRandomValues`). */
export function makeNonce(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `img-src ${cspSource} data:`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `script-src 'nonce-${nonce}'`,
    `font-src ${cspSource}`,
  ].join('; ');
}

/** Text for a double-quoted HTML attribute (the shells of the inspector and the Evaluation view). */
export function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function inspectorHtml(input: InspectorHtmlInput): string {
  const nonce = attr(input.nonce);
  // The stylesheet carries cytoscape's stylesheet id: cytoscape then skips injecting its own
  // <style> element, which this CSP would block (our CSS sets the container's position itself).
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(input.cspSource, input.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link id="__________cytoscape_stylesheet" rel="stylesheet" nonce="${nonce}" href="${attr(input.styleUri)}">
<title>KG-RAG Inspector</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="empty">Run a plan, or open a retrieval result JSON, to inspect it here.</p></main>
<script nonce="${nonce}" src="${attr(input.scriptUri)}"></script>
</body>
</html>`;
}
