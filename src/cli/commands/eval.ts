// kgrag eval <set.jsonl | plans.kgp> (--db <folder> | --neo4j <uri>) [--strategies gsd,mor,stem,sage,cypher]
//   [--group-by field] [--input auto|question|plan] [--hits-at K] [--out eval.json [--resume]]
//   [--save-baseline f] [--baseline f] [--min hits1=0.9 …] [--no-explain] [--ask-only] [--embedder …] [--schema f] [--json]
import { appendFileSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readTextFileSync } from '../../core/boundedRead';
import {
  compareBaseline,
  evaluateSet,
  EvalSetError,
  isEvalBaseline,
  makeBaseline,
  parseThreshold,
  readEvalSet,
  recordKey,
  renderSummary,
  sessionRunner,
  summarize,
  thresholdFailures,
  type EvalRecord,
  type Threshold,
} from '../../core/eval';
import { STORE_FLAGS } from '../../core/graph';
import type { StrategyKind } from '../../core/plan';
import { nodeSchemaFiles, SchemaResolver } from '../../core/schema';
import { isStrategyKind, STRATEGY_KINDS } from '../../core/session';
import { EXIT, InputError, UsageError, type CliIO } from '../io';
import { EMBEDDER_FLAG, embedderKindFlag, openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';

const USAGE = `usage: kgrag eval <set.jsonl|plans.kgp> (--db <path> | --neo4j <uri>) [--strategies ${STRATEGY_KINDS.join(',')}] [--group-by field] [--input auto|question|plan] [--hits-at K] [--out eval.json [--resume]] [--save-baseline f] [--baseline f] [--min hits1=0.9] [--no-explain] [--embedder lexical|hashing] [--json]`;

/** The first line of a resume file: which run its records belong to. */
interface ResumeHeader {
  readonly kind: 'kgrag-eval-partial';
  readonly set: string;
  readonly strategies: readonly StrategyKind[];
  readonly input: string;
  readonly groupBy: string | null;
  readonly embedder: string;
  readonly askOnly?: true;
}

/** Terminal output: control bytes from the graph or the set are shown escaped, never sent. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `kgrag eval`: a question set through the strategies (core/eval, docs/eval.md). Prints the metrics
 * table and the misses by why-not cause; writes everything as JSON with --out. Exit 0 ok, 1 when a
 * --min threshold or the baseline fails (naming the metric) or set lines were bad, 2 bad usage,
 * 3 engine failure.
 */
export async function evalCommand(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: {
      ...STORE_FLAGS,
      strategies: { type: 'string', default: 'gsd' },
      'group-by': { type: 'string' },
      input: { type: 'string', default: 'auto' },
      'hits-at': { type: 'string', default: '10' },
      out: { type: 'string' },
      resume: { type: 'boolean', default: false },
      'save-baseline': { type: 'string' },
      baseline: { type: 'string' },
      min: { type: 'string', multiple: true },
      'no-explain': { type: 'boolean', default: false },
      'ask-only': { type: 'boolean', default: false },
      schema: { type: 'string' },
      ...EMBEDDER_FLAG,
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError(`expected one set file\n${USAGE}`);
  const setArg = positionals[0]!;
  const strategies = values.strategies.split(',').map((s) => s.trim()).filter(Boolean);
  for (const s of strategies) if (!isStrategyKind(s)) throw new UsageError(`--strategies: ${s} is not a strategy (${STRATEGY_KINDS.join(', ')})`);
  if (strategies.length === 0) throw new UsageError(`--strategies names no strategy (${STRATEGY_KINDS.join(', ')})`);
  const kinds = [...new Set(strategies)] as StrategyKind[];
  const input = values.input;
  if (input !== 'auto' && input !== 'question' && input !== 'plan') throw new UsageError(`--input must be auto, question or plan, not ${input}`);
  const k = Number(values['hits-at']);
  if (!Number.isInteger(k) || k < 1) throw new UsageError(`--hits-at must be a positive integer, not ${values['hits-at']}`);
  const thresholds: Threshold[] = (values.min ?? []).map((t) => {
    const p = parseThreshold(t);
    if (typeof p === 'string') throw new UsageError(p);
    return p;
  });
  if (values.resume && values.out === undefined) throw new UsageError('--resume needs --out (the partial records are kept beside it)');
  const embedder = embedderKindFlag(values.embedder);
  if (values.db === undefined && values.neo4j === undefined) throw new UsageError(`--db <path> or --neo4j <uri> is required\n${USAGE}`);
  const spec = specFromFlags(values, io, { mustExist: true, readOnly: true });

  const setFile = resolve(io.cwd, setArg);
  let text: string;
  try {
    text = readTextFileSync(setFile, 'set');
  } catch (e) {
    throw new UsageError(`cannot read ${e instanceof Error ? e.message : String(e)}`);
  }
  const read = readEvalSet(setFile, text);
  for (const p of read.problems) io.err(printable(`${setArg}:${p.line}: ${p.message}`));
  if (read.items.length === 0) {
    io.err(`kgrag eval: ${setArg} has no items to evaluate`);
    return EXIT.findings;
  }
  let baseline;
  if (values.baseline !== undefined) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(resolve(io.cwd, values.baseline), 'utf8'));
    } catch (e) {
      throw new UsageError(`--baseline ${values.baseline}: ${e instanceof Error ? e.message : String(e)}`);
    }
    if (!isEvalBaseline(raw)) throw new InputError(`--baseline ${values.baseline}: not a kgrag eval baseline (write one with --save-baseline)`);
    baseline = raw;
  }
  let schema;
  if (values.schema !== undefined) {
    const r = await new SchemaResolver(nodeSchemaFiles).load(resolve(io.cwd, values.schema));
    if (!r.schema) throw new UsageError(`--schema ${values.schema}: ${r.problem ?? 'not a schema file'}`);
    schema = r.schema;
  }

  // Resume: the records of an interrupted run with the same set and options are kept, the rest run.
  const outFile = values.out !== undefined ? resolve(io.cwd, values.out) : undefined;
  const partialFile = outFile ? `${outFile}.partial.jsonl` : undefined;
  const header: ResumeHeader = { kind: 'kgrag-eval-partial', set: setFile, strategies: kinds, input, groupBy: values['group-by'] ?? null, embedder, ...(values['ask-only'] ? { askOnly: true } : {}) };
  const done = new Map<string, EvalRecord>();
  if (partialFile && values.resume && existsSync(partialFile)) {
    const lines = readFileSync(partialFile, 'utf8').split('\n').filter(Boolean);
    let first: unknown;
    try {
      first = JSON.parse(lines[0] ?? 'null');
    } catch {
      first = null;
    }
    if (JSON.stringify(first) !== JSON.stringify(header)) throw new UsageError(`--resume: ${partialFile} belongs to another run (other set, strategies, input, group-by or embedder); remove it or drop --resume`);
    for (const line of lines.slice(1)) {
      try {
        const r = JSON.parse(line) as EvalRecord;
        done.set(recordKey(r.id, r.strategy), r);
      } catch {
        // The line being written when the run stopped: that record runs again.
      }
    }
    io.err(`kgrag eval: resuming with ${done.size} records from ${partialFile}`);
  } else if (partialFile) writeFileSync(partialFile, JSON.stringify(header) + '\n');

  const session = await openSessionFromSpec(spec, io, { embedder: { kind: embedder } });
  let records: EvalRecord[];
  const t0 = performance.now();
  try {
    const runner = await sessionRunner(session, schema ? { schema } : {});
    let last = 0;
    records = await evaluateSet(read.items, runner, {
      strategies: kinds,
      input,
      ...(values['group-by'] !== undefined ? { groupBy: values['group-by'] } : {}),
      explain: !values['no-explain'],
      askOnly: values['ask-only'],
      done,
      onRecord: (r) => {
        if (partialFile) appendFileSync(partialFile, JSON.stringify(r) + '\n');
      },
      onProgress: (n, total) => {
        const now = performance.now();
        if (n === total || now - last > 2000) {
          last = now;
          io.err(`kgrag eval: ${n}/${total} (${((now - t0) / 1000).toFixed(0)} s)`);
        }
      },
    });
  } catch (e) {
    if (e instanceof EvalSetError) throw new UsageError(`--input ${input}: ${e.message}`);
    throw e;
  } finally {
    await session.close();
  }

  const summary = summarize(records, kinds, k);
  const comparison = baseline ? compareBaseline(baseline, summary, records) : undefined;
  const failures = thresholdFailures(summary, thresholds);
  if (outFile) {
    const tmp = `${outFile}.tmp`;
    writeFileSync(tmp, JSON.stringify({ kind: 'kgrag-eval', version: 1, set: setFile, store: session.store.description, embedder: session.embedder.id, strategies: kinds, input, groupBy: values['group-by'] ?? null, k, summary, records }, null, 1) + '\n');
    renameSync(tmp, outFile);
    if (partialFile) rmSync(partialFile, { force: true });
  }
  if (values['save-baseline'] !== undefined) writeFileSync(resolve(io.cwd, values['save-baseline']), JSON.stringify(makeBaseline(setFile, summary, records), null, 1) + '\n');

  if (values.json) io.out(JSON.stringify({ summary, ...(comparison ? { baseline: comparison } : {}), failures }, null, 2));
  else {
    io.out(printable(`${read.items.length} items × ${kinds.length} strateg${kinds.length === 1 ? 'y' : 'ies'} on ${session.store.description} (${session.embedder.id}), ${((performance.now() - t0) / 1000).toFixed(1)} s`));
    io.out(printable(renderSummary(summary)));
    if (comparison) io.out(printable(['', `against baseline ${values.baseline}:`, ...comparison.lines].join('\n')));
  }
  for (const f of failures) io.err(`kgrag eval: below threshold: ${f}`);
  for (const r of comparison?.regressions ?? []) io.err(`kgrag eval: regression against the baseline: ${r}`);
  return failures.length > 0 || (comparison?.regressions.length ?? 0) > 0 || read.problems.length > 0 ? EXIT.findings : EXIT.ok;
}
