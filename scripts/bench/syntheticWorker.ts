/**
 * The synthetic graph's retrieval figures for bench:scale, in its own process (its memory is its
 * own): the two-hop plan of scripts/bench/synthetic.kgp from N seeded random named nodes, under each
 * strategy, warm (the first run of the process is reported apart). There are no gold answers on a
 * synthetic graph: latency and errors only. Each strategy stops after --budget-s seconds (said in
 * the output: `questions` is how many ran). Writes JSON.
 *
 *   node --import tsx scripts/bench/syntheticWorker.ts --db DIR --out FILE [--nodes N] [--count N] [--strategies gsd,mor] [--budget-s S]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openSession } from '../../src/core/session';
import { readRunInputs } from '../../src/core/retrieve';
import type { StrategyKind } from '../../src/core/plan';
import { syntheticName } from './syntheticKg';

const { values } = parseArgs({
  options: {
    db: { type: 'string' },
    out: { type: 'string' },
    nodes: { type: 'string', default: '10000000' },
    count: { type: 'string', default: '100' },
    strategies: { type: 'string', default: 'gsd,mor' },
    'budget-s': { type: 'string', default: '300' },
    seed: { type: 'string', default: '11' },
  },
});

export interface SyntheticFigures {
  readonly ms: number[];
  readonly cpuMs: number[];
  questions: number;
  errors: number;
  /** True when the time budget stopped the strategy before every plan ran. */
  cut: boolean;
  firstError?: string;
}

export interface SyntheticOutput {
  readonly openMs: number;
  readonly firstRunMs: number;
  readonly strategies: Record<string, SyntheticFigures>;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const session = await openSession({ store: { kind: 'embedded', folder: resolve(values.db!), readOnly: true } });
  const openMs = performance.now() - t0;
  const template = readFileSync(resolve(__dirname, 'synthetic.kgp'), 'utf8');
  let s = Number(values.seed) >>> 0;
  const rand = (): number => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const nodes = Number(values.nodes);
  const names = Array.from({ length: Number(values.count) }, () => syntheticName(Math.floor(rand() * nodes)));
  const plans = names.map((n) => readRunInputs('synthetic.kgp', template.replace('"red river 25"', JSON.stringify(n))).inputs[0]!.plan);
  const out: SyntheticOutput = { openMs, firstRunMs: 0, strategies: {} };
  let first = true;
  for (const kind of values.strategies!.split(',') as StrategyKind[]) {
    const f: SyntheticFigures = { ms: [], cpuMs: [], questions: 0, errors: 0, cut: false };
    const began = performance.now();
    for (const plan of plans) {
      if (performance.now() - began > Number(values['budget-s']) * 1000) {
        f.cut = true;
        break;
      }
      const c0 = process.cpuUsage();
      const t = performance.now();
      try {
        await session.run(plan, { strategy: kind, id: 'synthetic' });
        const ms = performance.now() - t;
        const cpu = process.cpuUsage(c0);
        if (first) {
          (out as { firstRunMs: number }).firstRunMs = ms;
          first = false;
        } else {
          f.ms.push(ms);
          f.cpuMs.push((cpu.user + cpu.system) / 1000);
        }
      } catch (e) {
        f.errors++;
        f.firstError ??= e instanceof Error ? e.message.slice(0, 200) : String(e);
      }
      f.questions++;
    }
    out.strategies[kind] = f;
    process.stderr.write(`${kind}: ${f.questions} plans, ${f.errors} errors${f.cut ? ' (time budget hit)' : ''}\n`);
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
