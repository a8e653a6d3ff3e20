// `npm run bench:store [-- --per N] [--placement store|memory] [--strategies gsd,mor,stem,sage] [--db folder]`:
// MetaQA dev questions (their gold patterns) on the real embedded engine holding kb.txt (×1), per
// strategy once in memory and once in store placement: per hop, p50/p95 per plan, round trips (max
// and the bound: 2 × hops + 2 for gsd, one per hop for mor, one for sage, none for stem's guidance
// walk), rows read and store time,
// the client's CPU, and whether store gave exactly memory's result (everything the result shows but
// timings, placement and store I/O; gsd's search counters and MoR's structuralVisits counter aside: `seen`);
// a question whose store run fails is counted as an error and reported, and the run goes on.
// --per N samples N questions per hop (seeded; default 100; 0 = the whole dev set); --hops 1,2,3 (default) the hops run. --db: a folder
// holding a graph already (e.g. MetaQA ×40) is opened read-only and never written.
// Pieces of a long run (docs/placement.md, "stem on the whole dev set"): --from A --to B take the
// questions [A, B) of each hop's list (after --per's sample; --per 0: the dev file's order),
// --shard i/n the i-th of n contiguous pieces of that; --out FILE appends one JSON line per question
// (strategy, hop, dev line, differing, error, times, round trips, rows, load) and skips questions the
// file already holds (a stopped run resumes); --summarise FILE… prints the totals per strategy and hop
// of any number of such files instead of running (a question recorded twice counts once).
// --why-not N: instead of runs, why-not analyses of N seeded questions per hop and strategy, in store
// placement against memory (everything the analysis says but its time, placement and store I/O); the
// expected answer is a gold answer the run did not show, else the first gold answer of the next
// sampled question that it did not show (a wrong answer for this one). --from/--to/--shard/--out/--summarise
// work for why-not as for runs (its lines are recorded under the strategy "why-not/<strategy>"); --findings FILE
// appends both placements' findings per question (to compare two trees: `--compare-findings A B`);
// --redo-fallbacks FILE runs only the questions FILE records as having fallen back to the snapshot.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSession } from '../src/core/session';
import type { RetrievalResult } from '../src/core/retrieve/result';
import type { WhyNotResult } from '../src/contracts/whyNot';
import type { RetrievalSession } from '../src/core/session';
import { goldPattern, loadQuestions, sample } from './bench/metaqa';
import { lineKey, sliceRange, summarise, type ComparedLine } from './bench/slice';

const DATA = join(__dirname, '..', '..', 'shared', 'data', 'metaqa');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    per: { type: 'string', default: '100' },
    placement: { type: 'string', default: 'store' },
    strategies: { type: 'string', default: 'gsd,mor,stem,sage' },
    db: { type: 'string', default: join(__dirname, '..', '.cache', 'bench-store-db') },
    hops: { type: 'string', default: '1,2,3' },
    'why-not': { type: 'string', default: '0' },
    from: { type: 'string' },
    to: { type: 'string' },
    shard: { type: 'string' },
    out: { type: 'string' },
    findings: { type: 'string' },
    'redo-fallbacks': { type: 'string' },
    'compare-findings': { type: 'boolean', default: false },
    summarise: { type: 'boolean', default: false },
  },
});
const STRATEGIES = ['gsd', 'mor', 'stem', 'sage'] as const;
type Benched = (typeof STRATEGIES)[number];
const strategies = values.strategies.split(',').filter((s): s is Benched => (STRATEGIES as readonly string[]).includes(s));
const per = Number(values.per);
const placement = values.placement === 'memory' ? 'memory' : 'store';
const hopList = values.hops.split(',').map(Number).filter((h) => h === 1 || h === 2 || h === 3);

function pct(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
}

/**
 * What a user sees of a result, for the comparison: everything but the timings, where it ran and
 * what it asked of the store. gsd's search counters (stats) may differ (the store's local graph's
 * degree filter sees candidate types only, docs/placement.md) and MoR's structuralVisits counts the
 * edges read; every other field — answers in order, context, subgraphs (mapping, distance terms,
 * triples with edge ids), candidates, traces, ties, budget, warnings, not-found and types — is compared.
 */
