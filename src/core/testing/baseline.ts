import type { RetrievalResult } from '../retrieve/result';
import { normalizeAnswer, type PlanTestOutcome, type PlanTestStatus } from './evaluate';

/**
 * Baselines: what each plan test returned once (answers with ranks and scores, subgraphs as
 * triples, timing, status), saved as JSON (`kgrag test --save-baseline`), and what changed since
 * (`kgrag test --baseline`). Pure: the caller runs the tests and reads/writes the file.
 */
export const BASELINE_VERSION = 1;

export interface Baseline {
  readonly kind: 'kgrag-baseline';
  readonly version: number;
  readonly created: string;
  /** The graph the tests ran on (store description and snapshot fingerprint). */
  readonly graph: BaselineGraph;
  readonly entries: readonly BaselineEntry[];
}

export interface BaselineGraph {
  readonly description: string;
  readonly fingerprint?: string;
}

export interface BaselineEntry {
  /** `file:plan` — what a comparison pairs entries by. */
  readonly id: string;
  readonly file: string;
  /** 1-based line of the plan (of its first `expect` when it has one). */
  readonly line: number;
  readonly plan: string;
  readonly strategy: string;
  readonly status: PlanTestStatus;
  readonly expected: readonly string[];
  readonly answers: readonly { readonly value: string; readonly rank: number; readonly score: number }[];
  /** Each subgraph as sorted `source|type|target` triples of names (rank order). */
  readonly subgraphs: readonly (readonly string[])[];
  readonly totalMs: number;
  readonly message: string;
}

export function baselineEntry(file: string, line: number, outcome: PlanTestOutcome, result: RetrievalResult | undefined): BaselineEntry {
  return {
    id: `${file}:${outcome.plan}`,
    file,
    line,
    plan: outcome.plan,
    strategy: result?.strategy ?? '',
    status: outcome.status,
    expected: outcome.expected,
    answers: (result?.answers ?? []).map((a, i) => ({ value: a.value, rank: i + 1, score: a.score })),
    subgraphs: (result?.subgraphs ?? []).map((s) => s.triples.map((t) => `${t.sourceName}|${t.type}|${t.targetName}`).sort()),
    totalMs: result?.timings.totalMs ?? 0,
    message: outcome.message,
  };
}

export function makeBaseline(graph: BaselineGraph, entries: readonly BaselineEntry[], created = new Date().toISOString()): Baseline {
  return { kind: 'kgrag-baseline', version: BASELINE_VERSION, created, graph, entries };
}

/** The baseline file's text, as both `kgrag test --save-baseline` and the editor's Save Test Baseline write it. */
export function baselineText(baseline: Baseline): string {
  return JSON.stringify(baseline, null, 2) + '\n';
}

/**
 * The part of a baseline a run can be compared with: a run of some tests (one test from the Test
 * Explorer, or with tests skipped because they are pinned to another graph) would otherwise report
 * every other test of the baseline as "removed".
 */
export function restrictBaseline(baseline: Baseline, keep: (id: string) => boolean): Baseline {
  return { ...baseline, entries: baseline.entries.filter((e) => keep(e.id)) };
}

