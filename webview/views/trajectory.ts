/** The mixed-traversal trajectory: per path and layer, structural and text hits, kept, survivors, features. */
import type { ScoredNode } from '../../src/core/retrieve/result';
import { h, linkButton, table } from '../dom';
import { trajectoryView } from '../model/trajectory';
import { highlightByVariable, type LinkedView, type ViewContext } from './context';

const MAX_CHIPS = 12;

function chips(nodes: readonly ScoredNode[], kind: 'structural' | 'textual'): HTMLElement {
  const shown = nodes.slice(0, MAX_CHIPS);
  return h(
    'span',
    { class: `chips ${kind}`, data: { count: String(nodes.length) } },
    nodes.length === 0 ? h('span', { class: 'none' }, '—') : null,
    ...shown.map((n) =>
      h('span', { class: 'chip', title: n.nodeId }, n.name, n.score === undefined ? null : h('span', { class: 'score' }, ` ${n.score.toFixed(2)}`)),
    ),
    nodes.length > shown.length ? h('span', { class: 'more' }, ` +${nodes.length - shown.length} more`) : null,
  );
}

export function trajectoryViewElement(ctx: ViewContext): LinkedView {
  const trace = ctx.result.trajectory;
  if (!trace) {
    const element = h('div', { class: 'view trajectory-view' }, h('p', { class: 'empty' }, `No mixed-traversal trajectory in this result (strategy ${ctx.result.strategy}).`));
    return { element, highlight: () => undefined };
  }
  const v = trajectoryView(trace);
  const element = h(
    'div',
    { class: 'view trajectory-view' },
    ...v.paths.map((p) =>
      h(
        'section',
        { class: 'trajectory-path', data: { path: String(p.index) } },
        h('h2', {}, p.title),
        table(
          ['layer', 'variable', 'category / restriction', 'structural hits', 'text hits (score)', 'kept'],
          p.layers.map((l) => ({
            cells: [
              String(l.layer),
              linkButton(l.variable, () => ctx.reveal({ variable: l.variable }), { data: { variable: l.variable }, title: 'Reveal in the plan' }),
              [l.category, l.restriction === null ? null : `“${l.restriction}”`].filter((x) => x !== null).join(' ') || '—',
              chips(l.structural, 'structural'),
              chips(l.textual, 'textual'),
              h('span', { class: 'num kept', title: l.overlap > 0 ? `${l.overlap} found both ways` : '' }, String(l.kept)),
            ],
            props: { class: 'layer-row', data: { layer: String(l.layer), variable: l.variable } },
          })),
        ),
      ),
    ),
    h(
      'section',
      { class: 'survivors' },
      h('h2', {}, `Survivors (${v.survivors.length})`),
      h('p', { class: 'hint' }, `Combined by ${v.combination}.`),
      chips(v.survivors, 'structural'),
    ),
    h(
      'section',
      { class: 'trajectories' },
      h('h2', {}, 'Final candidates and their trajectory features'),
      h('p', { class: 'hint' }, `Reranked by ${v.reranker}. TF: text similarity per step + initial score; SF: category per step; TI: how each step was reached (seed, structural, textual). SF and TI cover the whole route; for routes longer than three steps the reranker sees the first and last two.`),
      table(
        ['#', 'candidate', 'score', 'route', 'TF', 'SF', 'TI'],
        v.trajectories.map((t) => ({
          cells: [
            String(t.rank),
            h('span', { title: t.candidate }, t.name, t.survived ? '' : h('span', { class: 'hint' }, ' (not a survivor)')),
            t.score.toFixed(3),
            t.route,
            t.tf,
            h('span', { class: 'sf', data: { steps: String(t.routeSteps.length) } }, t.sf),
            h('span', { class: 'ti' }, t.ti, t.rerankerInput ? h('span', { class: 'hint reranker-input' }, ` reranker input (first and last two steps): ${t.rerankerInput}`) : null),
          ],
          props: { class: 'trajectory-row', data: { candidate: t.candidate } },
        })),
      ),
    ),
  );
  return { element, highlight: (variable) => highlightByVariable(element, variable) };
}
