import type { Embedder } from '../embed/embedder';
import { lemmasOf, splitWords } from '../embed/lexicon/normalize';
import { WordNet } from '../embed/lexicon/wordnet';
import type { GraphSchema } from '../schema/graphSchema';
import type { GraphSnapshot } from './snapshot/snapshot';

/**
 * Type words → schema labels. Patterns type their unknowns in words ("UNKNOWN director 1", MoR's
 * node types, a `.kgp` category); the graph has labels (Person). A type word is resolved, first
 * rule that applies (docs/matching.md, "Types on unknowns"):
 * 1. exact: it names a label (case, plural and separators ignored: "movies", "imdb_rating");
 * 2. alias: it is one of a label's `aliases` in the schema file;
 * 3. is-a: WordNet says it is a kind of the label (director → filmmaker → … → person), or its
 *    synonym (film = movie) — the nearest such label, fewest hypernym steps;
 * 4. nearest: the k⁽ᵗ⁾ labels nearest by the embedder, if nearer than NEAREST_LABEL_CUTOFF;
 * 5. none: no constraint (and a note saying so) — a type word that fits no label ("thing") must
 *    not silently empty the search.
 */
export type TypeResolution =
  | { readonly how: 'exact' | 'alias' | 'is-a' | 'nearest'; readonly text: string; readonly labels: readonly number[]; readonly detail: string; /** nearest: L2 to the first label. */ readonly distance?: number }
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
const resolved = new WeakMap<GraphSnapshot, Map<string, TypeResolution>>();
const CACHE_LIMIT = 10_000;

export async function resolveTypes(snap: GraphSnapshot, embedder: Embedder, texts: readonly string[], options: ResolveTypeOptions = {}, signal?: AbortSignal): Promise<TypeResolution[]> {
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

async function resolveUncached(snap: GraphSnapshot, embedder: Embedder, texts: readonly string[], options: ResolveTypeOptions, signal?: AbortSignal): Promise<TypeResolution[]> {
  const labelNames = snap.data.labelNames;
  const canonLabel = labelNames.map(canonicalType);
  const aliasIndex = new Map<string, number[]>();
  for (const [label, aliases] of options.labelAliases ?? []) {
    const id = labelNames.indexOf(label);
    if (id < 0) continue;
    for (const a of aliases) {
      const key = canonicalType(a);
      aliasIndex.set(key, [...(aliasIndex.get(key) ?? []), id]);
    }
  }
  const out: (TypeResolution | undefined)[] = texts.map((text) => {
    const key = canonicalType(text);
    const exact = canonLabel.flatMap((c, i) => (c === key && key !== '' ? [i] : []));
    if (exact.length > 0) return { how: 'exact', text, labels: exact, detail: `"${text}" names the label ${exact.map((i) => labelNames[i]).join(', ')}` };
    const alias = aliasIndex.get(key);
    if (alias) return { how: 'alias', text, labels: alias, detail: `"${text}" is an alias of ${alias.map((i) => labelNames[i]).join(', ')} in the schema` };
    const isA = isAKind(text, canonLabel, options.wordNet);
    if (isA) return { how: 'is-a', text, labels: [isA.label], detail: isA.path.length <= 1 ? `"${text}" means ${labelNames[isA.label]} (a WordNet synonym)` : `"${text}" is a kind of ${labelNames[isA.label]} (WordNet: ${isA.path.join(' → ')})` };
    return undefined;
  });
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
function packagedWordNet(): WordNet | null {
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
 * Rule 3: breadth-first up the hypernym links ('@', instance '@i') of the type word's commonest
 * noun senses (the head word of a phrase when the phrase is not in WordNet: "lead actress" →
 * actress); a label matches when a reached synset holds the label's own word.
 */
function isAKind(text: string, canonLabel: readonly string[], wn: WordNet | null | undefined): { label: number; path: string[] } | undefined {
  const wordNet = wn === undefined ? packagedWordNet() : wn;
  if (!wordNet) return undefined;
  const words = splitWords(text).map((w) => w.toLowerCase());
  if (words.length === 0) return undefined;
  const candidates = [words.join('_'), words[words.length - 1]!];
  let senses: readonly string[] = [];
  for (const c of candidates) {
    for (const lemma of lemmasOf(c)) {
      senses = wordNet.senses(lemma, 'n');
      if (senses.length > 0) break;
    }
    if (senses.length > 0) break;
  }
  if (senses.length === 0) return undefined;
  const labelOfWord = new Map<string, number>();
  canonLabel.forEach((c, i) => labelOfWord.set(c.replace(/ /g, '_'), i));
  type Visit = { id: string; path: string[] };
  let frontier: Visit[] = senses.slice(0, TYPE_SENSES).map((id) => ({ id, path: [wordNet.synset(id).words[0] ?? id] }));
  const seen = new Set<string>(frontier.map((f) => f.id));
  for (let depth = 0; depth <= IS_A_DEPTH && frontier.length > 0; depth++) {
    for (const f of frontier) {
      const s = wordNet.synset(f.id);
      for (const w of s.words) {
        const label = labelOfWord.get(shortest(lemmasOf(w.toLowerCase())));
        if (label !== undefined) return { label, path: depth === 0 ? [] : f.path };
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
