// The grounded planner ("ask") on MetaQA dev questions and on our own questions
// (data/questions/ask-own.jsonl). For each question: ground, enumerate, rank (no model), then
// Hits@1 (the chosen query's first answer is a gold answer), whether the gold relation chain is
// among the top 5 candidates, and the per-question time after the index is built.
// Issue 27's rows beside them, all with the database alone (no schema file, no aliases): MetaQA dev
// questions; the held-out everyday wordings (data/questions/ask-heldout-wordings.json, written
// before measuring, entities unmarked) with the share of wrong answers shown as a confident match
// ("confident wrong", of all questions) and the share of right first answers shown as one ("confident
// right", of the hits: what a stricter confidence rule costs);
// the dev questions with one letter dropped from the topic's longest word (six letters or more).
// Run: npm run bench:ask -- [--sample N per hop (default 1000; 0 = all)] [--hop 1|2|3] [--no-schema] [--own-only] [--misses K]
//   [--heldout-sample N per wording (default 20)] [--heldout <file> (default data/questions/ask-heldout-wordings.json)] [--no-issue27] [--issue27-only (only the database-alone rows)] [--no-typo] [--no-heldout]
//   [--store <folder> [--store-sample N]]: also enumerate with aggregate Cypher on the embedded engine
//   (kb.txt imported into <folder> the first time) for N questions per hop (default 50), compared
//   with the snapshot enumeration of the same store (same candidates, same choice, same answers).
// npm run bench:ask -- --placement-db <folder> [--placement-sample N per hop (default 100; 0 = all)] [--hop h]:
//   only the placement comparison (issue 25): the same seeded dev questions (no brackets) asked in a
//   memory-placed session and in a store-placed one (the index without the graph, candidates by
//   aggregate Cypher) on a database folder opened read-only; prints per hop how many results differ
//   (anything shown: mentions, candidates, scores, choice, status, confidence, answers in order),
//   p50/p95 per question in each placement, the store run's CPU, round trips, rows and server time.
//   Both sessions are open side by side and each question is asked in both in turn (only the
//   verdict is kept, so `--placement-sample 0`, the whole dev set, fits); a progress line every
//   2,000 questions.
//   A question that fails in the store (a statement over the store timeout) is counted as failed; its time up to the failure stays in the p50.
import { existsSync, readFileSync } from 'node:fs';
import { openSession } from '../src/core/session';
import { join } from 'node:path';
import { createEmbedder } from '../src/core/embed/createEmbedder';
import { GraphSnapshot } from '../src/core/retrieve/snapshot/snapshot';
import { Asker, type AskOptions, type AskResult } from '../src/core/ask';
import { askOutcome, evaluateSet, percentile, type EvalItem, type EvalRunner } from '../src/core/eval';
import { nodeSchemaFiles } from '../src/core/schema/nodeSchemaFiles';
import { SchemaResolver } from '../src/core/schema/resolve';
import { chainRelations, loadQuestions, metaqaLabel, readKb, reachableAnswers, sample, type Question } from './bench/metaqa';

const DATA = join(__dirname, '..', '..', 'shared', 'data', 'metaqa');
const arg = (name: string, def: number): number => (process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : def);

/** The gold chain in the candidates' notation: "directed_by~ > in_language". */
function goldChain(q: Question): string {
  const { relations } = chainRelations(q);
  return relations.map((r, i) => r + (q.chain[i] === 'movie' ? '' : '~')).join(' > ');
}

interface Tally {
  n: number;
  hits: number;
  /** Wrong first answer with status 'match' (a confident wrong answer). */
  confidentWrong: number;
  /** Right first answer with status 'match' (a confident right answer; its share of the hits is printed). */
  confidentRight: number;
  top5: number;
  times: number[];
  /** CPU time per question (user + system), where measured: wall times are inflated on a shared machine. */
  cpu: number[];
  misses: string[];
}

function newTally(): Tally {
  return { n: 0, hits: 0, confidentWrong: 0, confidentRight: 0, top5: 0, times: [], cpu: [], misses: [] };
}

