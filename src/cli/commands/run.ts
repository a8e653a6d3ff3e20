import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { databaseExists, STORE_FLAGS, GraphStoreError } from '../../core/graph';
import { loadReranker, type Reranker } from '../../core/retrieve';
import { MATCH_SEMANTICS, MAX_RESULTS, strategyParameter } from '../../core/plan';
import { isMatchSemantics } from '../../core/dsl';
import { cypherNotice, tiesSentence, type RetrievalResult } from '../../contracts/retrievalResult';
import { isStrategyKind, PlanParameterError, STRATEGY_KINDS, type RunOptions } from '../../core/session';
import { FileReadError } from '../../core/boundedRead';
import { EXIT, UsageError, exitCodeFor, oneLine, type CliIO } from '../io';
import { attachNegativeNumbers, EMBEDDER_FLAG, embedderKindFlag, openSessionFromSpec, PLACEMENT_FLAGS, PLACEMENT_USAGE, placementFromFlags, placementLines, specFromFlags } from './storeFlags';
import { planAliases, readPlanFile } from './planFile';
import { CONTEXT_FORMATS, modelContext, type ContextFormat } from '../../core/context';

const RUN_OPTIONS = {
  ...STORE_FLAGS,
  plan: { type: 'string' },
  strategy: { type: 'string' },
  mode: { type: 'string' },
  k: { type: 'string' },
  exhaustive: { type: 'boolean', default: false },
  // gsd: homomorphic matching (GsdStrategy.injective false).
  'no-injective': { type: 'boolean', default: false },
  // gsd: which pattern nodes may share a graph node (GsdStrategy.match).
  match: { type: 'string' },
  'budget-ms': { type: 'string' },
  'not-found-distance': { type: 'string' },
  ...EMBEDDER_FLAG,
  ...PLACEMENT_FLAGS,
  json: { type: 'boolean', default: false },
  // The result as a model receives it (core/context, the same text as the LM tool and the inspector).
  context: { type: 'string' },
  reranker: { type: 'string' },
} as const;

const USAGE = `usage: kgrag run <file.kgp|patterns.json|patterns.jsonl> (--db <path> | --neo4j <uri> [--user u] [--database d]) [--plan name] [--strategy ${STRATEGY_KINDS.join('|')}] [--mode run|explain|profile] [--k N] [--exhaustive] [--no-injective] [--match injective|anchors-distinct|homomorphic] [--budget-ms N] [--not-found-distance D] [--embedder lexical|hashing] [--reranker weights.json] ${PLACEMENT_USAGE} [--json | --context ${CONTEXT_FORMATS.join('|')}]`;

/**
 * `kgrag run`: retrieve with every plan (or pattern) of a file against a store (--db or --neo4j).
 * The snapshot is built once (and cached under `<db>/snapshots`); JSON lines input gives one
 * result per line. Exit 0 when everything ran, 1 when some input had problems, 3 on failure.
 */
