/**
 * The syntax tree of a `.kgp` file (language id `kgplan`). Grammar: docs/dsl.md.
 *
 * Every node carries its exact source `range` (zero-based, like LSP) and the `start`/`end` offsets
 * (end exclusive) it was parsed from. The parser is error tolerant: a node it could not complete is
 * still present with the parts it found, so optional fields may be missing on broken input.
 */
import type { Range } from '../text';

export interface Located {
  readonly range: Range;
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
}

/** A name: bare `[A-Za-z_][A-Za-z0-9_]*` or backtick-quoted (`` `Field-of-Study` ``). */
export interface Identifier extends Located {
  readonly kind: 'Identifier';
  readonly name: string;
  /** Written with backticks. */
  readonly quoted: boolean;
}

export interface StringLiteral extends Located {
  readonly kind: 'String';
  /** The decoded value (escapes resolved). */
  readonly value: string;
}

export interface NumberLiteral extends Located {
  readonly kind: 'Number';
  readonly value: number;
  /** The text as written, e.g. "0.50"; the printer keeps it. */
  readonly raw: string;
}

export interface BooleanLiteral extends Located {
  readonly kind: 'Boolean';
  readonly value: boolean;
}

export type Literal = StringLiteral | NumberLiteral | BooleanLiteral;

export interface Comment extends Located {
  readonly kind: 'Comment';
  /** `/* … *\/` rather than `// …`. */
  readonly block: boolean;
  /** The comment exactly as written, delimiters included. */
  readonly text: string;
}

// ── nodes and edges ─────────────────────────────────────────────────────────

/** `"The Vow"` (soft: matched by meaning) or `= "The Vow"` (exact: equals the node's name). */
export interface NodeText extends Located {
  readonly kind: 'NodeText';
  readonly exact: boolean;
  /** Missing only on broken input such as `(a: Movie = )`. */
  readonly value?: StringLiteral;
}

export interface PropertyEntry extends Located {
  readonly kind: 'Property';
  readonly key: Identifier;
  readonly value?: Literal;
}

/** `{name: "2012", votes: 12}` */
export interface PropertyMap extends Located {
  readonly kind: 'PropertyMap';
  readonly entries: readonly PropertyEntry[];
}

/** `(var: Category "text" {k: v})` — every part optional; `(var)` refers to a node named before. */
export interface NodePattern extends Located {
  readonly kind: 'Node';
  readonly variable?: Identifier;
  readonly category?: Identifier;
  readonly text?: NodeText;
  readonly properties?: PropertyMap;
}

/** Nothing between the dashes: `--`, `-->`, `-[]-`. */
export interface UnknownRelation extends Located {
  readonly kind: 'UnknownRelation';
}

/** `-[starred actors]-` or `-["starred actors"]-`: matched by meaning. */
export interface RelationPhrase extends Located {
  readonly kind: 'RelationPhrase';
  /** Bare words joined by one space, or the string's value. */
  readonly value: string;
  /** Written as a string literal. */
  readonly quoted: boolean;
}

/** `-[:directed_by]->`: the exact relationship type. */
export interface RelationType extends Located {
  readonly kind: 'RelationType';
  /** Missing only on broken input such as `-[:]-`. */
  readonly name?: Identifier;
}

export type Relation = UnknownRelation | RelationPhrase | RelationType;

/** `right`: left node → right node; `left`: right node → left node; `none`: not specified. */
export type EdgeDirection = 'right' | 'left' | 'none';

export interface EdgePattern extends Located {
  readonly kind: 'Edge';
  readonly direction: EdgeDirection;
  readonly relation: Relation;
}

/**
 * One chain `(a) -[r]- (b) -[s]-> (c)`. Invariant: `edges[i]` joins `nodes[i]` and `nodes[i + 1]`,
 * so `edges.length === nodes.length - 1`.
 */
export interface PatternChain extends Located {
  readonly kind: 'Pattern';
  readonly nodes: readonly NodePattern[];
  readonly edges: readonly EdgePattern[];
}

// ── clauses ─────────────────────────────────────────────────────────────────

