import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { WhyNotCause, WhyNotResult } from '../../../src/contracts/whyNot';
import type { GsdStrategy, PlanningGraph } from '../../../src/core/plan/planningGraph';
import { buildProblem, type GsdProblem } from '../../../src/core/retrieve/gsd/problem';
import { searchTopK } from '../../../src/core/retrieve/gsd/search';
import type { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { analyzeWhyNot, applyFix } from '../../../src/core/whynot';
import { verifyFixes } from '../../../src/core/whynot/fixes';
import { randomGraph, randomPattern } from '../retrieve/helpers';
import { embedder, movieSnapshot, plan, snapshotContext } from './helpers';

function gsd(k: number, nodeCandidates = 16, relationCandidates = 16, more: Partial<GsdStrategy> = {}): GsdStrategy {
  return { kind: 'gsd', k, nodeCandidates, relationCandidates, ...more };
}

function causeOf<K extends WhyNotCause['kind']>(r: WhyNotResult, kind: K): Extract<WhyNotCause, { kind: K }> {
  assert.equal(r.cause.kind, kind, r.summary);
  return r.cause as Extract<WhyNotCause, { kind: K }>;
}

/** Brute force: every subgraph of the plan (exhaustive Algorithm 1, no pruning) under its own candidate sets. */
async function allSubgraphs(snap: GraphSnapshot, p: PlanningGraph, limits?: { nodeCandidates: number; relationCandidates: number }): Promise<{ problem: GsdProblem; matches: ReturnType<typeof searchTopK>['matches'] }> {
  const s = p.strategy.kind === 'gsd' ? p.strategy : gsd(3);
  const problem = await buildProblem(p, snap, embedder, { ...s, ...(limits ?? {}) });
  return { problem, matches: searchTopK(snap, problem, { k: 1_000_000, exhaustive: true, match: 'anchors-distinct' }).matches };
}

/** GSDs of the brute-force subgraphs that map the target onto one of `ids`. */
function giving(all: Awaited<ReturnType<typeof allSubgraphs>>, target: string, ids: readonly number[]): number[] {
  const p = all.problem.nodes.findIndex((n) => n.variable === target);
  return all.matches.filter((m) => ids.includes(m.nodes[p]!)).map((m) => m.gsd);
}

/**
 * The same, only those that keep every named node on its own match: a node at its text's best
 * distance (a name the graph lacks, in the problem's notFound, holds nothing).
 */
function givingKept(all: Awaited<ReturnType<typeof allSubgraphs>>, target: string, ids: readonly number[]): number[] {
  const p = all.problem.nodes.findIndex((n) => n.variable === target);
  const lacking = new Set(all.problem.notFound.map((f) => f.variable));
  const held = (m: (typeof all.matches)[number]) => all.problem.nodes.every((n, q) => !n.known || n.count === 0 || lacking.has(n.variable) || n.dists[n.rankOf.get(m.nodes[q]!)!]! <= n.minDist + 1e-9);
  return all.matches.filter((m) => ids.includes(m.nodes[p]!) && held(m)).map((m) => m.gsd);
}

test('gsd why-not: an expected name not in the graph gives the nearest names, a typo first', async () => {
  const snap = await movieSnapshot();
  const r = await analyzeWhyNot(plan('Titanic', { kind: 'unknown' }), 'Kate Winslett', snapshotContext(snap));
  const c = causeOf(r, 'not-in-graph');
  assert.equal(c.nearest[0]!.name, 'Kate Winslet');
  assert.equal(c.nearest[0]!.edits, 1);
  assert.deepEqual(r.nodes, []);
  assert.equal(r.fixes[0]!.kind, 'fix-expect');
});

test('gsd why-not: a returned answer is reported with its rank, compared as plan tests compare', async () => {
  const snap = await movieSnapshot();
  const ctx = snapshotContext(snap);
  const p = plan('Titanic', { kind: 'phrase', value: 'starred actors' });
  const result = await ctx.run(p, { strategy: 'gsd' });
  const r = await analyzeWhyNot(p, '  kate   WINSLET ', ctx);
  const c = causeOf(r, 'returned');
  assert.equal(result.answers[c.rank - 1]!.value, 'Kate Winslet');
  assert.equal(r.nodes[0]!.name, 'Kate Winslet');
});

test('gsd why-not: cut by k gives its best GSD and rank as brute force counts them, and raising k brings it back', async () => {
  const snap = await movieSnapshot();
  const p = plan('Titanic', { kind: 'phrase', value: 'starred actors' }, {}, gsd(2));
  const r = await analyzeWhyNot(p, 'James Cameron', snapshotContext(snap));
  const c = causeOf(r, 'cut-by-k');
  const all = await allSubgraphs(snap, p);
  const mine = giving(all, 'x', snap.nodesNamed('James Cameron'));
  const bestGsd = Math.min(...mine);
  assert.ok(Math.abs(c.score - bestGsd) < 1e-9, `${c.score} vs brute force ${bestGsd}`);
  assert.equal(c.rank, 1 + all.matches.filter((m) => m.gsd < bestGsd - 1e-9).length);
  assert.equal(c.k, 2);
  assert.ok(c.subgraph?.mapping.some((m) => m.variable === 'x' && m.name === 'James Cameron'));
  const fix = r.fixes.find((f) => f.kind === 'set-parameter' && f.name === 'k');
  assert.ok(fix?.outcome?.returned, JSON.stringify(r.fixes));
});

test('gsd why-not: a tie with the k-th is "pruned by the bound", with the k that includes every tie', async () => {
  const snap = await movieSnapshot();
  const p = plan('Titanic', { kind: 'unknown' }, {}, gsd(1));
  const r = await analyzeWhyNot(p, 'Kate Winslet', snapshotContext(snap));
  const c = causeOf(r, 'pruned');
  assert.equal(c.bound, 'gsd-tie');
  const all = await allSubgraphs(snap, p);
  const ties = all.matches.filter((m) => Math.abs(m.gsd - c.value) < 1e-9).length;
  const fix = r.fixes[0]!;
  assert.ok(fix.kind === 'set-parameter' && fix.value === ties, JSON.stringify(fix));
  assert.ok(fix.outcome?.returned);
});

test('gsd why-not: a search budget that stopped before it is the bound named, and raising it (with k) brings it back', async () => {
  const snap = await movieSnapshot();
  const p = plan('Titanic', { kind: 'phrase', value: 'starred actors' }, {}, gsd(3, 16, 16, { maxExpansions: 2 }));
  const r = await analyzeWhyNot(p, 'Kate Winslet', snapshotContext(snap));
  const c = causeOf(r, 'pruned');
  assert.equal(c.bound, 'expansion-budget');
  assert.equal(c.value, 2);
  assert.ok(r.fixes[0]!.outcome?.returned, JSON.stringify(r.fixes));
});

test('gsd why-not: a named node matched elsewhere gives the candidate rank it needs (brute force agrees), and the raise works', async () => {
  const snap = await movieSnapshot();
  const p = plan('Titanic', { kind: 'phrase', value: 'starred actors' }, {}, gsd(3, 1));
  const r = await analyzeWhyNot(p, 'Sam Worthington', snapshotContext(snap));
  const c = causeOf(r, 'candidate-rank');
  const need = c.needs.find((n) => n.element === 'node')!;
  assert.equal(need.ref, 'm');
  assert.equal(need.needed, 'Avatar');
  assert.equal(need.matchedInstead, 'Titanic');
  // Brute force: the full ranking of "Titanic"'s candidates puts Avatar at exactly that rank …
  const [q] = [await embedder.embedBatch(['Titanic'])];
  const ranking = snap.index.search(q!, snap.nodeCount).map((h) => snap.names.get(h.index));
  assert.equal(ranking.indexOf('Avatar') + 1, need.rank);
  // … one less and no subgraph gives it; that many and one does.
  const ids = snap.nodesNamed('Sam Worthington');
  assert.equal(giving(await allSubgraphs(snap, p, { nodeCandidates: need.rank - 1, relationCandidates: 16 }), 'x', ids).length, 0);
  assert.ok(giving(await allSubgraphs(snap, p, { nodeCandidates: need.rank, relationCandidates: 16 }), 'x', ids).length > 0);
  assert.match(r.summary, new RegExp(`would need nodeCandidates ≥ ${need.rank}`));
  // The raise lists it, but only through Avatar: (m) "Titanic" swapped, so it is not a fix (issue 26).
  const raise = r.fixes.find((f) => f.kind === 'set-parameter')?.outcome;
  assert.ok(raise && raise.rank !== undefined && !raise.returned, JSON.stringify(r.fixes));
  assert.deepEqual(raise.swapped?.map((x) => [x.variable, x.term, x.own.name, x.became.name]), [['m', 'Titanic', 'Titanic', 'Avatar']]);
});

test('gsd why-not: a relation phrase matched elsewhere gives the relationCandidates it needs; alias and raise are offered and re-run', async () => {
  const snap = await movieSnapshot();
  const p = plan('Titanic', { kind: 'phrase', value: 'starred actors' }, {}, gsd(3, 16, 1));
  const r = await analyzeWhyNot(p, 'Romance', snapshotContext(snap));
  const c = causeOf(r, 'candidate-rank');
  const need = c.needs.find((n) => n.element === 'edge')!;
  assert.equal(need.needed, 'has_genre');
  assert.equal(need.matchedInstead, 'starred_actors');
  const ids = snap.nodesNamed('Romance');
  assert.equal(giving(await allSubgraphs(snap, p, { nodeCandidates: 16, relationCandidates: need.rank - 1 }), 'x', ids).length, 0);
  assert.ok(giving(await allSubgraphs(snap, p, { nodeCandidates: 16, relationCandidates: need.rank }), 'x', ids).length > 0);
  const raise = r.fixes.find((f) => f.kind === 'set-parameter');
  assert.ok(raise?.outcome?.returned, JSON.stringify(r.fixes));
  const alias = r.fixes.find((f) => f.kind === 'add-alias');
  assert.ok(alias && alias.kind === 'add-alias' && alias.target === 'has_genre' && alias.alias === 'starred actors');
  assert.ok(alias.outcome !== undefined && alias.outcome.skipped === undefined);
});

test('gsd why-not: a category that rules out the node gives the label it needs; changing it brings the answer back', async () => {
  const snap = await movieSnapshot();
  const p = plan('Titanic', { kind: 'unknown' }, { category: 'Person' });
  const r = await analyzeWhyNot(p, 'Titanic II', snapshotContext(snap));
  const c = causeOf(r, 'category');
  assert.equal(c.variable, 'x');
  assert.deepEqual(c.labels, ['Person']);
  assert.equal(c.needed, 'Movie');
  const ids = snap.nodesNamed('Titanic II');
  assert.equal(giving(await allSubgraphs(snap, p, { nodeCandidates: snap.nodeCount, relationCandidates: 99 }), 'x', ids).length, 0);
  const fix = r.fixes.find((f) => f.kind === 'relax-category' && f.to === 'Movie');
  assert.ok(fix?.outcome?.returned, JSON.stringify(r.fixes));
});

test('gsd why-not: unreachable by the structure gives the shortest path that exists, as a pattern', async () => {
  const snap = await movieSnapshot();
  const p: PlanningGraph = { ...plan('Titanic', { kind: 'unknown' }), nodes: [{ id: 'm', text: { kind: 'exact', value: 'Titanic' } }, { id: 'x' }] };
  const r = await analyzeWhyNot(p, 'Avatar', snapshotContext(snap));
  const c = causeOf(r, 'unreachable');
  assert.equal(c.from, 'm');
  assert.equal(c.path?.hops, 2);
  assert.match(c.path!.pattern, /^\("Titanic"\)-\[(directed_by|written_by)\]->\("James Cameron"\)<-\[directed_by\]-\("Avatar"\)$/);
  assert.match(r.summary, /1 hop\(s\) from \(m\)/);
  // Brute force: no subgraph of the plan's shape gives it, categories or not.
  assert.equal(giving(await allSubgraphs(snap, p, { nodeCandidates: snap.nodeCount, relationCandidates: 99 }), 'x', snap.nodesNamed('Avatar')).length, 0);
});

test('gsd why-not: the named node itself is never an answer, and an exact name the graph lacks is said with its nearest name', async () => {
  const snap = await movieSnapshot();
  const ctx = snapshotContext(snap);
  const exact: PlanningGraph = { ...plan('Titanic', { kind: 'unknown' }), nodes: [{ id: 'm', text: { kind: 'exact', value: 'Titanic' } }, { id: 'x' }] };
  const self = await analyzeWhyNot(exact, 'Titanic', ctx);
  assert.match(causeOf(self, 'unreachable').reason, /a target never maps onto a named node/);
  // k 10: every neighbour of Titanic ties at GSD 0, so the corrected name must not also be cut by k.
  const typo: PlanningGraph = { ...exact, strategy: gsd(10), nodes: [{ id: 'm', text: { kind: 'exact', value: 'Titanik' } }, { id: 'x' }] };
  const r = await analyzeWhyNot(typo, 'Kate Winslet', ctx);
  assert.match(causeOf(r, 'unreachable').reason, /"Titanik" names no node/);
  const fix = r.fixes.find((f) => f.kind === 'use-name');
  assert.ok(fix && fix.kind === 'use-name' && fix.to === 'Titanic' && fix.outcome?.returned, JSON.stringify(r.fixes));
});

test('gsd why-not agrees with brute force on random graphs and patterns (every cause against exhaustive enumeration)', async () => {
  const seen = new Map<string, number>();
  for (let gseed = 1; gseed <= 5; gseed++) {
    const g = await randomGraph(gseed, 25 + gseed * 3, 60 + gseed * 10, embedder);
    const ctx = snapshotContext(g.snapshot);
    for (let pseed = 1; pseed <= 8; pseed++) {
      const p = { ...randomPattern(gseed * 100 + pseed, g), targets: [] as string[] };
      const pl: PlanningGraph = { ...p, targets: [p.nodes[p.nodes.length - 1]!.id] };
      const target = pl.targets[0]!;
      const result = await ctx.run(pl, { strategy: 'gsd' });
      const returned = new Set(result.answers.map((a) => a.value));
      const expected = g.nodeNames.filter((n, i) => !returned.has(n) && (i * 7 + pseed) % 5 === 0).slice(0, 3);
      const all = await allSubgraphs(g.snapshot, pl);
      for (const name of expected) {
        const r = await analyzeWhyNot(pl, name, ctx, { result, verify: false });
        const ids = g.snapshot.nodesNamed(name);
        const mine = givingKept(all, target, ids);
        const where = `graph ${gseed} pattern ${pseed} "${name}": ${r.summary}`;
        seen.set(r.cause.kind, (seen.get(r.cause.kind) ?? 0) + 1);
        switch (r.cause.kind) {
          case 'cut-by-k':
          case 'pruned': {
            assert.ok(mine.length > 0, where);
            const b = Math.min(...mine);
            const score = r.cause.kind === 'cut-by-k' ? r.cause.score : r.cause.value;
            assert.ok(Math.abs(score - b) < 1e-9, `${where}: brute force best ${b}`);
            if (r.cause.kind === 'cut-by-k') assert.equal(r.cause.rank, 1 + all.matches.filter((m) => m.gsd < b - 1e-9).length, where);
            break;
          }
          case 'named-swapped': {
            // None keeps the named nodes; some swaps one, and the best of those is the one said.
            assert.equal(mine.length, 0, where);
            const swapped = giving(all, target, ids);
            assert.ok(swapped.length > 0, where);
            assert.ok(Math.abs(r.cause.score - Math.min(...swapped)) < 1e-9, `${where}: brute force best ${Math.min(...swapped)}`);
            assert.ok(r.cause.swaps.length > 0 && r.cause.swaps.every((x) => x.became.nodeId !== x.own.nodeId), where);
            break;
          }
          case 'candidate-rank': {
            assert.equal(giving(all, target, ids).length, 0, where);
            const fix = r.fixes.find((f) => f.kind === 'set-parameter')!;
            const applied = applyFix(pl, fix, undefined);
            assert.ok(!('skipped' in applied));
            assert.ok(giving(await allSubgraphs(g.snapshot, applied.plan), target, ids).length > 0, `${where}: the raised limits still give no subgraph`);
            break;
          }
          case 'category':
          case 'unreachable': {
            assert.equal(giving(all, target, ids).length, 0, where);
            const wide = await allSubgraphs(g.snapshot, pl, { nodeCandidates: g.snapshot.nodeCount, relationCandidates: 99 });
            // A category is said when, named nodes held, only the categories keep it out; unreachable when nothing gives it.
            assert.equal((r.cause.kind === 'category' && !r.cause.swaps ? givingKept : giving)(wide, target, ids).length, 0, `${where}: brute force finds one with the limits lifted`);
            if (r.cause.kind === 'unreachable') {
              const free = await allSubgraphs(g.snapshot, { ...pl, nodes: pl.nodes.map(({ category: _c, ...n }) => n) }, { nodeCandidates: g.snapshot.nodeCount, relationCandidates: 99 });
              assert.equal(giving(free, target, ids).length, 0, `${where}: brute force finds one with the categories lifted`);
            }
            break;
          }
          default:
            assert.fail(`${where}: unexpected cause ${r.cause.kind}`);
        }
      }
    }
  }
  // Not vacuous: the random cases reach the main causes.
  console.log(`why-not causes on random cases: ${JSON.stringify([...seen])}`);
  for (const kind of ['cut-by-k', 'candidate-rank']) assert.ok((seen.get(kind) ?? 0) > 0, `no ${kind} among ${JSON.stringify([...seen])}`);
});

test('a fix whose value the strategy refuses (nodeCandidates above its maximum) is not re-run: its outcome says why, nothing is thrown', async () => {
  const snap = await movieSnapshot();
  const ctx = snapshotContext(snap);
  const p = plan('Titanic', { kind: 'phrase', value: 'starred actors' });
  const [refused, fine] = await verifyFixes(p, 'Kate Winslet', 'gsd', [
    { kind: 'set-parameter', strategy: 'gsd', name: 'nodeCandidates', value: 1073, label: 'raise nodeCandidates to 1073' },
    { kind: 'set-parameter', strategy: 'gsd', name: 'nodeCandidates', value: 20, label: 'raise nodeCandidates to 20' },
  ], ctx, {});
  assert.equal(refused!.outcome!.returned, false);
  assert.match(refused!.outcome!.skipped ?? '', /the plan would be refused: .*nodeCandidates.*1073/);
  assert.equal(fine!.outcome!.skipped, undefined);
  assert.equal(fine!.outcome!.returned, true);
});
