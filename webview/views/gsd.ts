/** The GSD breakdown: per subgraph, node and edge terms and their sum; then candidates per phrase. */
import { h, linkButton, table } from '../dom';
import { formatDistance } from '../model/format';
import { candidateTables, gsdBreakdowns, type GsdBreakdown, type TermRow } from '../model/gsd';
import { typeRows } from '../model/resolution';
import { highlightByVariable, type LinkedView, type ViewContext } from './context';

const MAX_SUBGRAPHS = 50;

function termRowCells(ctx: ViewContext, r: TermRow) {
  const ref =
    r.kind === 'node'
      ? linkButton(r.element, () => ctx.reveal({ variable: r.ref }), { data: { variable: r.ref }, title: 'Reveal in the plan' })
      : linkButton(r.element, () => ctx.reveal({ edgeId: r.ref }), { data: { edgeId: r.ref }, title: 'Reveal in the plan' });
  return {
    cells: [
      r.kind,
      ref,
      r.unknown ? h('span', { class: 'unknown', title: 'No text in the pattern: distance 0 by definition' }, 'unknown') : r.patternText,
      r.matchedText,
      h('span', { class: 'num term-distance', data: { distance: String(r.distance) } }, formatDistance(r.distance)),
      r.candidateRank === null ? '—' : `#${r.candidateRank}`,
    ],
    props: { class: `term-row ${r.unknown ? 'is-unknown' : ''}`, data: { kind: r.kind, ref: r.ref, ...(r.kind === 'node' ? { variable: r.ref } : {}) } },
  };
}

function breakdownSection(ctx: ViewContext, b: GsdBreakdown, open: boolean): HTMLElement {
  const gap = b.gapToNext === null ? 'last' : `${b.rank === 1 ? 'runner-up' : 'next'} +${formatDistance(b.gapToNext)}`;
  const section = h(
    'vscode-collapsible',
    { class: 'gsd-subgraph', data: { rank: String(b.rank) }, attrs: { open } },
    table(['term', 'element', 'pattern text', 'matched', 'distance', 'rank'], b.rows.map((r) => termRowCells(ctx, r))),
    h(
      'p',
      { class: 'gsd-sum' },
      `node terms ${formatDistance(b.nodeSum)} + edge terms ${formatDistance(b.edgeSum)} = `,
      h('strong', { class: 'gsd-total', data: { sum: String(b.sum), reported: String(b.reported) } }, formatDistance(b.sum)),
      b.consistent ? ' (the reported GSD)' : h('span', { class: 'warning' }, ` ≠ reported GSD ${formatDistance(b.reported)}`),
      b.gapToNext === null ? '' : ` · the next subgraph is ${formatDistance(b.gapToNext)} further`,
    ),
  );
  // Lit renders `heading` as text, so a hostile string cannot become markup here either.
  (section as HTMLElement & { heading: string }).heading = `#${b.rank} — GSD ${formatDistance(b.reported)} (${gap})`;
  return section;
}

function candidatesSection(ctx: ViewContext): HTMLElement | null {
  const tables = candidateTables(ctx.result);
  if (tables.length === 0) return null;
  return h(
    'section',
    { class: 'candidates' },
    h('h2', {}, 'Candidates per phrase'),
    h('p', { class: 'hint' }, 'Why a phrase matched what it did: its nearest graph texts, best first. ✓ marks what the best subgraph used.'),
    ...tables.map((t) =>
      h(
        'div',
        { class: 'candidate-list', data: { element: t.element, ref: t.ref, ...(t.element === 'node' ? { variable: t.ref } : {}) } },
        h(
          'h3',
          {},
          t.element === 'node'
            ? linkButton(t.ref, () => ctx.reveal({ variable: t.ref }), { data: { variable: t.ref } })
            : linkButton(t.ref, () => ctx.reveal({ edgeId: t.ref }), { data: { edgeId: t.ref } }),
          ' ',
          h('q', {}, t.patternText),
        ),
        table(
          ['rank', 'candidate', 'distance', 'used', ''],
          t.rows.map((c) => ({
            cells: [
              `#${c.rank}`,
              c.via === null ? h('span', { title: c.id ?? '' }, c.text) : h('span', { title: c.id ?? '' }, c.text, h('span', { class: 'via' }, ` via alias “${c.via}”`)),
              formatDistance(c.distance),
              c.chosen ? '✓' : '',
              c.chosen
                ? ''
                : linkButton('add as alias', () =>
                    ctx.post({ type: 'addAlias', plan: ctx.result.plan, element: t.element, ref: t.ref, patternText: t.patternText, candidate: c.text }),
                  { class: 'add-alias' }),
            ],
            props: { class: `candidate-row${c.chosen ? ' chosen' : ''}` },
          })),
        ),
      ),
    ),
  );
}

/** Typed nodes: the type word, the label(s) it was given, by which rule and with what score. */
function typesSection(ctx: ViewContext): HTMLElement | null {
  const rows = typeRows(ctx.result);
  if (rows.length === 0) return null;
  return h(
    'section',
    { class: 'types' },
    h('h2', {}, 'Types'),
    h('p', { class: 'hint' }, 'Each node category (type word) → the graph labels its candidates were limited to, and why.'),
    table(
      ['node', 'type word', 'label', 'how', 'score', 'why'],
      rows.map((r) => ({
        cells: [
          linkButton(r.variable, () => ctx.reveal({ variable: r.variable }), { data: { variable: r.variable }, title: 'Reveal in the plan' }),
          h('q', {}, r.type),
          h('strong', { class: 'type-label' }, r.labels),
          h('span', { class: `how how-${r.how}` }, r.how),
          h('span', { class: 'num' }, r.score),
          r.detail,
        ],
        props: { class: `type-row${r.how === 'none' ? ' warning' : ''}`, data: { variable: r.variable, how: r.how } },
      })),
    ),
  );
}

export function gsdView(ctx: ViewContext): LinkedView {
  const breakdowns = gsdBreakdowns(ctx.result);
  const shown = breakdowns.slice(0, MAX_SUBGRAPHS);
  const element = h(
    'div',
    { class: 'view gsd-view' },
    typesSection(ctx),
    breakdowns.length === 0
      ? h('p', { class: 'empty' }, `No subgraphs in this result (strategy ${ctx.result.strategy}).`)
      : h('p', { class: 'hint' }, 'GSD = Σ node-term distances + Σ edge-term distances; a term with no pattern text is unknown and counts 0.'),
    ...shown.map((b, i) => breakdownSection(ctx, b, i < 3)),
    breakdowns.length > shown.length ? h('p', { class: 'hint' }, `… ${breakdowns.length - shown.length} more subgraphs not shown.`) : null,
    candidatesSection(ctx),
  );
  return { element, highlight: (v) => highlightByVariable(element, v) };
}
