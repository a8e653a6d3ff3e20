import { STORE_FLAGS } from '../../core/graph';
import { isStrategyKind, STRATEGY_KINDS } from '../../core/session';
import type { NamedSwap, WhyNotResult } from '../../contracts/whyNot';
import { EXIT, UsageError, type CliIO } from '../io';
import { planAliases, readPlanFile } from './planFile';
import { EMBEDDER_FLAG, embedderKindFlag, openSessionFromSpec, parseFlags, PLACEMENT_FLAGS, placementFromFlags, specFromFlags } from './storeFlags';

const USAGE = `usage: kgrag why-not <file.kgp> [<name>…] (--db <path> | --neo4j <uri>) [--plan name] [--strategy ${STRATEGY_KINDS.join('|')}] [--variable v] [--k N] [--no-verify] [--embedder lexical|hashing] [--placement memory|store|auto] [--memory-budget MB] [--json]`;

/**
 * `kgrag why-not`: for each expected answer (the names given, else the plan's `expect`), why the
 * strategy did not return it (session.whyNot, docs/whynot.md). One block per name: the cause in a
 * line, then the fixes with their re-run outcome. Exit 0 when every name was returned, 1 when some
 * was missed (explained), 2 bad usage, 3 store failure.
 */
export async function whyNot(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: {
      ...STORE_FLAGS,
      ...PLACEMENT_FLAGS,
      plan: { type: 'string' },
      strategy: { type: 'string' },
      variable: { type: 'string' },
      k: { type: 'string' },
      'no-verify': { type: 'boolean', default: false },
      ...EMBEDDER_FLAG,
      json: { type: 'boolean', default: false },
    },
  });
  const [fileArg, ...names] = positionals;
  if (fileArg === undefined) throw new UsageError(`expected a .kgp file\n${USAGE}`);
  const strategy = values.strategy;
  if (strategy !== undefined && !isStrategyKind(strategy)) throw new UsageError(`--strategy must be ${STRATEGY_KINDS.join(', ')}, not ${strategy}`);
  let k: number | undefined;
  if (values.k !== undefined) {
    k = Number(values.k);
    if (!Number.isInteger(k) || k < 1) throw new UsageError(`--k must be a positive integer, not ${values.k}`);
  }
  const embedder = embedderKindFlag(values.embedder);
  if (values.db === undefined && values.neo4j === undefined) throw new UsageError(`--db <path> or --neo4j <uri> is required\n${USAGE}`);
  const spec = specFromFlags(values, io, { mustExist: true, readOnly: true });
  const { file, read } = readPlanFile(fileArg, io, 'why-not', values.plan);
  if (read.inputs.length === 0) return EXIT.findings;
  if (read.inputs.length > 1 && values.plan === undefined) throw new UsageError(`${fileArg} has ${read.inputs.length} plans: name one with --plan (${read.inputs.map((i) => i.plan.name).join(', ')})`);
  const { plan } = read.inputs[0]!;
  const expected = names.length > 0 ? names : plan.expect;
  if (expected.length === 0) throw new UsageError(`name the expected answer, or give the plan an expect clause\n${USAGE}`);
  if (values.variable !== undefined && !plan.nodes.some((n) => n.id === values.variable)) throw new UsageError(`--variable ${values.variable} is not a node of plan ${plan.name} (${plan.nodes.map((n) => n.id).join(', ')})`);

  const relationAliases = await planAliases(file, io, 'why-not')(plan.schemaRef);
  const session = await openSessionFromSpec(spec, io, { embedder: { kind: embedder }, ...placementFromFlags(values) });
  let missed = 0;
  try {
    for (const name of expected) {
      const r = await session.whyNot(plan, name, {
        ...(strategy !== undefined ? { strategy } : {}),
        ...(values.variable !== undefined ? { variable: values.variable } : {}),
        ...(k !== undefined ? { k } : {}),
        ...(values['no-verify'] ? { verify: false } : {}),
        ...(relationAliases ? { relationAliases } : {}),
      });
      if (r.cause.kind !== 'returned') missed++;
      io.out(values.json ? JSON.stringify(r) : describe(r));
    }
  } finally {
    await session.close();
  }
  return missed > 0 ? EXIT.findings : EXIT.ok;
}

/** `(vow) "The Vow" → "Beat the Devil"`, joined. */
function swapsLine(swaps: readonly NamedSwap[]): string {
  return swaps.map((s) => `(${s.variable}) "${s.term}" → "${s.became.name}" (not "${s.own.name}")`).join(', ');
}

/** The human-readable block: the verdict line, the evidence, the fixes with their re-runs. */
export function describe(r: WhyNotResult): string {
  const lines = [`${r.plan} (${r.strategy}) — "${r.expected}": ${r.cause.kind}`, `  ${r.summary}`];
  const c = r.cause;
  if ((c.kind === 'unreachable' || c.kind === 'named-swapped') && c.path) lines.push(`  path: ${c.path.pattern}`);
  if (c.kind === 'mor-layer' && c.route) lines.push(`  route: ${c.route.pattern}`);
  if (c.kind === 'cypher-clause') lines.push(`  clause: ${c.text}`);
  for (const f of r.fixes) {
    const o = f.outcome;
    const outcome = o === undefined ? '' : o.skipped !== undefined ? ` — not re-run: ${o.skipped}` : o.returned ? ` — re-run: returned at rank ${o.rank} of ${o.answers}` : o.swapped ? ` — re-run: not a fix: rank ${o.rank} of ${o.answers} only through ${swapsLine(o.swapped)}` : ` — re-run: still missing (${o.answers} answers)`;
    lines.push(`  fix: ${f.label}${outcome}`);
  }
  // Where the analysis read the graph (the run it explains says its own placement).
  if (r.placement) lines.push(`  analysis placement: ${r.placement.ran} (${r.placement.requested} asked): ${r.placement.reason}`);
  if (r.storeIo) lines.push(`  store: ${r.storeIo.roundTrips} round trip(s), ${r.storeIo.rowsRead} row(s) read, ${r.storeIo.serverMs.toFixed(1)} ms in the store`);
  return lines.join('\n');
}
