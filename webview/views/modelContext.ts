/**
 * Model context: the result exactly as a language model receives it (the text of the
 * language-model tool, docs/lm-tool.md), in SimGRAG's evidence format or as plain triples, with its
 * size in tokens and how they were counted. The text is built by the host (core/context).
 */
import type { ModelContextView } from '../../src/contracts/inspector/messages';
import { clear, h } from '../dom';
import { contextSizeLine, FORMAT_TITLES } from '../model/modelContext';
import type { LinkedView, ViewContext } from './context';

export function modelContextView(ctx: ViewContext, contexts: readonly ModelContextView[]): LinkedView {
  const body = h('div', { class: 'model-context-body' });
  const buttons = new Map<ModelContextView['format'], HTMLElement>();
  const show = (c: ModelContextView) => {
    for (const [f, b] of buttons) {
      b.toggleAttribute('secondary', f !== c.format);
      b.setAttribute('aria-pressed', String(f === c.format));
    }
    element.dataset.format = c.format;
    clear(body);
    body.append(
      h('p', { class: 'context-size', data: { tokens: String(c.tokens.tokens), exact: String(c.tokens.exact) } }, contextSizeLine(c)),
      h('pre', { class: 'model-context-text', attrs: { tabindex: 0, 'aria-label': `${FORMAT_TITLES[c.format]} as the model receives it` } }, c.text),
    );
  };
  const toggle = h(
    'div',
    { class: 'context-formats', attrs: { role: 'group', 'aria-label': 'Format' } },
    ...contexts.map((c) => {
      const b = h('vscode-button', { class: 'context-format', data: { format: c.format }, attrs: { secondary: true }, on: { click: () => show(c) } }, FORMAT_TITLES[c.format]);
      buttons.set(c.format, b);
      return b;
    }),
  );
  const element = h(
    'div',
    { class: 'view context-view' },
    h('p', { class: 'hint' }, `What a chat model gets when it calls the KG-RAG retrieval tool for this ${ctx.result.strategy} result: the answers, what limits them, and the evidence.`),
    toggle,
    body,
  );
  if (contexts[0]) show(contexts[0]);
  return { element, highlight: () => undefined };
}
