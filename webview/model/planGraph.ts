/**
 * The Cypher plan as a drawing in Neo4j Browser's manner: one box per operator (name, details,
 * identifiers, estimated vs actual rows, db hits, memory, time), data flowing from the leaf scans
 * at the top down to the root, edges as thick as the rows they carry, and the operators whose
 * estimate missed the actual rows by the widest factor marked. Pure: positions and wrapped text
 * lines are computed here so the view only draws them, and tests can check the layout.
 */
import type { PlanTree } from '../../src/core/graph/graphStore';
import { formatCount, formatMs } from './format';
import { planView, type PlanRow } from './plan';

/** Box geometry in CSS pixels. Details are set in the editor's monospace font, so a line's width is known. */
export const PLAN_BOX = {
  width: 232,
  padding: 8,
  lineHeight: 15,
  titleHeight: 18,
  /** Characters per line at 11 px monospace (≈ 6.6 px each) inside the padding. */
  charsPerLine: 32,
  gapX: 24,
  gapY: 44,
} as const;

/** An operator's estimate is marked when it is off by at least this factor (either way)… */
export const GAP_MARK_FACTOR = 3;
/** …and among the worst this many of the plan. */
export const GAP_MARK_COUNT = 3;

export interface EstimateGap {
  readonly estimated: number;
  readonly actual: number;
  /** max / min, with 1 for an empty side (an estimate of 0 rows vs 40 actual is 40×). */
  readonly factor: number;
  readonly direction: 'over' | 'under';
  /** One of the plan's worst gaps (≥ GAP_MARK_FACTOR, top GAP_MARK_COUNT). */
  readonly marked: boolean;
}

export type FigureKind = 'estimatedRows' | 'rows' | 'dbHits' | 'memoryBytes' | 'timeMs';

export interface PlanFigure {
  readonly kind: FigureKind;
  readonly label: string;
  readonly value: string;
}

