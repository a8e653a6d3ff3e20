import type { Embedder } from '../embed/embedder';
import { lemmasOf, splitWords } from '../embed/lexicon/normalize';
import { WordNet } from '../embed/lexicon/wordnet';
import type { GraphSchema } from '../schema/graphSchema';
import type { SearchIndex } from './snapshot/snapshot';

/**
 * Type words → schema labels. Patterns type their unknowns in words ("UNKNOWN director 1", MoR's
 * node types, a `.kgp` category); the graph has labels (Person). A type word is resolved, first
 * rule that applies (docs/matching.md, "Types on unknowns"):
 * 1. exact: it names a label (case, plural and separators ignored: "movies", "imdb_rating");
 * 2. alias: it is one of a label's `aliases` in the schema file;
 * 3. is-a: WordNet says it is a kind of the label (director → filmmaker → … → person), or its
 *    synonym (film = movie, also in a rarer sense: flick, picture) — the nearest such label,
 *    fewest hypernym steps; or it is broader than labels ("category" ⊃ genre): those labels;
 * 4. nearest: the k⁽ᵗ⁾ labels nearest by the embedder, if nearer than NEAREST_LABEL_CUTOFF;
 * 5. none: no constraint (and a note saying so) — a type word that fits no label ("thing") must
 *    not silently empty the search.
 */
export type TypeResolution =
  | { readonly how: 'exact' | 'alias' | 'is-a' | 'nearest'; readonly text: string; readonly labels: readonly number[]; readonly detail: string; /** nearest: L2 to the first label. */ readonly distance?: number; /** is-a: the word is more general than the label ("kind" covers Genre), not a kind of it. */ readonly covers?: boolean }
  | { readonly how: 'none'; readonly text: string; readonly labels: readonly []; readonly detail: string };

/** Label → the other words a schema file gives it. */
export type LabelAliases = ReadonlyMap<string, readonly string[]>;

export function labelAliasesOf(schema: GraphSchema | undefined): LabelAliases {
  const out = new Map<string, readonly string[]>();
  for (const l of schema?.labels ?? []) if (l.aliases && l.aliases.length > 0) out.set(l.name, l.aliases);
  return out;
}

/**
 * L2 between a type word and a label name beyond which "nearest" is no evidence. Measured with the
 * lexical embedder on MetaQA's eight labels against 31 type words: unrelated pairs lie at 1.22–1.41
 * (orthogonal unit vectors: √2), related ones ("tags"/Tag 0.57, "film"/Movie 0.91) below 1.
 */
export const NEAREST_LABEL_CUTOFF = 1.0;
/** Hypernym steps searched for is-a (WordNet noun hierarchies are rarely deeper than this to "person"). */
const IS_A_DEPTH = 8;
/**
 * Senses of the type word considered: the commonest only. Rarer senses make everything a kind of
 * everything ("planet", sense 2: a follower → person; "star": an expert → person).
 */
const TYPE_SENSES = 1;

export interface ResolveTypeOptions {
  readonly labelAliases?: LabelAliases;
  /** k⁽ᵗ⁾ for the nearest rule (default 1). */
  readonly typeCandidates?: number;
  /** null: no is-a rule (tests); default: the packaged WordNet. */
  readonly wordNet?: WordNet | null;
}

/** Canonical form for rule 1 and 2: lower-case lemmas of the words, joined by spaces. */
export function canonicalType(text: string): string {
  return splitWords(text)
    .map((w) => w.toLowerCase())
    .map((w) => shortest(lemmasOf(w)))
    .join(' ');
}

function shortest(xs: readonly string[]): string {
  return xs.reduce((a, b) => (b.length < a.length ? b : a));
}

/** Resolutions per snapshot (labels and embedder are fixed per snapshot): type words repeat across patterns. */
const resolved = new WeakMap<SearchIndex, Map<string, TypeResolution>>();
const CACHE_LIMIT = 10_000;

export async function resolveTypes(snap: SearchIndex, embedder: Embedder, texts: readonly string[], options: ResolveTypeOptions = {}, signal?: AbortSignal): Promise<TypeResolution[]> {
  if (texts.length === 0) return [];
  let cache = resolved.get(snap);
  if (!cache) resolved.set(snap, (cache = new Map()));
  const prefix = `${options.typeCandidates ?? 1}\u0000${options.wordNet === null ? 'no-wn' : 'wn'}\u0000${JSON.stringify([...(options.labelAliases ?? [])])}\u0000`;
  const hits = texts.map((t) => cache.get(prefix + t));
  if (hits.every((h) => h !== undefined)) return hits as TypeResolution[];
  const fresh = await resolveUncached(snap, embedder, texts, options, signal);
  if (cache.size > CACHE_LIMIT) cache.clear();
  fresh.forEach((r, i) => cache.set(prefix + texts[i]!, r));
  return fresh;
}

