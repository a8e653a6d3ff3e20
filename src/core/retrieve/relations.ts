import type { Embedder } from '../embed/embedder';
import { editDistance } from '../editDistance';
import { isStopWord, lemmasOf, splitWords } from '../embed/lexicon/normalize';
import type { WordNet } from '../embed/lexicon/wordnet';
import type { GraphSchema } from '../schema/graphSchema';
import type { SearchIndex } from './snapshot/snapshot';

/** Relationship type → the other phrasings a schema file gives it (`aliases` in *.kgschema.json). */
export type RelationAliases = ReadonlyMap<string, readonly string[]>;

export function relationAliasesOf(schema: GraphSchema | undefined): RelationAliases {
  const out = new Map<string, readonly string[]>();
  for (const r of schema?.relationshipTypes ?? []) if (r.aliases && r.aliases.length > 0) out.set(r.name, r.aliases);
  return out;
}

/** One phrase against every relationship type of the snapshot. */
export interface PhraseDistances {
  /** Per relation id: L2 to the nearest of the type's name and its aliases. */
  readonly dist: Float64Array;
  /** Per relation id: the alias that was nearest, undefined when the name itself was. */
  readonly via: readonly (string | undefined)[];
}

/**
 * Distances from phrases to relationship types — the relation terms of GSD. A type with aliases
 * is as near as its nearest wording: "screenwriter" matches `written_by` through an alias
 * "screenwriter of" at the alias's distance. Texts are embedded in one batch.
 */
export async function relationDistances(snap: SearchIndex, embedder: Embedder, phrases: readonly string[], aliases: RelationAliases = new Map(), signal?: AbortSignal): Promise<PhraseDistances[]> {
  if (phrases.length === 0) return [];
  const R = snap.data.relationNames.length;
  const aliasOf: { rel: number; text: string }[] = [];
  for (const [type, texts] of aliases) {
    const rel = snap.relationId(type);
    if (rel >= 0) for (const text of texts) aliasOf.push({ rel, text });
  }
  const vecs = await embedder.embedBatch([...phrases, ...aliasOf.map((a) => a.text)], signal);
  const dim = embedder.dimension;
  const rv = snap.data.relationVectors;
  const l2 = (a: Float32Array, ai: number, b: Float32Array, bi: number): number => {
    let s = 0;
    for (let j = 0; j < dim; j++) {
      const x = a[ai * dim + j]! - b[bi * dim + j]!;
      s += x * x;
    }
    return Math.sqrt(s);
  };
  return phrases.map((_, p) => {
    const dist = new Float64Array(R);
    const via: (string | undefined)[] = new Array<string | undefined>(R).fill(undefined);
    for (let r = 0; r < R; r++) dist[r] = l2(vecs, p, rv, r);
    aliasOf.forEach((a, i) => {
      const d = l2(vecs, p, vecs, phrases.length + i);
      if (d < dist[a.rel]!) {
        dist[a.rel] = d;
        via[a.rel] = a.text;
      }
    });
    return { dist, via };
  });
}

/**
 * Relation phrase → the relationship type nearest by embedding (the same L2 GSD uses). MoR's
 * structural step and the Cypher strategy need one type per phrase; GSD keeps k⁽ʳ⁾ candidates.
 */
export async function nearestRelations(
  snap: SearchIndex,
  embedder: Embedder,
  phrases: readonly string[],
  signal?: AbortSignal,
  aliases?: RelationAliases,
): Promise<Map<string, { type: string; distance: number; via?: string }>> {
  const unique = [...new Set(phrases)];
  const out = new Map<string, { type: string; distance: number; via?: string }>();
  const all = await relationDistances(snap, embedder, unique, aliases, signal);
  unique.forEach((p, i) => {
    const { dist, via } = all[i]!;
    let best = -1;
    for (let r = 0; r < dist.length; r++) if (best < 0 || dist[r]! < dist[best]!) best = r;
    if (best >= 0) out.set(p, { type: snap.data.relationNames[best]!, distance: dist[best]!, ...(via[best] !== undefined ? { via: via[best] } : {}) });
  });
  return out;
}

