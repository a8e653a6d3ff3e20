/**
 * Checks on SimGRAG pattern outputs beyond what the runtime reader reports (UNKNOWN defects are
 * reported by plan/simgrag.ts): structure (connected, no parallel edges, no stop-word relations, a
 * known node to seed the search, no unknown used for two ends of one triple), type conflicts (a
 * node the example calls a film used as a director) and misspelled relation phrases.
 */
import { classifySimGragTerm } from '../../plan/simgrag';
import { isStopWordsOnly, splitWords } from '../../embed/lexicon/normalize';
import type { FewShotDocument, FewShotExample, Located, LocatedTriple, OffsetFinding, SimGragOutput } from '../model';
import type { GraphSchema } from '../../schema/graphSchema';
import { FEWSHOT_CODES } from '../codes';
import { isKnownWord, nounLemma, typesCompatible } from './lexicon';
import { NearWords } from './nearWords';

export function checkSimGragExamples(doc: FewShotDocument, schema: GraphSchema | undefined, out: OffsetFinding[]): void {
  const outputs = doc.examples.filter((e): e is FewShotExample & { output: SimGragOutput } => e.output?.kind === 'simgrag');
  const vocabulary = typeVocabulary(outputs.map((e) => e.output), schema);
  for (const ex of outputs) {
    checkStructure(ex, out);
    checkTypes(ex, vocabulary, out);
  }
  checkRelationSpelling(outputs, schema, out);
}

function checkStructure(ex: FewShotExample & { output: SimGragOutput }, out: OffsetFinding[]): void {
  const { triples } = ex.output;
  if (triples.length === 0) return;
  // Connected components over node strings (SimGRAG matches each component on its own).
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const t of triples) {
    for (const s of [t.head.value, t.tail.value]) if (!parent.has(s)) parent.set(s, s);
    parent.set(find(t.head.value), find(t.tail.value));
  }
  const roots = new Set([...parent.keys()].map(find));
  if (roots.size > 1) {
    const first = find(triples[0]!.head.value);
    const stray = triples.find((t) => find(t.head.value) !== first)!;
    out.push({ start: stray.span.start, end: stray.span.end, severity: 'warning', code: FEWSHOT_CODES.disconnected, message: `Example ${ex.number}: the pattern falls into ${roots.size} disconnected parts; SimGRAG matches each part on its own, so this triple shares no node with the first one.` });
  }
  const seen = new Map<string, LocatedTriple>();
  for (const t of triples) {
    if (t.head.value === t.tail.value && classifySimGragTerm(t.head.value).term.kind === 'unknown') {
      out.push({ start: t.tail.span.start, end: t.tail.span.end, severity: 'warning', code: FEWSHOT_CODES.unknownIdReuse, message: `Example ${ex.number}: "${t.head.value}" is both ends of this triple; one id stands for two things — give the other end its own id (e.g. "${t.head.value.replace(/\d+$/, (n) => String(Number(n) + 1))}").` });
      continue;
    }
    const key = [t.head.value, t.tail.value].sort().join('\u0000');
    const prior = seen.get(key);
    if (prior) {
      out.push({ start: t.span.start, end: t.span.end, severity: 'warning', code: FEWSHOT_CODES.duplicateEdge, message: `Example ${ex.number}: a second edge between "${t.head.value}" and "${t.tail.value}"; SimGRAG's pattern graph keeps one edge per node pair (the last relation wins).` });
    } else seen.set(key, t);
    if (isStopWordsOnly(t.relation.value)) {
      out.push({ start: t.relation.span.start, end: t.relation.span.end, severity: 'warning', code: FEWSHOT_CODES.stopWordRelation, message: `Example ${ex.number}: the relation "${t.relation.value}" is only stop words; SimGRAG's prompt forbids unspecific relations like 'in', 'of', 'for' — name the relation.` });
    }
  }
  const nodes = new Set(triples.flatMap((t) => [t.head.value, t.tail.value]));
  if (![...nodes].some((n) => classifySimGragTerm(n).term.kind === 'known')) {
    out.push({ start: ex.output.span.start, end: ex.output.span.start + 1, severity: 'warning', code: FEWSHOT_CODES.noKnownNode, message: `Example ${ex.number}: every node is UNKNOWN; the search needs at least one known entity to start from.` });
  }
}

/** Type words the file uses for unknowns ("UNKNOWN film 1" → film), plus the schema's labels. */
function typeVocabulary(outputs: readonly SimGragOutput[], schema: GraphSchema | undefined): Set<string> {
  const v = new Set<string>();
  for (const o of outputs) {
    for (const t of o.triples) {
      for (const s of [t.head.value, t.tail.value]) {
        const term = classifySimGragTerm(s).term;
        if (term.kind === 'unknown' && term.type && term.type !== 'relation') v.add(nounLemma(lastWord(term.type)));
      }
    }
  }
  for (const l of schema?.labels ?? []) v.add(nounLemma(l.name));
  return v;
}

function lastWord(s: string): string {
  const w = splitWords(s);
  return w[w.length - 1] ?? s.toLowerCase();
}

interface Evidence {
  readonly type: string;
  readonly why: string;
  readonly at?: Located<string>;
}