export async function run(args: readonly string[], io: CliIO): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: attachNegativeNumbers(args, RUN_OPTIONS),
      allowPositionals: true,
      options: RUN_OPTIONS,
    });
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) throw new UsageError(`expected one input file\n${USAGE}`);
  if (values.db === undefined && values.neo4j === undefined) throw new UsageError(`--db <path> or --neo4j <uri> is required\n${USAGE}`);
  const strategy = values.strategy;
  if (strategy !== undefined && !isStrategyKind(strategy)) throw new UsageError(`--strategy must be ${STRATEGY_KINDS.join(', ')}, not ${strategy}`);
  const mode = values.mode;
  if (mode !== undefined && mode !== 'run' && mode !== 'explain' && mode !== 'profile') throw new UsageError(`--mode must be run, explain or profile, not ${mode}`);
  let k: number | undefined;
  if (values.k !== undefined) {
    k = Number(values.k);
    // The same range as the strategies' k (core/plan/strategyParameters.ts), so a flag cannot pass what a plan may not.
    if (!Number.isInteger(k) || k < 1 || k > MAX_RESULTS) throw new UsageError(`--k must be a whole number from 1 to ${MAX_RESULTS}, not ${values.k}`);
  }
  const match = values.match;
  if (match !== undefined && !isMatchSemantics(match)) throw new UsageError(`--match must be ${MATCH_SEMANTICS.join(', ')}, not ${match}`);
  let budgetMs: number | undefined;
  if (values['budget-ms'] !== undefined) {
    budgetMs = Number(values['budget-ms']);
    const budget = strategyParameter('gsd', 'budgetMs');
    const max = budget?.type === 'count' ? budget.max : Number.MAX_SAFE_INTEGER;
    if (!Number.isInteger(budgetMs) || budgetMs < 1 || budgetMs > max) throw new UsageError(`--budget-ms must be a whole number from 1 to ${max}, not ${values['budget-ms']}`);
  }
  let notFoundDistance: number | undefined;
  if (values['not-found-distance'] !== undefined) {
    notFoundDistance = Number(values['not-found-distance']);
    if (!Number.isFinite(notFoundDistance) || notFoundDistance < 0) throw new UsageError(`--not-found-distance must be a number ≥ 0, not ${values['not-found-distance']}`);
  }
  const context = values.context;
  if (context !== undefined && !(CONTEXT_FORMATS as readonly string[]).includes(context)) throw new UsageError(`--context must be ${CONTEXT_FORMATS.join(' or ')}, not ${context}`);
  if (context !== undefined && values.json) throw new UsageError(`--context and --json print different things: choose one\n${USAGE}`);
  const embedder = embedderKindFlag(values.embedder);
  const spec = specFromFlags(values, io, { mustExist: false, readOnly: true });

  const { file, read } = readPlanFile(positionals[0]!, io, 'run', values.plan);
  if (read.inputs.length === 0) return EXIT.findings;

  if (spec.kind === 'embedded' && !databaseExists(spec.folder)) throw new UsageError(`no database in ${values.db} (create one with kgrag import <file> --db ${values.db})`);
  let reranker: Reranker | undefined;
  if (values.reranker !== undefined) {
    try {
      reranker = loadReranker(resolve(io.cwd, values.reranker));
    } catch (e) {
      io.err(`kgrag run: ${e instanceof Error ? e.message : String(e)}`);
      // Unreadable path: 2 (1 above the size cap); a file that is not a reranker: bad data, 1.
      return e instanceof FileReadError ? exitCodeFor(e) : EXIT.findings;
    }
  }
  const session = await openSessionFromSpec(spec, io, { embedder: { kind: embedder }, ...(reranker ? { reranker } : {}), ...placementFromFlags(values) });
  try {
    const options: RunOptions = {
      ...(strategy !== undefined ? { strategy } : {}),
      ...(mode !== undefined ? { mode } : {}),
      ...(k !== undefined ? { k } : {}),
      ...(values.exhaustive ? { exhaustive: true } : {}),
      ...(values['no-injective'] ? { injective: false } : {}),
      ...(match !== undefined ? { match } : {}),
      ...(budgetMs !== undefined ? { budgetMs } : {}),
      ...(notFoundDistance !== undefined ? { notFoundDistance } : {}),
    };
    // A plan's `schema "…"` file (relative to the plan file) lends its aliases to relation matching.
    const aliasesFor = planAliases(file, io, 'run');
    let failed = 0;
    for (const input of read.inputs) {
      const relationAliases = await aliasesFor(input.plan.schemaRef);
      let result: RetrievalResult;
      try {
        result = await session.run(input.plan, { ...options, id: input.id, ...(relationAliases ? { relationAliases } : {}) });
      } catch (e) {
        // One plan the store rejects (an unknown label, a refused statement) must not abort the others.
        const planProblem = e instanceof PlanParameterError || (e instanceof GraphStoreError && ['query-failed', 'not-read-only', 'refused'].includes(e.code));
        if (!planProblem) throw e;
        failed++;
        io.err(`kgrag run: ${positionals[0]}: plan ${input.id}: ${oneLine(e.message)}`);
        continue;
      }
      if (values.json) io.out(JSON.stringify(result)); // JSON lines: one result a line, whatever the input format
      else if (context !== undefined) {
        // stdout is exactly what a model receives; its size goes to stderr.
        const c = modelContext(result, { format: context as ContextFormat });
        io.out(c.text + '\n');
        io.err(`kgrag run: ${input.id}: ≈ ${c.tokens.tokens} tokens (${c.tokens.method}), ${c.graphs} evidence graph${c.graphs === 1 ? '' : 's'}, ${c.triples} triple${c.triples === 1 ? '' : 's'}`);
      } else io.out(describe(result));
    }
    if (failed > 0) return EXIT.findings;
  } finally {
    await session.close();
  }
  return read.problems.length > 0 ? EXIT.findings : EXIT.ok;
}

