/**
 * Structural checks of one plan (KGP2xx): they need no schema. Each is linear in the plan's size.
 */
import type { Diagnostic, Fix } from '../diagnostics';
import type { EdgePattern, NodePattern, PlanDecl, UsingClause } from '../dsl';
import { STRATEGY_NAMES, printEdge, printName, printNode } from '../dsl';
import { STRATEGY_PARAMETERS, badParameterMessage, fitsParameter } from '../plan/strategyParameters';
import { cypherPatternProblem } from '../plan/cypherLimits';
import { CHECK } from './codes';
import { findUnknown, type UnknownFinding } from './unknowns';
import { nodeName, type PlanScope, type ScopeNode } from './planScope';
import { orList, suggest } from './suggest';
import { hopCheck } from './hops';

export interface StructureOptions {
  readonly hopLimit: number;
}

function replaceFix(title: string, range: Diagnostic['range'], newText: string, preferred: boolean): Fix {
  return { title, edits: [{ range, newText }], preferred };
}

export function checkStructure(scope: PlanScope, options: StructureOptions, out: Diagnostic[]): void {
  const { plan } = scope;
  checkClauses(plan, out);
  checkNodes(scope, out);
  checkEdges(scope, out);
  checkReturn(scope, out);
  if (plan.using) checkUsing(plan.using, out);
  checkConnectivity(scope, out);
  checkSeeds(scope, out);
  if (plan.using?.strategy?.name === 'mor') checkMor(scope, out);
  if (plan.using?.strategy?.name === 'cypher') checkCypherSize(scope, out);
  hopCheck(scope, options.hopLimit, out);
}

/** The cypher strategy's bound on cycles (plan/cypherLimits.ts): the same rule run applies. */
function checkCypherSize(scope: PlanScope, out: Diagnostic[]): void {
  const problem = cypherPatternProblem([...scope.nodes.keys()], scope.edges.map((e) => [e.left.key, e.right.key] as const));
  if (problem) out.push({ range: scope.plan.match?.keyword ?? scope.plan.keyword, severity: 'error', code: CHECK.cypherCycles, message: problem });
}

/**
 * MoR's planning graph: entity types with restrictions, reasoning paths that all end at one
 * target (their last layers are intersected). Its code skips a path whose first node has no
 * restriction, and its nodes are categories.
 */
function checkMor(scope: PlanScope, out: Diagnostic[]): void {
  const targets = scope.plan.returns?.targets ?? [];
  if (targets.length > 1) {
    out.push({ range: targets[1]!.range, severity: 'warning', code: CHECK.morTargets, message: 'MoR intersects every reasoning path at one target; only the first returned variable is used' });
  }
  const degree = new Map<string, number>();
  for (const e of scope.edges) {
    degree.set(e.left.key, (degree.get(e.left.key) ?? 0) + 1);
    degree.set(e.right.key, (degree.get(e.right.key) ?? 0) + 1);
  }
  const target = targets[0]?.name;
  for (const s of scope.nodes.values()) {
    const where = s.occurrences[0]!.range;
    if (!s.category) {
      out.push({ range: where, severity: 'warning', code: CHECK.morNoCategory, message: `MoR plans are made of entity types: give ${nodeName(s)} a category, e.g. (${s.anonymous ? '' : s.key}: Movie)` });
    }
    const restricted = (s.text?.value !== undefined && s.text.value.value.trim() !== '') || s.properties.size > 0;
    if (degree.get(s.key) === 1 && s.key !== target && !restricted) {
      out.push({
        range: where,
        severity: 'warning',
        code: CHECK.morUnrestrictedStart,
        message: `the reasoning path starting at ${nodeName(s)} has no restriction to seed from; MoR skips such paths — give it a text, e.g. "…"`,
      });
    }
  }
}

function checkClauses(plan: PlanDecl, out: Diagnostic[]): void {
  const seen = new Set<string>();
  for (const c of plan.clauses) {
    if (seen.has(c.kind)) {
      const kw = c.kind.toLowerCase();
      out.push({ range: c.keyword, severity: 'error', code: CHECK.duplicateClause, message: `'${kw}' appears twice in this plan; write each clause once` });
    }
    seen.add(c.kind);
  }
  const where = plan.name?.range ?? plan.keyword;
  if (!plan.match) out.push({ range: where, severity: 'error', code: CHECK.missingMatch, message: "this plan has no 'match' clause: there is nothing to retrieve" });
  else if (!plan.returns) out.push({ range: where, severity: 'warning', code: CHECK.missingReturn, message: "this plan has no 'return': say which variable holds the answers" });
}

