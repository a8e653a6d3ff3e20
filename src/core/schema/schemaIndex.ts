/**
 * Questions asked of a GraphSchema again and again (by the checker, the Cypher compiler,
 * completion, matching): lookups by name or alias, endpoint checks, alias conflicts.
 * Build a SchemaIndex once per schema; every lookup is then a map access.
 */
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from './graphSchema';

/** Builds a GraphSchema, computing `propertyKeys` as the sorted union of all property names. */
export function buildGraphSchema(labels: readonly LabelInfo[], relationshipTypes: readonly RelationshipTypeInfo[]): GraphSchema {
  const keys = new Set<string>();
  for (const l of labels) for (const p of l.properties) keys.add(p);
  for (const r of relationshipTypes) for (const p of r.properties) keys.add(p);
  return { labels, relationshipTypes, propertyKeys: [...keys].sort() };
}

/**
 * How a term is compared with names and aliases: case-insensitive, `_` and `-` read as spaces,
 * runs of spaces collapsed. "Directed By", "directed_by" and "directed-by" are one term.
 */
export function normaliseTerm(term: string): string {
  return term.toLowerCase().replace(/[_\-\s]+/g, ' ').trim();
}

export type SchemaElementKind = 'label' | 'relationshipType';

export interface TermOwner {
  readonly kind: SchemaElementKind;
  readonly name: string;
  /** Whether the term is the element's name or one of its aliases. */
  readonly via: 'name' | 'alias';
  /** Index in `aliases` when via is 'alias'. */
  readonly index: number;
}

export interface AliasConflict {
  /** The normalised term. */
  readonly term: string;
  /** Two or more owners of the same kind, in declaration order. */
  readonly owners: readonly TermOwner[];
}

/**
 * Words claimed by more than one label, or by more than one relationship type (names and aliases
 * compared normalised). Labels and relationship types are separate vocabularies: "rating" may
 * name a label and be an alias of a relationship type. An alias equal to its own element's name is
 * not a conflict (it is merely redundant).
 */
export function aliasConflicts(schema: GraphSchema): AliasConflict[] {
  const out: AliasConflict[] = [];
  for (const kind of ['label', 'relationshipType'] as const) {
    const elements: readonly (LabelInfo | RelationshipTypeInfo)[] = kind === 'label' ? schema.labels : schema.relationshipTypes;
    const byTerm = new Map<string, TermOwner[]>();
    const claim = (term: string, owner: TermOwner): void => {
      const t = normaliseTerm(term);
      if (t === '') return;
      const owners = byTerm.get(t) ?? [];
      if (owners.some((o) => o.name === owner.name)) return; // same element twice: not a conflict
      owners.push(owner);
      byTerm.set(t, owners);
    };
    for (const e of elements) claim(e.name, { kind, name: e.name, via: 'name', index: -1 });
    for (const e of elements) (e.aliases ?? []).forEach((a, index) => claim(a, { kind, name: e.name, via: 'alias', index }));
    for (const [term, owners] of byTerm) if (owners.length > 1) out.push({ term, owners });
  }
  return out;
}

/** Where an edge between two labels stands with respect to a relationship type's endpoints. */
export type EndpointFit =
  | { readonly kind: 'fits' } // the stored direction matches (or the edge is undirected and one direction matches)
  | { readonly kind: 'reversed' } // only the opposite direction is declared
  | { readonly kind: 'mismatch'; readonly expected: readonly { readonly from: string; readonly to: string }[] }
  | { readonly kind: 'unknownType' };

export class SchemaIndex {
  private readonly labelsByName = new Map<string, LabelInfo>();
  private readonly typesByName = new Map<string, RelationshipTypeInfo>();
  private readonly labelTerms = new Map<string, string[]>();
  private readonly typeTerms = new Map<string, string[]>();

  constructor(readonly schema: GraphSchema) {
    for (const l of schema.labels) this.labelsByName.set(l.name, l);
    for (const r of schema.relationshipTypes) this.typesByName.set(r.name, r);
    const index = (map: Map<string, string[]>, term: string, name: string): void => {
      const t = normaliseTerm(term);
      const names = map.get(t) ?? [];
      if (!names.includes(name)) names.push(name);
      map.set(t, names);
    };
    for (const l of schema.labels) for (const term of [l.name, ...(l.aliases ?? [])]) index(this.labelTerms, term, l.name);
    for (const r of schema.relationshipTypes) for (const term of [r.name, ...(r.aliases ?? [])]) index(this.typeTerms, term, r.name);
  }

  label(name: string): LabelInfo | undefined {
    return this.labelsByName.get(name);
  }

  relationshipType(name: string): RelationshipTypeInfo | undefined {
    return this.typesByName.get(name);
  }

  /** Labels whose name or alias equals the term (normalised): "film" → ["Movie"]. */
  labelsForTerm(term: string): readonly string[] {
    return this.labelTerms.get(normaliseTerm(term)) ?? [];
  }

  /** Relationship types whose name or alias equals the term (normalised): "directed by" → ["directed_by"]. */
  relationshipTypesForTerm(term: string): readonly string[] {
    return this.typeTerms.get(normaliseTerm(term)) ?? [];
  }

  /** Whether `key` is a property of the label (or of any label when the label is not given). */
  hasProperty(key: string, label?: string): boolean {
    if (label === undefined) return this.schema.propertyKeys.includes(key);
    return this.labelsByName.get(label)?.properties.includes(key) ?? false;
  }

  /**
   * Checks an edge of `type` from a node labelled `from` to one labelled `to` (either may be
   * unknown: undefined matches any label). `directed: false` accepts either direction.
   */
  endpointFit(type: string, from: string | undefined, to: string | undefined, directed: boolean): EndpointFit {
    const rel = this.typesByName.get(type);
    if (rel === undefined) return { kind: 'unknownType' };
    const matches = (a: string | undefined, b: string): boolean => a === undefined || a === b;
    const forward = rel.endpoints.some((e) => matches(from, e.from) && matches(to, e.to));
    if (forward) return { kind: 'fits' };
    const backward = rel.endpoints.some((e) => matches(from, e.to) && matches(to, e.from));
    if (backward) return directed ? { kind: 'reversed' } : { kind: 'fits' };
    return { kind: 'mismatch', expected: rel.endpoints };
  }

  /** Relationship types that can connect the two labels, with the direction they are stored in. */
  typesBetween(a: string | undefined, b: string | undefined): { type: string; direction: 'forward' | 'backward' }[] {
    const out: { type: string; direction: 'forward' | 'backward' }[] = [];
    for (const r of this.schema.relationshipTypes) {
      if (r.endpoints.some((e) => (a === undefined || e.from === a) && (b === undefined || e.to === b))) out.push({ type: r.name, direction: 'forward' });
      else if (r.endpoints.some((e) => (a === undefined || e.to === a) && (b === undefined || e.from === b))) out.push({ type: r.name, direction: 'backward' });
    }
    return out;
  }

  /** (from, relType, to) triples, the shape Neo4j's linter takes as `graphSchema`. */
  endpointTriples(): { from: string; to: string; relType: string }[] {
    return this.schema.relationshipTypes.flatMap((r) => r.endpoints.map((e) => ({ from: e.from, to: e.to, relType: r.name })));
  }
}
