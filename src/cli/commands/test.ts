import { readTextFileSync } from '../../core/boundedRead';
import { relative, resolve } from 'node:path';
import { DEFAULT_EMBEDDER_SETTINGS, isEmbedderKind } from '../../core/embed';
import { STORE_FLAGS } from '../../core/graph';
import { discoverPlanTests, runPlanTest, summarizePlanTests, summaryLine, type PlanTestOutcome } from '../../core/testing';
import { EXIT, UsageError, type CliIO } from '../io';
import { openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';

const USAGE = 'usage: kgrag test <file.kgp…> (--db <path> | --neo4j <uri> [--user u] [--database d]) [--plan name] [--embedder lexical|hashing] [--json]';

/**
 * `kgrag test`: every plan with `expect` in the given files is a test, judged by src/core/testing
 * (the same code as the Test Explorer). Prints one line per test and `N passed, M failed`;
 * exit 0 when all pass, 1 when some fail, 2 bad usage, 3 when the store cannot be used.
 */
export async function test(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: { ...STORE_FLAGS, plan: { type: 'string' }, embedder: { type: 'string', default: DEFAULT_EMBEDDER_SETTINGS.kind }, json: { type: 'boolean', default: false } },
  });
  if (positionals.length === 0) throw new UsageError(`expected one or more .kgp files\n${USAGE}`);
  if (!isEmbedderKind(values.embedder)) throw new UsageError(`--embedder must be hashing, lexical or transformers, not ${values.embedder}`);
  const spec = specFromFlags(values, io, { mustExist: true, readOnly: true });

  const tests: { file: string; line: number; plan: Parameters<typeof runPlanTest>[1] }[] = [];
  let problems = 0;
  for (const f of positionals) {
    const path = resolve(io.cwd, f);
    let text: string;
    try {
      text = readTextFileSync(path, 'plan');
    } catch (e) {
      throw new UsageError(`cannot read ${e instanceof Error ? e.message : String(e)}`);
    }
    const found = discoverPlanTests(text);
    for (const p of found.problems) {
      io.err(`${f}:${p.line}: ${p.message}`);
      problems++;
    }
    for (const t of found.tests) if (values.plan === undefined || t.plan.name === values.plan) tests.push({ file: relative(io.cwd, path) || f, line: t.range.start.line + 1, plan: t.plan });
  }
  if (tests.length === 0) {
    io.err(`kgrag test: no plans with expect${values.plan !== undefined ? ` named ${values.plan}` : ''} in ${positionals.join(', ')}`);
    return EXIT.findings;
  }

  let session;
  try {
    session = await openSessionFromSpec(spec, io, { embedder: { kind: values.embedder } });
  } catch (e) {
    io.err(`kgrag test: ${e instanceof Error ? e.message : String(e)}`);
    return EXIT.failure;
  }
  const outcomes: PlanTestOutcome[] = [];
  try {
    for (const t of tests) {
      const { outcome } = await runPlanTest(session, t.plan, { id: `${t.file}:${t.plan.name}` });
      outcomes.push(outcome);
      if (values.json) io.out(JSON.stringify({ file: t.file, line: t.line, ...outcome }));
      else io.out(`${outcome.status === 'passed' ? 'PASS' : outcome.status === 'errored' ? 'ERROR' : 'FAIL'}  ${t.file}:${t.line} ${t.plan.name} — ${outcome.message}`);
    }
  } finally {
    await session.close();
  }
  const summary = summarizePlanTests(outcomes);
  if (values.json) io.out(JSON.stringify({ summary }));
  io.out(summaryLine(summary));
  return summary.failed > 0 || problems > 0 ? EXIT.findings : EXIT.ok;
}