function checkNodes(scope: PlanScope, out: Diagnostic[]): void {
  const used = new Set(scope.nodes.keys());
  for (const s of scope.nodes.values()) {
    const first = s.occurrences[0]!;
    for (const n of s.occurrences) {
      if (n !== first) conflicts(s, n, out);
      if (n.text?.value) {
        const value = n.text.value.value;
        if (value.trim() === '') {
          out.push({
            range: n.text.range,
            severity: 'warning',
            code: CHECK.emptyText,
            message: 'empty text matches nothing in particular; leave the text out for an unknown node',
            fixes: [replaceFix('Remove the empty text', n.range, printNode({ ...n, text: undefined }), true)],
          });
        } else {
          const u = findUnknown(value);
          if (u) out.push(unknownNodeDiagnostic(n, u, used));
        }
      }
    }
  }
}

function conflicts(s: ScopeNode, n: NodePattern, out: Diagnostic[]): void {
  const v = s.key;
  if (n.category && s.category && n.category !== s.category && n.category.name !== s.category.name) {
    out.push({
      range: n.category.range,
      severity: 'error',
      code: CHECK.conflictingNode,
      message: `'${v}' was declared with category '${s.category.name}'; one variable is one node`,
    });
  }
  if (n.text?.value && s.text?.value && n.text !== s.text && (n.text.value.value !== s.text.value.value || n.text.exact !== s.text.exact)) {
    out.push({
      range: n.text.range,
      severity: 'error',
      code: CHECK.conflictingNode,
      message: `'${v}' was given the ${s.text.exact ? 'exact' : 'soft'} text ${JSON.stringify(s.text.value.value)} before; one variable is one node`,
    });
  }
  for (const e of n.properties?.entries ?? []) {
    const prior = s.properties.get(e.key.name);
    if (prior && prior !== e && prior.value && e.value && prior.value.value !== e.value.value) {
      out.push({
        range: e.range,
        severity: 'error',
        code: CHECK.conflictingNode,
        message: `'${v}' already has ${e.key.name} = ${JSON.stringify(prior.value.value)}; one variable is one node`,
      });
    }
  }
}

function unknownNodeDiagnostic(n: NodePattern, u: UnknownFinding, used: Set<string>): Diagnostic {
  const text = n.text!;
  // The fix: drop the text; name the node after SimGRAG's "<type> <n>" when it has no variable.
  let variable = n.variable;
  if (!variable && u.type && /^[A-Za-z_][A-Za-z0-9_]*$/.test(u.type)) {
    const name = u.type + (u.id ?? '');
    if (!used.has(name)) variable = { kind: 'Identifier', name, quoted: false, range: n.range, start: n.start, end: n.end };
  }
  const fixed = printNode({ ...n, variable, text: undefined });
  const message =
    u.kind === 'unknown'
      ? `${JSON.stringify(text.value!.value)} is SimGRAG's way to write an unknown; here it would be matched as text. Write the node without text, e.g. ${fixed}`
      : `'${u.word}' looks like a misspelt UNKNOWN; an unknown node is written without text, e.g. ${fixed}`;
  return {
    range: text.range,
    severity: u.kind === 'unknown' ? 'error' : 'warning',
    code: u.kind === 'unknown' ? CHECK.unknownInText : CHECK.misspeltUnknown,
    message,
    fixes: [replaceFix(`Make it an unknown node: ${fixed}`, n.range, fixed, true)],
  };
}

function unknownRelationFix(edge: EdgePattern): Fix {
  const r = edge.relation;
  const text = printEdge({ ...edge, relation: { kind: 'UnknownRelation', range: r.range, start: r.start, end: r.end } });
  return replaceFix('Make it an unknown relation: ' + text, edge.range, text, true);
}

