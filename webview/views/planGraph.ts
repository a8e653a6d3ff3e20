/**
 * The plan drawn as operator boxes (layout and text from webview/model/planGraph.ts): an SVG at
 * its natural size inside a scroller, so a narrow panel scrolls instead of shrinking the text.
 * Every string is an SVG text node. Boxes are focusable; Enter/Space or a click selects one and
 * prints its full figures below the drawing.
 */
import type { PlanTree } from '../../src/core/graph/graphStore';
import { clear, h, svg } from '../dom';
import { gapText, PLAN_BOX, planGraph, type PlanBox } from '../model/planGraph';

const MARGIN = 12;

function boxElement(box: PlanBox, onSelect: (box: PlanBox) => void): SVGElement {
  const classes = ['plan-box', box.hottest ? 'hottest' : '', box.gap?.marked ? 'gap-marked' : ''].filter(Boolean).join(' ');
  const x = box.x + MARGIN;
  const y = box.y + MARGIN;
  let line = y + PLAN_BOX.padding + PLAN_BOX.titleHeight - 5;
  const text: SVGElement[] = [svg('text', { class: 'plan-op-name', x: x + PLAN_BOX.padding, y: line }, box.operator)];
  if (box.hottest) text.push(svg('text', { class: 'plan-hot-tag', x: x + box.width - PLAN_BOX.padding, y: line, 'text-anchor': 'end' }, 'hottest'));
  for (const l of box.lines) {
    line += PLAN_BOX.lineHeight;
    text.push(svg('text', { class: 'plan-detail', x: x + PLAN_BOX.padding, y: line }, l));
  }
  for (const l of box.figureLines) {
    line += PLAN_BOX.lineHeight;
    text.push(svg('text', { class: 'plan-figure', x: x + PLAN_BOX.padding, y: line }, l));
  }
  if (box.gap?.marked) {
    line += PLAN_BOX.lineHeight;
    text.push(svg('text', { class: 'plan-gap', x: x + PLAN_BOX.padding, y: line }, `⚠ ${gapText(box.gap)}`));
  }
  const title = [box.operator, ...box.lines, ...box.figures.map((f) => `${f.label}: ${f.value}`), box.gap ? gapText(box.gap) : ''].filter(Boolean).join('\n');
  const g = svg(
    'g',
    {
      class: classes,
      tabindex: 0,
      role: 'button',
      'aria-label': title.replace(/\n/g, '; '),
      'data-path': box.path,
      'data-operator': box.operator,
      ...(box.gap ? { 'data-gap': box.gap.factor.toFixed(2) } : {}),
    },
    svg('title', {}, title),
    svg('rect', { x, y, width: box.width, height: box.height, rx: 4, ry: 4 }),
    ...text,
  );
  g.addEventListener('click', () => onSelect(box));
  g.addEventListener('keydown', (e) => {
    const key = (e as KeyboardEvent).key;
    if (key === 'Enter' || key === ' ') {
      e.preventDefault();
      onSelect(box);
    }
  });
  return g;
}

export function planGraphElement(plan: PlanTree): HTMLElement {
  const graph = planGraph(plan);
  const byPath = new Map(graph.boxes.map((b) => [b.path, b]));
  const details = h('div', { class: 'plan-box-details', attrs: { 'aria-live': 'polite' } });
  const select = (box: PlanBox) => {
    clear(details);
    details.appendChild(
      h(
        'dl',
        {},
        h('dt', {}, 'operator'),
        h('dd', {}, box.operator),
        ...box.lines.length > 0 ? [h('dt', {}, 'details'), h('dd', {}, box.lines.join(' '))] : [],
        ...box.figures.flatMap((f) => [h('dt', {}, f.label), h('dd', {}, f.value)]),
        ...(box.gap ? [h('dt', {}, 'estimate'), h('dd', {}, `${gapText(box.gap)} (estimated ${box.gap.estimated}, actual ${box.gap.actual})`)] : []),
      ),
    );
    root.querySelectorAll('.plan-box.selected').forEach((e) => e.classList.remove('selected'));
    root.querySelector(`.plan-box[data-path="${box.path}"]`)?.classList.add('selected');
  };

  const edges = graph.edges.map((e) => {
    const from = byPath.get(e.from)!;
    const to = byPath.get(e.to)!;
    // From the bottom of the producer to the top of the consumer (the root is at the bottom).
    const x1 = from.x + from.width / 2 + MARGIN;
    const y1 = from.y + from.height + MARGIN;
    const x2 = to.x + to.width / 2 + MARGIN;
    const y2 = to.y + MARGIN;
    const mid = (y1 + y2) / 2;
    return svg(
      'g',
      { class: `plan-edge ${e.rowsKind}`, 'data-from': e.from, 'data-to': e.to, 'data-rows': e.rows ?? '' },
      svg('path', { d: `M ${x1} ${y1} C ${x1} ${mid}, ${x2} ${mid}, ${x2} ${y2 - 2}`, 'stroke-width': e.width.toFixed(2), fill: 'none' }),
      e.label ? svg('text', { class: 'plan-edge-label', x: (x1 + x2) / 2 + 8, y: mid + 4 }, e.label) : null,
    );
  });

  const width = graph.width + 2 * MARGIN;
  const height = graph.height + 2 * MARGIN;
  const drawing = svg(
    'svg',
    { class: 'plan-graph', width, height, viewBox: `0 0 ${width} ${height}`, role: 'group', 'aria-label': 'Query plan, operators as boxes; rows flow downwards into the result' },
    ...edges,
    ...graph.boxes.map((b) => boxElement(b, select)),
  );
  const legend = h(
    'p',
    { class: 'hint plan-legend' },
    'Rows flow down into the result; edge width follows the rows. ',
    graph.worstGaps.length > 0 ? h('span', { class: 'plan-gap-legend' }, `⚠ ${graph.worstGaps.length} worst estimate gap${graph.worstGaps.length === 1 ? '' : 's'} marked.`) : null,
  );
  const root = h('div', { class: 'plan-graph-view' }, legend, h('div', { class: 'plan-scroll', attrs: { tabindex: 0, 'aria-label': 'Plan drawing (scrolls)' } }, drawing), details);
  return root;
}
