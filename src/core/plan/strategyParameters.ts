/**
 * The parameters of every retrieval strategy: name, type, default and description, ONCE. The
 * strategy table (core/session/strategies.ts) lists them per strategy; the checker and the DSL
 * (`using x(name: value)`) validate against them; hover, completion and signature help describe
 * them; the `kgrag.retrieval.<strategy>.<name>` settings are generated from them
 * (scripts/syncSettings.ts, checked by test/unit/session/settings.test.ts). This module holds data
 * only (no retrieval code), so the language server can read it without loading the engine.
 */
import { CYPHER_TEXT_MATCH, DEFAULT_MATCH, DEFAULT_STRATEGIES, MATCH_SEMANTICS, type Strategy, type StrategyKind } from './planningGraph';

/**
 * One parameter. Types: `count` a whole number from 1 to its `max`, `number` a finite number ≥ 0,
 * `boolean`, `enum` one of a few words. The range is checked once, here (fitsParameter), by the
 * checker (KGP213), the settings and every run alike: a value that passes check never crashes run
 * (`sage(k: 1000000000)` used to pass check and die allocating a billion-slot array). `default` is what retrieval uses when neither the plan nor a setting gives a
 * value; `undefined` (only `gsd.injective`) means "unset: another parameter decides".
 */
export type StrategyParameter =
  | { readonly name: string; readonly type: 'count'; readonly default: number; readonly max: number; readonly description: string }
  | { readonly name: string; readonly type: 'number'; readonly default: number; readonly description: string }
  | { readonly name: string; readonly type: 'boolean'; readonly default: boolean | undefined; readonly description: string }
  | { readonly name: string; readonly type: 'enum'; readonly default: string; readonly values: readonly string[]; readonly description: string };

export type ParameterValue = number | boolean | string;

const gsd = DEFAULT_STRATEGIES.gsd;
const mor = DEFAULT_STRATEGIES.mor;
const stem = DEFAULT_STRATEGIES.stem;
const sage = DEFAULT_STRATEGIES.sage;

/** gsd's search budget when neither plan nor setting gives one (retrieve/gsd uses this constant). */
export const DEFAULT_GSD_BUDGET_MS = 5000;
/** gsd's k⁽ᵗ⁾ when neither plan nor setting gives one. */
export const DEFAULT_TYPE_CANDIDATES = 1;

/** Most answers, subgraphs, rows or seeds any strategy returns or keeps (also the bound of `--k`). */
export const MAX_RESULTS = 10_000;
/** Most candidates per pattern node or relation, anchors per entity (each multiplies the search). */
export const MAX_CANDIDATES = 1_000;

/** gsd and mor: when a named node counts as not in the graph. */
const NOT_FOUND_DISTANCE: StrategyParameter = {
  name: 'notFoundDistance',
  type: 'number',
  default: 0,
  description: 'A named node whose nearest graph name is at least this far (L2) is reported as not in the graph (a warning above the answers). 0: the embedder\'s calibrated distance (lexical 0.5, hashing 0.6).',
};

