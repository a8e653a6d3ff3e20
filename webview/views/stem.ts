/**
 * STEM's trace: the guidance graph, then per schema graph of the beam: anchor → schema edge →
 * candidate KG edges with similarity, +bias, T-Score, cumulative S, the θ test and whether the
 * search kept it. Every name from the database goes in as text.
 */
import { h, table } from '../dom';
import { candidateLabel, expansionRows, stemSummary } from '../model/stemTrace';
import { highlightByVariable, type LinkedView, type ViewContext } from './context';

const f = (x: number): string => x.toFixed(3);

export function stemViewElement(ctx: ViewContext): LinkedView {
  const t = ctx.result.stem;
  if (!t) {
    const element = h('div', { class: 'view stem-view' }, h('p', { class: 'empty' }, `No STEM trace in this result (strategy ${ctx.result.strategy}).`));
    return { element, highlight: () => undefined };
  }
  const element = h(
    'div',
    { class: 'view stem-view' },
    h('p', { class: 'hint stem-summary' }, stemSummary(t)),
    h(
      'section',
      { class: 'stem-guidance' },
      h('h2', {}, `Guidance graph (${t.guidance.provider}, K = ${t.guidance.k})`),
      h('p', { class: 'chips' }, ...t.guidance.entities.map((e) => h('span', { class: 'chip guidance-entity', title: e.nodeId }, e.name, e.score === undefined ? null : h('span', { class: 'score' }, ` ${e.score.toFixed(4)}`)))),
      t.guidance.edges.length > 0 ? h('p', { class: 'hint' }, `${t.guidance.edges.length} edge(s) among them get +τ; shown dashed on the Subgraphs view.`) : null,
    ),
    ...t.beams.map((b) =>
      h(
        'section',
        { class: 'stem-beam', data: { beam: String(b.index) } },
        h('h2', {}, `Schema graph ${b.index + 1}: ${b.schema.map((s) => `(${s.head}, ${s.relation || 'any'}, ${s.tail})`).join(' ')}`),
        h('p', { class: 'hint' }, `${b.matches} match(es)${b.truncated ? ' — stopped at the expansion cap' : ''}; anchors tried: ${b.tried.length}`),
        table(
          ['anchor candidate', 'similarity', 'in guidance', 'S* = sim × λ'],
          b.anchors.slice(0, 8).map((a) => ({
            cells: [a.name, f(a.similarity), a.inGuidance ? 'yes' : 'no', f(a.score)],
            props: { class: `anchor-row${b.tried.includes(a.nodeId) ? ' tried' : ''}`, data: { variable: b.anchorVariable, node: a.nodeId } },
          })),
        ),
        ...expansionRows(b).map(({ expansion: x, depth }) =>
          h(
            'div',
            { class: 'stem-expansion', data: { expansion: String(x.id), edge: x.edgeId, depth: String(depth) } },
            h('h3', {}, `from ${x.from.name} along ${x.edgeId} — S = ${f(x.cumulative)}, ${x.candidateCount} candidate edge(s)`),
            table(
              ['KG edge', 'similarity', '+bias', 'T-Score', 'cumulative S', 'θ test', 'kept'],
              x.candidates.map((c) => ({
                cells: [
                  candidateLabel(c),
                  h('span', { class: 'num similarity' }, f(c.similarity)),
                  h('span', { class: 'num bias' }, c.bias > 0 ? `+${f(c.bias)}` : '0'),
                  h('span', { class: 'num t-score' }, f(c.tScore)),
                  h('span', { class: 'num cumulative' }, f(c.cumulative)),
                  h('span', { class: 'theta' }, c.passesTheta === undefined ? '—' : c.passesTheta ? '≥ θ' : '< θ'),
                  h('span', { class: `kept ${c.kept ? 'yes' : 'no'}` }, c.kept ? 'kept' : ''),
                ],
                props: { class: `candidate-row${c.kept ? ' kept' : ''}`, data: { node: c.nodeId } },
              })),
            ),
          ),
        ),
      ),
    ),
  );
  return { element, highlight: (v) => highlightByVariable(element, v) };
}
