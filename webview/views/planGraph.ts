/**
 * The plan drawn as operator boxes (layout and text from webview/model/planGraph.ts): an SVG at
 * its natural size inside a scroller, so a narrow panel scrolls instead of shrinking the text.
 * Every string is an SVG text node. Boxes are focusable; Enter/Space or a click selects one and
 * prints its full figures below the drawing.
 */
import type { PlanTree } from '../../src/contracts/values';
import { clear, h, svg } from '../dom';
import { gapText, PLAN_BOX, planGraph, type PlanBox } from '../model/planGraph';

const MARGIN = 12;

/** An upper bound of one character of the operator name (12 px, semi-bold UI font), in CSS pixels. */
const OP_NAME_CHAR_PX = 8.2;

function boxElement(box: PlanBox, onSelect: (box: PlanBox) => void): SVGElement {
  const classes = ['plan-box', box.hottest ? 'hottest' : '', box.gap?.marked ? 'gap-marked' : ''].filter(Boolean).join(' ');
  const x = box.x + MARGIN;
  const y = box.y + MARGIN;
  let line = y + PLAN_BOX.padding + PLAN_BOX.titleHeight - 5;
  // A long operator name (the embedded engine's PRIMARY_KEY_SCAN_NODE_TABLE: ≈ 8 px per bold
  // capital at 12 px) is condensed to the box rather than drawn past its edge; the tooltip has it whole.
  const room = box.width - 2 * PLAN_BOX.padding - (box.hottest ? 52 : 0);
  const fit = box.operator.length * OP_NAME_CHAR_PX > room ? { textLength: room, lengthAdjust: 'spacingAndGlyphs' } : {};
  const text: SVGElement[] = [svg('text', { class: 'plan-op-name', x: x + PLAN_BOX.padding, y: line, ...fit }, box.operator)];
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

export interface PlanGraphView {
  readonly element: HTMLElement;
  /** Scrolls the drawing so the hottest operator (else the root) is in view; call once visible. */
  showHottest(): void;
}

const ZOOMS = [0.25, 0.4, 0.6, 0.8, 1, 1.25, 1.5] as const;

export function planGraphElement(plan: PlanTree): PlanGraphView {
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
  const scroller = h('div', { class: 'plan-scroll', attrs: { tabindex: 0, 'aria-label': 'Plan drawing (scrolls)' } }, drawing);

  // Zoom: 100 % keeps the text at its size (the default); smaller steps and "Fit" give the overview.
  let zoom = 1;
  const zoomLabel = h('span', { class: 'plan-zoom-level hint' }, '100 %');
  const setZoom = (z: number) => {
    zoom = z;
    drawing.setAttribute('width', String(Math.round(width * z)));
    drawing.setAttribute('height', String(Math.round(height * z)));
    zoomLabel.textContent = `${Math.round(z * 100)} %`;
    root.dataset.zoom = z.toFixed(2);
  };
  const step = (dir: -1 | 1) => {
    const i = ZOOMS.findIndex((z) => z >= zoom - 1e-9);
    const next = ZOOMS[Math.min(Math.max((i < 0 ? ZOOMS.length - 1 : i) + dir, 0), ZOOMS.length - 1)]!;
    setZoom(next);
  };
  const zoomBar = h(
    'span',
    { class: 'plan-zoom', attrs: { role: 'group', 'aria-label': 'Zoom' } },
    h('button', { class: 'link toggle zoom-out', attrs: { type: 'button', 'aria-label': 'Zoom out' }, on: { click: () => step(-1) } }, '−'),
    zoomLabel,
    h('button', { class: 'link toggle zoom-in', attrs: { type: 'button', 'aria-label': 'Zoom in' }, on: { click: () => step(1) } }, '+'),
    h('button', { class: 'link toggle zoom-fit', attrs: { type: 'button', title: 'Fit the whole plan in the panel' }, on: { click: () => setZoom(Math.min(1, Math.max(0.1, Math.min((scroller.clientWidth - 4) / width, (scroller.clientHeight - 4) / height)))) } }, 'Fit'),
    h('button', { class: 'link toggle zoom-reset', attrs: { type: 'button', title: 'Actual size' }, on: { click: () => setZoom(1) } }, '1:1'),
  );
  const legend = h(
    'p',
    { class: 'hint plan-legend' },
    'Rows flow down into the result; edge width follows the rows. ',
    graph.worstGaps.length > 0 ? h('span', { class: 'plan-gap-legend' }, `⚠ ${graph.worstGaps.length} worst estimate gap${graph.worstGaps.length === 1 ? '' : 's'} marked.`) : null,
  );
  const root = h('div', { class: 'plan-graph-view' }, h('div', { class: 'plan-graph-bar' }, legend, zoomBar), scroller, details);
  return {
    element: root,
    showHottest() {
      const target = byPath.get(graph.hottestPath ?? '0') ?? byPath.get('0')!;
      const cx = (target.x + target.width / 2 + MARGIN) * zoom;
      const cy = (target.y + target.height / 2 + MARGIN) * zoom;
      scroller.scrollLeft = Math.max(0, cx - scroller.clientWidth / 2);
      scroller.scrollTop = Math.max(0, cy - scroller.clientHeight / 2);
    },
  };
}