function score(t: Tally, r: AskResult, gold: ReadonlySet<string>, chain: string | undefined, text: string): void {
  t.n++;
  t.times.push(r.timings.totalMs);
  const hit = r.kind === 'planned' && r.answers.length > 0 && gold.has(r.answers[0]!.value);
  if (hit) t.hits++;
  if (hit && r.kind === 'planned' && r.status === 'match') t.confidentRight++;
  else if (!hit && r.kind === 'planned' && r.status === 'match') t.confidentWrong++;
  const inTop5 = chain === undefined ? hit : r.kind === 'planned' && r.candidates.slice(0, 5).some((c) => c.chain === chain);
  if (inTop5) t.top5++;
  if (!hit) {
    // Where the first gold answer stands among the chosen query's answers (a right chain whose first answer the gold omits).
    const at = r.kind === 'planned' ? r.answers.findIndex((a) => gold.has(a.value)) : -1;
    const got = r.kind === 'planned' ? `${r.candidates[r.chosen]!.chain} → ${r.answers[0]?.value} (${r.status}; gold at #${at + 1} of ${r.answers.length})` : r.kind;
    const anchors = r.mentions.filter((m) => m.anchor).map((m) => m.text).join(' + ');
    t.misses.push(`  ${text}\n    anchors [${anchors}] chose ${got}${chain ? `; gold ${chain}` : ''}`);
  }
}

/**
 * Scores questions with kgrag eval's loop (core/eval, `--ask-only`: ask's own answers, no strategy
 * run); the gold chain among ask's top 5 candidates is this bench's own measure.
 */
async function scoreAll(t: Tally, asker: Asker, qs: readonly { id: string; text: string; gold: readonly string[]; chain: string | undefined }[], options: AskOptions = {}): Promise<AskResult[]> {
  const asked = new Map<string, AskResult>();
  const items = qs.map((q, i): EvalItem => ({ id: q.id, line: i + 1, answers: q.gold, question: q.text, fields: {} }));
  const runner: EvalRunner = {
    run: () => Promise.reject(new Error('ask-only')),
    async ask(question) {
      const r = await asker.ask(question, options);
      asked.set(question, r);
      return askOutcome(r);
    },
  };
  const records = await evaluateSet(items, runner, { strategies: ['cypher'], input: 'question', askOnly: true, explain: false });
  const out: AskResult[] = [];
  records.forEach((rec, i) => {
    const q = qs[i]!;
    const r = asked.get(q.text)!;
    out.push(r);
    t.n++;
    t.times.push(rec.ms);
    const hit = rec.rank === 1;
    if (hit) t.hits++;
    if (hit && r.kind === 'planned' && r.status === 'match') t.confidentRight++;
    else if (!hit && r.kind === 'planned' && r.status === 'match') t.confidentWrong++;
    const inTop5 = q.chain === undefined ? hit : r.kind === 'planned' && r.candidates.slice(0, 5).some((c) => c.chain === q.chain);
    if (inTop5) t.top5++;
    if (!hit) {
      const got = r.kind === 'planned' ? `${r.candidates[r.chosen]!.chain} → ${r.answers[0]?.value}` : r.kind;
      const anchors = r.mentions.filter((m) => m.anchor).map((m) => m.text).join(' + ');
      t.misses.push(`  ${q.text}\n    anchors [${anchors}] chose ${got}${q.chain ? `; gold ${q.chain}` : ''}`);
    }
  });
  return out;
}

/** The benches' percentile (core/eval's); p as a fraction here. */
function pct(xs: number[], p: number): number {
  return xs.length === 0 ? 0 : percentile(xs, p * 100);
}

function report(name: string, t: Tally, misses: number): void {
  const cpu = t.cpu.length ? `  CPU p50 ${pct(t.cpu, 0.5).toFixed(1)} ms p95 ${pct(t.cpu, 0.95).toFixed(1)} ms` : '';
  console.log(
    `${name.padEnd(26)} n=${String(t.n).padStart(5)}  Hits@1 ${(t.hits / t.n).toFixed(3)}  confident wrong ${(t.confidentWrong / t.n).toFixed(3)}  confident right ${(t.confidentRight / Math.max(1, t.hits)).toFixed(3)}  gold chain in top 5 ${(t.top5 / t.n).toFixed(3)}  p50 ${pct(t.times, 0.5).toFixed(1)} ms  p95 ${pct(t.times, 0.95).toFixed(1)} ms${cpu}`,
  );
  for (const m of t.misses.slice(0, misses)) console.log(m);
}