/** The human-readable summary of one result. */
function describe(r: RetrievalResult): string {
  const lines = [`${r.id} (${r.strategy}) — ${r.answers.length} answer(s) in ${r.timings.totalMs.toFixed(1)} ms`];
  if (r.question) lines.push(`  question: ${r.question}`);
  if (r.ties) lines.push(`  ties: ${tiesSentence(r.ties)}`);
  for (const line of r.cypher ? cypherNotice(r.cypher) : []) lines.push(`  note: ${line}`);
  r.answers.slice(0, 10).forEach((a, i) => lines.push(`  ${i + 1}. ${a.value}${a.labels && a.labels.length > 0 ? ` [${a.labels.join(', ')}]` : ''}  (${r.strategy === 'gsd' ? 'gsd' : 'score'} ${a.score.toFixed(4)})`));
  // What was retrieved but is no value of the return variable: context, said apart from the answers.
  if (r.context && r.context.length > 0) lines.push(`  context (${r.context.length}, not values of return ${(r.returns ?? []).join(', ')}): ${r.context.slice(0, 10).map((c) => `${c.value}${c.labels && c.labels.length > 0 ? ` [${c.labels.join(', ')}]` : ''}`).join(', ')}${r.context.length > 10 ? ', …' : ''}`);
  for (const sg of r.subgraphs.slice(0, 3)) {
    lines.push(`  subgraph #${sg.rank}  ${sg.score !== undefined ? `S ${sg.score.toFixed(4)}` : `gsd ${sg.gsd.toFixed(4)}`}`);
    for (const t of sg.triples) lines.push(`    (${t.sourceName}) -[${t.type}]-> (${t.targetName})`);
  }
  if (r.trajectory) lines.push(`  traversal: ${r.trajectory.paths.length} path(s), ${r.trajectory.combination}, ${r.trajectory.trajectories.length} trajectories`);
  if (r.stem) lines.push(`  stem: ${r.stem.mode}, ${r.stem.beams.length} schema graph(s), guidance ${r.stem.guidance.provider} (${r.stem.guidance.entities.length} entities), ${r.stem.beams.reduce((s, b) => s + b.matches, 0)} match(es)`);
  if (r.sage) lines.push(`  sage: ${r.sage.seeds.length} seed(s), ${r.sage.candidateCount} neighbour(s), k′ ${r.sage.kPrime} kept, ${r.sage.edgePolicy === 'skip-explicit' ? '-Edge' : '+Edge'}${r.sage.constrained ? ', constrained' : ''}`);
  if (r.cypher) lines.push(`  cypher: ${r.cypher.text.replace(/\s+/g, ' ')}`);
  for (const w of r.warnings ?? []) lines.push(`  warning: ${w}`);
  const stats = Object.entries(r.stats).map(([key, v]) => `${key} ${v}`).join(', ');
  if (stats) lines.push(`  stats: ${stats}`);
  lines.push(...placementLines(r));
  return lines.join('\n');
}
