/**
 * The graph view as standalone SVG (cytoscape draws on canvas and exports PNG only). Positions
 * come from the laid-out graph; every text is XML-escaped.
 */

export interface SvgNode {
  readonly id: string;
  readonly x: number;
  readonly y: number;
  readonly label: string;
  readonly mapped: boolean;
  /** The node's label colour (the view's legend); else the mapped/unmapped colours. */
  readonly fill?: string;
}

export interface SvgEdge {
  readonly source: string;
  readonly target: string;
  readonly label: string;
}

export interface SvgColors {
  readonly background: string;
  readonly foreground: string;
  readonly node: string;
  readonly mappedNode: string;
  readonly edge: string;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
}

const R = 14;
const PAD = 60;

export function graphToSvg(nodes: readonly SvgNode[], edges: readonly SvgEdge[], colors: SvgColors): string {
  const xs = nodes.map((n) => n.x);
  const ys = nodes.map((n) => n.y);
  const minX = nodes.length ? Math.min(...xs) - PAD : 0;
  const minY = nodes.length ? Math.min(...ys) - PAD : 0;
  const width = nodes.length ? Math.max(...xs) - minX + PAD : 2 * PAD;
  const height = nodes.length ? Math.max(...ys) - minY + PAD : 2 * PAD;
  const at = new Map(nodes.map((n) => [n.id, n]));
  const f = (v: number) => (Math.round(v * 10) / 10).toString();
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${f(minX)} ${f(minY)} ${f(width)} ${f(height)}" width="${f(width)}" height="${f(height)}" font-family="sans-serif" font-size="11">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" fill="${escapeXml(colors.edge)}"/></marker></defs>`,
    `<rect x="${f(minX)}" y="${f(minY)}" width="${f(width)}" height="${f(height)}" fill="${escapeXml(colors.background)}"/>`,
  ];
  for (const e of edges) {
    const s = at.get(e.source);
    const t = at.get(e.target);
    if (!s || !t) continue;
    // Stop the line at the target circle's rim so the arrow head stays visible.
    const dx = t.x - s.x;
    const dy = t.y - s.y;
    const len = Math.hypot(dx, dy) || 1;
    const x2 = t.x - (dx / len) * R;
    const y2 = t.y - (dy / len) * R;
    parts.push(
      `<line x1="${f(s.x)}" y1="${f(s.y)}" x2="${f(x2)}" y2="${f(y2)}" stroke="${escapeXml(colors.edge)}" stroke-width="1.5" marker-end="url(#arrow)"/>`,
      `<text x="${f((s.x + t.x) / 2)}" y="${f((s.y + t.y) / 2 - 4)}" text-anchor="middle" fill="${escapeXml(colors.foreground)}">${escapeXml(e.label)}</text>`,
    );
  }
  for (const n of nodes) {
    parts.push(
      `<circle cx="${f(n.x)}" cy="${f(n.y)}" r="${R}" fill="${escapeXml(n.fill ?? (n.mapped ? colors.mappedNode : colors.node))}"${n.mapped ? ` stroke="${escapeXml(colors.foreground)}" stroke-width="2"` : ''}/>`,
      `<text x="${f(n.x)}" y="${f(n.y + R + 13)}" text-anchor="middle" fill="${escapeXml(colors.foreground)}">${escapeXml(n.label)}</text>`,
    );
  }
  parts.push('</svg>');
  return parts.join('\n');
}