/**
 * What each node is, from three sources: its UNKNOWN type word, the example's own text ("the film
 * Scarlet Street"), and relation phrases that name a role ("have directors" → the tail is a
 * director, "actor of" → the head is an actor). Incompatible evidence from a relation is reported.
 */
function checkTypes(ex: FewShotExample & { output: SimGragOutput }, vocabulary: Set<string>, out: OffsetFinding[]): void {
  const evidence = new Map<string, Evidence[]>();
  const add = (node: string, e: Evidence): void => {
    const list = evidence.get(node) ?? [];
    list.push(e);
    evidence.set(node, list);
  };
  const texts = [ex.question?.value ?? '', ...ex.output.divided.map((d) => d.value)];
  for (const t of ex.output.triples) {
    for (const end of [t.head, t.tail]) {
      const term = classifySimGragTerm(end.value).term;
      if (term.kind === 'unknown' && term.type && term.type !== 'relation') add(end.value, { type: nounLemma(lastWord(term.type)), why: `its UNKNOWN type "${term.type}"` });
    }
    const words = splitWords(t.relation.value);
    if (words.length >= 2 && ['have', 'has', 'had', 'having', 'with', 'in'].includes(words[0]!)) {
      const noun = nounLemma(words[words.length - 1]!);
      if (vocabulary.has(noun)) add(t.tail.value, { type: noun, why: `the relation "${t.relation.value}"`, at: t.tail });
    }
    if (words.length >= 2 && words[words.length - 1] === 'of') {
      const noun = nounLemma(words[words.length - 2]!);
      if (vocabulary.has(noun)) add(t.head.value, { type: noun, why: `the relation "${t.relation.value}"`, at: t.head });
    }
  }
  for (const node of evidence.keys()) {
    if (classifySimGragTerm(node).term.kind !== 'known') continue;
    const re = new RegExp(`\\b(?:the|a|an)\\s+([A-Za-z]+)\\s+${escapeRegExp(node)}\\b`, 'i');
    for (const text of texts) {
      const m = re.exec(text);
      if (m && vocabulary.has(nounLemma(m[1]!))) {
        add(node, { type: nounLemma(m[1]!), why: `the example's text ("${m[0]}")` });
        break;
      }
    }
  }
  for (const [node, list] of evidence) {
    const fromRelations = list.filter((e) => e.at !== undefined);
    for (const r of fromRelations) {
      const clash = list.find((e) => e !== r && !typesCompatible(e.type, r.type));
      if (clash) {
        out.push({ start: r.at!.span.start, end: r.at!.span.end, severity: 'warning', code: FEWSHOT_CODES.typeConflict, message: `Example ${ex.number}: "${node}" is used as a ${r.type} by ${r.why}, but ${clash.why} makes it a ${clash.type}.` });
        break;
      }
    }
  }
}

/**
 * A relation word that is no English word and is one or two edits from a word another example (or
 * the schema) uses — "directe" next to "direct" — is almost surely a typo; the embedding of a typo
 * still matches something, so the example silently teaches a wrong relation.
 */
function checkRelationSpelling(outputs: readonly (FewShotExample & { output: SimGragOutput })[], schema: GraphSchema | undefined, out: OffsetFinding[]): void {
  const known = new Map<string, number>();
  for (const ex of outputs) for (const t of ex.output.triples) for (const w of splitWords(t.relation.value)) if (!known.has(w)) known.set(w, ex.number);
  const schemaWords = new Set((schema?.relationshipTypes ?? []).flatMap((r) => splitWords(r.name.replace(/_/g, ' '))));
  // Each distinct word is looked up once (a file repeats its relation words thousands of times).
  const wordCache = new Map<string, boolean>();
  const isWord = (w: string): boolean => {
    let k = wordCache.get(w);
    if (k === undefined) wordCache.set(w, (k = isKnownWord(w)));
    return k;
  };
  // Candidates are English words of 3+ letters that another example or the schema uses.
  const near = new NearWords(2);
  for (const v of [...known.keys(), ...schemaWords]) if (v.length >= 3 && isWord(v)) near.add(v);
  for (const ex of outputs) {
    for (const t of ex.output.triples) {
      if (classifySimGragTerm(t.relation.value).term.kind === 'unknown') continue;
      for (const w of splitWords(t.relation.value)) {
        if (w.length < 4 || isWord(w)) continue;
        const best = near.near(w, w.length >= 7 ? 2 : 1)[0]?.word;
        if (best === undefined) continue;
        const where = known.has(best) && known.get(best) !== ex.number ? ` (used in example ${known.get(best)})` : schemaWords.has(best) ? ' (a word of the schema\'s relation types)' : '';
        const at = t.relation.value.toLowerCase().indexOf(w);
        const s = at >= 0 ? mapIn(t.relation, at) : t.relation.span.start;
        out.push({ start: s, end: at >= 0 ? mapIn(t.relation, at + w.length - 1) + 1 : t.relation.span.end, severity: 'warning', code: FEWSHOT_CODES.relationTypo, message: `Example ${ex.number}: "${w}" is not a word; did you mean "${best}"${where}?` });
      }
    }
  }
}

function mapIn(l: Located<string>, i: number): number {
  return l.map ? l.map(i) : l.span.start + i;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