/** Snapshot vs store enumeration on the real embedded engine holding kb.txt. */
async function storeComparison(folder: string, per: number, schemaPath: string | undefined): Promise<void> {
  const t0 = performance.now();
  const session = await openSession({ store: { kind: 'embedded', folder }, embedder: { kind: 'lexical' } });
  try {
    if ((await session.schema()).labels.length === 0) {
      const s = await session.import([{ path: join(DATA, 'kb.txt'), format: 'triples' }]);
      console.log(`store: imported kb.txt into ${folder}: ${s.nodesCreated} nodes, ${s.edgesCreated} edges in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    }
    const snap = await session.snapshot();
    const schema = schemaPath ? (await new SchemaResolver(nodeSchemaFiles).load(schemaPath)).schema : undefined;
    const asker = new Asker(snap, { embedder: session.embedder, ...(schema ? { schema } : {}), store: { dialect: session.store.dialect, query: (c, o) => session.query(c, o) } });
    for (const hop of [1, 2, 3]) {
      const qs = sample(loadQuestions(DATA, hop), per, 20261124 + hop);
      const onStore = newTally();
      let same = 0;
      let queries = 0;
      const list = qs.flatMap((q) => {
        const reach = reachableAnswers(snap, q);
        const gold = q.answers.filter((x) => reach.includes(x));
        return gold.length === 0 ? [] : [{ id: `${hop}-${q.line}`, text: q.text.replace(/[[\]]/g, ''), gold, chain: goldChain(q) }];
      });
      const onStoreResults = await scoreAll(onStore, asker, list, { enumerate: 'store' });
      for (let i = 0; i < list.length; i++) {
        const a = await asker.ask(list[i]!.text);
        const b = onStoreResults[i]!;
        if (b.kind === 'planned') queries += b.storeQueries;
        const key = (r: AskResult): string => (r.kind === 'planned' ? `${r.candidates[r.chosen]!.chain}|${r.totalCandidates}|${r.answers.map((x) => x.id).sort().join(',')}` : r.kind);
        if (key(a) === key(b)) same++;
      }
      report(`  store ${hop}-hop (no brackets)`, onStore, 0);
      console.log(`    same choice, candidate count and answers as the snapshot: ${same}/${onStore.n}; ${(queries / Math.max(1, onStore.n)).toFixed(0)} statements per question`);
    }
  } finally {
    await session.close();
  }
}

/** Everything a person is shown of an ask result, without timings and where it ran. */
function shownOf(r: AskResult): string {
  const { timings: _t, placement: _p, storeIo: _io, ...rest } = r;
  if (rest.kind !== 'planned') return JSON.stringify(rest);
  // The plan too (what --run runs); only how the candidates were enumerated may differ.
  const { storeQueries: _q, enumeratedOn: _e, ...planned } = rest;
  return JSON.stringify(planned);
}

/**
 * Memory vs store placement of `ask` on one database folder (read-only), the same questions in
 * each: both sessions open side by side and each question asked in both in turn, compared at once
 * (only the verdict is kept, so the whole dev set fits), with a progress line every 2,000
 * questions — a run stopped early still says how many it compared.
 */
async function placementComparison(folder: string, per: number, hops: readonly number[]): Promise<void> {
  const questions = hops.map((hop) => {
    const all = loadQuestions(DATA, hop);
    return { hop, qs: (per > 0 ? sample(all, per, 20261127 + hop) : all).map((q) => ({ text: q.text.replace(/[[\]]/g, ''), gold: new Set(q.answers) })) };
  });
  type Run = { ms: number; cpu: number; hit: boolean; failed?: string; io?: { roundTrips: number; rowsRead: number; serverMs: number } };
  const opened: { asker: Asker; placed: AskOptions['placement']; close: () => Promise<void> }[] = [];
  try {
    for (const placement of ['memory', 'store'] as const) {
      const t0 = performance.now();
      const session = await openSession({ store: { kind: 'embedded', folder, readOnly: true }, embedder: { kind: 'lexical' }, placement });
      opened.push({ ...(await session.asker().then((a) => ({ asker: a.asker, placed: a.placement }))), close: () => session.close() });
      const placed = opened[opened.length - 1]!.placed!;
      console.log(`${placement}: ${placed.ran} (${placed.reason}); asker ready in ${((performance.now() - t0) / 1000).toFixed(1)} s, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
    }
    const ask = async (at: number, q: { text: string; gold: ReadonlySet<string> }): Promise<{ run: Run; shown: string }> => {
      const { asker, placed } = opened[at]!;
      const c0 = process.cpuUsage();
      const t0q = performance.now();
      try {
        const r = await asker.ask(q.text, { ...(placed ? { placement: placed } : {}) });
        const c = process.cpuUsage(c0);
        const hit = r.kind === 'planned' && r.answers.length > 0 && q.gold.has(r.answers[0]!.value);
        return { run: { ms: r.timings.totalMs, cpu: (c.user + c.system) / 1000, hit, ...(r.storeIo ? { io: r.storeIo } : {}) }, shown: shownOf(r) };
      } catch (e) {
        // A statement over the store's timeout (or any engine failure) is counted, not hidden.
        const failed = `failed: ${e instanceof Error ? e.message : String(e)}`;
        return { run: { ms: performance.now() - t0q, cpu: 0, hit: false, failed }, shown: failed };
      }
    };
    const p = (xs: number[], q: number): string => pct(xs, q).toFixed(1);
    const started = performance.now();
    let done = 0;
    for (const { hop, qs } of questions) {
      const m: Run[] = [];
      const s: Run[] = [];
      const differ: string[] = [];
      for (const q of qs) {
        const a = await ask(0, q);
        const b = await ask(1, q);
        m.push(a.run);
        s.push(b.run);
        if (!a.run.failed && !b.run.failed && a.shown !== b.shown) differ.push(q.text);
        if (++done % 2000 === 0) console.log(`  … ${done} questions (${hop}-hop ${m.length}/${qs.length}), differing so far on this hop ${differ.length}, store failures ${s.filter((x) => x.failed).length}, ${((performance.now() - started) / 60000).toFixed(1)} min, RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB`);
      }
      const failed = `failed (memory / store) ${m.filter((x) => x.failed).length} / ${s.filter((x) => x.failed).length}${s.some((x) => x.failed) ? ` [${[...new Set(s.filter((x) => x.failed).map((x) => x.failed!.slice(0, 60)))].join('; ')}]` : ''}`;
      const io = s.filter((x) => !x.failed).map((x) => x.io ?? { roundTrips: 0, rowsRead: 0, serverMs: 0 });
      console.log(
        `${hop}-hop n=${s.length}: differing ${differ.length}${differ.length ? ` [${differ.slice(0, 5).map((t) => JSON.stringify(t)).join(', ')}]` : ''}; ${failed}; Hits@1 memory ${(m.filter((x) => x.hit).length / m.length).toFixed(3)} store ${(s.filter((x) => x.hit).length / s.length).toFixed(3)}; ` +
          `memory p50 ${p(m.map((x) => x.ms), 0.5)} ms p95 ${p(m.map((x) => x.ms), 0.95)} ms (CPU p50 ${p(m.map((x) => x.cpu), 0.5)}); ` +
          `store p50 ${p(s.map((x) => x.ms), 0.5)} ms p95 ${p(s.map((x) => x.ms), 0.95)} ms (client CPU p50 ${p(s.map((x) => x.cpu), 0.5)}); ` +
          `round trips p50 ${p(io.map((x) => x.roundTrips), 0.5)} max ${Math.max(0, ...io.map((x) => x.roundTrips))}; rows p50 ${p(io.map((x) => x.rowsRead), 0.5)} max ${Math.max(0, ...io.map((x) => x.rowsRead))}; store time p50 ${p(io.map((x) => x.serverMs), 0.5)} ms p95 ${p(io.map((x) => x.serverMs), 0.95)} ms`,
      );
    }
  } finally {
    for (const o of opened) await o.close();
  }
}

async function main(): Promise<void> {
  const placementDb = process.argv.includes('--placement-db') ? process.argv[process.argv.indexOf('--placement-db') + 1] : undefined;
  if (placementDb) {
    await placementComparison(placementDb, arg('--placement-sample', 100), process.argv.includes('--hop') ? [arg('--hop', 1)] : [1, 2, 3]);
    return;
  }
  const per = arg('--sample', 1000);
  const misses = arg('--misses', 0);
  const t0 = performance.now();
  const embedder = await createEmbedder();
  const snap = await GraphSnapshot.fromTriples(readKb(join(DATA, 'kb.txt')), embedder, { labelOf: metaqaLabel, fingerprint: 'metaqa' });
  const t1 = performance.now();
  // The project's sample schema for this graph (aliases, descriptions), unless --no-schema.
  const schemaPath = join(__dirname, '..', 'samples', 'movies', 'movies.kgschema.json');
  const schema = process.argv.includes('--no-schema') ? undefined : (await new SchemaResolver(nodeSchemaFiles).load(schemaPath)).schema;
  const asker = new Asker(snap, { embedder, ...(schema ? { schema } : {}) });
  console.log(schema ? `schema: ${schemaPath} (aliases and descriptions)` : 'schema: none (relation and label names only)');
  const t2 = performance.now();
  console.log(`snapshot ${snap.nodeCount} nodes / ${snap.edgeCount} edges in ${(t1 - t0).toFixed(0)} ms (${embedder.id}); ask index in ${(t2 - t1).toFixed(0)} ms`);
  const only27 = process.argv.includes('--issue27-only');
  if (!process.argv.includes('--own-only') && !only27) {
    const hops = process.argv.includes('--hop') ? [arg('--hop', 1)] : [1, 2, 3];
    for (const hop of hops) {
      const all = loadQuestions(DATA, hop);
      const qs = per > 0 ? sample(all, per, 20261123 + hop) : all;
      const bracketed = newTally();
      const plain = newTally();
      const list = qs.flatMap((q) => {
        const reach = reachableAnswers(snap, q);
        const gold = q.answers.filter((a) => reach.includes(a));
        return gold.length === 0 ? [] : [{ q, gold, chain: goldChain(q) }];
      });
      const skipped = qs.length - list.length;
      await scoreAll(bracketed, asker, list.map(({ q, gold, chain }) => ({ id: `${hop}-${q.line}`, text: q.text, gold, chain })));
      await scoreAll(plain, asker, list.map(({ q, gold, chain }) => ({ id: `${hop}-${q.line}`, text: q.text.replace(/[[\]]/g, ''), gold, chain })));
      console.log(`MetaQA dev ${hop}-hop: ${qs.length} questions${per > 0 ? ` (seeded sample of ${all.length})` : ''}, ${skipped} skipped (no gold answer reachable in this kb.txt)`);
      report(`  brackets`, bracketed, misses);
      report(`  brackets removed`, plain, misses);
    }
  }
  if (!process.argv.includes('--no-issue27')) await issue27Rows(snap, embedder, per, misses);
  const storeAt = process.argv.includes('--store') ? process.argv[process.argv.indexOf('--store') + 1] : undefined;
  if (storeAt) {
    console.log(`Enumeration on the store (embedded engine, aggregate Cypher), ${arg('--store-sample', 50)} dev questions per hop:`);
    await storeComparison(storeAt, arg('--store-sample', 50), schema ? schemaPath : undefined);
  }
  const ownPath = join(__dirname, '..', 'data', 'questions', 'ask-own.jsonl');
  if (existsSync(ownPath) && !only27) {
    const lines = readFileSync(ownPath, 'utf8').split('\n').filter(Boolean);
    const byKind = new Map<string, { id: string; text: string; gold: string[]; chain: string }[]>();
    for (const line of lines) {
      const q = JSON.parse(line) as { id: string; question: string; answers: string[]; chain: string; kind: string };
      if (q.answers.length === 0) continue;
      const list = byKind.get(q.kind) ?? [];
      byKind.set(q.kind, list);
      list.push({ id: q.id, text: q.question, gold: q.answers, chain: q.chain });
    }
    const tallies = new Map<string, Tally>();
    for (const [kind, list] of byKind) {
      const t = newTally();
      tallies.set(kind, t);
      await scoreAll(t, asker, list);
    }
    console.log(`Own questions (data/questions/ask-own.jsonl): ${lines.length}`);
    const total = newTally();
    for (const [kind, t] of [...tallies].sort()) {
      report(`  ${kind}`, t, misses);
      total.n += t.n;
      total.hits += t.hits;
      total.confidentWrong += t.confidentWrong;
      total.confidentRight += t.confidentRight;
      total.top5 += t.top5;
      total.times.push(...t.times);
    }
    report('  all', total, 0);
  }
}

/** One letter dropped from the topic's longest word of six letters or more (the typed bench's rule), seeded. */
function dropLetter(name: string, rand: () => number): string | undefined {
  const words = name.split(' ');
  let at = -1;
  words.forEach((w, i) => {
    if (/^\p{L}{6,}$/u.test(w) && (at < 0 || w.length > words[at]!.length)) at = i;
  });
  if (at < 0) return undefined;
  const w = words[at]!;
  const k = 1 + Math.floor(rand() * (w.length - 2));
  words[at] = w.slice(0, k) + w.slice(k + 1);
  return words.join(' ');
}

/** Issue 27: the database alone (no schema, no aliases) on dev, held-out wordings and typo'd names. */
async function issue27Rows(snap: GraphSnapshot, embedder: Awaited<ReturnType<typeof createEmbedder>>, per: number, misses: number): Promise<void> {
  const bare = new Asker(snap, { embedder });
  const timed = async (t: Tally, text: string): Promise<AskResult> => {
    const c0 = process.cpuUsage();
    const r = await bare.ask(text);
    const c = process.cpuUsage(c0);
    t.cpu.push((c.user + c.system) / 1000);
    return r;
  };
  console.log('\n# Issue 27: the database alone (no schema file, no aliases, no model)');
  const hops = process.argv.includes('--hop') ? [arg('--hop', 1)] : [1, 2, 3];
  // --heldout <file>: another held-out set of the same format (default: the first one).
  const heldoutPath = process.argv.includes('--heldout') ? process.argv[process.argv.indexOf('--heldout') + 1]! : join(__dirname, '..', 'data', 'questions', 'ask-heldout-wordings.json');
  console.log(`held-out wordings: ${heldoutPath}`);
  const wordings = (JSON.parse(readFileSync(heldoutPath, 'utf8')) as { wordings: Record<string, string[]> }).wordings;
  const perWording = arg('--heldout-sample', 20);
  for (const hop of hops) {
    const all = loadQuestions(DATA, hop);
    const qs = per > 0 ? sample(all, per, 20261123 + hop) : all;
    const dev = newTally();
    const typo = newTally();
    const held = newTally();
    let rand = 20261127 + hop;
    const next = (): number => ((rand = (Math.imul(rand, 1664525) + 1013904223) >>> 0) / 2 ** 32);
    for (const q of qs) {
      const reach = reachableAnswers(snap, q);
      const gold = new Set(q.answers.filter((a) => reach.includes(a)));
      if (gold.size === 0) continue;
      const chain = goldChain(q);
      const unmarked = q.text.replace(/[[\]]/g, '');
      score(dev, await timed(dev, unmarked), gold, chain, unmarked);
      const dropped = process.argv.includes('--no-typo') ? undefined : dropLetter(q.topic, next);
      if (dropped) {
        const text = unmarked.replace(q.topic, dropped);
        score(typo, await timed(typo, text), gold, chain, text);
      }
    }
    // Held-out wordings: each wording filled with a seeded sample of dev questions of its type.
    const byType = new Map<string, Question[]>();
    for (const q of all) {
      const type = q.chain.join('_to_');
      byType.set(type, [...(byType.get(type) ?? []), q]);
    }
    for (const [type, texts] of Object.entries(wordings)) {
      if (type.split('_to_').length - 1 !== hop || process.argv.includes('--no-heldout')) continue;
      for (const [wi, wording] of texts.entries()) {
        for (const q of sample(byType.get(type) ?? [], perWording, 20261127 + hop * 100 + wi)) {
          const reach = reachableAnswers(snap, q);
          const gold = new Set(q.answers.filter((a) => reach.includes(a)));
          if (gold.size === 0) continue;
          const text = wording.replace('{E}', q.topic);
          score(held, await timed(held, text), gold, goldChain(q), text);
        }
      }
    }
    console.log(`${hop}-hop`);
    report('  dev, no aliases', dev, misses);
    if (held.n > 0) report('  held-out wordings', held, misses);
    if (typo.n > 0) report('  dev, topic one typo', typo, misses);
  }
}

main().catch((e) => {
  console.error(e);
  process.exitCode = 1;
});
