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