export interface PlanBox {
  readonly path: string;
  readonly operator: string;
  /** Details and identifiers wrapped to the box width (never cut: the box grows instead). */
  readonly lines: readonly string[];
  readonly figures: readonly PlanFigure[];
  /** Figures two per line, as drawn. */
  readonly figureLines: readonly string[];
  readonly hottest: boolean;
  readonly gap: EstimateGap | null;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlanEdge {
  /** The producing operator (a child in the tree) → the consuming one. */
  readonly from: string;
  readonly to: string;
  readonly rows: number | null;
  readonly rowsKind: 'actual' | 'estimated' | 'none';
  /** Stroke width: 1.5 px for no rows up to 10 px for the plan's largest flow (log scale). */
  readonly width: number;
  readonly label: string;
}

export interface PlanGraph {
  readonly boxes: readonly PlanBox[];
  readonly edges: readonly PlanEdge[];
  readonly width: number;
  readonly height: number;
  readonly hottestPath: string | null;
  /** Marked gaps, worst first. */
  readonly worstGaps: readonly string[];
}

/**
 * Wraps text to lines of at most `width` characters: at spaces first, then after punctuation that
 * reads well as a break (`,` `.` `(` `)` `]` `-` `>`), and only then inside a word.
 */
export function wrapText(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let rest = paragraph.trim();
    if (rest.length === 0) continue;
    while (rest.length > width) {
      let cut = rest.lastIndexOf(' ', width);
      if (cut <= 0) {
        cut = -1;
        for (let i = width - 1; i > 0; i--) {
          if (',.()]->:|'.includes(rest[i]!)) {
            cut = i + 1;
            break;
          }
        }
        if (cut <= 0) cut = width;
      }
      lines.push(rest.slice(0, cut).trimEnd());
      rest = rest.slice(cut).trimStart();
    }
    if (rest.length > 0) lines.push(rest);
  }
  return lines;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v < 10 ? v.toFixed(1) : Math.round(v)} ${units[u]}`;
}

export function estimateGap(estimated: number | null, actual: number | null): Omit<EstimateGap, 'marked'> | null {
  if (estimated === null || actual === null) return null;
  const lo = Math.max(Math.min(estimated, actual), 1);
  const hi = Math.max(estimated, actual, 1);
  return { estimated, actual, factor: hi / lo, direction: estimated >= actual ? 'over' : 'under' };
}

function figuresOf(row: PlanRow, memory: number | null): PlanFigure[] {
  const out: PlanFigure[] = [];
  if (row.estimatedRows !== null) out.push({ kind: 'estimatedRows', label: 'est. rows', value: formatCount(Math.round(row.estimatedRows)) });
  if (row.rows !== null) out.push({ kind: 'rows', label: 'rows', value: formatCount(row.rows) });
  if (row.dbHits !== null) out.push({ kind: 'dbHits', label: 'db hits', value: formatCount(row.dbHits) });
  if (memory !== null) out.push({ kind: 'memoryBytes', label: 'memory', value: formatBytes(memory) });
  if (row.timeMs !== null) out.push({ kind: 'timeMs', label: 'time', value: formatMs(row.timeMs) });
  return out;
}

export function planGraph(plan: PlanTree): PlanGraph {
  const view = planView(plan);
  const memoryByPath = new Map<string, number | null>();
  const walk = (node: PlanTree, path: string) => {
    memoryByPath.set(path, node.memoryBytes ?? null);
    node.children.forEach((c, i) => walk(c, `${path}.${i}`));
  };
  walk(plan, '0');
  const byPath = new Map(view.rows.map((r) => [r.path, r]));

  // The worst estimate gaps: only where both figures exist (PROFILE), widest factor first.
  const gaps = new Map<string, Omit<EstimateGap, 'marked'>>();
  for (const r of view.rows) {
    const g = estimateGap(r.estimatedRows, r.rows);
    if (g) gaps.set(r.path, g);
  }
  const worstGaps = [...gaps]
    .filter(([, g]) => g.factor >= GAP_MARK_FACTOR)
    .sort((a, b) => b[1].factor - a[1].factor || a[0].localeCompare(b[0]))
    .slice(0, GAP_MARK_COUNT)
    .map(([path]) => path);
  const marked = new Set(worstGaps);

  // Text first: a box's height follows its wrapped lines.
  const content = new Map<string, { lines: string[]; figures: PlanFigure[]; figureLines: string[]; height: number }>();
  for (const r of view.rows) {
    const lines = [
      ...(r.details ? wrapText(r.details, PLAN_BOX.charsPerLine) : []),
      ...(r.identifiers.length > 0 ? wrapText(`⟨${r.identifiers.join(', ')}⟩`, PLAN_BOX.charsPerLine) : []),
    ];
    const figures = figuresOf(r, memoryByPath.get(r.path) ?? null);
    const figureLines: string[] = [];
    for (let i = 0; i < figures.length; i += 2) {
      figureLines.push(figures.slice(i, i + 2).map((f) => `${f.label} ${f.value}`).join(' · '));
    }
    const textLines = lines.length + figureLines.length + (gaps.has(r.path) && marked.has(r.path) ? 1 : 0);
    const height = PLAN_BOX.padding * 2 + PLAN_BOX.titleHeight + textLines * PLAN_BOX.lineHeight;
    content.set(r.path, { lines, figures, figureLines, height });
  }

  // Tidy tree: leaves in slots left to right, a parent centred over its children; levels by depth,
  // the root at the bottom (Neo4j Browser's direction: rows flow down into the result).
  const subtreeWidth = new Map<string, number>();
  const measure = (path: string): number => {
    const row = byPath.get(path)!;
    const childrenWidth = row.childPaths.reduce((a, c, i) => a + measure(c) + (i > 0 ? PLAN_BOX.gapX : 0), 0);
    const w = Math.max(PLAN_BOX.width, childrenWidth);
    subtreeWidth.set(path, w);
    return w;
  };
  const totalWidth = measure('0');
  const maxDepth = Math.max(...view.rows.map((r) => r.depth));
  const levelHeight = new Array<number>(maxDepth + 1).fill(0);
  for (const r of view.rows) levelHeight[r.depth] = Math.max(levelHeight[r.depth]!, content.get(r.path)!.height);
  const levelTop = new Array<number>(maxDepth + 1).fill(0);
  let y = 0;
  for (let d = maxDepth; d >= 0; d--) {
    levelTop[d] = y;
    y += levelHeight[d]! + PLAN_BOX.gapY;
  }
  const totalHeight = y - PLAN_BOX.gapY;

  const centreX = new Map<string, number>();
  const place = (path: string, left: number) => {
    const row = byPath.get(path)!;
    const w = subtreeWidth.get(path)!;
    const childrenWidth = row.childPaths.reduce((a, c, i) => a + subtreeWidth.get(c)! + (i > 0 ? PLAN_BOX.gapX : 0), 0);
    let x = left + (w - childrenWidth) / 2;
    for (const c of row.childPaths) {
      place(c, x);
      x += subtreeWidth.get(c)! + PLAN_BOX.gapX;
    }
    centreX.set(path, left + w / 2);
  };
  place('0', 0);

  const boxes: PlanBox[] = view.rows.map((r) => {
    const c = content.get(r.path)!;
    const g = gaps.get(r.path);
    return {
      path: r.path,
      operator: r.operator,
      lines: c.lines,
      figures: c.figures,
      figureLines: c.figureLines,
      hottest: r.hottest,
      gap: g ? { ...g, marked: marked.has(r.path) } : null,
      x: centreX.get(r.path)! - PLAN_BOX.width / 2,
      // Boxes sit at the bottom of their level so edges into the next level are short and even.
      y: levelTop[r.depth]! + levelHeight[r.depth]! - c.height,
      width: PLAN_BOX.width,
      height: c.height,
    };
  });

  const flows = view.rows.map((r) => r.rows ?? r.estimatedRows ?? 0);
  const maxFlow = Math.max(1, ...flows);
  const edges: PlanEdge[] = [];
  for (const r of view.rows) {
    for (const c of r.childPaths) {
      const child = byPath.get(c)!;
      const rows = child.rows ?? child.estimatedRows;
      const rowsKind = child.rows !== null ? 'actual' : child.estimatedRows !== null ? 'estimated' : 'none';
      const width = rows === null ? 1.5 : 1.5 + (8.5 * Math.log10(1 + rows)) / Math.log10(1 + maxFlow);
      const noun = Math.round(rows ?? 0) === 1 ? 'row' : 'rows';
      const label = rows === null ? '' : `${formatCount(Math.round(rows))} ${rowsKind === 'actual' ? noun : `est. ${noun}`}`;
      edges.push({ from: c, to: r.path, rows, rowsKind, width, label });
    }
  }

  return { boxes, edges, width: totalWidth, height: totalHeight, hottestPath: view.hottestPath, worstGaps };
}

/** The marked-gap sentence drawn in a box: "estimate 12, actual 3: 4× over". */
export function gapText(g: EstimateGap): string {
  const f = g.factor >= 10 ? Math.round(g.factor).toString() : g.factor.toFixed(1).replace(/\.0$/, '');
  return `estimate ${g.direction === 'over' ? 'over' : 'under'} by ${f}×`;
}