/**
 * A relation phrase the matcher cannot read: a content word that neither WordNet nor the graph's
 * own names (relationship types, aliases, labels) know and that is a near miss of one of the
 * graph's words — a misspelling. Its meaning is lost, so the nearest type by embedding is a guess
 * ("directd by" lands on written_by through "by").
 * Entities get the not-found check; this is the same honesty for relation phrases.
 */
export interface UnreadPhrase {
  readonly phrase: string;
  /** The words nobody knows, as written. */
  readonly unknownWords: readonly string[];
  /** Relationship types nearest in spelling (a typo's correction first), at most `limit`, with the
   *  character edits from the phrase to the type's words ("directd by" → directed_by: 1). */
  readonly nearest: readonly { readonly type: string; readonly edits: number }[];
}

/** What the graph's own names say a word can be: the words of its types, aliases and labels. */
export function graphVocabulary(typeNames: readonly string[], labelNames: readonly string[], aliases: RelationAliases = new Map()): Set<string> {
  const out = new Set<string>();
  for (const t of [...typeNames, ...labelNames, ...[...aliases.values()].flat()]) for (const w of splitWords(t)) out.add(w);
  return out;
}

/** Undefined when every word of the phrase is read (a word of the graph, a stop word, or a WordNet lemma). */
export function unreadPhrase(phrase: string, typeNames: readonly string[], vocabulary: ReadonlySet<string>, wordNet: WordNet | null, limit = 3): UnreadPhrase | undefined {
  // Without WordNet nothing says what a word is: no finding rather than a false one.
  if (!wordNet) return undefined;
  const words = splitWords(phrase);
  const known = (w: string): boolean => isStopWord(w) || /\d/.test(w) || vocabulary.has(w) || lemmasOf(w).some((l) => POS.some((p) => wordNet.senses(l, p).length > 0));
  // Only a near miss of a word the graph uses is flagged: an unknown word far from all of them may
  // be a real word WordNet lacks ("keyword", "screenwriting"), and calling it wrong would be false.
  const graphWords = [...vocabulary];
  const nearMiss = (w: string): boolean => w.length >= 3 && graphWords.some((g) => Math.abs(g.length - w.length) <= 2 && editDistance(w, g, 2) <= (w.length >= 6 ? 2 : 1));
  const unknownWords = words.filter((w) => !known(w) && nearMiss(w));
  if (unknownWords.length === 0) return undefined;
  // A type's spelling distance: each unknown word against the type's nearest word, plus how far the
  // whole phrase is from the type's words (so "directd by" prefers directed_by to direct_by_x).
  const text = words.join(' ');
  const nearest = typeNames
    .map((t) => {
      const tw = splitWords(t);
      const perWord = unknownWords.reduce((s, u) => s + Math.min(...tw.map((w) => editDistance(u, w) / Math.max(u.length, w.length))), 0);
      const edits = editDistance(text, tw.join(' '));
      return { t, edits, score: perWord + edits / Math.max(text.length, 1) };
    })
    .sort((a, b) => a.score - b.score || a.t.localeCompare(b.t))
    .slice(0, limit)
    .map((x) => ({ type: x.t, edits: x.edits }));
  return { phrase, unknownWords, nearest };
}

const POS = ['n', 'v', 'a', 'r'] as const;

/** The result's warning for a phrase nobody can read. */
export function unreadPhraseMessage(u: UnreadPhrase, matched: string | undefined): string {
  const words = u.unknownWords.map((w) => `'${w}'`).join(', ');
  const guess = matched ? `; it matched ${matched} by spelling alone, a guess` : '';
  const fix = u.nearest.length > 0 ? `; nearest types by spelling: ${u.nearest.map((n) => `${n.type} (${n.edits} edit${n.edits === 1 ? '' : 's'})`).join(', ')}` : '';
  return `relation phrase "${u.phrase}": ${words} ${u.unknownWords.length === 1 ? 'is' : 'are'} not a word WordNet or the graph's names know (a misspelling?)${guess}${fix}`;
}
