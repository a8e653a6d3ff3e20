import { readTextFileSync } from '../../core/boundedRead';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { createEmbedder, DEFAULT_EMBEDDER_SETTINGS, isEmbedderKind } from '../../core/embed/createEmbedder';
import { EmbeddedStore } from '../../core/graph/embedded/embeddedStore';
import { databaseExists } from '../../core/graph/embedded/dataFolder';
import type { StrategyKind } from '../../core/plan/planningGraph';
import { RetrievalEngine } from '../../core/retrieve/engine';
import { readRunInputs } from '../../core/retrieve/inputs';
import { relationAliasesOf, type RelationAliases } from '../../core/retrieve/relations';
import { readSchemaFile } from '../../core/schema/readSchemaFile';
import { registerStrategies } from '../../core/retrieve/strategies';
import { loadReranker, type Reranker } from '../../core/retrieve/mor/rerank';
import type { RetrievalResult } from '../../core/retrieve/result';
import { EXIT, UsageError, oneLine, type CliIO } from '../io';
import { GraphStoreError } from '../../core/graph/errors';
import { attachNegativeNumbers } from './storeFlags';

const RUN_OPTIONS = {
  db: { type: 'string' },
  plan: { type: 'string' },
  strategy: { type: 'string' },
  k: { type: 'string' },
  exhaustive: { type: 'boolean', default: false },
  // gsd: homomorphic matching (GsdStrategy.injective false).
  'no-injective': { type: 'boolean', default: false },
  embedder: { type: 'string', default: DEFAULT_EMBEDDER_SETTINGS.kind },
  json: { type: 'boolean', default: false },
  reranker: { type: 'string' },
} as const;

const USAGE = 'usage: kgrag run <file.kgp|patterns.json|patterns.jsonl> --db <path> [--plan name] [--strategy gsd|mor|cypher] [--k N] [--exhaustive] [--no-injective] [--embedder lexical|hashing] [--reranker weights.json] [--json]';

