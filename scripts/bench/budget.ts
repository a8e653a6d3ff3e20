/**
 * Issue 18 item 6: patterns that used to hang GSD. On the MetaQA graph (hashing embedder: the
 * search, not the embedding, is what is measured), under each match semantics and the default
 * budget (5 s): a star of 13 unknown neighbours around one film, an unknown chain of 2,000 nodes
 * and one of 10,000 (which overflowed the stack when the search was recursive). Prints wall time,
 * subgraphs found and the result's message.
 */
import { HashingEmbedder } from '../../src/core/embed/hashing';
import { MATCH_SEMANTICS, type PlanEdge, type PlanNode, type PlanningGraph } from '../../src/core/plan/planningGraph';
import { retrieveGsd } from '../../src/core/retrieve/gsd/retrieve';
import { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { metaqaLabel, readKb } from './metaqa';
import { fmt } from './stats';

function star(film: string, arms: number): PlanningGraph {
  const nodes: PlanNode[] = [{ id: 'film', text: { kind: 'soft', value: film } }];
  const edges: PlanEdge[] = [];
  for (let i = 0; i < arms; i++) {
    nodes.push({ id: `u${i}` });
    edges.push({ id: `e${i}`, source: 'film', target: `u${i}`, directed: false, relation: { kind: 'unknown' } });
  }
  return { name: `star-${arms}`, nodes, edges, targets: ['u0'], expect: [], strategy: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 } };
}

function chain(length: number): PlanningGraph {
  const nodes: PlanNode[] = Array.from({ length }, (_, i) => ({ id: `c${i}` }));
  const edges: PlanEdge[] = [];
  for (let i = 0; i + 1 < length; i++) edges.push({ id: `e${i}`, source: `c${i}`, target: `c${i + 1}`, directed: false, relation: { kind: 'unknown' } });
  return { name: `chain-${length}`, nodes, edges, targets: [`c${length - 1}`], expect: [], strategy: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16 } };
}

export async function runBudget(kb: string): Promise<void> {
  const embedder = new HashingEmbedder();
  const snap = await GraphSnapshot.fromTriples(readKb(kb), embedder, { labelOf: metaqaLabel, fingerprint: 'metaqa-kb' });
  // A film with fewer than 13 edges: injective matching cannot place 13 distinct neighbours.
  const film = 'The Vow';
  const filmNode = snap.nodesNamed(film)[0]!;
  const degree = snap.data.outOffsets[filmNode + 1]! - snap.data.outOffsets[filmNode]! + snap.data.inOffsets[filmNode + 1]! - snap.data.inOffsets[filmNode]!;
  console.log(`\n## Budgets (issue 18): default time budget 5000 ms; hashing embedder; "${film}" has ${degree} edges`);
  console.log('pattern | match | wall ms | subgraphs | expansions | message');
  for (const plan of [star(film, 13), chain(2000), chain(10000)]) {
    for (const match of MATCH_SEMANTICS) {
      const t0 = performance.now();
      const r = await retrieveGsd(plan, snap, embedder, { strategy: { match } });
      const ms = performance.now() - t0;
      const message = r.budget ? r.warnings![0] : r.subgraphs.length > 0 ? `complete: best GSD ${fmt(r.subgraphs[0]!.gsd, 3)}` : 'complete: no match exists';
      console.log(`${plan.name} | ${match} | ${fmt(ms)} | ${r.subgraphs.length} | ${r.stats.expansions} | ${message}`);
    }
  }
  // What running out looks like: the injective 10,000-node chain with small budgets.
  for (const limit of [{ budgetMs: 100 }, { maxExpansions: 5000 }]) {
    const t0 = performance.now();
    const r = await retrieveGsd(chain(10000), snap, embedder, { strategy: { match: 'injective', ...limit } });
    const ms = performance.now() - t0;
    const message = r.budget ? r.warnings![0] : r.subgraphs.length > 0 ? `complete: best GSD ${fmt(r.subgraphs[0]!.gsd, 3)}` : 'complete: no match exists';
    console.log(`chain-10000 (${JSON.stringify(limit)}) | injective | ${fmt(ms)} | ${r.subgraphs.length} | ${r.stats.expansions} | ${message}`);
  }
}