export const STRATEGY_PARAMETERS: { readonly [K in StrategyKind]: readonly StrategyParameter[] } = {
  gsd: [
    { name: 'k', type: 'count', default: gsd.k, max: MAX_RESULTS, description: 'Number of subgraphs to return.' },
    { name: 'nodeCandidates', type: 'count', default: gsd.nodeCandidates, max: MAX_CANDIDATES, description: 'Candidates per pattern node, nearest by embedding distance (k⁽ⁿ⁾).' },
    { name: 'relationCandidates', type: 'count', default: gsd.relationCandidates, max: MAX_CANDIDATES, description: 'Candidates per pattern relation, nearest by embedding distance (k⁽ʳ⁾).' },
    { name: 'exhaustive', type: 'boolean', default: false, description: 'Search without pruning (the reference algorithm; slow).' },
    {
      name: 'injective',
      type: 'boolean',
      default: undefined,
      description:
        'Distinct pattern nodes match distinct graph nodes (subgraph isomorphism). false = pattern nodes may share a graph node (a homomorphism, as a walk along paths), except that a returned node never matches a node the pattern names. Unset: `match` decides; `match` wins when both are given.',
    },
    {
      name: 'match',
      type: 'enum',
      default: DEFAULT_MATCH,
      values: MATCH_SEMANTICS,
      description:
        'Which pattern nodes may share a graph node: "injective" (none), "anchors-distinct" (unknowns may share one with each other, never with a named node; the default, best on MetaQA), "homomorphic" (any, but an answer is never the named entity).',
    },
    { name: 'typeCandidates', type: 'count', default: DEFAULT_TYPE_CANDIDATES, max: 100, description: 'Labels a type word that names no label may map to, nearest first (k⁽ᵗ⁾).' },
    { name: 'budgetMs', type: 'count', default: DEFAULT_GSD_BUDGET_MS, max: 600_000, description: 'Time budget of the search in milliseconds; when it runs out the result says so and keeps what was found.' },
    NOT_FOUND_DISTANCE,
  ],
  mor: [
    { name: 'seeds', type: 'count', default: mor.seeds, max: MAX_RESULTS, description: 'Text matches that seed the first step.' },
    { name: 'perStep', type: 'count', default: mor.perStep, max: MAX_RESULTS, description: 'Text matches added at each step.' },
    { name: 'k', type: 'count', default: mor.k, max: MAX_RESULTS, description: 'Number of answers to return.' },
    { name: 'typeCandidates', type: 'count', default: DEFAULT_TYPE_CANDIDATES, max: 100, description: 'Labels a type word that names no label may map to, nearest first (k⁽ᵗ⁾); categories resolve as in gsd.' },
    NOT_FOUND_DISTANCE,
  ],
  cypher: [
    { name: 'limit', type: 'count', default: DEFAULT_STRATEGIES.cypher.limit, max: MAX_RESULTS, description: 'LIMIT on the returned rows.' },
    { name: 'match', type: 'enum', default: DEFAULT_MATCH, values: MATCH_SEMANTICS, description: 'Which pattern nodes may share a graph node, as in gsd (default "anchors-distinct").' },
    {
      name: 'text',
      type: 'enum',
      default: 'nearest',
      values: CYPHER_TEXT_MATCH,
      description: 'Soft text: "nearest" (default) compares `name` with the nearest name in the graph; "exact" with the text as written; "ignoreCase" with `toLower(name) = lower(text)`, which no index serves (every node of the label is read).',
    },
  ],
  stem: [
    { name: 'mode', type: 'enum', default: stem.mode, values: ['precision', 'breadth'], description: '"precision": greedy, one subgraph per schema graph; "breadth": keep every edge with T-Score ≥ theta (a search tree, many answers).' },
    { name: 'theta', type: 'number', default: stem.theta, description: 'Breadth threshold θ on the T-Score.' },
    { name: 'beam', type: 'count', default: stem.beam, max: 100, description: 'Alternative schema graphs searched (B): groundings of the relation phrases, best first.' },
    { name: 'topN', type: 'count', default: stem.topN, max: MAX_CANDIDATES, description: 'Anchor candidates per named entity (N).' },
    { name: 'entityBias', type: 'number', default: stem.entityBias, description: 'λ: an anchor candidate in the guidance graph has its similarity multiplied by this.' },
    { name: 'tripleBias', type: 'number', default: stem.tripleBias, description: 'τ: a graph edge in the guidance graph adds this to its T-Score.' },
    { name: 'kFactor', type: 'count', default: stem.kFactor, max: 100, description: 'The guidance graph holds K = kFactor × (number of pattern edges) entities.' },
    {
      name: 'guidance',
      type: 'enum',
      default: stem.guidance,
      values: ['ppr', 'none'],
      description: '"ppr": personalised PageRank from the named entities, walking plan-like relations (no training); "none": no biases.',
    },
  ],
  sage: [
    { name: 'k', type: 'count', default: sage.k, max: MAX_RESULTS, description: 'Seed nodes from hybrid retrieval.' },
    { name: 'kPrime', type: 'count', default: sage.kPrime, max: MAX_RESULTS, description: 'Neighbours kept after reranking (k′).' },
    { name: 'alpha', type: 'number', default: sage.alpha, description: 'Weight α of the BM25 score (normalised by the best score).' },
    { name: 'beta', type: 'number', default: sage.beta, description: 'Weight β of the dense (cosine) score.' },
    {
      name: 'edgePolicy',
      type: 'enum',
      default: sage.edgePolicy,
      values: ['skip-explicit', 'expand'],
      description: '"skip-explicit" (SAGE -Edge): a seed the plan\'s explicit edges already lead from is expanded along those edges only; "expand" (+Edge): always expand every neighbour.',
    },
    { name: 'constrained', type: 'boolean', default: sage.constrained, description: 'Schema-constrained expansion (SPARK): only the plan\'s relation types and categories; compiled to Cypher on a store.' },
  ],
};

/** The parameter of a strategy by name. */
export function strategyParameter(kind: StrategyKind, name: string): StrategyParameter | undefined {
  return STRATEGY_PARAMETERS[kind].find((p) => p.name === name);
}

