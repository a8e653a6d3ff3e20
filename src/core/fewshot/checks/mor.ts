/**
 * Checks on MoR plans against the schema: the prompt's own Entity Type List / triplet list when it
 * declares one (MoR's Prompt 1: "Only use the entity types from this list"), else the configured
 * graph schema. Metapath syntax and restriction keys are reported by the runtime reader
 * (plan/mor.ts: mor-malformed-metapath, mor-restriction-unknown-key, …).
 */
import type { FewShotDocument, Located, MorOutput, OffsetFinding } from '../model';
import type { GraphSchema } from '../../schema/graphSchema';
import { FEWSHOT_CODES } from '../codes';

interface MorSchema {
  readonly source: string;
  readonly categories: ReadonlySet<string>;
  /** (source, relation, target) as written, lower case; undefined when only categories are known. */
  readonly triplets?: ReadonlySet<string>;
  /** Category pairs joined by some relationship, either direction, lower case. */
  readonly pairs?: ReadonlySet<string>;
}

const key3 = (a: string, r: string, b: string): string => [a, r, b].map((s) => s.trim().toLowerCase()).join('\u0000');
const key2 = (a: string, b: string): string => [a.trim().toLowerCase(), b.trim().toLowerCase()].sort().join('\u0000');

function morSchemaOf(doc: FewShotDocument, schema: GraphSchema | undefined): MorSchema | undefined {
  const d = doc.declaredSchema;
  if (d?.kind === 'entity-types') return { source: 'the Entity Type List of this prompt', categories: new Set(d.types.map((t) => t.value.toLowerCase())) };
  if (d?.kind === 'triplets') {
    const full = d.triplets.filter((t) => t.items.length === 3);
    return {
      source: 'the triplet list of this prompt',
      categories: new Set(full.flatMap((t) => [t.items[0]!.value.toLowerCase(), t.items[2]!.value.toLowerCase()])),
      triplets: new Set(full.map((t) => key3(t.items[0]!.value, t.items[1]!.value, t.items[2]!.value))),
      pairs: new Set(full.map((t) => key2(t.items[0]!.value, t.items[2]!.value))),
    };
  }
  if (!schema || schema.labels.length === 0) return undefined;
  const triplets = new Set<string>();
  const pairs = new Set<string>();
  for (const r of schema.relationshipTypes) {
    for (const e of r.endpoints) {
      triplets.add(key3(e.from, r.name, e.to));
      pairs.add(key2(e.from, e.to));
    }
  }
  return {
    source: 'the schema',
    categories: new Set(schema.labels.flatMap((l) => [l.name, ...(l.aliases ?? [])].map((n) => n.toLowerCase()))),
    ...(schema.relationshipTypes.length > 0 ? { triplets, pairs } : {}),
  };
}

/**
 * Most of a file's entity types unknown to a schema the file did not choose (the workspace's or
 * `--schema`): the file belongs to another graph. One file-level finding says so instead of one per
 * use (MoR's Amazon set against the movie schema gave 1,826), and the schema checks are skipped;
 * the structural checks (metapath syntax, restriction keys) still run. Below half known counts as
 * foreign: a file of the schema's own graph with a few typos stays well above it.
 */
function foreignTypes(doc: FewShotDocument, ms: MorSchema, out: OffsetFinding[]): boolean {
  const used = new Map<string, string>();
  for (const ex of doc.examples) {
    if (ex.output?.kind !== 'mor') continue;
    const o = ex.output;
    for (const c of [...o.categories, ...o.triplets.flatMap((t) => (t.items.length === 3 ? [t.items[0]!, t.items[2]!] : [])), ...(o.target ? [o.target] : [])]) {
      const k = c.value.trim().toLowerCase();
      if (k !== '' && !used.has(k)) used.set(k, c.value.trim());
    }
  }
  const unknown = [...used.keys()].filter((k) => !ms.categories.has(k));
  if (used.size < 2 || unknown.length * 2 <= used.size) return false;
  const first = doc.examples.find((e) => e.output?.kind === 'mor');
  const at = first?.span ?? { start: 0, end: 0 };
  const listed = unknown.slice(0, 8).map((k) => used.get(k)!).join(', ') + (unknown.length > 8 ? ` and ${unknown.length - 8} more` : '');
  const labels = [...ms.categories].slice(0, 8).join(', ') + (ms.categories.size > 8 ? ', …' : '');
  const share = unknown.length === used.size ? 'none' : `only ${used.size - unknown.length} of ${used.size}`;
  out.push({
    start: at.start,
    end: Math.max(at.start + 1, Math.min(at.end, at.start + 1)),
    severity: 'warning',
    code: FEWSHOT_CODES.foreignSchema,
    message: `This file's entity types match ${share} of the schema's labels (${labels}): ${listed}. It belongs to another graph: set its schema (kgrag.fewshot.schemas in VS Code, --schema for kgrag check, a "schema" key in *.fewshot.json); schema checks are skipped.`,
  });
  return true;
}

export function checkMorExamples(doc: FewShotDocument, schema: GraphSchema | undefined, out: OffsetFinding[]): void {
  const ms = morSchemaOf(doc, schema);
  if (!ms) return;
  if (ms.source === 'the schema' && foreignTypes(doc, ms, out)) return;
  for (const ex of doc.examples) {
    if (ex.output?.kind !== 'mor') continue;
    const o: MorOutput = ex.output;
    const unknownCategory = (c: Located<string>): void => {
      if (!ms.categories.has(c.value.trim().toLowerCase())) {
        out.push({ start: c.span.start, end: c.span.end, severity: 'error', code: FEWSHOT_CODES.unknownCategory, message: `Example ${ex.number}: "${c.value}" is not an entity type of ${ms.source} (${[...ms.categories].join(', ')}).` });
      }
    };
    o.categories.forEach(unknownCategory);
    // Consecutive categories of a metapath must be joined by some relationship.
    if (ms.pairs && ms.source === 'the schema') {
      for (let i = 0; i + 1 < o.categories.length; i++) {
        const a = o.categories[i]!;
        const b = o.categories[i + 1]!;
        if (ms.categories.has(a.value.toLowerCase()) && ms.categories.has(b.value.toLowerCase()) && !ms.pairs.has(key2(a.value, b.value))) {
          out.push({ start: a.span.start, end: b.span.end, severity: 'warning', code: FEWSHOT_CODES.unknownTriplet, message: `Example ${ex.number}: no relationship joins ${a.value} and ${b.value} in ${ms.source}.` });
        }
      }
    }
    for (const t of o.triplets) {
      if (t.items.length !== 3) continue;
      const [s, r, d] = t.items as [Located<string>, Located<string>, Located<string>];
      unknownCategory(s);
      unknownCategory(d);
      if (!ms.triplets || ms.triplets.has(key3(s.value, r.value, d.value))) continue;
      if (ms.triplets.has(key3(d.value, r.value, s.value))) {
        out.push({ start: t.span.start, end: t.span.end, severity: 'warning', code: FEWSHOT_CODES.tripletDirection, message: `Example ${ex.number}: ${ms.source} has (${d.value}, ${r.value}, ${s.value}); this triplet runs the other way.` });
      } else {
        out.push({ start: r.span.start, end: r.span.end, severity: 'error', code: FEWSHOT_CODES.unknownTriplet, message: `Example ${ex.number}: (${s.value}, ${r.value}, ${d.value}) is not in ${ms.source}.` });
      }
    }
    if (o.target) unknownCategory(o.target);
  }
}
