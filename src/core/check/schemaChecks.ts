/**
 * Checks of one plan against a GraphSchema (KGP3xx). Categories, exact relationship types and
 * property keys are hard constraints, so an unknown one is an error (with "did you mean" fixes).
 * Relation phrases are soft (matched by meaning) and never errors; only when a phrase names
 * exactly one relationship type (by name or alias) is its direction checked, as a warning.
 */
import type { Diagnostic, Fix } from '../diagnostics';
import { printEdge, printName, type EdgePattern, type Identifier } from '../dsl';
import { SchemaIndex } from '../schema/schemaIndex';
import { CHECK } from './codes';
import type { PlanScope, ScopeEdge, ScopeNode } from './planScope';
import { orList, suggest } from './suggest';

function replaceName(id: Identifier, name: string, preferred: boolean): Fix {
  return { title: `Change to '${name}'`, edits: [{ range: id.range, newText: printName(name) }], preferred };
}

export function checkAgainstSchema(scope: PlanScope, index: SchemaIndex, out: Diagnostic[]): void {
  const labelNames = index.schema.labels.map((l) => l.name);
  const typeNames = index.schema.relationshipTypes.map((r) => r.name);

  for (const s of scope.nodes.values()) {
    for (const n of s.occurrences) {
      if (n.category) checkName(n.category, 'category', index.label(n.category.name) !== undefined, index.labelsForTerm(n.category.name), labelNames, out);
    }
    checkProperties(s, index, out);
  }
  for (const e of scope.edges) {
    const r = e.edge.relation;
    if (r.kind === 'RelationType' && r.name) {
      const exists = index.relationshipType(r.name.name) !== undefined;
      checkName(r.name, 'relationship type', exists, index.relationshipTypesForTerm(r.name.name), typeNames, out);
      if (exists) checkEndpoints(e, r.name.name, true, index, out);
    } else if (r.kind === 'RelationPhrase') {
      const named = index.relationshipTypesForTerm(r.value);
      if (named.length === 1) checkEndpoints(e, named[0]!, false, index, out);
    }
  }
}

function checkName(id: Identifier, what: 'category' | 'relationship type', exists: boolean, aliasOf: readonly string[], all: readonly string[], out: Diagnostic[]): void {
  if (exists) return;
  if (aliasOf.length === 1) {
    out.push({
      range: id.range,
      severity: 'warning',
      code: what === 'category' ? CHECK.categoryAlias : CHECK.relationshipTypeAlias,
      message: `'${id.name}' is an alias of the ${what} '${aliasOf[0]}'; ${what === 'category' ? 'labels' : 'exact types'} must be written as the graph stores them`,
      fixes: [replaceName(id, aliasOf[0]!, true)],
    });
    return;
  }
  const close = aliasOf.length > 1 ? [...aliasOf] : suggest(id.name, all);
  const known = all.length <= 12 ? ` (the schema has ${all.join(', ')})` : '';
  out.push({
    range: id.range,
    severity: 'error',
    code: what === 'category' ? CHECK.unknownCategory : CHECK.unknownRelationshipType,
    message: `unknown ${what} '${id.name}'` + (close.length ? `; did you mean ${orList(close)}?` : known),
    fixes: close.map((c, i) => replaceName(id, c, i === 0 && close.length === 1)),
  });
}

/** A node's label when it names one the schema knows (otherwise every label fits). */
function labelOf(s: ScopeNode, index: SchemaIndex): string | undefined {
  const c = s.category?.name;
  return c !== undefined && index.label(c) ? c : undefined;
}

function flipped(e: EdgePattern): string {
  return printEdge({ ...e, direction: e.direction === 'right' ? 'left' : 'right' });
}

function checkEndpoints(se: ScopeEdge, type: string, exact: boolean, index: SchemaIndex, out: Diagnostic[]): void {
  const { edge } = se;
  const leftLabel = labelOf(se.left, index);
  const rightLabel = labelOf(se.right, index);
  const [from, to] = edge.direction === 'left' ? [rightLabel, leftLabel] : [leftLabel, rightLabel];
  const fit = index.endpointFit(type, from, to, edge.direction !== 'none');
  const stored = (index.relationshipType(type)?.endpoints ?? []).map((p) => `${p.from} → ${p.to}`);
  if (fit.kind === 'reversed') {
    out.push({
      range: edge.range,
      severity: exact ? 'error' : 'warning',
      code: CHECK.reversedDirection,
      message: `'${type}' points ${stored.join(', ')} in the schema; this edge points the other way`,
      fixes: [{ title: `Reverse the arrow: ${flipped(edge)}`, edits: [{ range: edge.range, newText: flipped(edge) }], preferred: true }],
    });
  } else if (fit.kind === 'mismatch' && exact) {
    const here = `${from ?? 'any'} ${edge.direction === 'none' ? '—' : '→'} ${to ?? 'any'}`;
    out.push({
      range: edge.range,
      severity: 'warning',
      code: CHECK.endpointMismatch,
      message: `'${type}' connects ${stored.join(', ') || 'no labels'} in the schema, not ${here}; this edge can never match`,
    });
  }
}

function checkProperties(s: ScopeNode, index: SchemaIndex, out: Diagnostic[]): void {
  const label = labelOf(s, index);
  for (const n of s.occurrences) {
    for (const p of n.properties?.entries ?? []) {
      const key = p.key.name;
      if (index.hasProperty(key, label)) continue;
      const pool = label ? (index.label(label)?.properties ?? []) : index.schema.propertyKeys;
      const close = suggest(key, pool);
      const owner = label ? `label '${label}'` : 'graph';
      out.push({
        range: p.key.range,
        severity: 'error',
        code: CHECK.unknownProperty,
        message: `the ${owner} has no property '${key}'` + (close.length ? `; did you mean ${orList(close)}?` : pool.length && pool.length <= 12 ? ` (it has ${pool.join(', ')})` : ''),
        fixes: close.map((c, i) => replaceName(p.key, c, i === 0 && close.length === 1)),
      });
    }
  }
}
