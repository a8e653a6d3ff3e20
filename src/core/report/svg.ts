import type { MatchedSubgraph } from '../retrieve/result';
import { classAttr, html, type Html } from './escape';

/**
 * Subgraphs drawn as static SVG (no script: the report's CSP allows none): the nodes of the
 * given subgraphs on a circle, edges as lines labelled with their type. Several subgraphs go on one
 * canvas; a node or edge in only some of them is drawn in that side's class (`only-a`, `only-b`).
 */
export function subgraphSvg(a: readonly MatchedSubgraph[], b: readonly MatchedSubgraph[] = []): Html {
  const key = (t: { source: string; type: string; target: string }): string => `${t.source}\u0000${t.type}\u0000${t.target}`;
  const names = new Map<string, string>();
  const edgesA = new Map<string, { source: string; type: string; target: string }>();
  const edgesB = new Map<string, { source: string; type: string; target: string }>();
  const inA = new Set<string>();
  const inB = new Set<string>();
  const take = (subgraphs: readonly MatchedSubgraph[], edges: Map<string, { source: string; type: string; target: string }>, nodes: Set<string>): void => {
    for (const s of subgraphs) {
      for (const m of s.mapping ?? []) {
        names.set(m.nodeId, m.name);
        nodes.add(m.nodeId);
      }
      for (const t of s.triples ?? []) {
        names.set(t.source, t.sourceName);
        names.set(t.target, t.targetName);
        nodes.add(t.source);
        nodes.add(t.target);
        edges.set(key(t), t);
      }
    }
  };
  take(a, edgesA, inA);
  take(b, edgesB, inB);
  const ids = [...names.keys()].slice(0, 60);
  if (ids.length === 0) return html``;
  const W = 640;
  const H = 360;
  const r = Math.min(W, H) / 2 - 50;
  const pos = new Map(ids.map((id, i) => [id, { x: W / 2 + r * Math.cos((2 * Math.PI * i) / ids.length - Math.PI / 2), y: H / 2 + r * Math.sin((2 * Math.PI * i) / ids.length - Math.PI / 2) }] as const));
  const two = b.length > 0;
  const side = (x: boolean, y: boolean): 'both' | 'only-a' | 'only-b' => (!two ? 'both' : x && y ? 'both' : x ? 'only-a' : 'only-b');
  const parts: Html[] = [];
  const all = new Map([...edgesA, ...edgesB]);
  for (const [k, t] of all) {
    const p = pos.get(t.source);
    const q = pos.get(t.target);
    if (!p || !q) continue;
    const cls = side(edgesA.has(k), edgesB.has(k));
    parts.push(html`<g${classAttr('edge', cls)}><line x1="${p.x.toFixed(1)}" y1="${p.y.toFixed(1)}" x2="${q.x.toFixed(1)}" y2="${q.y.toFixed(1)}"/><text x="${((p.x + q.x) / 2).toFixed(1)}" y="${((p.y + q.y) / 2 - 4).toFixed(1)}">${t.type}</text></g>`);
  }
  for (const id of ids) {
    const p = pos.get(id)!;
    const cls = side(inA.has(id), inB.has(id));
    parts.push(html`<g${classAttr('node', cls)}><circle cx="${p.x.toFixed(1)}" cy="${p.y.toFixed(1)}" r="7"/><text x="${p.x.toFixed(1)}" y="${(p.y + 20).toFixed(1)}">${names.get(id)}</text></g>`);
  }
  return html`<svg class="graph" viewBox="0 0 ${W} ${H}" role="img" aria-label="subgraph">${parts}</svg>`;
}
