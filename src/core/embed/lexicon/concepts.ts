import type { WordNet, WordNetPos } from './wordnet';
import { isStopWord, lemmasAs, lemmasOf, splitWords } from './normalize';

/** A weighted word-level feature: a lemma ("write"), the word's own or one WordNet links it to. */
export interface Concept {
  readonly lemma: string;
  readonly weight: number;
}

/** How far the WordNet links reach, and how much each kind of link is worth. */
export interface ConceptWeights {
  /** The word's own lemmas. */
  readonly lemma: number;
  /** Factor per sense, most frequent first; senses past the list are ignored. */
  readonly senses: readonly number[];
  /** Synonyms: the other words of the sense's synset (film ↔ movie). */
  readonly synonym: number;
  /** Derivationally related forms (writer ↔ write, actor ↔ act). */
  readonly derivation: number;
  /** Hypernyms' words, one and two levels up (screenwriter → scriptwriter → writer). */
  readonly hypernym: readonly number[];
  /** Hyponyms' words ("filmmaker" → film director), one level down, of synsets with few of them:
   *  a narrow word's kinds say what it means; a broad word's dozens of kinds say nothing. */
  readonly hyponym: number;
  readonly maxHyponyms: number;
  /** The first content words of the sense's definition ("cast": "the actors in a play" → actor,
   *  play): the link WordNet gives only in prose. */
  readonly definition: number;
  readonly definitionWords: number;
  /** Keep at most this many concepts per word, the heaviest: many weak links dilute the strong ones. */
  readonly maxConcepts: number;
}

export const DEFAULT_CONCEPT_WEIGHTS: ConceptWeights = {
  lemma: 1,
  senses: [1, 0.8, 0.7],
  synonym: 0.8,
  derivation: 0.9,
  hypernym: [0.6, 0.45],
  hyponym: 0.5,
  maxHyponyms: 4,
  definition: 0.5,
  definitionWords: 3,
  maxConcepts: 24,
};

const POSES: readonly WordNetPos[] = ['n', 'v', 'a'];

/**
 * The concepts a word stands for: its lemmas, and the lemmas WordNet links its first senses to
 * (synonyms, derivations, hypernyms). Features are lemmas, so "writer" meets "write" on the same
 * feature from both sides. A sense is read only for a part of speech the word's form allows
 * ("starred": the verb star and the adjective, not the noun). Each lemma keeps its largest weight.
 * Deterministic: WordNet order decides everything.
 */
export function conceptsOfWord(word: string, wordNet: WordNet | undefined, w: ConceptWeights = DEFAULT_CONCEPT_WEIGHTS, poses: readonly WordNetPos[] = POSES): Concept[] {
  const best = new Map<string, number>();
  const add = (lemma: string, weight: number): void => {
    if (weight > (best.get(lemma) ?? 0)) best.set(lemma, weight);
  };
  // A word WordNet knows only as a name (james: the apostle, the river, the novelist) is not a
  // form of another word ("jam") and has no meanings to spread: it stands for itself.
  if (wordNet && isOnlyAName(word, wordNet)) return [{ lemma: word, weight: w.lemma }];
  for (const lemma of lemmasOf(word)) add(lemma, w.lemma);
  if (wordNet) {
    // Each part of speech reads only the lemmas the word can have as that part of speech.
    for (const pos of poses) {
      for (const lemma of lemmasAs(word, pos)) {
        const senses = wordNet.senses(lemma, pos);
        for (let r = 0; r < Math.min(senses.length, w.senses.length); r++) {
          const sw = w.senses[r]!;
          const synset = wordNet.synset(senses[r]!);
          // An instance (Crosby: Bing Crosby, a singer; Paris) names one thing: what WordNet says
          // about it is who it was, not what the word means — in a name it only dilutes the name.
          if (isInstance(synset)) continue;
          const wordNo = synset.words.indexOf(lemma) + 1;
          for (const syn of synset.words) add(syn, sw * w.synonym);
          for (const p of synset.pointers) {
            if (p.symbol !== '+' || (p.sourceWord !== 0 && p.sourceWord !== wordNo)) continue;
            const target = wordNet.synset(p.target);
            if (p.targetWord > 0) add(target.words[p.targetWord - 1]!, sw * w.derivation);
            else for (const t of target.words) add(t, sw * w.derivation);
          }
          const hyponyms = synset.pointers.filter((p) => p.symbol === '~');
          if (hyponyms.length <= w.maxHyponyms) for (const p of hyponyms) for (const h of wordNet.synset(p.target).words) add(h, sw * w.synonym * w.hyponym);
          let taken = 0;
          for (const d of splitWords(synset.definition.replace(/\([^)]*\)/g, ' '))) {
            if (taken >= w.definitionWords) break;
            if (isStopWord(d) || !/^\p{L}+$/u.test(d)) continue;
            taken++;
            for (const l of lemmasOf(d)) add(l, sw * w.definition);
          }
          let level: readonly string[] = [synset.id];
          for (const factor of w.hypernym) {
            const next: string[] = [];
            for (const id of level) {
              for (const p of wordNet.synset(id).pointers) {
                if (p.symbol !== '@') continue;
                for (const h of wordNet.synset(p.target).words) add(h, sw * w.synonym * factor);
                next.push(p.target);
              }
            }
            level = next;
          }
        }
      }
    }
  }
  return [...best]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, w.maxConcepts)
    .map(([lemma, weight]) => ({ lemma, weight }));
}

/** A synset of a proper name: it has an instance hypernym and no ordinary one. */
function isInstance(synset: { readonly pointers: readonly { readonly symbol: string }[] }): boolean {
  return synset.pointers.some((p) => p.symbol === '@i') && !synset.pointers.some((p) => p.symbol === '@');
}

/**
 * A common word of the dictionary: WordNet knows one of its lemmas as some part of speech, and not
 * only as a name ("murder", "racing" yes; "paul", "crowder" no). Read by ask's member profile.
 */
export function isDictionaryWord(word: string, wordNet: WordNet): boolean {
  if (isOnlyAName(word, wordNet)) return false;
  return lemmasOf(word).some((l) => POSES.some((pos) => wordNet.senses(l, pos).length > 0) || wordNet.senses(l, 'r').length > 0);
}

/** True when every noun sense of the word itself is an instance and it has no other part of speech. */
function isOnlyAName(word: string, wordNet: WordNet): boolean {
  const nouns = wordNet.senses(word, 'n');
  if (nouns.length === 0 || !nouns.every((id) => isInstance(wordNet.synset(id)))) return false;
  return wordNet.senses(word, 'v').length === 0 && wordNet.senses(word, 'a').length === 0;
}
