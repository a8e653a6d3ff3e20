/** Theme colours for the canvas: VS Code CSS variables normalised to what cytoscape parses. */

/** #rgb, #rrggbb, #rrggbbaa, rgb()/rgba() → a cytoscape-parsable colour; otherwise the fallback. */
export function toCanvasColor(value: string | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  let m = /^#([0-9a-f]{3})$/i.exec(v);
  if (m) return `#${[...m[1]!].map((c) => c + c).join('').toLowerCase()}`;
  m = /^#([0-9a-f]{6})(?:[0-9a-f]{2})?$/i.exec(v);
  if (m) return `#${m[1]!.toLowerCase()}`;
  m = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(v);
  if (m) return `rgb(${m[1]}, ${m[2]}, ${m[3]})`;
  return fallback;
}

export interface GraphPalette {
  readonly background: string;
  readonly foreground: string;
  readonly node: string;
  readonly mappedNode: string;
  readonly edge: string;
  readonly highlight: string;
  readonly textOutline: string;
}

export type ReadVar = (name: string) => string | undefined;

export function graphPalette(read: ReadVar): GraphPalette {
  return {
    background: toCanvasColor(read('--vscode-editor-background'), '#1e1e1e'),
    foreground: toCanvasColor(read('--vscode-editor-foreground'), '#cccccc'),
    node: toCanvasColor(read('--vscode-charts-blue'), '#3794ff'),
    mappedNode: toCanvasColor(read('--vscode-charts-orange'), '#d18616'),
    edge: toCanvasColor(read('--vscode-charts-lines') ?? read('--vscode-editorLineNumber-foreground'), '#858585'),
    highlight: toCanvasColor(read('--vscode-focusBorder'), '#007fd4'),
    textOutline: toCanvasColor(read('--vscode-editor-background'), '#1e1e1e'),
  };
}

/**
 * Label colours from the theme's own palette, so dark, light and high-contrast themes all keep
 * them readable against the editor background. Theme variables first (their value follows the
 * theme), each with a fallback for a host that does not define it. Eight hues that stay apart;
 * past eight labels colours repeat (the legend still names each label).
 */
export const LABEL_PALETTE: ReadonlyArray<readonly [variable: string, fallback: string]> = [
  ['--vscode-charts-blue', '#3794ff'],
  ['--vscode-charts-orange', '#d18616'],
  ['--vscode-charts-green', '#89d185'],
  ['--vscode-charts-purple', '#b180d7'],
  ['--vscode-charts-red', '#f14c4c'],
  ['--vscode-terminal-ansiCyan', '#11a8cd'],
  ['--vscode-terminal-ansiMagenta', '#bc3fbc'],
  // Not charts.yellow: next to charts.orange it reads as the same colour in the light themes.
  ['--vscode-terminal-ansiBrightBlack', '#767676'],
];

/** FNV-1a: a label's name → a stable slot, the same in every run and every panel. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * A palette slot per label: each label starts at its hashed slot (stable across results) and,
 * when another label took it, moves to the next free one. Labels already in `existing` keep their
 * slot (a view passes its map back, so an expansion that brings new labels recolours nothing);
 * new ones are assigned in name order, so the outcome depends only on the sets. Past the
 * palette's size slots repeat.
 */
export function labelSlots(labels: Iterable<string>, existing: ReadonlyMap<string, number> = new Map()): Map<string, number> {
  const out = new Map(existing);
  const n = LABEL_PALETTE.length;
  const taken = new Set(out.values());
  for (const label of [...new Set(labels)].filter((l) => !out.has(l)).sort()) {
    let slot = hashLabel(label) % n;
    if (taken.size < n) while (taken.has(slot)) slot = (slot + 1) % n;
    taken.add(slot);
    out.set(label, slot);
  }
  return out;
}

/** The canvas colour of each slot under the current theme. */
export function labelColors(read: ReadVar): string[] {
  return LABEL_PALETTE.map(([variable, fallback]) => toCanvasColor(read(variable), fallback));
}
