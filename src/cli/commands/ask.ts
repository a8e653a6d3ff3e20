// kgrag ask "<question>" | questions.jsonl  (--db <folder> | --neo4j <uri> [--user u] [--database d])
//   [--json] [--schema file.kgschema.json] [--strategy gsd|mor|cypher] [--run] [--enumerate snapshot|store] [--placement memory|store|auto] [--memory-budget MB]
//   [--endpoint <url> --model <name>]  (an OpenAI-compatible model chooses among the candidates;
//   its key, if any, from KGRAG_PLANNER_API_KEY)
import { resolve } from 'node:path';
import type { AskResult } from '../../core/ask';
import { STORE_FLAGS } from '../../core/graph';
import { HttpChatModel } from '../../core/llm';
import { DEFAULT_STRATEGIES, type StrategyKind } from '../../core/plan';
import { nodeSchemaFiles, SchemaResolver } from '../../core/schema';
import type { RetrievalSession } from '../../core/session';
import { EXIT, UsageError, readInputFile, type CliIO } from '../io';
import { openSessionFromSpec, parseFlags, PLACEMENT_FLAGS, placementFromFlags, placementLines, specFromFlags } from './storeFlags';

export const PLANNER_API_KEY_ENV = 'KGRAG_PLANNER_API_KEY';
const STRATEGY_KINDS: readonly StrategyKind[] = ['gsd', 'mor', 'cypher'];

/** One result as a JSON object: the shape `kgrag ask --json` and the .jsonl mode print. */
export function askJson(id: string | undefined, r: AskResult, ran?: { answers: readonly string[]; ms: number }): Record<string, unknown> {
  const common = { ...(id !== undefined ? { id } : {}), question: r.question, kind: r.kind, mentions: r.mentions, ...(r.placement ? { placement: r.placement } : {}), ...(r.storeIo ? { storeIo: r.storeIo } : {}) };
  if (r.kind !== 'planned') return { ...common, message: r.message, ...(r.kind === 'nothing-found' ? { nearest: r.nearest } : {}), answers: [], plan: null, candidates: [], timings: r.timings };
  return {
    ...common,
    status: r.status,
    confidence: r.confidence,
    decidedBy: r.decidedBy,
    ...(r.rejectedReplies.length ? { rejectedReplies: r.rejectedReplies } : {}),
    answers: r.answers,
    answerCount: r.answerCount,
    plan: r.kgp,
    chosen: r.chosen + 1,
    ...(r.askedType ? { askedType: { word: r.askedType.word, labels: r.askedType.labels, detail: r.askedType.detail } } : {}),
    candidates: r.candidates.map(({ id: cid, pattern, chain, count, score, fit, evidence }) => ({ id: cid, pattern, chain, count, score, fit, evidence })),
    totalCandidates: r.totalCandidates,
    enumeratedOn: r.enumeratedOn,
    ...(r.storeQueries ? { storeQueries: r.storeQueries } : {}),
    ...(ran ? { run: ran } : {}),
    timings: r.timings,
  };
}

function renderText(r: AskResult, ran?: { answers: readonly string[]; ms: number; strategy: string }): string {
  const lines: string[] = [];
  const mentions = r.mentions.map((m) => `${m.anchor ? '*' : ' '} "${m.text}" (${m.marked ? 'marked, ' : ''}${m.method}, ${m.score.toFixed(2)}) → ${m.nodes.map((n) => `${n.name}:${n.label}`).join(', ') || '—'}`);
  lines.push('mentions (* = anchor):', ...mentions.map((m) => '  ' + m));
  if (r.kind !== 'planned') {
    lines.push(r.message, ...placementLines(r, ''));
    return lines.join('\n');
  }
  const who = r.decidedBy.kind === 'model' ? `the model ${r.decidedBy.model}` : 'the ranker';
  lines.push(`${r.status === 'match' ? 'match' : 'weak guess — check the plan'} (confidence ${r.confidence.toFixed(2)}, chosen by ${who}; ${r.totalCandidates} candidate queries)`);
  for (const rej of r.rejectedReplies) lines.push(`  rejected model reply: ${JSON.stringify(rej.reply)} — ${rej.reason}`);
  lines.push('why:', ...r.candidates[r.chosen]!.evidence.map((e) => `  ${e}`));
  lines.push('', r.kgp.trimEnd(), '');
  lines.push(`${r.answerCount} answer${r.answerCount === 1 ? '' : 's'}:`);
  r.answers.slice(0, 10).forEach((a, i) => lines.push(`  ${i + 1}. ${a.value}  (${a.label}, ${a.paths} path${a.paths === 1 ? '' : 's'})`));
  if (r.answerCount > 10) lines.push(`  … ${r.answerCount - 10} more`);
  if (ran) lines.push(`ran with ${ran.strategy}: ${ran.answers.slice(0, 10).join(' | ')}${ran.answers.length > 10 ? ' …' : ''} (${ran.ms.toFixed(1)} ms)`);
  lines.push('', 'next candidates:');
  r.candidates.filter((_, i) => i !== r.chosen).slice(0, 4).forEach((c) => lines.push(`  ${c.id}. ${c.pattern}  — ${c.count} answer${c.count === 1 ? '' : 's'}, score ${c.score.toFixed(2)}`));
  lines.push(`${r.timings.totalMs.toFixed(1)} ms`, ...placementLines(r, ''));
  return lines.join('\n');
}

