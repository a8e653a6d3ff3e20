// The Evaluation view's webview bundle (browser only): validates every message from the host and
// draws the model core/eval computed (docs/eval.md, "In VS Code").
import '@vscode-elements/elements/dist/vscode-button/index.js';
import type { EvalWebviewMessage } from '../../src/contracts/eval/messages';
import { validateEvalHostMessage, validateEvalView } from '../../src/contracts/eval/validate';
import { vscodeApi } from '../vscodeApi';
import { EvalApp } from './view';

const api = vscodeApi();
const post = (m: EvalWebviewMessage): void => api.postMessage(m);
const app = new EvalApp(document.getElementById('app')!, { post });

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const checked = validateEvalHostMessage(event.data);
  if (!checked.ok) {
    post({ type: 'log', level: 'warn', message: `ignored a malformed message from the host (${checked.error})` });
    return;
  }
  const m = checked.value;
  if (m.type === 'evalShow') {
    api.setState({ view: m.view });
    app.show(m.view);
  } else app.setProgress(m.title, m.done, m.total);
});

// A reloaded webview shows its last view at once (the host re-sends it on ready too).
const saved = api.getState() as { view?: unknown } | undefined;
if (saved?.view !== undefined) {
  const v = validateEvalView(saved.view);
  if (v.ok) app.show(v.value);
}
post({ type: 'ready' });