/** Whether a value fits a parameter's type. */
export function fitsParameter(p: StrategyParameter, v: unknown): v is ParameterValue {
  switch (p.type) {
    case 'count':
      return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= p.max;
    case 'number':
      return typeof v === 'number' && Number.isFinite(v) && v >= 0;
    case 'boolean':
      return typeof v === 'boolean';
    case 'enum':
      return typeof v === 'string' && p.values.includes(v);
  }
}

/** What a parameter accepts, for messages: "a whole number of at least 1", `one of "a", "b"`. */
export function parameterExpectation(p: StrategyParameter): string {
  switch (p.type) {
    case 'count':
      return `a whole number from 1 to ${p.max}`;
    case 'number':
      return 'a number of at least 0';
    case 'boolean':
      return 'true or false';
    case 'enum':
      return `one of ${p.values.map((w) => `"${w}"`).join(', ')}`;
  }
}

/** The one-line message of a bad value (KGP213 and the settings' problems say the same). */
export function badParameterMessage(p: StrategyParameter): string {
  return `'${p.name}' must be ${parameterExpectation(p)}`;
}

/** The type as a reader sees it in hover and signature help: `count`, `number`, `boolean`, `"a" | "b"`. */
export function parameterTypeText(p: StrategyParameter): string {
  return p.type === 'enum' ? p.values.map((w) => `"${w}"`).join(' | ') : p.type;
}

/** The default as DSL text (`16`, `true`, `"precision"`), undefined when unset. */
export function parameterDefaultText(p: StrategyParameter): string | undefined {
  if (p.default === undefined) return undefined;
  return typeof p.default === 'string' ? JSON.stringify(p.default) : String(p.default);
}

/** A strategy and the names of the parameters given for it (the rest are its defaults). */
export interface UsingMeaning {
  readonly strategy: Strategy;
  /** Names of the parameters given with a value of the right type. */
  readonly given: readonly string[];
}

/** The IR's strategy type of one kind. */
export type StrategyOf<K extends StrategyKind> = Extract<Strategy, { readonly kind: K }>;

/**
 * A strategy of a kind: `base` (a strategy of that kind, else the defaults) with every value that
 * fits its parameter put in; a value of the wrong type is left out (the checker reports it).
 */
export function strategyWith<K extends StrategyKind>(kind: K, values: ReadonlyMap<string, unknown>, base?: Strategy): { strategy: StrategyOf<K>; given: string[] } {
  // The table's parameters are the strategy's fields (test/unit/session/session.test.ts holds them together).
  const fields: Record<string, unknown> = { ...(base?.kind === kind ? base : DEFAULT_STRATEGIES[kind]) };
  const given: string[] = [];
  for (const p of STRATEGY_PARAMETERS[kind]) {
    const v = values.get(p.name);
    if (v === undefined || !fitsParameter(p, v)) continue;
    fields[p.name] = v;
    given.push(p.name);
  }
  return { strategy: fields as unknown as StrategyOf<K>, given };
}

/** Values from settings, per strategy and parameter name (`kgrag.retrieval.stem.theta` → stem.theta). */
export type StrategySettings = { readonly [K in StrategyKind]?: Readonly<Record<string, ParameterValue>> };

/**
 * The strategy a run uses: the plan's own arguments win, then the settings, then the defaults.
 * A plan of another kind (`--strategy stem` on a gsd plan) contributes nothing to `kind`.
 */
export function effectiveStrategy<K extends StrategyKind>(kind: K, plan: { readonly strategy: Strategy; readonly givenParameters?: readonly string[] }, settings: StrategySettings | undefined): StrategyOf<K> {
  const own = plan.strategy.kind === kind;
  const given = new Set(own ? plan.givenParameters ?? [] : []);
  // gsd's `match` and `injective` say one thing (match wins): a plan that gives either keeps both from settings.
  if (given.has('match') || given.has('injective')) ['match', 'injective'].forEach((n) => given.add(n));
  const values = new Map(Object.entries(settings?.[kind] ?? {}).filter(([name]) => !given.has(name)));
  return strategyWith(kind, values, own ? plan.strategy : undefined).strategy;
}

/** Problems of a strategy's values (a plan built in code, or from a file the checker has not seen): one line each. */
export function strategyProblems(strategy: Strategy): string[] {
  const fields = strategy as unknown as Readonly<Record<string, unknown>>;
  const out: string[] = [];
  for (const p of STRATEGY_PARAMETERS[strategy.kind]) {
    const v = fields[p.name];
    if (v !== undefined && !fitsParameter(p, v)) out.push(`${strategy.kind}: ${badParameterMessage(p)}, not ${JSON.stringify(v)}`);
  }
  return out;
}