/**
 * Rules 1–3 (exact, alias, is-a), which need no embedder: the one reading of a type word, shared by
 * the patterns' type words (`resolveTypes`) and ask's answer type ("which films", "what kinds",
 * "who" → person). Undefined when none applies (the caller may then try the embedder, rule 4).
 */
export function typeByWords(text: string, labelNames: readonly string[], options: Pick<ResolveTypeOptions, 'labelAliases' | 'wordNet'> = {}): TypeResolution | undefined {
  const canonLabel = labelNames.map(canonicalType);
  const key = canonicalType(text);
  const exact = canonLabel.flatMap((c, i) => (c === key && key !== '' ? [i] : []));
  if (exact.length > 0) return { how: 'exact', text, labels: exact, detail: `"${text}" names the label ${exact.map((i) => labelNames[i]).join(', ')}` };
  const alias: number[] = [];
  for (const [label, aliases] of options.labelAliases ?? []) {
    const id = labelNames.indexOf(label);
    if (id >= 0 && aliases.some((a) => canonicalType(a) === key)) alias.push(id);
  }
  if (alias.length > 0) return { how: 'alias', text, labels: alias, detail: `"${text}" is an alias of ${alias.map((i) => labelNames[i]).join(', ')} in the schema` };
  const isA = isAKind(text, canonLabel, options.wordNet);
  if (!isA) return undefined;
  const names = isA.labels.map((i) => labelNames[i]).join(', ');
  const detail = isA.covers
    ? `"${text}" covers ${names} (WordNet: ${isA.path.join(' → ')})`
    : isA.path.length <= 1
      ? `"${text}" means ${names} (a WordNet synonym)`
      : `"${text}" is a kind of ${names} (WordNet: ${isA.path.join(' → ')})`;
  return { how: 'is-a', text, labels: isA.labels, detail, ...(isA.covers ? { covers: true } : {}) };
}

async function resolveUncached(snap: SearchIndex, embedder: Embedder, texts: readonly string[], options: ResolveTypeOptions, signal?: AbortSignal): Promise<TypeResolution[]> {
  const labelNames = snap.data.labelNames;
  const out: (TypeResolution | undefined)[] = texts.map((text) => typeByWords(text, labelNames, options));
  const open = texts.flatMap((t, i) => (out[i] === undefined ? [i] : []));
  if (open.length > 0 && labelNames.length > 0) {
    const vecs = await embedder.embedBatch([...open.map((i) => texts[i]!), ...labelNames], signal);
    const dim = embedder.dimension;
    const k = Math.max(1, options.typeCandidates ?? 1);
    open.forEach((t, row) => {
      const ranked = labelNames
        .map((_, l) => ({ l, d: l2(vecs, row, open.length + l, dim) }))
        .filter((x) => x.d < NEAREST_LABEL_CUTOFF)
        .sort((a, b) => a.d - b.d || a.l - b.l)
        .slice(0, k);
      const text = texts[t]!;
      out[t] =
        ranked.length > 0
          ? { how: 'nearest', text, labels: ranked.map((x) => x.l), distance: ranked[0]!.d, detail: `"${text}" is nearest to ${ranked.map((x) => `${labelNames[x.l]} (${x.d.toFixed(2)})`).join(', ')}` }
          : { how: 'none', text, labels: [], detail: `"${text}" fits no label of the graph (none nearer than ${NEAREST_LABEL_CUTOFF}): not constrained` };
    });
  }
  return out.map((r, i) => r ?? { how: 'none', text: texts[i]!, labels: [], detail: `the graph has no labels` });
}

function l2(v: Float32Array, a: number, b: number, dim: number): number {
  let s = 0;
  for (let j = 0; j < dim; j++) {
    const x = v[a * dim + j]! - v[b * dim + j]!;
    s += x * x;
  }
  return Math.sqrt(s);
}

let sharedWordNet: WordNet | null | undefined;
/** The packaged WordNet, loaded once; null when the package is missing. */
export function packagedWordNet(): WordNet | null {
  if (sharedWordNet === undefined) {
    try {
      sharedWordNet = WordNet.fromPackage();
    } catch {
      sharedWordNet = null; // the package is optional at run time: the rule is skipped
    }
  }
  return sharedWordNet;
}

/**
 * Hypernym steps searched from the type word's rarer senses: a synonym or its direct kind only.
 * Two steps already make a "planet" a Person (a follower → person).
 */
const RARE_SENSE_DEPTH = 1;
/** Hypernym steps from the nearest label's own word up to a broader type word ("genre" → kind → category). */
const COVERS_DEPTH = 2;
/** Hypernym steps within which a compound counts as its head word (calendar_year → year). */
const HEAD_DEPTH = 1;

