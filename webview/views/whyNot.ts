/**
 * The why-not view: for an expected answer a strategy did not return, where it dropped out
 * (computed by core/whynot; this only draws it): the cause in words, its evidence — nearest names,
 * the path pattern that does exist, the candidate rank it would have needed, its rank past the k
 * limit, the bound that pruned it, MoR's last layer, the excluding Cypher clause — and each offered
 * fix as a button that re-runs with the fix (the host shows the re-run next to the original).
 */
import type { NamedSwap, WhyNotCause, WhyNotFix, WhyNotResult } from '../../src/contracts/whyNot';
import type { WebviewToHostMessage } from '../../src/contracts/inspector/messages';
import { clear, h, table, type Child } from '../dom';
import { formatDistance } from '../model/format';
import { causeTitle, fixOutcomeText } from '../model/whyNot';

export interface WhyNotView {
  readonly element: HTMLElement;
  /** Asking (the expected name), answered, or failed. */
  pending(expected: string, strategy: string): void;
  answered(analysis: WhyNotResult, entryId: string | undefined): void;
  failed(expected: string, message: string): void;
  /** Nothing asked about the result on screen. */
  hide(): void;
}

function code(text: string): HTMLElement {
  return h('code', { class: 'pattern' }, text);
}

/** Words for the bound that pruned it, with its value. */
function boundText(cause: Extract<WhyNotCause, { kind: 'pruned' }>): string {
  switch (cause.bound) {
    case 'gsd-tie':
      return `a GSD tie with the k-th (GSD ${formatDistance(cause.value)})`;
    case 'time-budget':
      return `the time budget (${cause.value} ms)`;
    case 'expansion-budget':
      return `the expansion budget (${cause.value} expansions)`;
    case 'theta':
      return `the threshold θ = ${formatDistance(cause.value)}`;
    case 'layer-cap':
      return `the layer cap (${cause.value})`;
  }
}

/**
 * The cause's evidence. `said` is the summary line above it: a detail it already holds is not
 * repeated (the core's summary often is the reason or detail itself).
 */
