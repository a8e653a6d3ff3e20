/**
 * SAGE's trace: seeds (source, BM25, dense, fused) → one-hop candidates (edge type) reranked with
 * the k′ cut → the final set. Every name from the database goes in as text.
 */
import type { SageScored } from '../../src/core/retrieve/result';
import { h, table } from '../dom';
import type { LinkedView, ViewContext } from './context';

const f = (x: number): string => x.toFixed(3);

function scoredRows(rows: readonly SageScored[], cls: string): ReturnType<typeof table> {
  return table(
    ['node', 'source', 'BM25 (norm.)', 'dense', 'fused'],
    rows.map((s) => ({ cells: [s.name, s.source, f(s.bm25), f(s.dense), h('span', { class: 'num fused' }, f(s.fused))], props: { class: cls, data: { node: s.nodeId, source: s.source } } })),
  );
}

export function sageViewElement(ctx: ViewContext): LinkedView {
  const t = ctx.result.sage;
  if (!t) {
    const element = h('div', { class: 'view sage-view' }, h('p', { class: 'empty' }, `No SAGE trace in this result (strategy ${ctx.result.strategy}).`));
    return { element, highlight: () => undefined };
  }
  const cut = t.candidates.findIndex((c) => !c.kept);
  const element = h(
    'div',
    { class: 'view sage-view' },
    h('p', { class: 'hint sage-summary' }, `fused = ${t.alpha}·BM25 + ${t.beta}·dense · k = ${t.k}, k′ = ${t.kPrime} · ${t.edgePolicy === 'skip-explicit' ? '-Edge' : '+Edge'}${t.constrained ? ' · constrained (SPARK)' : ''}`),
    h('p', { class: 'hint sage-query' }, `Query: ${t.query}`),
    h('section', { class: 'sage-seeds' }, h('h2', {}, `Seeds (${t.seeds.length})`), scoredRows(t.seeds, 'seed-row')),
    t.skipped.length > 0 ? h('section', { class: 'sage-skipped' }, h('h2', {}, '-Edge decisions'), ...t.skipped.map((s) => h('p', { class: 'skip' }, `${s.name}: ${s.reason}`))) : null,
    t.constrained ? h('p', { class: 'hint spark' }, `Constrained (SPARK): every expansion limited to types ${t.allowedTypes.join(', ') || 'any'} and labels ${t.allowedLabels.join(', ') || 'any'}`) : null,
    h(
      'section',
      { class: 'sage-candidates' },
      h('h2', {}, `One-hop candidates (${t.candidateCount}), reranked — k′ = ${t.kPrime} kept`),
      table(
        ['rank', 'node', 'edge type', 'from seed', 'BM25 (norm.)', 'dense', 'fused', 'kept'],
        t.candidates.map((c, i) => ({
          cells: [String(c.rank), c.name, c.edgeType, t.seeds.find((s) => s.nodeId === c.seed)?.name ?? c.seed, f(c.bm25), f(c.dense), h('span', { class: 'num fused' }, f(c.fused)), h('span', { class: `kept ${c.kept ? 'yes' : 'no'}` }, c.kept ? 'kept' : i === cut ? '— k′ cut —' : '')],
          props: { class: `candidate-row${c.kept ? ' kept' : ''}${i === cut ? ' cut' : ''}`, data: { node: c.nodeId, rank: String(c.rank) } },
        })),
      ),
    ),
    h('section', { class: 'sage-final' }, h('h2', {}, `Final set (${t.final.length})`), scoredRows(t.final, 'final-row')),
  );
  return { element, highlight: () => undefined };
}