type IsA = { label: number; path: string[] };

/**
 * Rule 3, WordNet, in three steps, the first that finds a label decides:
 * a. breadth-first up the hypernym links ('@', instance '@i') of the type word's commonest noun
 *    sense (the head word of a phrase when the phrase is not in WordNet: "lead actress" → actress);
 *    a label matches when a reached synset holds the label's own word;
 * b. the same from its rarer senses, but only RARE_SENSE_DEPTH steps: a word whose film sense is
 *    not its first ("flick", "picture" = movie; "tongue" = natural language; "date" → calendar
 *    year) — deep chains from rare senses make everything a kind of everything ("star", an expert
 *    → person). In both, a compound one step away at most matches the label of its head word
 *    (calendar_year → Year);
 * c. the other way round: the type word is broader than labels ("category", "kind" ⊃ genre;
 *    "label" ⊃ tag) — every label whose own word reaches one of the type word's senses, provided
 *    the nearest is at most COVERS_DEPTH steps below it. Far-up words ("object", "entity") cover
 *    nothing: they would constrain arbitrarily.
 */
function isAKind(text: string, canonLabel: readonly string[], wn: WordNet | null | undefined): { labels: number[]; path: string[]; covers: boolean } | undefined {
  const wordNet = wn === undefined ? packagedWordNet() : wn;
  if (!wordNet) return undefined;
  const senses = nounSenses(wordNet, text);
  if (senses.length === 0) return undefined;
  const labelOfWord = new Map<string, number>();
  canonLabel.forEach((c, i) => labelOfWord.set(c.replace(/ /g, '_'), i));
  // A compound is a kind of its head word: a calendar_year is a year, a natural_language a language.
  // Only near the type word: far up, "written_language" would make a "title" a Language.
  const labelOf = (w: string, _id: string, depth: number): number | undefined => {
    const word = w.toLowerCase();
    const head = word.slice(word.lastIndexOf('_') + 1);
    return labelOfWord.get(shortest(lemmasOf(word))) ?? (head !== word && depth <= HEAD_DEPTH ? labelOfWord.get(shortest(lemmasOf(head))) : undefined);
  };
  const down = climb(wordNet, senses.slice(0, TYPE_SENSES), IS_A_DEPTH, labelOf);
  if (down) return { labels: [down.label], path: down.path, covers: false };
  // c before b for the commonest sense: a word whose commonest sense is broader than a label
  // ("sort": kind, sort, form, variety ⊃ genre) means that, not a rare sense's kind ("a sort": a person).
  const common = covering(wordNet, senses.slice(0, TYPE_SENSES), canonLabel);
  if (common) return common;
  for (const sense of senses.slice(TYPE_SENSES)) {
    const rare = climb(wordNet, [sense], RARE_SENSE_DEPTH, labelOf);
    if (rare) return { labels: [rare.label], path: rare.path, covers: false };
  }
  return covering(wordNet, senses, canonLabel) ?? siblingOf(wordNet, senses[0]!, canonLabel) ?? namedKind(wordNet, senses.slice(0, NAMED_KIND_SENSES), canonLabel);
}

/** Senses of the type word whose direct kinds rule e reads: WordNet's commonest three. */
const NAMED_KIND_SENSES = 3;

/**
 * e. A direct kind named as a label: one of the word's commonest senses has, one step down, a
 * synset whose own words include a label's name ("style": expressive style ⊃ writing style,
 * literary genre, genre — so "what style of movie" names Genre). The last rule, for a word no
 * other rule reads; one step only, and the label's name must be a word of that kind itself.
 */
function namedKind(wordNet: WordNet, senses: readonly string[], canonLabel: readonly string[]): { labels: number[]; path: string[]; covers: boolean } | undefined {
  for (const sense of senses) {
    const labels: number[] = [];
    let path: string[] = [];
    for (const p of wordNet.synset(sense).pointers) {
      if (p.symbol !== '~') continue;
      const kind = wordNet.synset(p.target);
      canonLabel.forEach((c, label) => {
        if (labels.includes(label) || !kind.words.some((w) => w.toLowerCase() === c.replace(/ /g, '_'))) return;
        labels.push(label);
        if (path.length === 0) path = [wordNet.synset(sense).words[0] ?? sense, kind.words.join(', ')];
      });
    }
    if (labels.length > 0) return { labels, path, covers: true };
  }
  return undefined;
}

/**
 * c. Every label under one of `senses` counts (a broad word covers all its kinds), but only a word
 * that is near some label counts at all: "abstraction" is above Language and Genre alike, and says nothing.
 */
