import { createHash } from 'node:crypto';
import type { PlanTree } from '../../contracts/values';
import type { RetrievalResult } from '../retrieve/result';
import type { WhyNotResult } from '../../contracts/whyNot';
import type { Baseline, BaselineComparison, BaselineEntry } from '../testing/baseline';
import { classAttr, classFor, html, num, type CssClass, type Html } from './escape';
import type { ReportInput } from './inputs';
import { subgraphSvg } from './svg';

/**
 * One self-contained HTML file: no script at all, no network, the stylesheet allowed by its hash
 * (`default-src 'none'`), every database string escaped as text (escape.ts: markup by construction). Sections: regressions, tests,
 * why-not, comparisons (results of one plan side by side), and each result (answers, subgraphs,
 * GSD breakdown, candidates, trajectories, Cypher and its plan, stem/sage summaries, warnings).
 */
export function reportHtml(input: ReportInput, options: { title?: string; generated?: string } = {}): string {
  const title = options.title ?? 'KG-RAG report';
  const body = [
    html`<header><h1>${title}</h1><p class="meta">generated ${options.generated ?? new Date().toISOString()} · ${input.results.length} result(s) · ${input.tests.length} test(s) · ${input.comparisons.length} comparison(s) · ${input.whyNots.length} why-not${input.baselines.length > 0 ? ` · ${input.baselines.length} baseline(s)` : ''}</p></header>`,
    ...input.comparisons.map(comparisonSection),
    testsSection(input),
    ...input.baselines.map(baselineSection),
    ...(input.whyNots.length > 0 ? [html`<section><h2>Why not?</h2>${input.whyNots.map(whyNotBlock)}</section>`] : []),
    comparisonsOfResults(input.results),
    ...input.results.map(resultSection),
  ].join('\n');
  const hash = createHash('sha256').update(STYLE).digest('base64');
  // No script, no frame, no navigation by form or base: only the stylesheet, by hash. A refresh
  // cannot be forbidden by CSP, so no markup may come from data (see escape.ts).
  const csp = `default-src 'none'; style-src 'sha256-${hash}'; img-src data:; base-uri 'none'; form-action 'none'; frame-src 'none'; object-src 'none'; script-src 'none'`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
${html`<meta http-equiv="Content-Security-Policy" content="${csp}">`}
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
${html`<title>${title}</title>`}
<style>${STYLE}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function table(head: readonly string[], rows: readonly (readonly Html[])[], cls?: CssClass): Html {
  if (rows.length === 0) return html`<p class="empty">none</p>`;
  return html`<table${classAttr(cls)}><thead><tr>${head.map((h) => html`<th>${h}</th>`)}</tr></thead><tbody>${rows.map((r) => html`<tr>${r}</tr>`)}</tbody></table>`;
}

/** A cell; its class only when the value names a known one (a status from a file is data, not markup). */
const td = (v: unknown, cls?: CssClass): Html => html`<td${classAttr(cls)}>${String(v ?? '')}</td>`;

function comparisonSection(c: BaselineComparison): Html {
  const changed = (c.changes ?? []).filter((x) => x.kind !== 'unchanged');
  const rows = changed.map((x) => [td(x.kind, classFor(x.kind)), td(`${x.file}:${x.line}`), td(x.plan), td((x.lost ?? []).map((l) => `${l.value} (#${l.rank})`).join(', ')), td((x.gained ?? []).map((g) => `${g.value} (#${g.rank})`).join(', ')), td((x.notes ?? []).join('; '))]);
  const graph = c.graphChanged ? html`<p class="warn">graph changed: ${c.before?.fingerprint} → ${c.after?.fingerprint}</p>` : '';
  return html`<section><h2>Regressions against the baseline</h2><p${classAttr(c.regressions > 0 ? 'bad' : 'good')}>${String(c.regressions)} regression(s), ${String(c.changed - c.regressions)} other change(s), ${String((c.changes ?? []).length - c.changed)} unchanged</p>${graph}${table(['change', 'where', 'plan', 'lost (baseline rank)', 'gained (rank)', 'notes'], rows)}</section>`;
}

function testsSection(input: ReportInput): Html | string {
  if (input.tests.length === 0 && input.summaries.length === 0) return '';
  const rows = input.tests.map((t) => [td(t.status, classFor(t.status)), td(t.file !== undefined ? `${t.file}:${t.line ?? ''}` : t.id), td(t.plan), td(`${(t.found ?? []).length}/${(t.expected ?? []).length}`), td(t.message)]);
  const summary = input.summaries.map((s) => html`<p>${String(s.passed)} passed, ${String(s.failed)} failed${s.errored > 0 ? html` (${String(s.errored)} errored)` : ''} · Hits@1 ${num(s.hitsAt1, 2)} · Hits@k ${num(s.hitsAtK, 2)}</p>`);
  return html`<section><h2>Tests</h2>${summary}${table(['status', 'where', 'plan', 'found', 'message'], rows)}</section>`;
}

/** A baseline file (`kgrag test --baseline`): the graph it was recorded on and every recorded plan test. */
function baselineSection(b: Baseline): Html {
  const entries: readonly BaselineEntry[] = Array.isArray(b.entries) ? b.entries : [];
  const rows = entries.map((e) => [
    td(e.status, classFor(e.status)),
    td(`${e.file}:${e.line}`),
    td(e.plan),
    td(e.strategy),
    td((e.expected ?? []).join(', ')),
    td((e.answers ?? []).slice(0, 10).map((a) => `${a.value} (#${a.rank})`).join(', ') + ((e.answers ?? []).length > 10 ? ` … ${(e.answers ?? []).length} in all` : '')),
    td(num(e.totalMs, 0)),
    td(e.message),
  ]);
  const graph = html`${b.graph?.description}${b.graph?.fingerprint !== undefined ? html` (fingerprint ${b.graph.fingerprint})` : ''}`;
  return html`<section><h2>Baseline</h2><p>recorded ${b.created} on ${graph}: ${String(entries.length)} plan test(s)</p>${table(['status', 'where', 'plan', 'strategy', 'expected', 'answers (rank)', 'ms', 'message'], rows)}</section>`;
}

function whyNotBlock(w: WhyNotResult): Html {
  const c = w.cause;
  const evidence: Html[] = [];
  if (c.kind === 'named-swapped') evidence.push(table(['named node', 'term', 'its own match', 'became'], c.swaps.map((s) => [td(s.variable), td(s.term), td(s.own.name), td(s.became.name)])));
  if ((c.kind === 'unreachable' || c.kind === 'named-swapped') && c.path) evidence.push(html`<p>path that exists: <code>${c.path.pattern}</code></p>`);
  if (c.kind === 'mor-layer' && c.route) evidence.push(html`<p>route: <code>${c.route.pattern}</code></p>`);
  if (c.kind === 'cypher-clause') evidence.push(html`<p>clause: <code>${c.text}</code></p><pre>${c.query}</pre>`);
  if (c.kind === 'not-in-graph') evidence.push(html`<p>nearest: ${c.nearest.map((n) => n.name).join(', ')}</p>`);
  if (c.kind === 'candidate-rank') evidence.push(table(['element', 'phrase', 'needs', 'rank', 'limit', 'matched instead'], c.needs.map((n) => [td(n.ref), td(n.patternText), td(n.needed), td(n.rank), td(`${n.parameter} ${n.limit}`), td(n.matchedInstead ?? '')])));
  if ((c.kind === 'cut-by-k' || c.kind === 'candidate-rank' || c.kind === 'pruned' || c.kind === 'category' || c.kind === 'named-swapped') && c.subgraph) evidence.push(subgraphSvg([c.subgraph]));
  const fixes = (w.fixes ?? []).map((f) => html`<li>${f.label}${f.outcome ? (f.outcome.skipped !== undefined ? html` — not re-run: ${f.outcome.skipped}` : f.outcome.returned ? html` — re-run: <span class="good">returned at rank ${String(f.outcome.rank)}</span>` : f.outcome.swapped ? html` — re-run: <span class="bad">not a fix: only through ${f.outcome.swapped.map((s) => `(${s.variable}) "${s.term}" as "${s.became.name}"`).join(', ')}</span>` : html` — re-run: <span class="bad">still missing</span>`) : ''}</li>`);
  return html`<article class="whynot"><h3>${w.plan} (${w.strategy}): why not “${w.expected}”? <span class="tag">${c.kind}</span></h3><p>${w.summary}</p>${evidence}${fixes.length > 0 ? html`<ul class="fixes">${fixes}</ul>` : ''}</article>`;
}

/** Results of one plan (several strategies, graphs or runs): side by side against the first. */
function comparisonsOfResults(results: readonly RetrievalResult[]): Html | string {
  const byPlan = new Map<string, RetrievalResult[]>();
  for (const r of results) byPlan.set(r.plan, [...(byPlan.get(r.plan) ?? []), r]);
  const sections: Html[] = [];
  for (const [plan, rs] of byPlan) {
    if (rs.length < 2) continue;
    const [a, ...others] = rs as [RetrievalResult, ...RetrievalResult[]];
    for (const b of others) {
      const rankA = new Map(a.answers.map((x, i) => [x.value, i + 1] as const));
      const rankB = new Map(b.answers.map((x, i) => [x.value, i + 1] as const));
      const values = [...new Set([...rankA.keys(), ...rankB.keys()])];
      const rows = values.map((v) => {
        const ra = rankA.get(v);
        const rb = rankB.get(v);
        const kind = ra !== undefined && rb !== undefined ? 'both' : ra !== undefined ? 'only-a' : 'only-b';
        return [td(v), td(ra ?? '—'), td(rb ?? '—'), td(kind === 'both' ? 'both' : kind === 'only-a' ? `lost by ${label(b)}` : `gained by ${label(b)}`, kind)];
      });
      const timing = `${label(a)} ${num(a.timings?.totalMs, 1)} ms · ${label(b)} ${num(b.timings?.totalMs, 1)} ms (Δ ${num((b.timings?.totalMs ?? 0) - (a.timings?.totalMs ?? 0), 1)} ms)`;
      sections.push(html`<article class="compare"><h3>${plan}: ${label(a)} vs ${label(b)}</h3><p>${timing}</p>${table(['answer', `rank ${label(a)}`, `rank ${label(b)}`, 'diff'], rows)}<p class="legend"><span class="only-a">■ only ${label(a)}</span> <span class="only-b">■ only ${label(b)}</span> <span class="both">■ both</span></p>${subgraphSvg(a.subgraphs.slice(0, 10), b.subgraphs.slice(0, 10))}</article>`);
    }
  }
  return sections.length > 0 ? html`<section><h2>Comparisons</h2>${sections}</section>` : '';
}

function label(r: RetrievalResult): string {
  return `${r.strategy} · ${r.store?.description ?? ''}`.trim();
}

function resultSection(r: RetrievalResult): Html {
  const parts: Html[] = [];
  parts.push(html`<p class="meta">${r.strategy} · ${r.store?.description} · ${num(r.timings?.totalMs, 1)} ms${r.question ? html` · “${r.question}”` : ''}</p>`);
  for (const w of r.warnings ?? []) parts.push(html`<p class="warn">${w}</p>`);
  // Every answer, not the first few: a long list folds, it is never cut.
  const answers = table(['#', 'answer', r.strategy === 'gsd' ? 'GSD' : 'score'], r.answers.map((a, i) => [td(i + 1), td(a.value), td(num(a.score, 4))]));
  parts.push(r.answers.length > 20 ? html`<details><summary>Answers (${String(r.answers.length)})</summary>${answers}</details>` : html`<h4>Answers (${String(r.answers.length)})</h4>${answers}`);
  if (r.subgraphs.length > 0) {
    parts.push(html`<h4>Subgraphs (${String(r.subgraphs.length)})</h4>${subgraphSvg(r.subgraphs.slice(0, 10))}`);
    const terms = r.subgraphs.slice(0, 10).flatMap((s) => (s.terms ?? []).map((t) => [td(s.rank), td(num(s.gsd)), td(t.kind === 'node' ? `(${t.variable})` : `[${t.edgeId}]`), td(t.patternText ?? '—'), td(t.matchedText), td(num(t.distance)), td(t.candidateRank ?? '')]));
    if (terms.length > 0) parts.push(html`<details open><summary>GSD breakdown</summary>${table(['subgraph', 'GSD', 'term', 'pattern', 'matched', 'distance', 'candidate rank'], terms)}</details>`);
  }
  for (const c of r.candidates ?? []) parts.push(html`<details><summary>Candidates of ${c.element === 'node' ? `(${c.ref})` : `[${c.ref}]`} “${c.patternText}”</summary>${table(['#', 'candidate', 'distance'], c.candidates.map((x, i) => [td(i + 1), td(x.text + (x.via ? ` (via ${x.via})` : '')), td(num(x.distance))]))}</details>`);
  if (r.trajectory) {
    const t = r.trajectory;
    const layers = t.paths.flatMap((p) => p.layers.map((l) => [td(p.index + 1), td(l.layer), td(`${l.variable}${l.category ? `: ${l.category}` : ''}`), td(l.structural.map((n) => n.name).join(', ')), td(l.textual.map((n) => n.name).join(', ')), td(l.kept)]));
    const trajectories = t.trajectories.map((x) => [td(x.name), td(x.nodes.map((n) => n.name).join(' → ')), td(x.traversalIdentifier.join(', ')), td(num(x.score))]);
    parts.push(html`<details open><summary>Mixed traversal (${t.combination}, reranker ${t.reranker})</summary>${table(['path', 'layer', 'variable', 'structural', 'textual', 'kept'], layers)}${table(['candidate', 'trajectory', 'steps', 'score'], trajectories)}</details>`);
  }
  if (r.cypher) parts.push(html`<details open><summary>Cypher (${r.cypher.dialect}, ${r.cypher.mode})</summary><pre>${r.cypher.text}</pre><pre>${JSON.stringify(r.cypher.params, null, 2)}</pre>${r.cypher.plan ? html`<ul class="tree">${planTree(r.cypher.plan)}</ul>` : ''}</details>`);
  if (r.stem) parts.push(html`<details><summary>STEM (${r.stem.mode}, θ ${String(r.stem.theta)})</summary>${table(['schema graph', 'anchor', 'matches', 'expansions'], r.stem.beams.map((b) => [td(b.index + 1), td(b.anchors[0]?.name ?? '—'), td(b.matches), td(b.expansions.length)]))}</details>`);
  if (r.sage) parts.push(html`<details><summary>SAGE (k ${String(r.sage.k)}, k′ ${String(r.sage.kPrime)})</summary>${table(['seed', 'source', 'fused'], r.sage.seeds.map((s) => [td(s.name), td(s.source), td(num(s.fused))]))}</details>`);
  return html`<section class="result"><h2>${r.id}</h2>${parts}</section>`;
}

function planTree(t: PlanTree): Html {
  const rows = t.rows !== undefined ? ` rows ${t.rows}` : t.estimatedRows !== undefined ? ` est. ${t.estimatedRows}` : '';
  return html`<li>${t.operator}${t.details !== undefined ? html` <span class="meta">${t.details}</span>` : ''}${rows ? html`<span class="meta">${rows}</span>` : ''}${(t.children ?? []).length > 0 ? html`<ul>${t.children.map(planTree)}</ul>` : ''}</li>`;
}

const STYLE = `
:root{color-scheme:light dark;--fg:#1f2328;--bg:#ffffff;--muted:#656d76;--line:#d0d7de;--a:#0969da;--b:#bc4c00;--good:#1a7f37;--bad:#cf222e;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#d4d4d4;--bg:#1e1e1e;--muted:#9d9d9d;--line:#3c3c3c;--a:#3794ff;--b:#d18616;--good:#3fb950;--bad:#f85149;--code:#0a0a0a}}
body{font:14px/1.45 system-ui,sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:1100px;padding:16px}
h1{font-size:22px}h2{font-size:18px;border-bottom:1px solid var(--line);padding-bottom:4px;margin-top:28px}h3{font-size:15px}h4{margin:12px 0 4px}
.meta{color:var(--muted)}.warn{color:var(--b)}.good{color:var(--good)}.bad{color:var(--bad)}
table{border-collapse:collapse;margin:6px 0;width:100%}th,td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}th{background:var(--code)}
td.passed{color:var(--good)}td.failed,td.errored,td.regressed{color:var(--bad)}td.changed,td.new,td.removed{color:var(--b)}
td.only-a,.legend .only-a{color:var(--a)}td.only-b,.legend .only-b{color:var(--b)}
pre,code{background:var(--code);font-family:ui-monospace,monospace;font-size:12px}pre{padding:8px;overflow:auto;white-space:pre-wrap}
.tag{font-size:12px;border:1px solid var(--line);border-radius:8px;padding:0 6px;color:var(--muted)}
svg.graph{width:100%;max-height:380px;border:1px solid var(--line);margin:6px 0}
svg .edge line{stroke:var(--muted);stroke-width:1.5}svg .edge text,svg .node text{fill:var(--fg);font-size:11px;text-anchor:middle}
svg .node circle{fill:var(--bg);stroke:var(--fg);stroke-width:2}
svg .only-a line,svg .only-a circle{stroke:var(--a)}svg .only-b line,svg .only-b circle{stroke:var(--b)}
details{margin:6px 0}summary{cursor:pointer;font-weight:600}
ul.tree{font-family:ui-monospace,monospace;font-size:12px}
`;
