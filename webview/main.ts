// The inspector webview bundle (browser only, no Node APIs): validates every message from the
// host, renders RetrievalResult JSON through InspectorApp, and restores itself from saved state.
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-tabs/index.js';
import '@vscode-elements/elements/dist/vscode-tab-header/index.js';
import '@vscode-elements/elements/dist/vscode-tab-panel/index.js';
import '@vscode-elements/elements/dist/vscode-tree/index.js';
import '@vscode-elements/elements/dist/vscode-tree-item/index.js';
import type { WebviewToHostMessage } from '../src/contracts/inspector/messages';
import { validateHostMessage, validateInspectorState } from '../src/contracts/inspector/validate';
import { InspectorApp } from './app';
import { vscodeApi } from './vscodeApi';

// Marks for `npm run bench:click` (where a first run's time goes inside the page); cheap and inert.
performance.mark('kgrag:script');
const api = vscodeApi();
const post = (m: WebviewToHostMessage) => api.postMessage(m);
const root = document.getElementById('app')!;
const app = new InspectorApp(root, { post, saveState: (s) => api.setState(s) });

window.addEventListener('message', (event: MessageEvent<unknown>) => {
  const checked = validateHostMessage(event.data);
  if (!checked.ok) {
    console.warn(`kgrag inspector: ignored message (${checked.error})`);
    post({ type: 'log', level: 'warn', message: `ignored a malformed message from the host (${checked.error})` });
    return;
  }
  const m = checked.value;
  switch (m.type) {
    case 'show':
      performance.mark('kgrag:show-received');
      app.show(m.result, m.source, m.view, m.entryId, m.grounding, m.expect, m.context);
      performance.mark('kgrag:shown');
      // The frame that paints the result (rAF runs just before it): "answers on screen" for the benchmark.
      requestAnimationFrame(() => performance.mark('kgrag:painted', { detail: m.result.plan }));
      break;
    case 'history':
      app.setHistory(m.entries, m.current);
      break;
    case 'whyNotAnswer':
      app.whyNotAnswer(m);
      break;
    case 'askWhyNot':
      app.askWhyNot(m.expected);
      break;
    case 'compare':
      app.showComparison(m.comparison, m.question, m.notes);
      break;
    case 'highlight':
      app.highlight(m.variable);
      break;
    case 'selectView':
      app.selectView(m.view);
      break;
    case 'expanded':
      app.expanded(m);
      break;
    case 'activeGraph':
      app.setActiveGraph(m.description, m.fingerprint);
      break;
    case 'progress':
      app.setProgress(m.title, m.stage);
      break;
    case 'requestImage': {
      const data = app.exportImage(m.format);
      if (data) post({ type: 'exportImage', format: m.format, data });
      else post({ type: 'log', level: 'warn', message: `no graph to export as ${m.format}` });
      break;
    }
  }
});

// VS Code switches body classes (vscode-light / vscode-dark / vscode-high-contrast) on theme change.
new MutationObserver(() => app.retheme()).observe(document.body, { attributes: true, attributeFilter: ['class'] });

const saved = validateInspectorState(api.getState() ?? {});
if (saved.ok && saved.value.result) app.show(saved.value.result, saved.value.source, saved.value.view, undefined, saved.value.grounding);
if (saved.ok && saved.value.comparison) app.showComparison(saved.value.comparison, saved.value.question, saved.value.notes);
else if (!saved.ok) post({ type: 'log', level: 'warn', message: `ignored saved state (${saved.error})` });
post({ type: 'ready' });
performance.mark('kgrag:ready');