function evidence(cause: WhyNotCause, strategy: WhyNotResult['strategy'], said: string): Child[] {
  const unsaid = (text: string): boolean => text.length > 0 && !said.includes(text);
  switch (cause.kind) {
    case 'returned':
      return [h('p', {}, `Returned at #${cause.rank} (score ${formatDistance(cause.score)}) as ${cause.variable}.`)];
    case 'not-in-graph':
      return [
        h('p', {}, cause.nearest.length > 0 ? 'No node has this name. The nearest names in the graph:' : 'No node has this name, and no name is near it.'),
        cause.nearest.length > 0
          ? table(['name', 'label', 'embedding distance', 'edits'], cause.nearest.map((n) => ({ cells: [n.name, n.label, formatDistance(n.distance), String(n.edits)], props: { class: 'near-name', data: { name: n.name } } })))
          : null,
      ];
    case 'unreachable':
      return [
        unsaid(cause.reason) ? h('p', {}, cause.reason) : null,
        cause.path
          ? h('p', { class: 'path' }, `The shortest path that exists${cause.from ? ` from ${cause.from}` : ''} (${cause.path.hops} hop${cause.path.hops === 1 ? '' : 's'}): `, code(cause.path.pattern))
          : h('p', { class: 'hint' }, `No path within ${cause.maxHops} hops from a named node of the plan.`),
      ];
    case 'candidate-rank':
      return [
        table(
          ['element', 'pattern text', 'needs', 'its rank', 'limit', 'matched instead'],
          cause.needs.map((n) => ({
            cells: [`${n.element} ${n.ref}`, n.patternText, n.needed, `#${n.rank}`, `would need ${n.parameter} ≥ ${n.rank} (is ${n.limit})`, n.matchedInstead ?? '—'],
            props: { class: 'candidate-need', data: { parameter: n.parameter, rank: String(n.rank) } },
          })),
        ),
      ];
    case 'category':
      return [h('p', {}, `${cause.variable}: the category "${cause.category}" means ${cause.labels.join(', ') || 'no label'}; the answer’s subgraph needs ${cause.neededName} (${cause.needed}) there.`), cause.swaps && cause.swaps.length > 0 ? swapTable(cause.swaps) : null];
    case 'named-swapped':
      return [
        swapTable(cause.swaps),
        h('p', { class: 'cut' }, `With the swap its best subgraph has ${strategy === 'gsd' ? 'GSD' : 'score'} ${formatDistance(cause.score)}${cause.rank !== undefined ? ` (rank #${cause.rank})` : ''}: raising k would return it through the swapped node, which is not the plan’s question.`),
        cause.path
          ? h('p', { class: 'path' }, `The shortest path that exists from the named node (${cause.path.hops} hop${cause.path.hops === 1 ? '' : 's'}): `, code(cause.path.pattern))
          : h('p', { class: 'hint' }, `No path within ${cause.maxHops} hops from the named node.`),
      ];
    case 'cut-by-k':
    {
      // gsd ranks subgraphs by their GSD (lower is nearer); mor and sage rank answers by a score (higher is better).
      const measure = strategy === 'gsd' ? 'its best GSD' : 'its score';
      return [
        h('p', { class: 'cut' }, `It ranks #${cause.rank}, past ${cause.parameter} = ${cause.k}; ${measure} ${formatDistance(cause.score)}${cause.lastReturned !== undefined ? `, the last one returned ${formatDistance(cause.lastReturned)}` : ''}.`),
      ];
    }
    case 'pruned':
      return [h('p', { class: 'bound', data: { bound: cause.bound } }, `The bound: ${boundText(cause)}${unsaid(cause.detail) ? `: ${cause.detail}` : '.'}`)];
    case 'mor-layer':
      return [
        h('p', { class: 'layer', data: { reason: cause.reason } }, `Path ${cause.path + 1}, ${cause.layer === 0 ? 'never seeded' : `layer ${cause.layer}`} (${cause.variable}), reason: ${cause.reason}${unsaid(cause.detail) ? ` — ${cause.detail}` : ''}`),
        cause.route ? h('p', { class: 'path' }, 'The route it would have needed: ', code(cause.route.pattern)) : null,
      ];
    case 'cypher-clause':
      return [h('p', { class: 'clause', data: { clause: cause.clause } }, `The ${cause.clause} clause of ${cause.ref} excludes it: `, code(cause.text)), unsaid(cause.detail) ? h('p', { class: 'hint' }, cause.detail) : null];
    case 'trace':
      return [h('p', {}, `${cause.stage}: ${cause.detail}`)];
  }
}

/** One row per named node the subgraph maps elsewhere: the term, its own match, the node it became. */
function swapTable(swaps: readonly NamedSwap[]): HTMLElement {
  return table(
    ['named node', 'term', 'its own match', 'became', 'candidate', 'distance'],
    swaps.map((s) => ({
      cells: [s.variable, s.term, `${s.own.name} (${s.own.label})`, `${s.became.name} (${s.became.label})`, s.candidateRank !== undefined ? `#${s.candidateRank}` : '—', s.distance !== undefined ? formatDistance(s.distance) : '—'],
      props: { class: 'named-swap', data: { variable: s.variable, became: s.became.name } },
    })),
  );
}

export function whyNotView(post: (m: WebviewToHostMessage) => void): WhyNotView {
  const body = h('div', { class: 'why-not-body', attrs: { 'aria-live': 'polite' } });
  const element = h('section', { class: 'why-not', attrs: { hidden: true, 'aria-label': 'Why not' } }, body);

  function fixButton(analysis: WhyNotResult, fix: WhyNotFix, entryId: string | undefined): HTMLElement {
    return h(
      'li',
      { class: 'fix', data: { kind: fix.kind } },
      h('vscode-button', { class: 'apply-fix', attrs: fix.kind === 'fix-expect' ? { disabled: true } : {}, title: fix.kind === 'fix-expect' ? 'Edit the plan\'s expect line: nothing to re-run' : 'Re-run the plan with this change and compare', on: { click: () => post({ type: 'applyFix', expected: analysis.expected, ...(entryId !== undefined ? { entryId } : {}), fix }) } }, fix.label),
      fix.outcome ? h('span', { class: 'hint fix-outcome' }, ` ${fixOutcomeText(fix.outcome, analysis.expected)}`) : null,
    );
  }

  return {
    element,
    pending(expected, strategy) {
      element.hidden = false;
      element.dataset.state = 'pending';
      clear(body);
      body.appendChild(h('p', { class: 'hint' }, `Why not "${expected}" (${strategy})? Analysing…`));
    },
    answered(analysis, entryId) {
      element.hidden = false;
      element.dataset.state = 'answered';
      element.dataset.cause = analysis.cause.kind;
      clear(body);
      body.append(
        h('h2', {}, `Why not "${analysis.expected}"? — ${causeTitle(analysis.cause)}`),
        h('p', { class: 'why-not-summary' }, analysis.summary),
        h('div', { class: 'evidence' }, ...evidence(analysis.cause, analysis.strategy, analysis.summary)),
        analysis.fixes.length > 0
          ? h('div', { class: 'fixes' }, h('h3', {}, 'Fixes (each re-runs the plan with the change)'), h('ul', {}, ...analysis.fixes.map((f) => fixButton(analysis, f, entryId))))
          : h('p', { class: 'hint' }, 'No fix to offer.'),
        h('p', { class: 'hint' }, `${analysis.strategy} · plan ${analysis.plan} · analysed in ${analysis.ms.toFixed(0)} ms`),
        // Where the analysis read the graph and why; in the store, what it asked of it.
        ...(analysis.placement ? [h('p', { class: 'hint why-not-placement' }, `analysis placement: ${analysis.placement.ran} (${analysis.placement.requested} asked): ${analysis.placement.reason}${analysis.storeIo ? ` · ${analysis.storeIo.roundTrips} round trip(s), ${analysis.storeIo.rowsRead} row(s) read, ${analysis.storeIo.serverMs.toFixed(1)} ms in the store` : ''}`)] : []),
      );
    },
    failed(expected, message) {
      element.hidden = false;
      element.dataset.state = 'error';
      clear(body);
      body.appendChild(h('p', { class: 'warning' }, `Why not "${expected}": ${message}`));
    },
    hide() {
      element.hidden = true;
      delete element.dataset.state;
      delete element.dataset.cause;
      clear(body);
    },
  };
}
