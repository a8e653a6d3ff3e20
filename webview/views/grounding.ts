/**
 * The grounding view (Inspect Question with the grounded planner): the question with its mentions,
 * mentions → nodes with scores (ambiguity and overlaps visible), the candidate queries with answer
 * counts and scores, the chosen one and who chose it, and what ran. "Use instead" re-plans with
 * another candidate and runs it; "Open as .kgp" opens a candidate's plan. Database text goes in as text.
 */
import type { GroundingReport } from '../../src/contracts/inspector/grounding';
import { h, linkButton, table } from '../dom';
import { candidateRows, deciderText, questionSegments, verdictText } from '../model/grounding';
import { highlightByVariable, type LinkedView, type ViewContext } from './context';

const f = (x: number): string => x.toFixed(2);

function mentionsSection(ctx: ViewContext, g: GroundingReport): HTMLElement {
  const question = h(
    'p',
    { class: 'grounding-question' },
    ...questionSegments(g.question, g.mentions).map((s) => {
      if (s.mention === undefined) return s.text;
      const m = g.mentions[s.mention]!;
      const props = { class: `mention${m.anchor ? ' anchor' : ''}`, data: { mention: String(s.mention), ...(m.variable ? { variable: m.variable } : {}) }, title: `${m.method}, score ${f(m.score)}` };
      return m.variable ? linkButton(s.text, () => ctx.reveal({ variable: m.variable! }), props) : h('mark', props, s.text);
    }),
  );
  const rows = g.mentions.map((m, i) => ({
    cells: [
      m.variable ? linkButton(m.text, () => ctx.reveal({ variable: m.variable! })) : m.text,
      `${m.marked ? 'marked, ' : ''}${m.method}`,
      h('span', { class: 'num mention-score' }, f(m.score)),
      m.anchor ? h('span', { class: 'anchor-flag' }, m.variable ? `anchor (${m.variable})` : 'anchor') : '',
      h(
        'span',
        { class: 'mention-nodes' },
        m.nodes.length > 1 ? h('span', { class: 'ambiguous' }, `ambiguous: ${m.nodes.length} nodes · `) : null,
        ...m.nodes.map((n) => h('span', { class: 'chip grounded-node', title: n.id, data: { node: n.id } }, `${n.name}:${n.label}`, h('span', { class: 'score' }, ` ${f(n.score)}`))),
      ),
      m.overlaps.length ? h('span', { class: 'overlaps' }, `overlaps ${m.overlaps.map((o) => JSON.stringify(g.mentions[o]?.text ?? '?')).join(', ')}`) : '',
    ],
    props: { class: `mention-row${m.anchor ? ' anchor' : ''}${m.nodes.length > 1 ? ' ambiguous' : ''}`, data: { mention: String(i), ...(m.variable ? { variable: m.variable } : {}) } },
  }));
  return h(
    'section',
    { class: 'grounding-mentions' },
    h('h2', {}, 'Question'),
    question,
    h('h2', {}, `Mentions → nodes (${g.mentions.length})`),
    g.mentions.length ? table(['mention', 'how', 'score', 'anchor', 'nodes (score)', 'overlaps'], rows) : h('p', { class: 'empty' }, 'No name of the graph was found in the question.'),
  );
}

