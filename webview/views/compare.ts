/**
 * The Compare view: results side by side. The results named A, B, C…; every answer with its rank
 * in each result and how it fared in the chosen B against A (gained, lost, kept — in words); the
 * subgraph diff drawn on ONE canvas with the Subgraphs view's drawing (its stylesheet and layouts)
 * — fill and border by side, each caption tagged with the side's letters, a legend with counts —
 * and score and timing deltas. Everything here comes computed from core/compare: this only draws.
 */
import cytoscape from 'cytoscape';
import type { Core, StylesheetJson } from 'cytoscape';
import type { Comparison, DiffSide } from '../../src/contracts/compare';
import { clear, h, table } from '../dom';
import { graphPalette, labelColors, toCanvasColor } from '../model/colors';
import { formatDistance } from '../model/format';
import { chooseLayout, FORCE_LAYOUT_LIMIT, layeredPositions } from '../model/graph';
import { answerStatus, diffGraph, pairOf, resultLine, sideText, signed, statusText, type DiffGraphModel } from '../model/compareGraph';
import { readCssVar, styles } from './subgraphs';

export interface CompareView {
  readonly element: HTMLElement;
  /** Draws the canvas (needs a sized container: call once the view is in the document). */
  mount(): void;
  retheme(): void;
  dispose(): void;
}

export interface CompareOptions {
  readonly question?: string;
  readonly notes?: readonly string[];
  /** Back to the result shown before the comparison. */
  back(): void;
}

/** Side colours from the theme (diff editor's removed / inserted), with the chart colours as fallback. */
function sideColours(): Record<DiffSide, string> {
  return {
    a: toCanvasColor(readCssVar('--vscode-charts-red'), '#f14c4c'),
    b: toCanvasColor(readCssVar('--vscode-charts-green'), '#89d185'),
    both: toCanvasColor(readCssVar('--vscode-charts-blue'), '#3794ff'),
  };
}

function diffStyles(big: boolean): StylesheetJson {
  const p = graphPalette(readCssVar);
  const c = sideColours();
  return [
    ...styles(p, labelColors(readCssVar), big),
    // Side, three ways at once: fill colour, border style, and the caption's [A] / [B] / [A+B] tag.
    { selector: 'node[side = "a"]', style: { 'background-color': c.a, 'border-width': 3, 'border-style': 'dashed', 'border-color': p.foreground } },
    { selector: 'node[side = "b"]', style: { 'background-color': c.b, 'border-width': 4, 'border-style': 'double', 'border-color': p.foreground } },
    { selector: 'node[side = "both"]', style: { 'background-color': c.both } },
    { selector: 'edge[side = "a"]', style: { 'line-color': c.a, 'target-arrow-color': c.a, 'line-style': 'dashed', width: 2 } },
    { selector: 'edge[side = "b"]', style: { 'line-color': c.b, 'target-arrow-color': c.b, width: 3 } },
  ];
}