function seen(strategy: Benched, r: RetrievalResult): string {
  const { timings: _t, placement: _p, storeIo: _s, stats, ...rest } = r;
  if (strategy === 'gsd') return JSON.stringify(rest);
  const { structuralVisits: _v, ...counters } = stats as Record<string, number>;
  return JSON.stringify({ ...rest, counters });
}

/** The first top-level field where two results' keys differ (for the report of a differing question). */
function firstDifference(a: string, b: string): string {
  const x = JSON.parse(a) as Record<string, unknown>;
  const y = JSON.parse(b) as Record<string, unknown>;
  for (const k of new Set([...Object.keys(x), ...Object.keys(y)])) {
    const u = JSON.stringify(x[k]);
    const v = JSON.stringify(y[k]);
    if (u !== v) return `${k}: memory ${(u ?? 'absent').slice(0, 300)} / store ${(v ?? 'absent').slice(0, 300)}`;
  }
  return '(none)';
}

/** Round trips allowed for a plan of `hops` edges (docs/placement.md); stem's guidance walk has none by the pattern. */
function bound(strategy: Benched, hops: number): number {
  return strategy === 'gsd' ? 2 * hops + 2 : strategy === 'mor' ? hops : strategy === 'sage' ? 1 : Infinity;
}

/** Everything a why-not analysis says but how long it took and where it read the graph. */
function findings(r: WhyNotResult): string {
  const { ms: _ms, placement: _p, storeIo: _io, ...rest } = r;
  return JSON.stringify(rest);
}