const VAGUE_WORDS: ReadonlySet<string> = new Set(['in', 'of', 'for', 'on', 'at', 'to', 'by', 'with', 'from', 'appear', 'appears', 'is', 'a', 'the', 'and', 'has', 'have']);

function checkEdges(scope: PlanScope, out: Diagnostic[]): void {
  const pairs = new Map<string, EdgePattern>();
  for (const { edge, left, right } of scope.edges) {
    const r = edge.relation;
    if (r.kind === 'RelationPhrase') {
      const u = r.value.trim() === '' ? undefined : findUnknown(r.value);
      if (r.value.trim() === '') {
        out.push({ range: r.range, severity: 'warning', code: CHECK.emptyText, message: 'an empty relation phrase matches nothing in particular; write -- for an unknown relation', fixes: [unknownRelationFix(edge)] });
      } else if (u) {
        out.push({
          range: r.range,
          severity: u.kind === 'unknown' ? 'error' : 'warning',
          code: u.kind === 'unknown' ? CHECK.unknownInText : CHECK.misspeltUnknown,
          message:
            u.kind === 'unknown'
              ? `${JSON.stringify(r.value)} is SimGRAG's way to write an unknown relation; here it would be matched as text. Write the edge without a relation: --`
              : `'${u.word}' looks like a misspelt UNKNOWN; an unknown relation is written --`,
          fixes: [unknownRelationFix(edge)],
        });
      } else if (r.value.split(/\s+/).every((w) => VAGUE_WORDS.has(w.toLowerCase()))) {
        out.push({ range: r.range, severity: 'warning', code: CHECK.vagueRelation, message: `the phrase ${JSON.stringify(r.value)} says too little to match a relation by meaning; name the relation (e.g. "in language", "starred actors")` });
      }
    }
    if (left === right) {
      out.push({ range: edge.range, severity: 'warning', code: CHECK.selfLoop, message: `this edge joins ${nodeName(left)} to itself; knowledge graphs rarely have such loops — did you mean another variable?` });
      continue;
    }
    const key = left.key < right.key ? left.key + '\u0000' + right.key : right.key + '\u0000' + left.key;
    const prior = pairs.get(key);
    if (prior) {
      out.push({
        range: edge.range,
        severity: 'warning',
        code: CHECK.parallelEdges,
        message: `a second edge between ${nodeName(left)} and ${nodeName(right)}: GSD matching treats the pattern as a simple graph and keeps only one of them; use one edge or a new variable`,
      });
    } else pairs.set(key, edge);
  }
}

function checkReturn(scope: PlanScope, out: Diagnostic[]): void {
  const ret = scope.plan.returns;
  if (!ret) return;
  const names = [...scope.nodes.values()].filter((s) => !s.anonymous).map((s) => s.key);
  const seen = new Set<string>();
  for (const t of ret.targets) {
    if (seen.has(t.name)) {
      out.push({ range: t.range, severity: 'warning', code: CHECK.duplicateTarget, message: `'${t.name}' is returned twice` });
      continue;
    }
    seen.add(t.name);
    if (scope.nodes.has(t.name)) continue;
    // suggestions cost a distance per variable: skip them in giant plans (still linear overall)
    const close = names.length <= 2000 ? suggest(t.name, names) : [];
    out.push({
      range: t.range,
      severity: 'error',
      code: CHECK.unknownReturn,
      message: `'${t.name}' is not a variable of this plan's match` + (close.length ? `; did you mean ${orList(close)}?` : names.length ? ` (variables: ${names.slice(0, 8).join(', ')})` : ''),
      fixes: close.map((c, i) => replaceFix(`Change to '${c}'`, t.range, printName(c), i === 0 && close.length === 1)),
    });
  }
}

/** The problems of a `using` clause: unknown strategy or parameter, a value of the wrong type, a parameter given twice (KGP211–214). */
export function checkStrategyArguments(u: UsingClause): Diagnostic[] {
  const out: Diagnostic[] = [];
  checkUsing(u, out);
  return out;
}

