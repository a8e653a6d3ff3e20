/**
 * The LSP extensions: custom messages between the extension and the language server (both sides
 * import this file; the server validates what arrives). Standard LSP covers everything else.
 * Adding one: a method name + params/result types here, the handler in src/server/main.ts, the
 * caller in src/extension/language/ (docs/architecture.md).
 */
import type { GraphSchema, LabelInfo, RelationshipTypeInfo } from './schema';
import type { PlanningGraph } from './plan';
import type { Diagnostic, Range } from './text';

/**
 * Client → server: the schema of the graph the workspace is connected to (embedded store or
 * Neo4j), or null when disconnected. Used for files that name no schema and when no
 * `kgrag.schema.path` is set.
 */
export const CONNECTED_SCHEMA_NOTIFICATION = 'kgrag/connectedSchema';

export interface ConnectedSchemaParams {
  readonly schema: GraphSchema | null;
  /** Where it came from, for logs and hover ("embedded: .kgrag/movies.lbug"). */
  readonly source?: string;
}

function strings(v: unknown): v is string[] {
  return Array.isArray(v) && v.every((x) => typeof x === 'string');
}

function optional(o: Record<string, unknown>, key: string, test: (v: unknown) => boolean): boolean {
  return o[key] === undefined || test(o[key]);
}

function isLabel(v: unknown): v is LabelInfo {
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o['name'] === 'string' && strings(o['properties']) && optional(o, 'aliases', strings) && optional(o, 'description', (x) => typeof x === 'string') && optional(o, 'count', (x) => typeof x === 'number');
}

function isRelationshipType(v: unknown): v is RelationshipTypeInfo {
  if (!isLabel(v)) return false; // name, properties, aliases, description, count: same shapes
  const e = (v as unknown as Record<string, unknown>)['endpoints'];
  return Array.isArray(e) && e.every((x: unknown) => x !== null && typeof x === 'object' && typeof (x as Record<string, unknown>)['from'] === 'string' && typeof (x as Record<string, unknown>)['to'] === 'string');
}

/** Narrows what arrived over the wire; anything malformed is refused rather than half-used. */
export function readConnectedSchema(params: unknown): { schema: GraphSchema | null; source: string } | undefined {
  if (params === null || typeof params !== 'object') return undefined;
  const p = params as Record<string, unknown>;
  const source = typeof p['source'] === 'string' ? p['source'] : 'connected graph';
  if (p['schema'] === null) return { schema: null, source };
  const s = p['schema'];
  if (s === null || typeof s !== 'object') return undefined;
  const o = s as Record<string, unknown>;
  if (!Array.isArray(o['labels']) || !o['labels'].every(isLabel)) return undefined;
  if (!Array.isArray(o['relationshipTypes']) || !o['relationshipTypes'].every(isRelationshipType)) return undefined;
  if (!strings(o['propertyKeys'])) return undefined;
  return { schema: { labels: o['labels'], relationshipTypes: o['relationshipTypes'], propertyKeys: o['propertyKeys'] }, source };
}

/**
 * Client → server request: the compiled plans of a `.kgp` document and the schema it uses. The
 * extension host never parses a plan itself; it asks this. `text` is the document's current text
 * (the server parses exactly what the user sees, even before didChange arrives).
 */
export const DOCUMENT_PLANS_REQUEST = 'kgrag/documentPlans';

export interface DocumentPlansParams {
  readonly uri: string;
  readonly text: string;
}

/** One plan of a document with its source map (zero-based ranges, as LSP). */
export interface DocumentPlan {
  readonly graph: PlanningGraph;
  /** The whole `plan … { … }`. */
  readonly range: Range;
  readonly nameRange?: Range;
  /** The `expect` clause, when the plan has one: where a plan test's failure is anchored. */
  readonly expectRange?: Range;
  /** Syntax errors inside the plan's text (such a plan does not run). */
  readonly errors: readonly Diagnostic[];
  /** Variable → its range at its first occurrence. */
  readonly variables: readonly (readonly [string, Range])[];
  /** Edge id → the edge's range. */
  readonly edges: readonly (readonly [string, Range])[];
}

export interface DocumentPlansResult {
  readonly plans: readonly DocumentPlan[];
  readonly schema: {
    /** The schema file the document uses (absolute path), when it names one or the setting does. */
    readonly path?: string;
    /** Relationship type → aliases, for relation matching. */
    readonly aliases: readonly (readonly [string, readonly string[]])[];
  };
}

/**
 * Client → server request: check every file `kgrag.fewshot.files` matches in the workspace folders
 * (the "Validate Few-Shot Files" command). The server walks the folders, so the editor's and the
 * command's findings come from the same checker with the same schema rule.
 */
export const VALIDATE_FEWSHOT_REQUEST = 'kgrag/validateFewShotFiles';

export interface ValidateFewShotResult {
  readonly files: readonly { readonly uri: string; readonly diagnostics: readonly Diagnostic[] }[];
  /** Set when the walk stopped at its limit. */
  readonly truncated?: boolean;
}