async function whyNotComparison(session: RetrievalSession, n: number): Promise<void> {
  for (const strategy of strategies) for (const hop of hopList) {
    const qs = sample(loadQuestions(DATA, hop), n + 1, 20261127 + hop);
    const listed = Math.min(n, qs.length);
    // Pieces and resumption as for runs (docs/placement.md): the range is over the sampled list, whose
    // order (by dev line) is fixed, so a question's expected answer is the same in every piece.
    const { start, end } = sliceRange(listed, { ...(values.from !== undefined ? { from: Number(values.from) } : {}), ...(values.to !== undefined ? { to: Number(values.to) } : {}), ...(values.shard !== undefined ? { shard: values.shard } : {}) });
    const key = `why-not/${strategy}`;
    const recorded = new Set(values.out ? readLines([values.out]).map(lineKey) : []);
    // --redo-fallbacks FILE: only the questions whose analysis FILE records as run on the snapshot (to compare them in the store after a change to what the store path refuses).
    const redo = values['redo-fallbacks'] ? new Set(readLines([values['redo-fallbacks']]).filter((l) => l.ranInStore === false).map(lineKey)) : undefined;
    if (start > 0 || end < listed || recorded.size > 0) console.log(`why-not ${strategy} ${hop}-hop: questions [${start}, ${end}) of ${listed}${recorded.size > 0 ? `, skipping those already in ${values.out}` : ''}`);
    const record = (l: Omit<ComparedLine, 'strategy' | 'hop' | 'at' | 'load'>): void => {
      if (values.out) appendFileSync(values.out, JSON.stringify({ strategy: key, hop, ...l, at: new Date().toISOString(), load: Number(loadavg()[0]!.toFixed(2)) } satisfies ComparedLine) + '\n');
    };
    const times: number[] = [];
    const memTimes: number[] = [];
    const trips: number[] = [];
    const rows: number[] = [];
    const causes = new Map<string, number>();
    const fellBack = new Map<string, number>();
    let differing = 0;
    let errors = 0;
    let ranInStore = 0;
    for (let i = start; i < end; i++) {
      const q = qs[i]!;
      if (recorded.has(lineKey({ strategy: key, hop, line: q.line }))) continue;
      if (redo && !redo.has(lineKey({ strategy: key, hop, line: q.line }))) continue;
      const plan = goldPattern(q);
      const result = await session.run(plan, { strategy, placement: 'memory' });
      const shown = new Set(result.answers.map((a) => a.value));
      const expected = q.answers.find((a) => !shown.has(a)) ?? qs[(i + 1) % qs.length]!.answers.find((a) => !shown.has(a));
      if (expected === undefined) continue;
      const t0 = performance.now();
      const memory = await session.whyNot(plan, expected, { strategy, placement: 'memory' });
      const t1 = performance.now();
      let store: WhyNotResult;
      try {
        store = await session.whyNot(plan, expected, { strategy, placement: 'store' });
      } catch (e) {
        errors++;
        const error = e instanceof Error ? e.message.slice(0, 300) : String(e);
        console.log(`  why-not ${strategy} ${hop}-hop dev line ${q.line} "${expected}": store failed after ${(performance.now() - t1).toFixed(0)} ms: ${error}`);
        record({ line: q.line, differing: false, error, memoryMs: t1 - t0, cause: memory.cause.kind });
        continue;
      }
      const t2 = performance.now();
      times.push(t2 - t1);
      memTimes.push(t1 - t0);
      if (store.placement?.ran === 'store') ranInStore++;
      else fellBack.set(store.placement?.reason ?? '(no reason)', (fellBack.get(store.placement?.reason ?? '(no reason)') ?? 0) + 1);
      if (store.storeIo) {
        trips.push(store.storeIo.roundTrips);
        rows.push(store.storeIo.rowsRead);
      }
      causes.set(memory.cause.kind, (causes.get(memory.cause.kind) ?? 0) + 1);
      const m = findings(memory);
      const st = findings(store);
      // Both placements' findings, to compare two trees on the same questions (a change meant to be exact).
      if (values.findings) appendFileSync(values.findings, JSON.stringify({ strategy: key, hop, line: q.line, expected, memory: JSON.parse(m) as unknown, store: JSON.parse(st) as unknown }) + '\n');
      if (m !== st) {
        differing++;
        if (differing <= 10) console.log(`  why-not ${strategy} ${hop}-hop dev line ${q.line} "${expected}" differs: ${firstDifference(m, st)}`);
      }
      const io = store.storeIo;
      record({ line: q.line, differing: m !== st, storeMs: t2 - t1, memoryMs: t1 - t0, ranInStore: store.placement?.ran === 'store', cause: memory.cause.kind, ...(io ? { serverMs: io.serverMs, roundTrips: io.roundTrips, rows: io.rowsRead } : {}) });
      // A long run says how far it got, for when it is stopped before the end.
      const done = times.length + errors;
      if (done % 500 === 0) console.log(`  … why-not ${strategy} ${hop}-hop ${done} at ${new Date().toISOString().slice(11, 19)} UTC: differing ${differing}, errors ${errors}, store p50 ${pct(times, 0.5).toFixed(0)} ms`);
    }
    console.log(
      `why-not ${strategy} ${hop}-hop n=${times.length + errors}: store p50 ${pct(times, 0.5).toFixed(0)} ms, p95 ${pct(times, 0.95).toFixed(0)} ms (memory p50 ${pct(memTimes, 0.5).toFixed(0)} ms); analysis ran in store ${ranInStore}/${times.length}; round trips p50 ${pct(trips, 0.5)}, max ${Math.max(0, ...trips)}; rows p50 ${pct(rows, 0.5)}, max ${Math.max(0, ...rows)}; causes ${[...causes].map(([k, v]) => `${k} ${v}`).join(', ')}; differing from memory: ${differing}; errors: ${errors}`,
    );
    for (const [reason, count] of fellBack) console.log(`  to the snapshot ${count}×: ${reason.slice(0, 300)}`);
  }
}

