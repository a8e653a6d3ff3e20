/**
 * One graph's retrieval figures for bench:scale, run in its own process (so its memory is its own):
 * MetaQA dev questions as gold patterns under every strategy (latency, gsd Hits@1, the answers
 * themselves for the agreement check) and every plan of examples/ (warm latency). Writes JSON.
 * Uses only openSession/run, so the same file runs against an older tree for "today's" answers.
 *
 *   node --import tsx scripts/bench/scaleWorker.ts --db DIR --out FILE [--sample N|all] [--strategies gsd,mor,…] [--examples DIR]
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openSession } from '../../src/core/session';
import { readRunInputs } from '../../src/core/retrieve';
import type { StrategyKind } from '../../src/core/plan';
import { goldPattern, loadQuestions, sample } from './metaqa';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    out: { type: 'string' },
    sample: { type: 'string', default: '100' },
    strategies: { type: 'string', default: 'gsd,mor,stem,sage,cypher' },
    examples: { type: 'string', default: resolve(__dirname, '../../examples') },
    data: { type: 'string', default: resolve(__dirname, '../../../shared/data/metaqa') },
    seed: { type: 'string', default: '7' },
  },
});

export interface StrategyFigures {
  readonly ms: number[];
  readonly cpuMs: number[];
  hits1: number;
  questions: number;
  errors: number;
  readonly answers: Record<string, string[]>;
}

export interface WorkerOutput {
  readonly openMs: number;
  readonly firstRunMs: number;
  readonly strategies: Record<string, StrategyFigures>;
  readonly examples: { file: string; plan: string; strategy: string; ms: number; answers: string[]; error?: string }[];
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const session = await openSession({ store: { kind: 'embedded', folder: resolve(values.db!), readOnly: true } });
  const openMs = performance.now() - t0;
  const n = values.sample === 'all' ? Infinity : Number(values.sample);
  const questions = [1, 2, 3].flatMap((hop) => sample(loadQuestions(values.data!, hop), n, Number(values.seed) + hop));
  const out: WorkerOutput = { openMs, firstRunMs: 0, strategies: {}, examples: [] };
  let first = true;
  for (const kind of values.strategies!.split(',') as StrategyKind[]) {
    const f: StrategyFigures = { ms: [], cpuMs: [], hits1: 0, questions: 0, errors: 0, answers: {} };
    for (const q of questions) {
      const plan = goldPattern(q);
      const c0 = process.cpuUsage();
      const s = performance.now();
      try {
        const r = await session.run(plan, { strategy: kind, id: `q${q.line}` });
        const ms = performance.now() - s;
        if (first) {
          (out as { firstRunMs: number }).firstRunMs = ms;
          first = false;
        }
        const cpu = process.cpuUsage(c0);
        f.ms.push(ms);
        f.cpuMs.push((cpu.user + cpu.system) / 1000);
        const values = r.answers.map((a) => a.value);
        f.answers[`${q.chain.length - 1}:${q.line}`] = values;
        if (values.length > 0 && q.answers.includes(values[0]!)) f.hits1++;
      } catch (e) {
        f.errors++;
        f.answers[`${q.chain.length - 1}:${q.line}`] = [`error: ${e instanceof Error ? e.message.slice(0, 80) : String(e)}`];
      }
      f.questions++;
    }
    out.strategies[kind] = f;
    process.stderr.write(`${kind}: ${f.questions} questions, ${f.errors} errors\n`);
  }
  for (const file of readdirSync(values.examples!).filter((x) => x.endsWith('.kgp')).sort()) {
    const read = readRunInputs(file, readFileSync(join(values.examples!, file), 'utf8'));
    for (const input of read.inputs) {
      try {
        await session.run(input.plan, { id: input.id }); // warm-up: lazily built tables
        const s = performance.now();
        const r = await session.run(input.plan, { id: input.id });
        out.examples.push({ file, plan: input.id, strategy: input.plan.strategy.kind, ms: performance.now() - s, answers: r.answers.map((a) => a.value) });
      } catch (e) {
        out.examples.push({ file, plan: input.id, strategy: input.plan.strategy.kind, ms: NaN, answers: [], error: e instanceof Error ? e.message : String(e) });
      }
    }
  }
  await session.close();
  writeFileSync(values.out!, JSON.stringify(out));
}

void main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(3);
  },
);