function checkUsing(u: UsingClause, out: Diagnostic[]): void {
  if (!u.strategy) return;
  const name = u.strategy.name;
  if (!(STRATEGY_NAMES as readonly string[]).includes(name)) {
    const close = suggest(name, STRATEGY_NAMES);
    out.push({
      range: u.strategy.range,
      severity: 'error',
      code: CHECK.unknownStrategy,
      message: `unknown strategy '${name}'; use ${STRATEGY_NAMES.join(', ')}` + (close.length ? ` — did you mean ${orList(close)}?` : ''),
      fixes: close.map((c, i) => replaceFix(`Change to '${c}'`, u.strategy!.range, c, i === 0 && close.length === 1)),
    });
    return;
  }
  const params = STRATEGY_PARAMETERS[name as (typeof STRATEGY_NAMES)[number]];
  const names = params.map((p) => p.name);
  const seen = new Set<string>();
  for (const a of u.args) {
    const p = a.name.name;
    const param = params.find((x) => x.name === p);
    if (param === undefined) {
      const close = suggest(p, names);
      out.push({
        range: a.name.range,
        severity: 'error',
        code: CHECK.unknownParameter,
        message: `'${name}' has no parameter '${p}' (it takes ${names.join(', ')})` + (close.length ? `; did you mean ${orList(close)}?` : ''),
        fixes: close.map((c, i) => replaceFix(`Change to '${c}'`, a.name.range, c, i === 0 && close.length === 1)),
      });
      continue;
    }
    if (seen.has(p)) out.push({ range: a.name.range, severity: 'error', code: CHECK.duplicateParameter, message: `'${p}' is given twice` });
    seen.add(p);
    if (!a.value) continue;
    if (!fitsParameter(param, a.value.value)) out.push({ range: a.value.range, severity: 'error', code: CHECK.badParameterValue, message: badParameterMessage(param) });
  }
}

/** Union-find over the plan's nodes: one component per connected part of the pattern. */
function checkConnectivity(scope: PlanScope, out: Diagnostic[]): void {
  const keys = [...scope.nodes.keys()];
  if (keys.length < 2) return;
  const index = new Map(keys.map((k, i) => [k, i]));
  const parent = keys.map((_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  for (const e of scope.edges) {
    const a = find(index.get(e.left.key)!);
    const b = find(index.get(e.right.key)!);
    if (a !== b) parent[a] = b;
  }
  const mainRoot = find(0);
  const reported = new Set<number>([mainRoot]);
  const parts: ScopeNode[] = [];
  for (let i = 0; i < keys.length; i++) {
    const r = find(i);
    if (!reported.has(r)) {
      reported.add(r);
      parts.push(scope.nodes.get(keys[i]!)!);
    }
  }
  for (const s of parts) {
    out.push({
      range: s.occurrences[0]!.range,
      severity: 'warning',
      code: CHECK.disconnected,
      message: `${nodeName(s)} is not connected to ${nodeName(scope.nodes.get(keys[0]!)!)}: the pattern falls into ${parts.length + 1} parts, which are matched independently (GSD) or cannot be intersected (MoR); join them with an edge`,
    });
  }
}

/** GSD and MoR start from nodes with text; a pattern of unknowns only has nothing to seed from. */
function checkSeeds(scope: PlanScope, out: Diagnostic[]): void {
  const plan = scope.plan;
  const strategy = plan.using?.strategy?.name ?? 'gsd';
  // STEM anchors on a named entity; SAGE seeds from the question text, so it needs none.
  if (strategy !== 'gsd' && strategy !== 'mor' && strategy !== 'stem') return;
  if (scope.nodes.size === 0) return;
  let known = false;
  for (const s of scope.nodes.values()) if ((s.text?.value && s.text.value.value.trim() !== '') || s.properties.size > 0) known = true;
  if (!known) {
    out.push({
      range: plan.match?.keyword ?? plan.keyword,
      severity: 'warning',
      code: CHECK.noKnownNode,
      message: `no node has a text or a property, so ${strategy} has no entity to start from; give at least one node its text, e.g. (m: Movie "Heat")`,
    });
  }
  if (strategy === 'mor' && scope.nodes.size === 1) {
    out.push({
      range: plan.match?.keyword ?? plan.keyword,
      severity: 'warning',
      code: CHECK.singleNodeMor,
      message: 'a MoR plan needs at least one edge; with a single node it falls back to plain text search',
    });
  }
}