/** The lines of `--out` files (a line cut short by a stopped run is skipped). */
function readLines(files: readonly string[]): ComparedLine[] {
  const out: ComparedLine[] = [];
  for (const f of files) {
    if (!existsSync(f)) continue;
    for (const line of readFileSync(f, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      try {
        out.push(JSON.parse(line) as ComparedLine);
      } catch {
        /* the last line of a stopped run */
      }
    }
  }
  return out;
}

/** Two `--findings` files (two trees, the same questions): the questions whose findings differ, per placement. */
function compareFindings(a: string, b: string): void {
  type Line = { strategy: string; hop: number; line: number; expected: string; memory: unknown; store: unknown };
  const read = (f: string): Map<string, Line> => new Map(readFileSync(f, 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l) as Line).map((l) => [`${l.strategy} ${l.hop}-hop line ${l.line}`, l] as const));
  const x = read(a);
  const y = read(b);
  let both = 0;
  let differing = 0;
  for (const [key, l] of y) {
    const o = x.get(key);
    if (!o) continue;
    both++;
    for (const placement of ['memory', 'store'] as const) {
      if (JSON.stringify(o[placement]) === JSON.stringify(l[placement])) continue;
      differing++;
      if (differing <= 10) console.log(`  ${key} "${l.expected}" (${placement}) differs: ${firstDifference(JSON.stringify(o[placement]), JSON.stringify(l[placement]))}`);
      break;
    }
  }
  console.log(`findings compared on ${both} questions in both files (${x.size} / ${y.size}): ${differing} differing`);
}

