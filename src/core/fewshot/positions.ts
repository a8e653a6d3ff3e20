/**
 * Offsets of values inside the file. Everything JSON-like (JSON, JSON lines, Python literals in
 * prompts, YAML) becomes the runtime's LooseNode tree, so one set of helpers serves every reader.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument as parseYamlDocument, type Node as YamlNode } from 'yaml';
import type { LooseNode } from '../plan/looseLiteral';
import type { Located, OffsetFinding, Span } from './model';

/** The string value of a node (bare words and numbers read as text, like the runtime does). */
export function stringOf(node: LooseNode | undefined): string | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'string' || node.kind === 'bare') return node.value;
  if (node.kind === 'number' || node.kind === 'boolean') return String(node.value);
  return undefined;
}

/**
 * A located string. Quoted strings map value offsets to file offsets through their escapes, so a
 * finding inside a Cypher query held in a JSON string lands on the right character.
 */
export function locatedString(text: string, node: LooseNode): Located<string> | undefined {
  const value = stringOf(node);
  if (value === undefined) return undefined;
  const span: Span = { start: node.start, end: node.end };
  if (node.kind !== 'string') return { value, span };
  const map = quotedStringMap(text, node.start, node.end, value);
  return { value, span, map };
}

/**
 * Aligns a decoded quoted string with its source: walks the source between the quotes, treating a
 * backslash escape (or a doubled quote) as one character. Offsets past the end clamp to the end.
 */
export function quotedStringMap(text: string, start: number, end: number, value: string): (i: number) => number {
  const stop = Math.max(start + 1, end - 1);
  // No escape and no doubled quote (the common case): the value is the source between the quotes.
  if (stop - (start + 1) === value.length) return (i: number) => (i < value.length ? start + 1 + Math.max(0, i) : i <= 0 ? start + 1 : stop);
  // Otherwise the offsets are worked out on first use: most strings are never asked (only findings map).
  let offsets: Int32Array | undefined;
  let count = 0;
  const build = (): Int32Array => {
    const out = new Int32Array(value.length);
    const quote = text[start];
    let p = start + 1;
    while (p < stop && count < value.length) {
      out[count++] = p;
      if (text[p] === '\\') {
        const c = text[p + 1];
        if (c === 'u') p += 6;
        else if (c === 'x') p += 4;
        else p += 2;
      } else if (text[p] === quote && text[p + 1] === quote) p += 2;
      else p += 1;
    }
    return out;
  };
  return (i: number) => {
    offsets ??= build();
    return i < count ? offsets[Math.max(0, i)]! : i <= 0 ? start + 1 : stop;
  };
}

/** Maps an offset of a located value to the file. */
export function fileOffset(l: Located<string>, i: number): number {
  return l.map ? l.map(i) : l.span.start + i;
}

export function dictEntry(node: LooseNode | undefined, key: string): LooseNode | undefined {
  if (node?.kind !== 'dict') return undefined;
  for (let i = node.entries.length - 1; i >= 0; i--) {
    if (stringOf(node.entries[i]!.key) === key) return node.entries[i]!.value;
  }
  return undefined;
}

export function dictKey(node: LooseNode | undefined, key: string): LooseNode | undefined {
  if (node?.kind !== 'dict') return undefined;
  return node.entries.find((e) => stringOf(e.key) === key)?.key;
}

/**
 * Reads YAML into the same LooseNode tree as JSON, keeping each node's offsets (the `yaml`
 * package records them). Plain and block scalars map their characters by alignment.
 */
export function parseYamlLoose(text: string): { node?: LooseNode; findings: OffsetFinding[]; maps: Map<LooseNode, (i: number) => number> } {
  const findings: OffsetFinding[] = [];
  const maps = new Map<LooseNode, (i: number) => number>();
  const doc = parseYamlDocument(text, { lineCounter: new LineCounter(), keepSourceTokens: false, uniqueKeys: false });
  for (const e of doc.errors) {
    findings.push({ start: e.pos[0], end: Math.max(e.pos[1], e.pos[0] + 1), severity: 'error', code: 'fewshot-file-syntax', message: `YAML: ${e.message.split('\n')[0]}` });
  }
  const convert = (n: YamlNode | null | undefined | unknown): LooseNode | undefined => {
    if (n === null || n === undefined) return undefined;
    if (isMap(n)) {
      const [s, , e] = n.range ?? [0, 0, 0];
      const entries: { key: LooseNode; value: LooseNode }[] = [];
      for (const pair of n.items) {
        const key = convert(pair.key);
        const value = convert(pair.value) ?? (key ? { kind: 'null' as const, start: key.end, end: key.end } : undefined);
        if (key && value) entries.push({ key, value });
      }
      return { kind: 'dict', entries, start: s, end: e };
    }
    if (isSeq(n)) {
      const [s, , e] = n.range ?? [0, 0, 0];
      const items = n.items.map(convert).filter((x): x is LooseNode => x !== undefined);
      return { kind: 'list', items, tuple: false, start: s, end: e };
    }
    if (isScalar(n)) {
      const [s, ve] = n.range ?? [0, 0, 0];
      const v = n.value;
      if (typeof v === 'string') {
        const node: LooseNode = { kind: 'string', value: v, quote: '"', plain: false, start: s, end: ve };
        maps.set(node, alignMap(text, s, ve, v));
        return node;
      }
      if (typeof v === 'number') return { kind: 'number', value: v, start: s, end: ve };
      if (typeof v === 'boolean') return { kind: 'boolean', value: v, start: s, end: ve };
      if (v === null) return { kind: 'null', start: s, end: ve };
      return { kind: 'bare', value: String(v), start: s, end: ve };
    }
    return undefined;
  };
  const node = convert(doc.contents);
  return { ...(node ? { node } : {}), findings, maps };
}

/** Greedy alignment of a decoded value with its source (YAML drops indentation and quotes). */
function alignMap(text: string, start: number, end: number, value: string): (i: number) => number {
  const offsets: number[] = [];
  let p = start;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    let q = p;
    while (q < end && text[q] !== c) q++;
    if (q >= end) break;
    offsets.push(q);
    p = q + 1;
  }
  return (i: number) => (i < offsets.length ? offsets[Math.max(0, i)]! : offsets.length > 0 ? Math.min(end, offsets[offsets.length - 1]! + 1) : start);
}