function covering(wordNet: WordNet, senses: readonly string[], canonLabel: readonly string[]): { labels: number[]; path: string[]; covers: boolean } | undefined {
  const own = new Set(senses);
  const covered: IsA[] = [];
  canonLabel.forEach((c, label) => {
    const up = climb(wordNet, nounSenses(wordNet, c).slice(0, 1), IS_A_DEPTH, (_w, id) => (own.has(id) ? label : undefined));
    if (up && up.path.length > 0) covered.push(up);
  });
  covered.sort((a, b) => a.path.length - b.path.length || a.label - b.label);
  if (covered.length > 0 && covered[0]!.path.length - 1 <= COVERS_DEPTH) return { labels: covered.map((c) => c.label), path: covered[0]!.path, covers: true };
  return undefined;
}

/**
 * d. A sibling: the type word's commonest sense and a label's are direct kinds of the same thing
 * ("type" and "genre" are both a kind of kind), so the word names that label as the broader word
 * would (rule c). One step each way only: further up, siblings are unrelated.
 */
function siblingOf(wordNet: WordNet, sense: string, canonLabel: readonly string[]): { labels: number[]; path: string[]; covers: boolean } | undefined {
  const parents = (id: string): string[] => wordNet.synset(id).pointers.filter((p) => p.symbol === '@').map((p) => p.target);
  const mine = new Set(parents(sense));
  if (mine.size === 0) return undefined;
  const labels: number[] = [];
  let path: string[] = [];
  canonLabel.forEach((c, label) => {
    const first = nounSenses(wordNet, c)[0];
    if (first === undefined || first === sense) return;
    const shared = parents(first).find((p) => mine.has(p));
    if (shared === undefined) return;
    labels.push(label);
    if (path.length === 0) path = [wordNet.synset(sense).words[0] ?? sense, wordNet.synset(shared).words[0] ?? shared, wordNet.synset(first).words[0] ?? first];
  });
  return labels.length > 0 ? { labels, path, covers: true } : undefined;
}

/** The noun senses of a type word, or of its head word when the phrase is not in WordNet. */
function nounSenses(wordNet: WordNet, text: string): readonly string[] {
  const words = splitWords(text).map((w) => w.toLowerCase());
  if (words.length === 0) return [];
  for (const c of [words.join('_'), words[words.length - 1]!]) {
    for (const lemma of lemmasOf(c)) {
      const senses = wordNet.senses(lemma, 'n');
      if (senses.length > 0) return senses;
    }
  }
  return [];
}

/**
 * Breadth-first up the hypernym links from `start` for at most `depth` steps; the first synset with
 * a word (or id) `hit` accepts gives its label and the path of first words that led there.
 */
function climb(wordNet: WordNet, start: readonly string[], depth: number, hit: (word: string, synsetId: string, depth: number) => number | undefined): IsA | undefined {
  type Visit = { id: string; path: string[] };
  let frontier: Visit[] = start.map((id) => ({ id, path: [wordNet.synset(id).words[0] ?? id] }));
  const seen = new Set<string>(frontier.map((f) => f.id));
  for (let d = 0; d <= depth && frontier.length > 0; d++) {
    for (const f of frontier) {
      for (const w of wordNet.synset(f.id).words) {
        const label = hit(w, f.id, d);
        if (label !== undefined) return { label, path: d === 0 ? [] : f.path };
      }
    }
    const next: Visit[] = [];
    for (const f of frontier) {
      for (const p of wordNet.synset(f.id).pointers) {
        if ((p.symbol !== '@' && p.symbol !== '@i') || seen.has(p.target)) continue;
        seen.add(p.target);
        next.push({ id: p.target, path: [...f.path, wordNet.synset(p.target).words[0] ?? p.target] });
      }
    }
    frontier = next;
  }
  return undefined;
}

/** Per pattern variable: what its type word resolved to (untyped variables are absent). */
export type PlanTypes = ReadonlyMap<string, TypeResolution>;

/**
 * The plan's type words resolved once per run, by the rules above: every strategy reads a node's
 * labels from here (through the strategy table), so "UNKNOWN movie 1" means Movie under each.
 */
export async function resolvePlanTypes(
  plan: { readonly nodes: readonly { readonly id: string; readonly category?: string }[] },
  snap: SearchIndex,
  embedder: Embedder,
  options: ResolveTypeOptions = {},
  signal?: AbortSignal,
): Promise<PlanTypes> {
  const typed = plan.nodes.filter((n) => n.category !== undefined);
  const resolved = await resolveTypes(snap, embedder, typed.map((n) => n.category!), options, signal);
  return new Map(typed.map((n, i) => [n.id, resolved[i]!] as const));
}

/** The label ids a variable may take: null = any (untyped, or a type word that fits no label). */
export function allowedLabels(types: PlanTypes, variable: string): readonly number[] | null {
  const t = types.get(variable);
  return t === undefined || t.how === 'none' ? null : t.labels;
}
