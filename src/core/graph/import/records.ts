// What the format readers produce: nodes, edges and the lines they could not read.

/** A reference to a node from an edge: an id defined by a node record in the same import, or a name. */
export interface NodeRef {
  readonly ref: string;
  /** An explicit label for the referenced node (e.g. a `source_label` column). */
  readonly label?: string;
}

export interface NodeInput {
  readonly kind: 'node';
  readonly line: number;
  readonly name: string;
  readonly label?: string;
  /** An id other records refer to (node CSV `id`, JSON `id`). */
  readonly id?: string;
  readonly properties?: Readonly<Record<string, string>>;
}

export interface EdgeInput {
  readonly kind: 'edge';
  readonly line: number;
  readonly source: NodeRef;
  readonly target: NodeRef;
  readonly type: string;
}

export type ImportRecord = NodeInput | EdgeInput;

/** A line that was not imported, with its one-based line number (as editors show). */
export interface BadLine {
  readonly file: string;
  readonly line: number;
  readonly message: string;
  /** The offending text, shortened. */
  readonly text: string;
}

export type ImportFormat = 'triples' | 'tsv' | 'csv' | 'jsonl';

export interface ReadResult {
  readonly records: ImportRecord[];
  readonly bad: BadLine[];
  readonly lines: number;
}

export function shorten(text: string, max = 120): string {
  return text.length > max ? text.slice(0, max - 1) + '…' : text;
}
