// Parses the embedded engine's EXPLAIN/PROFILE output — an ASCII box tree in the column `explain result` —
// into a PlanTree. The engine lays boxes out on a grid: a row of boxes per tree level, a node's children
// start at its own column and continue to the right. Content is padded by UTF-8 byte length while
// box-drawing characters count as one column, so positions are measured the same way here.
import type { PlanTree } from '../graphStore';

interface Cell {
  readonly ch: string;
  readonly col: number;
}

interface Box {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly lines: readonly string[];
}

const BOX_DRAWING = /[\u2500-\u257f]/;

function cellWidth(ch: string): number {
  if (BOX_DRAWING.test(ch)) return 1;
  const cp = ch.codePointAt(0) ?? 0; // UTF-8 length
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function toCells(line: string): Cell[] {
  const cells: Cell[] = [];
  let col = 0;
  for (const ch of line) {
    cells.push({ ch, col });
    col += cellWidth(ch);
  }
  return cells;
}

function charAt(cells: readonly Cell[], col: number): string | undefined {
  // Cells are sorted by col: binary search.
  let lo = 0;
  let hi = cells.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const c = cells[mid]!;
    if (c.col === col) return c.ch;
    if (c.col < col) lo = mid + 1;
    else hi = mid - 1;
  }
  return undefined;
}

function textBetween(cells: readonly Cell[], left: number, right: number): string {
  return cells
    .filter((c) => c.col > left && c.col < right)
    .map((c) => c.ch)
    .join('')
    .trim();
}

function findBoxes(grid: readonly Cell[][]): Box[] {
  const boxes: Box[] = [];
  grid.forEach((cells, top) => {
    for (const { ch, col: left } of cells) {
      if (ch !== '┌') continue;
      // The top border runs to the first ┐ on the same line.
      let right = -1;
      for (const c of cells) {
        if (c.col <= left) continue;
        if (c.ch === '┐') {
          right = c.col;
          break;
        }
        if (!/[─┴┬]/.test(c.ch)) break;
      }
      if (right < 0) continue;
      let bottom = -1;
      for (let y = top + 1; y < grid.length; y++) {
        const here = charAt(grid[y]!, left);
        if (here === '└') {
          bottom = y;
          break;
        }
        if (here !== '│') break;
      }
      if (bottom < 0) continue;
      const lines: string[] = [];
      for (let y = top + 1; y < bottom; y++) lines.push(textBetween(grid[y]!, left, right));
      boxes.push({ top, bottom, left, right, lines });
    }
  });
  return boxes;
}

function contains(outer: Box, inner: Box): boolean {
  return outer !== inner && outer.top <= inner.top && outer.bottom >= inner.bottom && outer.left <= inner.left && outer.right >= inner.right;
}

const FIELD = /^([A-Za-z][A-Za-z ]*?):\s?(.*)$/;

/** One box's text → operator, details and metrics. */
function boxToNode(box: Box, withMetrics: boolean): Omit<PlanTree, 'children'> {
  const [head = '', ...rest] = box.lines.filter((l) => l.length > 0);
  const op = /^(.*?)\[(\d+)\]$/.exec(head);
  const operator = op ? op[1]! : head;
  const fields: { key?: string; value: string }[] = [];
  for (const line of rest) {
    if (/^-+$/.test(line)) {
      fields.push({ value: '' }); // section break: the next line starts a new field
      continue;
    }
    const m = FIELD.exec(line);
    const last = fields[fields.length - 1];
    if (m) fields.push({ key: m[1]!, value: m[2]! });
    else if (last && last.value !== '') last.value += ', ' + line; // a wrapped list continues
    else fields.push({ value: line });
  }
  let rows: number | undefined;
  let timeMs: number | undefined;
  const details: string[] = [];
  for (const f of fields) {
    if (f.key === undefined && f.value === '') continue;
    if (f.key === 'NumOutputTuples') rows = Number(f.value);
    else if (f.key === 'ExecutionTime') timeMs = Number(f.value);
    else if (f.key === 'TotalTime' || f.key === 'WallClockTime') continue;
    else details.push(f.key ? `${f.key}: ${f.value}` : f.value);
  }
  const node: { -readonly [K in keyof Omit<PlanTree, 'children'>]: Omit<PlanTree, 'children'>[K] } = { operator };
  if (details.length > 0) node.details = details.join('; ');
  if (withMetrics && rows !== undefined && Number.isFinite(rows)) node.rows = rows;
  if (withMetrics && timeMs !== undefined && Number.isFinite(timeMs)) node.timeMs = timeMs;
  return node;
}

interface MutablePlan {
  node: Omit<PlanTree, 'children'>;
  children: MutablePlan[];
}

function freeze(p: MutablePlan): PlanTree {
  return { ...p.node, children: p.children.map(freeze) };
}

/**
 * Parses `explain result` text. `withMetrics`: true for PROFILE (real rows and times); EXPLAIN prints
 * zeros there, which would be lies, so they are dropped. Returns undefined when no operator box is found.
 */
export function parseEmbeddedPlan(text: string, withMetrics: boolean): PlanTree | undefined {
  const grid = text.split(/\r?\n/).map(toCells);
  const all = findBoxes(grid);
  // Drop the "Physical Plan" title (a box inside a box) and anything nested.
  const title = all.filter((b) => b.lines.some((l) => /Physical Plan/.test(l)));
  const boxes = all.filter((b) => !title.some((t) => t === b || contains(b, t) || contains(t, b)) && !all.some((o) => contains(o, b)));
  if (boxes.length === 0) return undefined;
  const tops = [...new Set(boxes.map((b) => b.top))].sort((a, b) => a - b);
  const levels = tops.map((t) => boxes.filter((b) => b.top === t).sort((a, b) => a.left - b.left));
  const plans = new Map<Box, MutablePlan>();
  for (const b of boxes) plans.set(b, { node: boxToNode(b, withMetrics), children: [] });
  const roots: MutablePlan[] = [];
  levels.forEach((level, depth) => {
    for (const box of level) {
      const plan = plans.get(box)!;
      // The parent is the box one level up with the greatest left edge not right of this one.
      const above = depth > 0 ? levels[depth - 1]!.filter((p) => p.left <= box.left) : [];
      const parent = above[above.length - 1];
      if (parent) plans.get(parent)!.children.push(plan);
      else roots.push(plan);
    }
  });
  let root = roots[0];
  if (!root) return undefined;
  // PROFILE/EXPLAIN wrap the real plan in one operator of their own name.
  while ((root.node.operator === 'PROFILE' || root.node.operator === 'EXPLAIN') && root.children.length === 1) root = root.children[0]!;
  return freeze(root);
}

/** Every operator in the tree, depth first (for summaries and tests). */
export function flattenPlan(plan: PlanTree): PlanTree[] {
  return [plan, ...plan.children.flatMap(flattenPlan)];
}