async function main(): Promise<void> {
  if (values['compare-findings']) {
    if (positionals.length !== 2) throw new Error('--compare-findings needs two --findings files');
    compareFindings(positionals[0]!, positionals[1]!);
    return;
  }
  if (values.summarise) {
    if (positionals.length === 0) throw new Error('--summarise needs the --out files to sum');
    for (const line of summarise(readLines(positionals))) console.log(line);
    return;
  }
  mkdirSync(values.db, { recursive: true });
  // A database that holds a graph already is opened read-only (e.g. MetaQA ×40 imported by bench:scale); an empty one gets kb.txt.
  const hasGraph = existsSync(join(values.db, 'graph.lbug'));
  let session = await openSession({ store: { kind: 'embedded', folder: values.db, ...(hasGraph ? { readOnly: true } : {}) }, embedder: { kind: 'lexical' } });
  try {
    if ((await session.schema()).labels.length === 0) {
      const t0 = performance.now();
      const s = await session.import([{ path: join(DATA, 'kb.txt'), format: 'triples' }]);
      console.log(`imported kb.txt into ${values.db}: ${s.nodesCreated} nodes, ${s.edgesCreated} edges in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      await session.buildIndex();
      await session.close();
      session = await openSession({ store: { kind: 'embedded', folder: values.db, readOnly: true }, embedder: { kind: 'lexical' } });
    }
    const schema = await session.schema();
    const nodes = schema.labels.reduce((n, l) => n + (l.count ?? 0), 0);
    await session.snapshot();
    console.log(`MetaQA in ${values.db} (${nodes.toLocaleString('en-US')} nodes), gold patterns, placement ${placement} against memory (wall-clock on a shared 2-core machine: other jobs inflate it; client CPU beside it)`);
    if (Number(values['why-not']) > 0) {
      await whyNotComparison(session, Number(values['why-not']));
      return;
    }
    for (const strategy of strategies) for (const hop of hopList) {
      const all = loadQuestions(DATA, hop);
      const listed = per > 0 ? sample(all, per, 20261127 + hop) : all;
      const { start, end } = sliceRange(listed.length, { ...(values.from !== undefined ? { from: Number(values.from) } : {}), ...(values.to !== undefined ? { to: Number(values.to) } : {}), ...(values.shard !== undefined ? { shard: values.shard } : {}) });
      const recorded = new Set(values.out ? readLines([values.out]).map(lineKey) : []);
      const qs = listed.slice(start, end).filter((q) => !recorded.has(lineKey({ strategy, hop, line: q.line })));
      if (start > 0 || end < listed.length || qs.length < end - start) console.log(`${strategy} ${hop}-hop: questions [${start}, ${end}) of ${listed.length}${qs.length < end - start ? `, ${end - start - qs.length} of them already in ${values.out}` : ''}`);
      const record = (l: Omit<ComparedLine, 'strategy' | 'hop' | 'at' | 'load'>): void => {
        if (values.out) appendFileSync(values.out, JSON.stringify({ strategy, hop, ...l, at: new Date().toISOString(), load: Number(loadavg()[0]!.toFixed(2)) } satisfies ComparedLine) + '\n');
      };
      const times: number[] = [];
      const memTimes: number[] = [];
      const trips: number[] = [];
      const rows: number[] = [];
      const server: number[] = [];
      let mismatches = 0;
      let errors = 0;
      let overBound = 0;
      let ranInStore = 0;
      const storeCpu: number[] = [];
      const cpu0 = process.cpuUsage();
      for (const q of qs) {
        const plan = goldPattern(q);
        const t0 = performance.now();
        const memory = await session.run(plan, { strategy, placement: 'memory' });
        const t1 = performance.now();
        const c1 = process.cpuUsage();
        let store: RetrievalResult;
        try {
          store = await session.run(plan, { strategy, placement });
        } catch (e) {
          // An error (e.g. the store's time limit) is counted and reported, not the end of the run.
          errors++;
          const error = e instanceof Error ? e.message.slice(0, 300) : String(e);
          console.log(`  ${strategy} ${hop}-hop dev line ${q.line} "${q.text}": ${placement} failed after ${(performance.now() - t1).toFixed(0)} ms: ${error}`);
          record({ line: q.line, differing: false, error, memoryMs: t1 - t0 });
          continue;
        }
        const c2 = process.cpuUsage(c1);
        const t2 = performance.now();
        storeCpu.push((c2.user + c2.system) / 1000);
        memTimes.push(t1 - t0);
        times.push(t2 - t1);
        if (store.placement?.ran === 'store') ranInStore++;
        const io = store.storeIo;
        if (io) {
          trips.push(io.roundTrips);
          rows.push(io.rowsRead);
          server.push(io.serverMs);
          if (io.roundTrips > bound(strategy, plan.edges.length)) overBound++;
        }
        const m = seen(strategy, memory);
        const st = seen(strategy, store);
        if (m !== st) {
          mismatches++;
          if (mismatches <= 10) console.log(`  ${strategy} ${hop}-hop dev line ${q.line} "${q.text}" differs: ${firstDifference(m, st)}`);
        }
        record({ line: q.line, differing: m !== st, storeMs: t2 - t1, memoryMs: t1 - t0, cpuMs: (c2.user + c2.system) / 1000, ranInStore: store.placement?.ran === 'store', ...(io ? { serverMs: io.serverMs, roundTrips: io.roundTrips, rows: io.rowsRead } : {}) });
        // A long run (the whole dev set) says how far it got, for when it is stopped before the end.
        const done = times.length + errors;
        if (done % 500 === 0) console.log(`  … ${strategy} ${hop}-hop ${done}/${qs.length} at ${new Date().toISOString().slice(11, 19)} UTC: differing ${mismatches}, errors ${errors}, store p50 ${pct(times, 0.5).toFixed(1)} ms`);
      }
      const cpu = process.cpuUsage(cpu0);
      console.log(
        `${strategy} ${hop}-hop n=${qs.length}: ${placement} p50 ${pct(times, 0.5).toFixed(1)} ms, p95 ${pct(times, 0.95).toFixed(1)} ms (memory p50 ${pct(memTimes, 0.5).toFixed(1)} ms); ran in store ${ranInStore}/${qs.length}; round trips p50 ${pct(trips, 0.5)}, max ${Math.max(0, ...trips)} (bound ${bound(strategy, hop)}, over it: ${overBound}); rows p50 ${pct(rows, 0.5)}, max ${Math.max(0, ...rows)}; store time p50 ${pct(server, 0.5).toFixed(1)} ms; differing from memory: ${mismatches}; errors: ${errors}; client CPU ${placement} p50 ${pct(storeCpu, 0.5).toFixed(1)} ms, ${((cpu.user + cpu.system) / 1000 / Math.max(1, qs.length)).toFixed(1)} ms per question (both runs)`,
      );
    }
  } finally {
    await session.close();
  }
}

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(3);
});
