import { SparseScratch, type SparseEmbedder } from './hashing';
import { isStopWord, lemmasOf, MAX_WORD_LENGTH, splitWords } from './lexicon/normalize';
import { conceptsOfWord, DEFAULT_CONCEPT_WEIGHTS, type ConceptWeights } from './lexicon/concepts';
import { WordNet } from './lexicon/wordnet';
import { BoundedMemo } from './lexicon/boundedMemo';

export interface LexicalEmbedderOptions {
  /** The character level (typos, word order): normally the hashing embedder. */
  readonly charLevel: SparseEmbedder;
  /** Dimensions of the word-level block (feature-hashed concepts). 1024 by default: at 256,
   *  hash collisions between the ≈ 50 concepts of a phrase cost 6 points of relation accuracy. */
  readonly wordDimension?: number;
  /** Share of the squared norm given to the character level; the word level gets the rest. */
  readonly charWeight?: number;
  /** The same share in the view for node names (`names`): names are misspelt, not paraphrased. */
  readonly nameCharWeight?: number;
  /** null: lemmas only, no WordNet links. */
  readonly wordNet?: WordNet | null;
  readonly weights?: ConceptWeights;
}

/**
 * The character block's share in the names view. A dropped letter shares no word feature with the
 * right word, while another name that spells a word exactly shares them all; names lean on
 * characters (docs/matching.md "Names as people type them" measured the choice).
 */
export const DEFAULT_NAME_CHAR_WEIGHT = 0.95;

/**
 * A word's hashed concepts, flat: bucket in the word block, weight, bucket, weight… — one array of
 * doubles per word, not an object per concept (MetaQA ×40: 191k concepts of 28k words, 12 MB of
 * objects and boxed numbers in the CLI's heap during the import).
 */
type Slots = readonly number[];

/**
 * Tokens with a capital after a lower-case letter are split into words by splitWords. Found in two
 * linear steps (letter runs, then a test within each): one pattern `[\p{L}\p{N}]*\p{Ll}\p{Lu}…`
 * backtracked from every position of a long word (a 64k-letter word took 16 s).
 */
const LETTER_RUN = /[\p{L}\p{N}]+/gu;
const CASE_CHANGE = /\p{Ll}\p{Lu}/u;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * An offline embedder that reads words the way people phrase them: a word block (lemmas plus
 * WordNet synonyms, derivations and hypernyms, feature-hashed) beside a character block (n-grams,
 * for typos and reordered names). Each block is unit-normalised and weighted so every row has unit
 * length: GSD keeps its definition (L2 between unit vectors). Buckets are unsigned, so rows stay
 * non-negative and sparse, like the hashing embedder's, and the same exact candidate index serves.
 */
export class LexicalEmbedder implements SparseEmbedder {
  readonly id: string;
  readonly dimension: number;
  private readonly charLevel: SparseEmbedder;
  private readonly wordDimension: number;
  private readonly charScale: number;
  private readonly wordScale: number;
  private readonly wordNet: WordNet | undefined;
  private readonly weights: ConceptWeights;
  private readonly slotCache: BoundedMemo<Slots>;
  private readonly charScratch: SparseScratch;
  private readonly scratch: SparseScratch;
  /** Node names: the same blocks, the character block weighted up (see `Embedder.names`). */
  readonly names: LexicalEmbedder;

  constructor(options: LexicalEmbedderOptions, phraseView?: LexicalEmbedder) {
    this.charLevel = options.charLevel;
    this.wordDimension = options.wordDimension ?? 1024;
    const charWeight = phraseView ? (options.nameCharWeight ?? DEFAULT_NAME_CHAR_WEIGHT) : (options.charWeight ?? 0.25);
    this.charScale = Math.sqrt(charWeight);
    this.wordScale = Math.sqrt(1 - charWeight);
    this.wordNet = phraseView ? phraseView.wordNet : options.wordNet === null ? undefined : (options.wordNet ?? WordNet.fromPackage());
    this.weights = options.weights ?? DEFAULT_CONCEPT_WEIGHTS;
    this.dimension = this.charLevel.dimension + this.wordDimension;
    // The phrase view's id names both weights: the snapshot's node rows come from the names view,
    // so a changed name weight must change the cache key.
    const nameCharWeight = options.nameCharWeight ?? DEFAULT_NAME_CHAR_WEIGHT;
    this.id = phraseView
      ? `${phraseView.id}/names`
      : `lexical-v4(${this.charLevel.id};d${this.wordDimension};cw${charWeight};names-cw${nameCharWeight};wn-${this.wordNet ? '3.1' : 'off'})`;
    this.charScratch = new SparseScratch(this.charLevel.dimension);
    this.scratch = new SparseScratch(this.dimension);
    if (phraseView) {
      this.names = this;
      // Word slots depend on the word alone: one cache for both views.
      this.slotCache = phraseView.slotCache;
    } else {
      this.slotCache = new BoundedMemo(MEMO_GENERATION);
      this.names = new LexicalEmbedder(options, this);
    }
  }