function plannedSections(ctx: ViewContext, g: Extract<GroundingReport, { kind: 'planned' }>): HTMLElement[] {
  const who = g.decidedBy.kind;
  const summary = h(
    'p',
    { class: 'grounding-verdict', data: { status: g.status, decidedBy: who } },
    h('vscode-badge', { class: `status ${g.status}`, attrs: { variant: g.status === 'match' ? 'default' : 'counter' } }, who === 'user' ? 'your pick' : g.status === 'match' ? 'match' : 'weak guess'),
    ` ${verdictText(g)} · ${deciderText(g)} · ${g.totalCandidates} candidate queries (on the ${g.enumeratedOn})${g.capped ? ', capped' : ''} · ${g.totalMs.toFixed(0)} ms`,
  );
  // Where the question ran (memory: the snapshot; store: the index without the graph) and what it asked of the store.
  const placement = g.placement
    ? h(
        'p',
        { class: 'grounding-placement', data: { ran: g.placement.ran } },
        `placement ${g.placement.ran} (${g.placement.requested} asked): ${g.placement.reason}${g.storeIo ? ` · ${g.storeIo.roundTrips} round trip(s), ${g.storeIo.rowsRead} row(s) read, ${g.storeIo.serverMs.toFixed(0)} ms in the store` : ''}`,
      )
    : null;
  const rejected = g.rejectedReplies.length
    ? h('section', { class: 'grounding-rejected' }, h('h2', {}, 'Rejected model replies'), ...g.rejectedReplies.map((r) => h('p', { class: 'rejected-reply' }, `${JSON.stringify(r.reply)} — ${r.reason}`)))
    : null;
  const candidates = h(
    'section',
    { class: 'grounding-candidates' },
    h('h2', {}, `Candidate queries (top ${g.candidates.length} of ${g.totalCandidates})`),
    table(
      ['#', 'query', 'chain', 'answers', 'score', 'fit', ''],
      candidateRows(g).map((c) => ({
        cells: [
          String(c.id),
          h('code', { class: 'candidate-pattern' }, c.pattern),
          c.chain,
          h('span', { class: 'num count' }, String(c.count)),
          h('span', { class: 'num score' }, f(c.score)),
          h('span', { class: 'num fit' }, f(c.fit)),
          h(
            'span',
            { class: 'candidate-actions' },
            c.chosen ? h('span', { class: 'chosen-flag' }, `chosen (${who === 'user' ? 'you' : who})`) : null,
            c.alternative ? linkButton('Use instead', () => ctx.post({ type: 'useCandidate', candidate: c.id }), { class: 'use-candidate', data: { candidate: String(c.id) } }) : null,
            linkButton('Open as .kgp', () => ctx.post({ type: 'openCandidate', candidate: c.id }), { class: 'open-candidate', data: { candidate: String(c.id) } }),
          ),
        ],
        props: { class: `candidate-row${c.chosen ? ' chosen' : ''}`, data: { candidate: String(c.id), chain: c.chain } },
      })),
    ),
  );
  // The evidence that chose the candidate that ran: the asked type, the words and the names they met.
  const ranCandidate = g.candidates.find((c) => c.id === g.chosen);
  const evidence = ranCandidate?.evidence?.length
    ? h('section', { class: 'grounding-evidence' }, h('h2', {}, `Why #${ranCandidate.id}`), h('ul', {}, ...ranCandidate.evidence.map((e) => h('li', { class: 'evidence' }, e))))
    : null;
  const ran = h(
    'section',
    { class: 'grounding-ran' },
    h('h2', {}, 'What ran'),
    h('p', { class: 'ran' }, `plan ${g.ran.plan} with ${g.ran.strategy} → ${ctx.result.answers.length} answer${ctx.result.answers.length === 1 ? '' : 's'}`),
  );
  return [summary, ...(placement ? [placement] : []), ...(rejected ? [rejected] : []), candidates, ...(evidence ? [evidence] : []), ran];
}

export function groundingViewElement(ctx: ViewContext, g: GroundingReport | undefined): LinkedView {
  if (!g) {
    const element = h('div', { class: 'view grounding-view' }, h('p', { class: 'empty' }, 'No grounding for this result: it was not planned from a question. Use “Inspect Retrieval for a Question” to see how a question is grounded in the graph.'));
    return { element, highlight: () => undefined };
  }
  const body =
    g.kind === 'planned'
      ? plannedSections(ctx, g)
      : [h('p', { class: 'grounding-verdict nothing', data: { status: g.kind } }, g.message), ...(g.kind === 'nothing-found' && g.nearest.length ? [h('p', { class: 'hint nearest' }, 'Nearest names: ', ...g.nearest.map((n) => h('span', { class: 'chip' }, n)))] : [])];
  const [first, ...rest] = body;
  const element = h('div', { class: 'view grounding-view', data: { kind: g.kind } }, first!, mentionsSection(ctx, g), ...rest);
  return { element, highlight: (variable) => highlightByVariable(element, variable) };
}
