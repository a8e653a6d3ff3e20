// Fixtures for the inspector UI tests: the hand-written results and a generated large set.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const FIXTURE_DIR = join(here, '..', '..', 'unit', 'webview', 'fixtures');

export function loadFixture(name) {
  return JSON.parse(readFileSync(join(FIXTURE_DIR, `${name}.result.json`), 'utf8'));
}

/**
 * A GSD result whose subgraphs together hold `nodes` distinct nodes: `subgraphs` chains of
 * Movie → Person → Movie → … each sharing nothing, so "All" draws exactly `nodes` nodes.
 */
export function largeResult(nodes = 2000, subgraphs = 100) {
  const per = Math.floor(nodes / subgraphs);
  const out = [];
  let id = 0;
  for (let s = 0; s < subgraphs; s++) {
    const mapping = [];
    const triples = [];
    const terms = [];
    let prev;
    for (let i = 0; i < per; i++) {
      const label = i % 2 === 0 ? 'Movie' : 'Person';
      const node = { variable: `v${i}`, nodeId: `${label}:${id++}`, name: `${label} ${s}-${i}`, labels: [label] };
      mapping.push(node);
      terms.push({ kind: 'node', variable: node.variable, matchedText: node.name, distance: 0 });
      if (prev) {
        const edgeId = `e${i - 1}`;
        triples.push({ source: prev.nodeId, type: 'starred_actors', target: node.nodeId, sourceName: prev.name, targetName: node.name, edgeId });
        terms.push({ kind: 'edge', edgeId, source: prev.variable, target: node.variable, patternText: 'starred actors', matchedText: 'starred_actors', distance: 0.01, candidateRank: 1 });
      }
      prev = node;
    }
    const gsd = Math.round((per - 1) * 0.01 * 1e9) / 1e9;
    out.push({ rank: s + 1, gsd, mapping, terms, triples });
  }
  return {
    id: `large-${nodes}`,
    plan: 'large_chain',
    strategy: 'gsd',
    store: { kind: 'embedded', description: 'generated' },
    answers: [],
    subgraphs: out,
    timings: { totalMs: 1, candidatesMs: 0, searchMs: 1 },
    stats: { subgraphsFound: subgraphs },
  };
}