  async embedBatch(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array> {
    const out = new Float32Array(texts.length * this.dimension);
    const s = this.scratch;
    for (let t = 0; t < texts.length; t++) {
      if ((t & 1023) === 0) signal?.throwIfAborted();
      this.embedSparse(texts[t]!, s);
      const row = t * this.dimension;
      for (let i = 0; i < s.count; i++) out[row + s.indices[i]!] = s.values[s.indices[i]!]!;
    }
    return out;
  }

  embedSparse(text: string, scratch: SparseScratch): void {
    scratch.clear();
    const values = scratch.values;
    const indices = scratch.indices;
    // Word block first, into buckets cd.., so its norm is known before the blocks are weighted.
    let count = this.addWordSlots(text, scratch);
    let norm = 0;
    for (let i = 0; i < count; i++) norm += values[indices[i]!]! ** 2;
    // No content words (only stop words or symbols): the characters alone decide.
    const charScale = norm > 0 ? this.charScale : 1;
    if (norm > 0) {
      const s = this.wordScale / Math.sqrt(norm);
      for (let i = 0; i < count; i++) values[indices[i]!]! *= s;
    }
    const cs = this.charScratch;
    this.charLevel.embedSparse(text, cs);
    for (let i = 0; i < cs.count; i++) {
      const b = cs.indices[i]!;
      indices[count++] = b;
      values[b] = cs.values[b]! * charScale;
    }
    scratch.count = count;
  }

  /**
   * Adds the text's word concepts into the word block of the (cleared) scratch, in order: content
   * words, mixed-case tokens, then expressions; returns the buckets touched.
   */
  private addWordSlots(text: string, scratch: SparseScratch): number {
    const all = splitWords(text);
    let count = 0;
    for (const w of all) if (!isStopWord(w)) count = this.addSlots(this.slotsOf(w), scratch, count);
    // A name written in mixed case (MacArthur, DiCaprio) is split like an identifier (hasImdbRating)
    // into its parts; it also stands as one word, so "macarthur" still meets it.
    for (const run of text.matchAll(LETTER_RUN)) {
      const token = run[0];
      if (token.length <= MAX_WORD_LENGTH && CASE_CHANGE.test(token)) count = this.addSlots(this.slotsOf(token.toLowerCase()), scratch, count);
    }
    // Multi-word expressions WordNet knows ("film writer", "came out" → come_out) add their own
    // concepts. Stop words stay in for this: "out" in "came out" is what makes the expression.
    if (this.wordNet) {
      for (let i = 0; i + 1 < all.length; i++) {
        const expression = this.knownExpression(all[i]!, all[i + 1]!);
        if (expression) count = this.addSlots(this.slotsOf(expression), scratch, count);
      }
    }
    return count;
  }

  private addSlots(slots: Slots, scratch: SparseScratch, count: number): number {
    const cd = this.charLevel.dimension;
    const values = scratch.values;
    for (let i = 0; i < slots.length; i += 2) {
      const b = cd + slots[i]!;
      if (values[b] === 0) scratch.indices[count++] = b;
      values[b]! += slots[i + 1]!;
    }
    return count;
  }

  /** Not memoised: a set lookup per lemma (WordNet.isNounOrVerb) costs what the memo's lookup did, without its 800k entries at MetaQA ×40. */
  private knownExpression(a: string, b: string): string | undefined {
    const wn = this.wordNet!;
    for (const la of lemmasOf(a)) {
      const pair = la + '_' + b;
      if (wn.isNounOrVerb(pair)) return pair;
    }
    return undefined;
  }

  private slotsOf(word: string): Slots {
    let slots = this.slotCache.get(word);
    if (!slots) {
      const flat: number[] = [];
      for (const c of conceptsOfWord(word, this.wordNet, this.weights)) flat.push(fnv1a(c.lemma) % this.wordDimension, c.weight);
      slots = flat;
      this.slotCache.set(word, slots);
    }
    return slots;
  }
}


/**
 * Entries per generation of the word memo: ≈ 4 MB each (a word's slots are one array of doubles).
 * MetaQA ×40's names use 28k distinct words, all kept; the 10M synthetic graph's unique numbers are
 * recomputed once they age out.
 */
const MEMO_GENERATION = 1 << 16;