interface ClauseBase extends Located {
  /** The range of the clause's keyword. */
  readonly keyword: Range;
}

export interface QuestionClause extends ClauseBase {
  readonly kind: 'Question';
  readonly text?: StringLiteral;
}

export interface MatchClause extends ClauseBase {
  readonly kind: 'Match';
  readonly patterns: readonly PatternChain[];
}

export interface ReturnClause extends ClauseBase {
  readonly kind: 'Return';
  readonly targets: readonly Identifier[];
}

export interface ExpectClause extends ClauseBase {
  readonly kind: 'Expect';
  readonly values: readonly Literal[];
  /** `expect all ties …`: the words' range; the test also fails when k cut answers tied with the last one listed. */
  readonly allTies?: Range;
}

export interface StrategyArgument extends Located {
  readonly kind: 'Argument';
  readonly name: Identifier;
  readonly value?: Literal;
}

/** `using gsd(k: 3, exhaustive: false)` */
export interface UsingClause extends ClauseBase {
  readonly kind: 'Using';
  readonly strategy?: Identifier;
  readonly args: readonly StrategyArgument[];
  /** Whether `( … )` was written (so `using gsd` and `using gsd()` print back as written). */
  readonly parenthesized: boolean;
}

export type Clause = QuestionClause | MatchClause | ReturnClause | ExpectClause | UsingClause;
export type ClauseKind = Clause['kind'];

// ── top level ───────────────────────────────────────────────────────────────

/** `schema "movies.kgschema.json"` */
export interface SchemaDecl extends Located {
  readonly kind: 'Schema';
  readonly keyword: Range;
  readonly path?: StringLiteral;
}

/**
 * `graph "movies-db"` — the graph this file's plans (and their `expect` tests) are written for: a
 * graph name or a database folder relative to the file. A test pinned to another graph than the one
 * in use is skipped, never silently run against the wrong data (docs/testing.md).
 */
export interface GraphDecl extends Located {
  readonly kind: 'Graph';
  readonly keyword: Range;
  readonly value?: StringLiteral;
}

/** `plan name { … }` */
export interface PlanDecl extends Located {
  readonly kind: 'Plan';
  readonly keyword: Range;
  readonly name?: Identifier;
  /** Clauses in source order (a clause kind may repeat on broken input; the checker reports it). */
  readonly clauses: readonly Clause[];
  /** The first clause of each kind, for convenience. */
  readonly question?: QuestionClause;
  readonly match?: MatchClause;
  readonly returns?: ReturnClause;
  readonly expect?: ExpectClause;
  readonly using?: UsingClause;
  /** The `{` and `}` of the body (missing on broken input). */
  readonly openBrace?: Located;
  readonly closeBrace?: Located;
  /** False when the closing `}` is missing. */
  readonly closed: boolean;
}

export type TopLevelItem = SchemaDecl | GraphDecl | PlanDecl;

export interface KgpDocument extends Located {
  readonly kind: 'Document';
  /** Schema declarations and plans in source order. */
  readonly items: readonly TopLevelItem[];
  readonly plans: readonly PlanDecl[];
  readonly schemas: readonly SchemaDecl[];
  readonly graphs: readonly GraphDecl[];
  /** Every comment, in source order (the formatter puts them back). */
  readonly comments: readonly Comment[];
}

export type AstNode =
  | KgpDocument
  | SchemaDecl
  | GraphDecl
  | PlanDecl
  | Clause
  | StrategyArgument
  | PatternChain
  | NodePattern
  | EdgePattern
  | Relation
  | NodeText
  | PropertyMap
  | PropertyEntry
  | Identifier
  | Literal
  | Comment;

/** Clause keywords plus `schema` and `plan`; reserved at clause positions (backticks lift that). */
export const KEYWORDS = ['schema', 'plan', 'question', 'match', 'return', 'expect', 'using'] as const;
export type Keyword = (typeof KEYWORDS)[number];

export const STRATEGY_NAMES = ['gsd', 'mor', 'cypher', 'stem', 'sage'] as const;