export async function ask(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: {
      ...STORE_FLAGS,
      ...PLACEMENT_FLAGS,
      json: { type: 'boolean' },
      schema: { type: 'string' },
      strategy: { type: 'string' },
      run: { type: 'boolean' },
      endpoint: { type: 'string' },
      model: { type: 'string' },
      enumerate: { type: 'string' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('needs one question (quoted) or one .jsonl file: kgrag ask "who directed Heat" --db <folder>');
  const strategyKind = values.strategy;
  if (strategyKind !== undefined && !STRATEGY_KINDS.includes(strategyKind as StrategyKind)) throw new UsageError(`--strategy must be ${STRATEGY_KINDS.join(', ')}, not ${strategyKind}`);
  if ((values.endpoint === undefined) !== (values.model === undefined)) throw new UsageError('--endpoint and --model go together');
  const enumerateFlag = values.enumerate;
  if (enumerateFlag !== undefined && enumerateFlag !== 'snapshot' && enumerateFlag !== 'store') throw new UsageError(`--enumerate must be snapshot or store, not ${enumerateFlag}`);
  const enumerate: 'snapshot' | 'store' | undefined = enumerateFlag;
  if (enumerate === 'snapshot' && values.placement === 'store') throw new UsageError('--enumerate snapshot needs the graph in memory: not with --placement store');
  const input = positionals[0]!;
  const file = input.endsWith('.jsonl') ? resolve(io.cwd, input) : undefined;
  // Read before the graph is opened: bounded (a FIFO or /dev/zero is refused, never waited on).
  const questions = file ? readInputFile(file, 'questions') : undefined;
  let schemaFromFile;
  if (values.schema) {
    const read = await new SchemaResolver(nodeSchemaFiles).load(resolve(io.cwd, values.schema));
    if (!read.schema) throw new UsageError(`--schema ${values.schema}: ${read.problem ?? 'not a schema file'}`);
    schemaFromFile = read.schema;
  }
  const spec = specFromFlags(values, io, { mustExist: true, readOnly: true });
  const session = await openSessionFromSpec(spec, io, placementFromFlags(values));
  try {
    // Placed like a run: in the store, only the search index without the graph is read (docs/ask.md).
    const { asker, placement } = await session.asker(schemaFromFile ? { schema: schemaFromFile } : {});
    if (enumerate === 'snapshot' && placement.ran === 'store') throw new UsageError(`--enumerate snapshot needs the graph in memory, but the question runs in the store: ${placement.reason} (--placement memory keeps it in memory)`);
    const model = values.endpoint && values.model ? new HttpChatModel({ endpoint: values.endpoint, model: values.model, ...(io.env[PLANNER_API_KEY_ENV] ? { apiKey: io.env[PLANNER_API_KEY_ENV] } : {}) }) : undefined;
    const strategy = strategyKind ? DEFAULT_STRATEGIES[strategyKind as StrategyKind] : undefined;
    const options = { placement, ...(enumerate ? { enumerate } : {}), ...(model ? { model } : {}), ...(strategy ? { strategy } : {}) } as const;
    if (!file) {
      // One question: the name index goes once it is grounded (docs/ask.md, "A wider margin").
      const r = await asker.ask(input, { ...options, last: true });
      const ran = values.run && r.kind === 'planned' ? await runPlan(session, r) : undefined;
      io.out(values.json ? JSON.stringify(askJson(undefined, r, ran)) : renderText(r, ran));
      return r.kind === 'planned' ? EXIT.ok : EXIT.findings;
    }
    // One JSON result per line; a bad line gets a one-line error with its number, the rest go on.
    let bad = 0;
    const lines = (questions ?? '').split(/\r?\n/);
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      if (!line) continue;
      let item: { id?: unknown; question?: unknown };
      try {
        item = JSON.parse(line) as { id?: unknown; question?: unknown };
      } catch {
        bad++;
        io.err(`${input}:${i + 1}: not JSON`);
        continue;
      }
      if (typeof item !== 'object' || item === null || typeof item.question !== 'string' || !item.question.trim()) {
        bad++;
        io.err(`${input}:${i + 1}: needs {"id": …, "question": "…"}`);
        continue;
      }
      const id = typeof item.id === 'string' || typeof item.id === 'number' ? String(item.id) : String(i + 1);
      const r = await asker.ask(item.question, options);
      const ran = values.run && r.kind === 'planned' ? await runPlan(session, r) : undefined;
      io.out(JSON.stringify(askJson(id, r, ran)));
    }
    return bad > 0 ? EXIT.findings : EXIT.ok;
  } finally {
    await session.close();
  }
}

/** The chosen plan through the normal retrieval engine (its own strategy). */
async function runPlan(session: RetrievalSession, r: Extract<AskResult, { kind: 'planned' }>): Promise<{ answers: string[]; ms: number; strategy: string }> {
  const result = await session.run(r.plan);
  return { answers: result.answers.map((a) => a.value), ms: result.timings.totalMs, strategy: result.strategy };
}
