/** The Evaluation view's HTML shell: the inspector's CSP and nonce; no data (the bundle draws it). Pure. */
import { attr, contentSecurityPolicy } from '../inspector/html';

export interface EvalHtmlInput {
  readonly cspSource: string;
  readonly nonce: string;
  readonly scriptUri: string;
  readonly styleUri: string;
}

export function evalHtml(input: EvalHtmlInput): string {
  const nonce = attr(input.nonce);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(input.cspSource, input.nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" nonce="${nonce}" href="${attr(input.styleUri)}">
<title>KG-RAG Evaluation</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="hint">Evaluating…</p></main>
<script nonce="${nonce}" src="${attr(input.scriptUri)}"></script>
</body>
</html>`;
}