/** Reads a baseline file's JSON; a clear one-line error for anything else. */
export function parseBaseline(text: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`not JSON: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== 'kgrag-baseline') throw new Error('not a kgrag baseline (no "kind": "kgrag-baseline"); write one with kgrag test --save-baseline');
  const b = value as Baseline;
  if (b.version !== BASELINE_VERSION) throw new Error(`baseline version ${String(b.version)} is not supported (this kgrag writes ${BASELINE_VERSION})`);
  if (!Array.isArray(b.entries) || !b.entries.every(isEntry)) throw new Error('baseline entries are malformed');
  return b;
}

function isEntry(e: unknown): e is BaselineEntry {
  if (typeof e !== 'object' || e === null) return false;
  const x = e as Record<string, unknown>;
  return typeof x['id'] === 'string' && typeof x['status'] === 'string' && Array.isArray(x['answers']) && Array.isArray(x['subgraphs']) && typeof x['totalMs'] === 'number';
}

/** What changed for one plan test. */
export interface PlanChange {
  readonly id: string;
  readonly file: string;
  readonly line: number;
  readonly plan: string;
  readonly kind: 'unchanged' | 'changed' | 'regressed' | 'new' | 'removed';
  readonly status?: { readonly before: PlanTestStatus; readonly after: PlanTestStatus };
  /** Answers in the baseline and not now, with their baseline rank. */
  readonly lost: readonly { readonly value: string; readonly rank: number }[];
  /** Answers now and not in the baseline, with their rank now. */
  readonly gained: readonly { readonly value: string; readonly rank: number }[];
  /** Answers in both whose rank moved. */
  readonly moved: readonly { readonly value: string; readonly before: number; readonly after: number }[];
  /** Expected answers (of `moved`) now ranked lower than in the baseline: a regression. */
  readonly demoted: readonly { readonly value: string; readonly before: number; readonly after: number }[];
  /** Subgraph triples only in the baseline / only now (over all subgraphs). */
  readonly subgraphs: { readonly removed: readonly string[]; readonly added: readonly string[] };
  readonly slower?: { readonly beforeMs: number; readonly afterMs: number; readonly ratio: number };
  /** One line per change, for people. */
  readonly notes: readonly string[];
}

export interface BaselineComparison {
  readonly changes: readonly PlanChange[];
  readonly regressions: number;
  readonly changed: number;
  /** The graph moved (fingerprint differs): said, not a regression by itself. */
  readonly graphChanged: boolean;
  readonly before: BaselineGraph;
  readonly after: BaselineGraph;
}

export interface CompareOptions {
  /** A plan is a regression when it ran more than this many times slower (absent: timings are not judged). */
  readonly slowerThan?: number;
  /** Timing differences below this many ms are noise, whatever the ratio (default 20). */
  readonly minSlowdownMs?: number;
}

const ORDER: Record<PlanTestStatus, number> = { passed: 2, failed: 1, errored: 0 };

/**
 * Compares the current run with a baseline, plan by plan. A regression: a test that got worse
 * (passed → failed or errored), an answer lost (even if the test still passes), an expected answer
 * ranked lower, or a slowdown beyond `slowerThan`. Gained answers, other moved ranks and subgraph
 * changes are reported as changes.
 */
export function compareBaseline(baseline: Baseline, current: { readonly graph: BaselineGraph; readonly entries: readonly BaselineEntry[] }, options: CompareOptions = {}): BaselineComparison {
  const minMs = options.minSlowdownMs ?? 20;
  const before = new Map(baseline.entries.map((e) => [e.id, e] as const));
  const changes: PlanChange[] = [];
  const empty = { lost: [], gained: [], moved: [], demoted: [], subgraphs: { removed: [], added: [] } };
  for (const now of current.entries) {
    const was = before.get(now.id);
    before.delete(now.id);
    if (!was) {
      changes.push({ id: now.id, file: now.file, line: now.line, plan: now.plan, kind: 'new', ...empty, notes: ['new test (not in the baseline)'] });
      continue;
    }
    const rankBefore = new Map(was.answers.map((a) => [a.value, a.rank] as const));
    const rankNow = new Map(now.answers.map((a) => [a.value, a.rank] as const));
    const lost = was.answers.filter((a) => !rankNow.has(a.value)).map((a) => ({ value: a.value, rank: a.rank }));
    const gained = now.answers.filter((a) => !rankBefore.has(a.value)).map((a) => ({ value: a.value, rank: a.rank }));
    const moved = now.answers.flatMap((a) => {
      const b = rankBefore.get(a.value);
      return b !== undefined && b !== a.rank ? [{ value: a.value, before: b, after: a.rank }] : [];
    });
    const expected = new Set(now.expected.map(normalizeAnswer));
    const demoted = moved.filter((m) => m.after > m.before && expected.has(normalizeAnswer(m.value)));
    const triplesBefore = new Set(was.subgraphs.flat());
    const triplesNow = new Set(now.subgraphs.flat());
    const subgraphs = { removed: [...triplesBefore].filter((t) => !triplesNow.has(t)).sort(), added: [...triplesNow].filter((t) => !triplesBefore.has(t)).sort() };
    const ratio = was.totalMs > 0 ? now.totalMs / was.totalMs : 1;
    const slower = options.slowerThan !== undefined && ratio > options.slowerThan && now.totalMs - was.totalMs >= minMs ? { beforeMs: was.totalMs, afterMs: now.totalMs, ratio } : undefined;
    const worse = ORDER[now.status] < ORDER[was.status];
    const notes: string[] = [];
    if (was.status !== now.status) notes.push(`${was.status} → ${now.status}`);
    if (lost.length > 0) notes.push(`lost ${lost.map((l) => `"${l.value}" (was rank ${l.rank})`).join(', ')}${now.status === 'passed' ? ' — the test still passes' : ''}`);
    if (gained.length > 0) notes.push(`gained ${gained.map((g) => `"${g.value}" (rank ${g.rank})`).join(', ')}`);
    if (demoted.length > 0) notes.push(`expected ${demoted.map((m) => `"${m.value}" ranked lower: ${m.before} → ${m.after}`).join(', ')}`);
    const others = moved.filter((m) => !demoted.includes(m));
    if (others.length > 0) notes.push(`moved ${others.map((m) => `"${m.value}" ${m.before} → ${m.after}`).join(', ')}`);
    if (subgraphs.removed.length + subgraphs.added.length > 0) notes.push(`subgraphs: ${subgraphs.removed.length} triple(s) gone, ${subgraphs.added.length} new`);
    if (slower) notes.push(`${ratio.toFixed(1)}× slower (${was.totalMs.toFixed(0)} → ${now.totalMs.toFixed(0)} ms; limit ${options.slowerThan}×)`);
    const regressed = worse || lost.length > 0 || demoted.length > 0 || slower !== undefined;
    const kind = regressed ? 'regressed' : notes.length > 0 ? 'changed' : 'unchanged';
    changes.push({
      id: now.id,
      file: now.file,
      line: now.line,
      plan: now.plan,
      kind,
      ...(was.status !== now.status ? { status: { before: was.status, after: now.status } } : {}),
      lost,
      gained,
      moved,
      demoted,
      subgraphs,
      ...(slower ? { slower } : {}),
      notes,
    });
  }
  for (const was of before.values()) changes.push({ id: was.id, file: was.file, line: was.line, plan: was.plan, kind: 'removed', ...empty, notes: ['in the baseline, not run now'] });
  return {
    changes,
    regressions: changes.filter((c) => c.kind === 'regressed').length,
    changed: changes.filter((c) => c.kind !== 'unchanged').length,
    graphChanged: baseline.graph.fingerprint !== undefined && current.graph.fingerprint !== undefined && baseline.graph.fingerprint !== current.graph.fingerprint,
    before: baseline.graph,
    after: current.graph,
  };
}

/** The comparison for people: one line per changed test (at its expect line), then the verdict. `file` names the baseline. */
export function comparisonLines(c: BaselineComparison, file: string): string[] {
  const lines: string[] = [];
  if (c.graphChanged) lines.push(`graph changed since the baseline: ${c.before.fingerprint} → ${c.after.fingerprint}`);
  for (const x of c.changes) {
    if (x.kind === 'unchanged') continue;
    lines.push(`${x.kind.toUpperCase()}  ${x.file}:${x.line} ${x.plan} — ${x.notes.join('; ')}`);
  }
  lines.push(c.changed === 0 ? `unchanged against ${file}` : `${c.regressions} regression(s), ${c.changed - c.regressions} other change(s) against ${file}`);
  return lines;
}

/** What a regressed test's failure says (the Test Explorer's message at its expect line). */
export function regressionMessage(change: PlanChange, file: string): string {
  return `regressed against the baseline ${file}: ${change.notes.join('; ')}`;
}
