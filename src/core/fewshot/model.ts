/**
 * What the readers produce: every few-shot file, whatever its shape, becomes a list of examples
 * whose question and output keep their exact offsets in the file. Checks work on this model only.
 */
import type { Severity } from '../diagnostics';
import type { PlanningGraph } from '../plan/planningGraph';
import type { GraphSchema } from '../schema/graphSchema';

/** The file shapes we read (docs/fewshot.md). */
export type FewShotFormat =
  | 'fewshot' // our own *.fewshot.json|jsonl|yaml
  | 'simgrag-prompt'
  | 'simgrag-json'
  | 'simgrag-answer' // SimGRAG's answer-generation prompt (evidence graphs)
  | 'simgrag-answer-json'
  | 'mor-prompt'
  | 'mor-json'
  | 'cypher-csv'
  | 'cypher-json'
  | 'cypher-jsonl'
  | 'stem-json'; // STEM planning examples: [{question, assertions, triples, strategy}]

export const FEWSHOT_FORMATS: readonly FewShotFormat[] = ['fewshot', 'simgrag-prompt', 'simgrag-json', 'simgrag-answer', 'simgrag-answer-json', 'mor-prompt', 'mor-json', 'cypher-csv', 'cypher-json', 'cypher-jsonl', 'stem-json'];

/** What the examples' outputs are written in. */
export type TargetKind = 'kgp' | 'simgrag' | 'mor' | 'cypher' | 'stem';

/** Offsets in the file text, end exclusive. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

export interface Located<T> {
  readonly value: T;
  readonly span: Span;
  /** Maps an offset inside `value` (a string) to the file offset; absent when 1:1 from span.start. */
  readonly map?: (i: number) => number;
}

/** A finding by offsets; turned into a Diagnostic with ranges at the end. */
export interface OffsetFinding {
  readonly start: number;
  readonly end: number;
  readonly severity: Severity;
  readonly code: string;
  readonly message: string;
}

export interface LocatedTriple {
  readonly head: Located<string>;
  readonly relation: Located<string>;
  readonly tail: Located<string>;
  readonly span: Span;
}

export interface SimGragOutput {
  readonly kind: 'simgrag';
  readonly span: Span;
  /** The value as the runtime reader saw it (tuples as arrays). */
  readonly value?: unknown;
  readonly plan?: PlanningGraph;
  readonly triples: readonly LocatedTriple[];
  readonly divided: readonly Located<string>[];
  /** Findings of the runtime parser, already at file offsets. */
  readonly parseFindings: readonly OffsetFinding[];
}

export interface MorOutput {
  readonly kind: 'mor';
  readonly span: Span;
  /** The plan as the runtime reads it (plan/mor.ts). */
  readonly plan?: PlanningGraph;
  readonly metapath?: Located<string>;
  /** Categories of the metapath with their offsets in the file. */
  readonly categories: readonly Located<string>[];
  readonly triplets: readonly { readonly items: readonly Located<string>[]; readonly span: Span }[];
  readonly restrictionKeys: readonly Located<string>[];
  readonly target?: Located<string>;
  readonly parseFindings: readonly OffsetFinding[];
}

export interface CypherOutput {
  readonly kind: 'cypher';
  readonly span: Span;
  readonly query: Located<string>;
  /** The schema for this row (a `database` column), overriding the configured one. */
  readonly database?: string;
  readonly parseFindings: readonly OffsetFinding[];
}

export interface KgpOutput {
  readonly kind: 'kgp';
  readonly span: Span;
  readonly source: Located<string>;
  readonly plans: readonly PlanningGraph[];
  readonly parseFindings: readonly OffsetFinding[];
}

/** STEM planning output: assertions with [ENTk] placeholders, schema triples, strategy (plan/stem.ts). */
export interface StemOutput {
  readonly kind: 'stem';
  readonly span: Span;
  /** The example as a plain value (what planningGraphFromStem reads). */
  readonly value: unknown;
  readonly plan?: PlanningGraph;
  /** File span of the value at a path inside the example (e.g. ["triples", 1, 0]), and the map into a string. */
  readonly locate: (path: readonly (string | number)[]) => Located<string> | Span | undefined;
  readonly parseFindings: readonly OffsetFinding[];
}

export type ExampleOutput = SimGragOutput | MorOutput | CypherOutput | KgpOutput | StemOutput;

export interface FewShotExample {
  /** The number as written (`3. query:`, `**Question 3:**`), else the 1-based position. */
  readonly number: number;
  readonly span: Span;
  readonly question?: Located<string>;
  readonly output?: ExampleOutput;
  readonly expect?: readonly Located<string>[];
  /** Labels carried by the file (e.g. text2cypher's syntax_error / false_schema columns). */
  readonly labels?: Readonly<Record<string, string>>;
}

/** A schema written inside the prompt itself. */
export type DeclaredSchema =
  | { readonly kind: 'entity-types'; readonly span: Span; readonly types: readonly Located<string>[] }
  | { readonly kind: 'triplets'; readonly span: Span; readonly triplets: readonly { readonly items: readonly Located<string>[]; readonly span: Span }[] };

export interface FewShotDocument {
  readonly format: FewShotFormat;
  readonly target: TargetKind;
  readonly examples: readonly FewShotExample[];
  readonly findings: readonly OffsetFinding[];
  /** Where the demonstrations start (a header like `Examples)`), for file-level findings. */
  readonly examplesHeader?: Span;
  readonly declaredSchema?: DeclaredSchema;
  readonly schemaRef?: Located<string>;
  /** The shot count the file asks for (our own format's `shots`). */
  readonly shots?: number;
  readonly expectShapes?: readonly PatternShape[];
  /** Placeholders the template must contain, and the ones it does contain. */
  readonly placeholders?: { readonly required: readonly string[]; readonly found: readonly Located<string>[]; readonly templateSpan: Span };
  /** True for prompts (a fixed number of shots); false for training sets and query collections. */
  readonly isPrompt: boolean;
}

/** SimGRAG's pattern classes (App. F), plus anything else. */
export type PatternShape = '1-hop' | '2-hop' | '3-hop' | '2-hop-conjunction' | '3-hop-conjunction' | '3-hop-star' | 'other';
export const PATTERN_SHAPES: readonly PatternShape[] = ['1-hop', '2-hop', '3-hop', '2-hop-conjunction', '3-hop-conjunction', '3-hop-star', 'other'];

export interface FewShotCheckOptions {
  /** The configured graph schema (a prompt's own entity-type/triplet list wins for MoR). */
  readonly schema?: GraphSchema;
  /** Per-database schemas, for question→Cypher rows with a `database` column. */
  readonly schemas?: Readonly<Record<string, GraphSchema>>;
  /** Force a format instead of detecting it. */
  readonly format?: FewShotFormat;
  /** The number of shots the prompt should have (default 12 for SimGRAG prompts). */
  readonly shots?: number;
  /** Shapes the examples should cover (default 1-hop, 2-hop and 3-hop for SimGRAG). */
  readonly expectShapes?: readonly PatternShape[];
  /** Placeholders a template must contain (default: a question placeholder in SimGRAG prompts). */
  readonly placeholders?: readonly string[];
  /** Resolves a schema reference written in the file (`schema` field) to a schema. */
  readonly loadSchema?: (ref: string) => GraphSchema | undefined;
  /** Skip Neo4j's Cypher front end (≈ 100 ms per query). */
  readonly skipCypherLint?: boolean;
}