/**
 * `kgrag run`: retrieve with every plan (or pattern) of a file against the embedded store. The
 * snapshot is built once (and cached under `<db>/snapshots`); JSON lines input gives one result
 * per line. Exit 0 when everything ran, 1 when some input had problems, 3 on failure.
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
  if (!values.db) throw new UsageError(`--db <path> is required\n${USAGE}`);
  const strategy = values.strategy;
  if (strategy !== undefined && strategy !== 'gsd' && strategy !== 'mor' && strategy !== 'cypher') throw new UsageError(`--strategy must be gsd, mor or cypher, not ${strategy}`);
  let k: number | undefined;
  if (values.k !== undefined) {
    k = Number(values.k);
    if (!Number.isInteger(k) || k < 1) throw new UsageError(`--k must be a positive integer, not ${values.k}`);
  }
  if (!isEmbedderKind(values.embedder)) throw new UsageError(`--embedder must be hashing, lexical or transformers, not ${values.embedder}`);

  const file = resolve(io.cwd, positionals[0]!);
  let text: string;
  try {
    text = readTextFileSync(file, 'plan');
  } catch (e) {
    throw new UsageError(`cannot read ${e instanceof Error ? e.message : String(e)}`);
  }
  const read = readRunInputs(file, text, values.plan);
  for (const p of read.problems) io.err(`${positionals[0]}:${p.line}: ${p.message}`);
  if (read.inputs.length === 0) {
    if (read.problems.length === 0) io.err(`kgrag run: ${positionals[0]} has no plans or patterns`);
    return EXIT.findings;
  }

  const folder = resolve(io.cwd, values.db);
  if (!databaseExists(folder)) throw new UsageError(`no database in ${values.db} (create one with kgrag import <file> --db ${values.db})`);
  let reranker: Reranker | undefined;
  if (values.reranker !== undefined) {
    try {
      reranker = loadReranker(resolve(io.cwd, values.reranker));
    } catch (e) {
      io.err(`kgrag run: ${e instanceof Error ? e.message : String(e)}`);
      return EXIT.failure;
    }
  }
  const embedder = await createEmbedder({ kind: values.embedder });
  const store = new EmbeddedStore({ folder, readOnly: true });
  await store.open();
  try {
    const engine = new RetrievalEngine(store, embedder, RetrievalEngine.cacheDirFor(folder));
    registerStrategies(engine, reranker ? { reranker } : {});
    const overrides = {
      ...(strategy !== undefined ? { strategy: strategy as StrategyKind } : {}),
      ...(k !== undefined ? { k } : {}),
      ...(values.exhaustive ? { exhaustive: true } : {}),
      ...(values['no-injective'] ? { injective: false } : {}),
    };
    // A plan's `schema "…"` file (relative to the plan file) lends its aliases to relation matching.
    const aliasesByRef = new Map<string, RelationAliases>();
    const aliasesFor = (ref: string | undefined): RelationAliases | undefined => {
      if (ref === undefined) return undefined;
      let aliases = aliasesByRef.get(ref);
      if (!aliases) {
        const loaded = readSchemaFile(resolve(dirname(file), ref));
        if (loaded.problem) io.err(`kgrag run: schema ${loaded.problem}; relation aliases not used`);
        aliases = relationAliasesOf(loaded.schema);
        aliasesByRef.set(ref, aliases);
      }
      return aliases;
    };
    let failed = 0;
    for (const input of read.inputs) {
      const relationAliases = aliasesFor(input.plan.schemaRef);
      let result: RetrievalResult;
      try {
        result = await engine.run(input.plan, { ...overrides, ...(relationAliases ? { relationAliases } : {}) }, input.id);
      } catch (e) {
        // One plan the store rejects (an unknown label, a refused statement) must not abort the others.
        if (!(e instanceof GraphStoreError) || !['query-failed', 'not-read-only', 'refused'].includes(e.code)) throw e;
        failed++;
        io.err(`kgrag run: ${positionals[0]}: plan ${input.id}: ${oneLine(e.message)}`);
        continue;
      }
      if (values.json) io.out(read.format === 'jsonl' ? JSON.stringify(result) : JSON.stringify(result, null, 2));
      else io.out(describe(result));
    }
    if (failed > 0) return EXIT.findings;
  } finally {
    await store.close();
  }
  return read.problems.length > 0 ? EXIT.findings : EXIT.ok;
}

/** The human-readable summary of one result. */
function describe(r: RetrievalResult): string {
  const lines = [`${r.id} (${r.strategy}) — ${r.answers.length} answer(s) in ${r.timings.totalMs.toFixed(1)} ms`];
  if (r.question) lines.push(`  question: ${r.question}`);
  r.answers.slice(0, 10).forEach((a, i) => lines.push(`  ${i + 1}. ${a.value}  (${r.strategy === 'gsd' ? 'gsd' : 'score'} ${a.score.toFixed(4)})`));
  for (const sg of r.subgraphs.slice(0, 3)) {
    lines.push(`  subgraph #${sg.rank}  gsd ${sg.gsd.toFixed(4)}`);
    for (const t of sg.triples) lines.push(`    (${t.sourceName}) -[${t.type}]-> (${t.targetName})`);
  }
  if (r.trajectory) lines.push(`  traversal: ${r.trajectory.paths.length} path(s), ${r.trajectory.combination}, ${r.trajectory.trajectories.length} trajectories`);
  if (r.cypher) lines.push(`  cypher: ${r.cypher.text.replace(/\s+/g, ' ')}`);
  for (const w of r.warnings ?? []) lines.push(`  warning: ${w}`);
  const stats = Object.entries(r.stats).map(([key, v]) => `${key} ${v}`).join(', ');
  if (stats) lines.push(`  stats: ${stats}`);
  return lines.join('\n');
}
