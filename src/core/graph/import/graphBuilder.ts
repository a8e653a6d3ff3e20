// Records → a deduplicated graph keyed the way the store keys it: nodes by (label, name), edges by
// (type, source, target). Edge endpoints resolve through node ids of the same import, explicit labels,
// then the typing rules.
import { isSafeIdentifier } from '../identifiers';
import { shorten, type BadLine, type ImportRecord, type NodeRef } from './records';
import { EdgeSet, NameTable } from './typedSets';
import { headLabel, tailLabel, type TypingRules } from './typing';

export interface PendingGraph {
  /** label → its distinct names (ids are positions in the table; properties by id) */
  readonly nodes: Map<string, NameTable>;
  /** type → "from\u0000to" label pair → distinct (source id, target id) pairs, ids of the two labels' tables */
  readonly edges: Map<string, Map<string, EdgeSet>>;
  /** Node ids defined by node records of this import (all files), for edges to refer to. */
  readonly ids: Map<string, { label: string; name: string }>;
  /** Records that repeated an earlier one (same node or same edge). */
  duplicates: number;
  /**
   * Every label and type name by its lower-case form: the engine's table names ignore letter case and
   * labels and types share one catalog, so `directed_by`/`DIRECTED_BY` or a label named like a type
   * would fail the whole import. Seeded with the store's tables; the first spelling wins.
   */
  readonly names: Map<string, { readonly name: string; readonly kind: 'label' | 'type' }>;
  /** Exact spellings already accepted, by kind: skips the lower-casing on every edge. */
  readonly accepted: Map<string, 'label' | 'type'>;
}

export const SEP = '\u0000';

export function emptyGraph(): PendingGraph {
  return { nodes: new Map(), edges: new Map(), ids: new Map(), duplicates: 0, names: new Map(), accepted: new Map() };
}

export function countNodes(g: PendingGraph): number {
  let n = 0;
  for (const t of g.nodes.values()) n += t.size;
  return n;
}

export function countEdges(g: PendingGraph): number {
  let n = 0;
  for (const pairs of g.edges.values()) for (const s of pairs.values()) n += s.size;
  return n;
}

const PROPERTY_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Records the store's existing table names (call before addRecords). */
export function seedNames(graph: PendingGraph, labels: readonly string[], types: readonly string[]): void {
  for (const name of labels) graph.names.set(name.toLowerCase(), { name, kind: 'label' });
  for (const name of types) graph.names.set(name.toLowerCase(), { name, kind: 'type' });
}

/** Why a label or type name cannot be used beside the names already taken, or undefined when it can. */
function nameConflict(graph: PendingGraph, name: string, kind: 'label' | 'type'): string | undefined {
  if (graph.accepted.get(name) === kind) return undefined;
  const key = name.toLowerCase();
  const taken = graph.names.get(key);
  if (!taken) {
    graph.names.set(key, { name, kind });
    graph.accepted.set(name, kind);
    return undefined;
  }
  if (taken.name === name && taken.kind === kind) {
    graph.accepted.set(name, kind);
    return undefined;
  }
  const what = kind === 'label' ? 'label' : 'relationship type';
  if (taken.name === name) return `${JSON.stringify(name)} is already a ${taken.kind === 'label' ? 'label' : 'relationship type'}; a ${what} cannot have the same name`;
  return `${what} ${JSON.stringify(name)} differs from ${JSON.stringify(taken.name)} only in letter case (the database's names ignore case); use one spelling`;
}

/**
 * Adds one file's node records ('nodes') or edge records ('edges'). Call with 'nodes' for every file
 * first, so edges in any file can refer to node ids of any file. Records that cannot be stored are
 * reported as bad lines.
 */
export function addRecords(graph: PendingGraph, records: readonly ImportRecord[], file: string, rules: TypingRules, bad: BadLine[], kind: 'nodes' | 'edges'): void {
  const ids = graph.ids;
  const report = (line: number, message: string, text: string) => bad.push({ file, line, message, text: shorten(text) });
  const tableOf = (label: string): NameTable => {
    let table = graph.nodes.get(label);
    if (!table) graph.nodes.set(label, (table = new NameTable()));
    return table;
  };
  const addNode = (label: string, name: string, props?: Readonly<Record<string, string>>): boolean => {
    const table = tableOf(label);
    const { id, isNew } = table.add(name);
    if (!isNew) {
      if (props) {
        const existing = table.props.get(id);
        if (!existing) table.props.set(id, { ...props });
        else for (const [k, v] of Object.entries(props)) if (!(k in existing)) existing[k] = v;
      }
      return false;
    }
    if (props && Object.keys(props).length > 0) table.props.set(id, { ...props });
    return true;
  };
  for (const r of records) {
    if (kind !== 'nodes' || r.kind !== 'node') continue;
    const label = r.label ?? rules.defaultLabel;
    if (!isSafeIdentifier(label)) {
      report(r.line, `unsupported label ${JSON.stringify(label)} (no backticks or control characters, at most 200 characters)`, r.name);
      continue;
    }
    const conflict = nameConflict(graph, label, 'label');
    if (conflict !== undefined) {
      report(r.line, conflict, r.name);
      continue;
    }
    const badKey = Object.keys(r.properties ?? {}).find((k) => !PROPERTY_KEY.test(k) || k.toLowerCase() === 'name');
    if (badKey !== undefined) {
      report(r.line, `unsupported property name ${JSON.stringify(badKey)} (letters, digits and _; not "name")`, r.name);
      continue;
    }
    if (r.id !== undefined) ids.set(r.id, { label, name: r.name });
    if (!addNode(label, r.name, r.properties)) graph.duplicates++;
  }
  // An edge end: an explicit label, else a node id of this import, else the typing rules' label.
  const endLabel = (ref: NodeRef, fallbackLabel: string): string => ref.label ?? ids.get(ref.ref)?.label ?? fallbackLabel;
  const endName = (ref: NodeRef): string => (ref.label !== undefined ? ref.ref : (ids.get(ref.ref)?.name ?? ref.ref));
  for (const r of records) {
    if (kind !== 'edges' || r.kind !== 'edge') continue;
    if (!isSafeIdentifier(r.type)) {
      report(r.line, `unsupported relationship type ${JSON.stringify(r.type)} (no backticks or control characters, at most 200 characters)`, r.type);
      continue;
    }
    const aLabel = endLabel(r.source, headLabel(rules, r.type));
    const bLabel = endLabel(r.target, tailLabel(rules, r.type));
    const aName = endName(r.source);
    const bName = endName(r.target);
    const unsafe = [aLabel, bLabel].find((l) => !isSafeIdentifier(l));
    if (unsafe !== undefined) {
      report(r.line, `unsupported label ${JSON.stringify(unsafe)} (no backticks or control characters, at most 200 characters)`, `${aName} ${r.type} ${bName}`);
      continue;
    }
    const conflict = nameConflict(graph, r.type, 'type') ?? nameConflict(graph, aLabel, 'label') ?? nameConflict(graph, bLabel, 'label');
    if (conflict !== undefined) {
      report(r.line, conflict, `${aName} ${r.type} ${bName}`);
      continue;
    }
    const a = tableOf(aLabel).id(aName);
    const b = tableOf(bLabel).id(bName);
    let pairs = graph.edges.get(r.type);
    if (!pairs) graph.edges.set(r.type, (pairs = new Map()));
    const pairKey = aLabel + SEP + bLabel;
    let set = pairs.get(pairKey);
    if (!set) pairs.set(pairKey, (set = new EdgeSet()));
    if (!set.add(a, b)) graph.duplicates++;
  }
}