export function compareView(comparison: Comparison, options: CompareOptions): CompareView {
  const results = comparison.results;
  const A = results[0]!;
  let b = 1;
  let cy: Core | undefined;
  let model: DiffGraphModel | undefined;

  const canvas = h('div', { class: 'graph-canvas diff-canvas', attrs: { role: 'img', 'aria-label': 'Subgraph diff' } });
  const legend = h('div', { class: 'graph-legend diff-legend', attrs: { 'aria-label': 'Sides' } });
  const counts = h('p', { class: 'diff-counts' });
  const answersSection = h('section', { class: 'answer-diff' });
  const changes = h('section', { class: 'answer-changes' });
  const deltas = h('section', { class: 'deltas' });
  const nodeTable = h('div', { class: 'node-table diff-nodes' });

  const pairSelect =
    results.length > 2
      ? h(
          'select',
          { class: 'pair-select', attrs: { 'aria-label': `Compare ${A.letter} with` }, on: { change: () => choose(Number(pairSelect!.value)) } },
          ...results.slice(1).map((r, i) => h('option', { attrs: { value: String(i + 1) } }, resultLine(r))),
        )
      : null;

  function renderAnswers(): void {
    clear(answersSection);
    const B = results[b]!;
    answersSection.appendChild(h('h2', {}, `Answers (${comparison.answers.length} across ${results.length} results)`));
    if (comparison.answers.length === 0) {
      answersSection.appendChild(h('p', { class: 'empty' }, 'No result returned an answer.'));
      return;
    }
    const columns = ['answer', ...results.map((r) => `${r.letter} (${r.strategy})`), `${B.letter} against ${A.letter}`];
    const rows = comparison.answers.map((row) => {
      const status = answerStatus(row, b);
      return {
        cells: [
          row.value,
          ...row.ranks.map((r, i) => (results[i]!.executed ? (r === null ? '—' : `#${r}`) : h('span', { class: 'hint' }, 'not executed'))),
          B.executed && A.executed ? h('span', { class: `status ${status.kind}` }, statusText(status, A.letter, B.letter)) : h('span', { class: 'hint' }, 'not executed'),
        ],
        props: { class: 'answer-row', data: { status: status.kind, value: row.value } },
      };
    });
    answersSection.appendChild(table(columns, rows, { class: 'answers-table' }));
  }

  function renderChanges(): void {
    clear(changes);
    const pair = pairOf(comparison, b)!;
    const B = results[b]!;
    if (!A.executed || !B.executed) {
      changes.appendChild(h('p', { class: 'hint' }, `${!A.executed ? A.letter : B.letter} is an Explain: it was not executed, so it has no answers to gain or lose.`));
      return;
    }
    const chips = (items: typeof pair.gained, rank: (x: (typeof pair.gained)[number]) => number | undefined, cls: string) =>
      items.length === 0 ? h('span', { class: 'hint' }, 'none') : h('span', { class: 'chips' }, ...items.map((x) => h('span', { class: `chip ${cls}`, data: { value: x.value } }, x.value, h('span', { class: 'score' }, ` #${rank(x)}`))));
    changes.append(
      h('p', { class: 'gained' }, h('strong', {}, `Gained in ${B.letter} (${pair.gained.length}): `), chips(pair.gained, (x) => x.rankB, 'gained')),
      h('p', { class: 'lost' }, h('strong', {}, `Lost from ${A.letter} (${pair.lost.length}): `), chips(pair.lost, (x) => x.rankA, 'lost')),
      h('p', { class: 'kept' }, h('strong', {}, `Kept (${pair.kept.length})`), pair.kept.some((k) => k.rankA !== k.rankB) ? `, ${pair.kept.filter((k) => k.rankA !== k.rankB).length} at another rank` : ''),
    );
  }

  function renderDeltas(): void {
    clear(deltas);
    const pair = pairOf(comparison, b)!;
    const B = results[b]!;
    deltas.appendChild(h('h2', {}, 'Scores and timings'));
    const rows = [
      ...pair.scores.map((d) => ({ cells: [d.name, formatDistance(d.a), formatDistance(d.b), signed(d.delta, d.name === 'answers' ? 0 : 3)], props: { class: 'delta-row score', data: { name: d.name } } })),
      ...pair.timings.map((d) => ({ cells: [d.name, `${d.a.toFixed(1)} ms`, `${d.b.toFixed(1)} ms`, `${signed(d.delta, 1)} ms`], props: { class: 'delta-row timing', data: { name: d.name } } })),
    ];
    deltas.appendChild(table(['figure', A.letter, B.letter, `Δ (${B.letter} − ${A.letter})`], rows, { class: 'deltas-table' }));
    if (pair.scoreNote) deltas.appendChild(h('p', { class: 'hint score-note' }, pair.scoreNote));
  }

  function renderLegend(): void {
    clear(legend);
    const B = results[b]!;
    const pair = pairOf(comparison, b)!;
    const c = sideColours();
    for (const side of ['a', 'b', 'both'] as const) {
      const swatch = h('span', { class: `swatch side-${side}`, attrs: { 'aria-hidden': 'true' } });
      swatch.style.background = c[side];
      legend.appendChild(h('span', { class: 'legend-item', data: { side } }, swatch, `${sideText(side, A.letter, B.letter)} `, h('span', { class: 'count' }, `${pair.subgraph.nodeCounts[side]} nodes, ${pair.subgraph.edgeCounts[side]} edges`)));
    }
    const n = pair.subgraph.nodeCounts;
    counts.textContent = `${n.a + n.b + n.both} nodes: ${n.a} only in ${A.letter}, ${n.b} only in ${B.letter}, ${n.both} in both · matched by ${pair.subgraph.matchedBy === 'id' ? 'node id (one graph)' : 'name (two graphs)'}`;
  }

  function renderNodeTable(): void {
    clear(nodeTable);
    if (!model) return;
    const B = results[b]!;
    nodeTable.appendChild(
      table(
        ['node', 'labels', 'where'],
        model.nodes.slice(0, 200).map((n) => ({ cells: [n.name, n.labels.join(', '), sideText(n.side, A.letter, B.letter)], props: { class: 'diff-node-row', data: { side: n.side } } })),
      ),
    );
  }

  function draw(): void {
    const pair = pairOf(comparison, b)!;
    const B = results[b]!;
    model = diffGraph(pair, A.letter, B.letter);
    cy?.destroy();
    cy = undefined;
    canvas.dataset.nodes = String(model.nodes.length);
    canvas.dataset.edges = String(model.edges.length);
    for (const side of ['a', 'b', 'both'] as const) canvas.dataset[`side${side === 'both' ? 'Both' : side.toUpperCase()}`] = String(pair.subgraph.nodeCounts[side]);
    renderNodeTable();
    if (model.nodes.length === 0) {
      canvas.dataset.drawn = 'empty';
      return;
    }
    const big = model.nodes.length > FORCE_LAYOUT_LIMIT;
    const layout = chooseLayout(model);
    const positions = layout === 'layered' ? layeredPositions(model) : undefined;
    cy = cytoscape({
      container: canvas,
      elements: [
        ...model.nodes.map((n) => ({ group: 'nodes' as const, data: { id: n.id, caption: n.caption, side: n.side, slot: 0 }, ...(positions?.has(n.id) ? { position: { ...positions.get(n.id)! } } : {}) })),
        ...model.edges.map((e) => ({ group: 'edges' as const, data: { id: e.id, source: e.source, target: e.target, type: e.type, side: model!.sides.get(e.id) } })),
      ],
      style: diffStyles(big),
      layout:
        layout === 'layered'
          ? { name: 'preset', fit: true, padding: 20 }
          : layout === 'cose'
            ? { name: 'cose', animate: false, randomize: false, nodeDimensionsIncludeLabels: true, nodeRepulsion: () => 40000, idealEdgeLength: () => 120, padding: 30 }
            : { name: 'grid', animate: false },
      textureOnViewport: big,
      pixelRatio: big ? 1 : 'auto',
      minZoom: 0.02,
      maxZoom: 4,
      boxSelectionEnabled: false,
    });
    canvas.dataset.drawn = 'true';
  }

  function choose(next: number): void {
    b = next;
    element.dataset.pair = `${A.letter}-${results[b]!.letter}`;
    renderAnswers();
    renderChanges();
    renderLegend();
    renderDeltas();
    if (mounted) draw();
  }

  const element = h(
    'div',
    { class: 'view compare-view', data: { results: String(results.length) } },
    h(
      'header',
      { class: 'run-header compare-header' },
      h(
        'div',
        { class: 'title-row' },
        h('h1', {}, `Compare: ${A.plan}`),
        h('span', { class: 'actions' }, h('vscode-button', { class: 'back-to-result', attrs: { secondary: true }, on: { click: () => options.back() } }, '‹ Back to result')),
      ),
      options.question ? h('p', { class: 'question' }, options.question) : null,
      h('ul', { class: 'compared-results' }, ...results.map((r) => h('li', { data: { letter: r.letter, strategy: r.strategy }, title: r.graph }, resultLine(r), h('span', { class: 'hint' }, ` · ${r.graph}`)))),
      ...(options.notes ?? []).map((n) => h('p', { class: 'warning compare-note' }, n)),
      pairSelect ? h('p', { class: 'pair-picker' }, `Compare ${A.letter} with `, pairSelect) : null,
    ),
    answersSection,
    changes,
    h('section', { class: 'subgraph-diff' }, h('h2', {}, 'Subgraph diff'), legend, counts, h('div', { class: 'graph-wrap' }, canvas), nodeTable),
    deltas,
  );

  let mounted = false;
  choose(1);
  return {
    element,
    mount() {
      if (mounted) return;
      mounted = true;
      draw();
    },
    retheme() {
      cy?.style(diffStyles((model?.nodes.length ?? 0) > FORCE_LAYOUT_LIMIT));
      renderLegend();
    },
    dispose() {
      cy?.destroy();
    },
  };
}