/**
 * Server → client request: which graph nodes the named-entity texts of a `.kgp` document match in
 * the connected graph (the editor's not-found diagnostic, entity hover and entity completion). The
 * extension answers from the open retrieval session's snapshot, so the 40k names stay there; it
 * answers `null` when no graph is connected (then the editor shows no entity diagnostics).
 */
export const ENTITY_LOOKUP_REQUEST = 'kgrag/entityLookup';

/**
 * One text to look up. `match`: the nodes the text would match as a soft node text (nearest by
 * the embedder, as retrieval computes it). `complete`: names for completion — names starting with
 * the text first, then the nearest. `relation`: a relation phrase against the graph's relationship
 * types — `notFound` when a word of it is a misspelling nobody can read (retrieval's own warning,
 * core/retrieve/relations.ts `unreadPhrase`), candidates the nearest types by spelling (`name` the
 * type, `labels` empty, `distance` the character edits from the phrase), the match's `labels` the
 * words nobody can read.
 */
export interface EntityQuery {
  readonly text: string;
  readonly mode: 'match' | 'complete' | 'relation';
  /** The plan node's category (a type word): only nodes of the labels it resolves to. */
  readonly category?: string;
  /** How many candidates (default 5, at most 50). */
  readonly limit?: number;
}

export interface EntityLookupParams {
  readonly queries: readonly EntityQuery[];
}

export interface EntityCandidate {
  readonly name: string;
  readonly labels: readonly string[];
  /** L2 between the text and the name (retrieval's node distance). */
  readonly distance: number;
  /** The name is exactly the text. */
  readonly exact: boolean;
}

export interface EntityMatch {
  readonly text: string;
  /** Some node of the category's labels has exactly this name. */
  readonly exact: boolean;
  /** The best candidate is at least `notFoundDistance` away (retrieval's not-found rule). */
  readonly notFound: boolean;
  /** Best first. */
  readonly candidates: readonly EntityCandidate[];
  /** The labels the category resolved to ([] = any). */
  readonly labels: readonly string[];
}

export interface EntityLookupResult {
  /** The connected graph, for people ("Sample graph (movies)"). */
  readonly graph: string;
  /** The not-found threshold used (the embedder's calibrated one, as retrieval's default). */
  readonly notFoundDistance: number;
  /** One per query, in order. */
  readonly matches: readonly EntityMatch[];
}

/**
 * Client → server: the graph entity lookups answer from changed (connected, disconnected, another
 * graph or a re-import); the server drops what it cached and checks open plans again.
 */
export const CONNECTED_GRAPH_NOTIFICATION = 'kgrag/connectedGraph';

export interface ConnectedGraphParams {
  /** Which graph (and which version of it, e.g. after an import); null when none is connected. */
  readonly graph: string | null;
}

function isCandidate(v: unknown): v is EntityCandidate {
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o['name'] === 'string' && strings(o['labels']) && typeof o['distance'] === 'number' && typeof o['exact'] === 'boolean';
}

function isMatch(v: unknown): v is EntityMatch {
  if (v === null || typeof v !== 'object') return false;
  const o = v as Record<string, unknown>;
  return typeof o['text'] === 'string' && typeof o['exact'] === 'boolean' && typeof o['notFound'] === 'boolean' && strings(o['labels']) && Array.isArray(o['candidates']) && o['candidates'].every(isCandidate);
}

/** Narrows an entity lookup answer (null = no graph); malformed answers are refused (undefined). */
export function readEntityLookupResult(v: unknown, queries: number): EntityLookupResult | null | undefined {
  if (v === null) return null;
  if (typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o['graph'] !== 'string' || typeof o['notFoundDistance'] !== 'number' || !Array.isArray(o['matches']) || o['matches'].length !== queries || !o['matches'].every(isMatch)) return undefined;
  return { graph: o['graph'], notFoundDistance: o['notFoundDistance'], matches: o['matches'] };
}

/** Narrows the server's lookup request on the extension side. */
export function readEntityLookupParams(v: unknown): EntityLookupParams | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const q = (v as Record<string, unknown>)['queries'];
  if (!Array.isArray(q) || q.length > 500) return undefined;
  const queries: EntityQuery[] = [];
  for (const x of q) {
    if (x === null || typeof x !== 'object') return undefined;
    const o = x as Record<string, unknown>;
    if (typeof o['text'] !== 'string' || (o['mode'] !== 'match' && o['mode'] !== 'complete' && o['mode'] !== 'relation')) return undefined;
    if (!optional(o, 'category', (c) => typeof c === 'string') || !optional(o, 'limit', (l) => typeof l === 'number' && Number.isFinite(l))) return undefined;
    queries.push({ text: o['text'].slice(0, 500), mode: o['mode'], ...(typeof o['category'] === 'string' ? { category: o['category'] } : {}), ...(typeof o['limit'] === 'number' ? { limit: o['limit'] } : {}) });
  }
  return { queries };
}
