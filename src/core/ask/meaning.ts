import { conceptsOfWord, DEFAULT_CONCEPT_WEIGHTS, isDictionaryWord } from '../embed/lexicon/concepts';
import { isStopWord, lemmasAs, lemmasOf, splitWords } from '../embed/lexicon/normalize';
import { BoundedMemo } from '../embed/lexicon/boundedMemo';
import type { WordNet } from '../embed/lexicon/wordnet';
import { labelAliasesOf, typeByWords, type LabelAliases, type TypeResolution } from '../retrieve/labels';
import { relationText } from '../retrieve/snapshot/snapshot';
import type { GraphSchema } from '../schema/graphSchema';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';

/**
 * Word meaning for the ranker and the grounder: how strongly one question word speaks for a
 * schema term (a relation's words, a label, an alias). Shared lemmas count 1
 * ("released" ~ release_year); otherwise the strongest WordNet concept both words reach, as the
 * product of the two links' weights ("directors" → direct ← "directed": 0.9; "screenwriter" →
 * writer, a hypernym: 0.5). The product, not the minimum, so two weak links (≈ 0.4 each, e.g. two
 * distant hypernyms) stay weak. Measured on single words, the phrase-level embedders mix in
 * character n-grams and give "directors" ~ "directed by" only 0.27; this gives 0.9.
 */
/**
 * The concepts ask reads: the lexical embedder's, except that a word of a sense's definition counts
 * just under the ranker's faint line (0.5): a definition word is loose evidence ("made" is in the
 * definition of a vote, "a choice that is made by counting …"), so a relation it alone speaks for
 * is never a match. The embedder keeps its own weights (GSD's vectors do not move).
 */
const ASK_CONCEPT_WEIGHTS = { ...DEFAULT_CONCEPT_WEIGHTS, definition: 0.49 };

/** How far up WordNet's hypernyms a noun of content is looked for ("credits" → list → database → information → message: four). */
const CONTENT_DEPTH = 5;

/** Round 22b: a noun defined as someone's act ("an actor's portrayal") links to that someone at the floor (faint). */
const AGENT_DEFINED = 0.45;

/** A closed compound read as its head ("screenwriter" as "writer"): a kind of it, a little less than the word itself. */
const COMPOUND_HEAD = 0.9;

/** Entries per generation of the per-word memo (`remembered`): a question's words are read by every
 *  reading and every candidate; two generations hold any session's working vocabulary. */
const WORD_MEMO = 4096;

/** One per-word question's answer, as the memo holds it (`null`: no answer, e.g. no reason found). */
type WordAnswer = boolean | number | string | null;

export class WordMeaning {
  private readonly concepts = new Map<string, ReadonlyMap<string, number>>();
  private readonly cache = new Map<string, number>();

  constructor(private readonly wordNet: WordNet | undefined) {}

  /**
   * The answer to a per-word question (`what`: the method's name), read once: the word tests below
   * walk WordNet (lemmas, senses, hypernyms) and the ranker asks them of the same words for every
   * reading and every candidate (measured: ≈ 5 % of ask's CPU on the 1-hop dev set, docs/ask.md).
   */
  private remembered<T extends WordAnswer>(what: string, word: string, read: () => T): T {
    const key = what + '\u0000' + word;
    const hit = this.answers.get(key);
    if (hit !== undefined) return hit as T;
    const answer = read();
    this.answers.set(key, answer);
    return answer;
  }
  private readonly answers = new BoundedMemo<WordAnswer>(WORD_MEMO);

  /**
   * The labels a type word names, by the rules GSD's type words use (`typeByWords`: exact, the
   * schema's label aliases, WordNet is-a / covers): "films" → Movie, "kinds" → Genre, "director"
   * → Person. One reading of type words for patterns and questions alike. Cached per word.
   */
  typeOf(word: string, labels: readonly string[], aliases: LabelAliases = new Map()): TypeResolution | undefined {
    const key = word + '\u0000' + labels.join('\u0001');
    if (this.types.has(key)) return this.types.get(key);
    const r = typeByWords(word, labels, { labelAliases: aliases, wordNet: this.wordNet ?? null });
    this.types.set(key, r);
    return r;
  }
  private readonly types = new Map<string, TypeResolution | undefined>();

  /**
   * Whether a question word asks for words, and WordNet's reason: it is the word "word" ("words"),
   * a kind of word within two hypernym steps of its commonest noun sense ("terms", "keywords": a
   * significant word used in indexing), or one of its first senses is defined as done in words
   * ("describe": to give an account or representation of in words). Such a word speaks for the
   * labels whose members are common words (`wordLabels`). Cached per word.
   */
  asksForWords(word: string): string | undefined {
    if (this.words.has(word)) return this.words.get(word);
    const r = this.readWords(word);
    this.words.set(word, r);
    return r;
  }
  private readonly words = new Map<string, string | undefined>();

  /**
   * The word's commonest noun sense is a kind of content, what a communication is about (WordNet's
   * {message, content, subject matter}: "list", "details", "info", "summary", "credits"): a noun that
   * says in what form the answer comes, not what it is ("X movies list", "X cast details"). Cached.
   */
  isContent(word: string): boolean {
    const hit = this.content.get(word);
    if (hit !== undefined) return hit;
    let out = false;
    const wn = this.wordNet;
    if (wn) {
      const content = new Set(wn.senses('message', 'n').filter((id) => wn.synset(id).words.includes('content')));
      for (const l of lemmasAs(word, 'n')) {
        const first = wn.senses(l, 'n')[0];
        let level = first ? [first] : [];
        for (let step = 0; step < CONTENT_DEPTH && level.length > 0 && !out; step++) {
          level = level.flatMap((id) => wn.synset(id).pointers.filter((p) => p.symbol === '@').map((p) => p.target));
          out = level.some((id) => content.has(id));
        }
        if (out) break;
      }
    }
    this.content.set(word, out);
    return out;
  }
  private readonly content = new Map<string, boolean>();

  private readWords(word: string): string | undefined {
    if (SUBJECT_PREPOSITIONS.has(word)) return `"${word}" names a subject matter (an English preposition: on the subject of)`;
    const lemmas = lemmasOf(word);
    if (lemmas.includes('word')) return `"${word}" is the word "word"`;
    const wn = this.wordNet;
    if (!wn) return undefined;
    for (const l of lemmas) {
      const first = wn.senses(l, 'n')[0];
      let level = first ? [first] : [];
      const path = [l];
      for (let step = 0; step < WORD_KIND_DEPTH && level.length > 0; step++) {
        const next = level.flatMap((id) => wn.synset(id).pointers.filter((p) => p.symbol === '@').map((p) => p.target));
        const hit = next.find((id) => wn.synset(id).words.includes('word'));
        if (hit) return `"${word}" is a kind of word (WordNet: ${[...path, 'word'].join(' → ')})`;
        level = next;
        if (next[0]) path.push(wn.synset(next[0]).words[0] ?? next[0]);
      }
    }
    for (const l of lemmas) {
      for (const pos of ['v', 'n'] as const) {
        for (const id of wn.senses(l, pos).slice(0, WORD_GLOSS_SENSES)) {
          const d = wn.synset(id).definition;
          if (/\bwords?\b/.test(d.replace(/\([^)]*\)/g, ' '))) return `"${word}" is defined in words (WordNet: ${l}, "${d}")`;
          // What something is about is named by words: "topics", "subjects", "themes".
          if (pos === 'n' && /\bsubject matter\b/.test(d)) return `"${word}" is defined as subject matter (WordNet: ${l}, "${d}")`;
          // Round 22b (words22b): a sense that is subject matter itself ("subject matter": message, content, subject matter).
          if (pos === 'n' && wn.synset(id).words.includes('subject_matter')) return `"${word}" is subject matter (WordNet: ${wn.synset(id).words.join(', ').replace(/_/g, ' ')}, "${d}")`;
        }
      }
    }
    // A synonym in one of its first noun senses whose own commonest sense is subject matter:
    // "motifs" (motif, theme: a unifying idea … in literary or artistic work) ~ theme.
    for (const l of lemmas)
      for (const id of wn.senses(l, 'n').slice(0, WORD_GLOSS_SENSES))
        for (const syn of wn.synset(id).words) {
          if (syn === l) continue;
          const first = wn.senses(syn, 'n')[0];
          const d = first ? wn.synset(first).definition : '';
          if (/\bsubject matter\b/.test(d)) return `"${word}" shares a sense with "${syn}", defined as subject matter (WordNet: ${l} ~ ${syn}, "${d}")`;
        }
    return undefined;
  }

  /**
   * The attributes a word's first senses are values of (WordNet's "=" pointer: a noun for which
   * adjectives express values): "popular" → popularity, "good" → quality. A satellite adjective
   * ("famous", similar to "known") takes its head's. Adjective senses only; cached per word.
   */
  attributesOf(word: string): readonly string[] {
    const hit = this.attributes.get(word);
    if (hit) return hit;
    const out = new Set<string>();
    const wn = this.wordNet;
    if (wn) {
      for (const l of lemmasOf(word)) {
        for (const id of wn.senses(l, 'a').slice(0, ATTRIBUTE_SENSES)) {
          const s = wn.synset(id);
          const heads = [s, ...s.pointers.filter((p) => p.symbol === '&' && !s.pointers.some((q) => q.symbol === '=')).map((p) => wn.synset(p.target))];
          for (const h of heads) for (const p of h.pointers) if (p.symbol === '=') out.add(wn.synset(p.target).words[0]!);
        }
      }
    }
    const r = [...out];
    this.attributes.set(word, r);
    return r;
  }
  private readonly attributes = new Map<string, readonly string[]>();

  /**
   * Whether a word asks for a judgment, and WordNet's reason: one of its first senses is the verb
   * "evaluate, pass judgment, judge" (form a critical opinion of) or a kind of it ("think": judge or
   * regard), or a noun derived from such a verb ("opinion" ← think). Cached per word.
   */
  judges(word: string): string | undefined {
    if (this.judgments.has(word)) return this.judgments.get(word);
    const r = this.readJudgment(word);
    this.judgments.set(word, r);
    return r;
  }
  private readonly judgments = new Map<string, string | undefined>();

  private readJudgment(word: string): string | undefined {
    const wn = this.wordNet;
    if (!wn) return undefined;
    // WordNet's one sense of "pass_judgment" is the concept of judging.
    const judge = wn.senses('pass_judgment', 'v')[0];
    if (!judge) return undefined;
    const judging = (id: string): boolean => id === judge || wn.synset(id).pointers.some((p) => p.symbol === '@' && p.target === judge);
    const name = (id: string): string => wn.synset(id).words.slice(0, 2).join(', ').replace(/_/g, ' ');
    for (const l of lemmasOf(word)) {
      for (const id of wn.senses(l, 'v').slice(0, JUDGMENT_SENSES)) if (judging(id)) return `"${word}" asks for a judgment (WordNet: ${l} → ${name(judge)})`;
      for (const id of wn.senses(l, 'n').slice(0, JUDGMENT_SENSES)) {
        const verb = wn.synset(id).pointers.find((p) => p.symbol === '+' && p.target.startsWith('v') && judging(p.target));
        if (verb) return `"${word}" asks for a judgment (WordNet: ${l} ← ${name(verb.target)} → ${name(judge)})`;
      }
    }
    return undefined;
  }

  /**
   * A verb's rarer senses (past the ones `conceptsOfWord` reads), each as the words it stands for:
   * its synonyms, its hypernyms' words and the nouns they derive ("appear", sixth sense: appear as
   * a character on stage → perform → performer, performance). Read only for a word whose common
   * senses name nothing in the graph (`relevance.ts`); cached per word.
   */
  rareSenses(word: string): readonly { readonly gloss: string; readonly words: readonly string[] }[] {
    const hit = this.rare.get(word);
    if (hit) return hit;
    const out: { gloss: string; words: string[] }[] = [];
    const wn = this.wordNet;
    if (wn) {
      for (const l of lemmasOf(word)) {
        for (const id of wn.senses(l, 'v').slice(DEFAULT_CONCEPT_WEIGHTS.senses.length)) {
          const s = wn.synset(id);
          const around = [s, ...s.pointers.filter((p) => p.symbol === '@').map((p) => wn.synset(p.target))];
          const words = new Set(around.flatMap((x) => x.words));
          for (const x of around) for (const p of x.pointers) if (p.symbol === '+' && p.target.startsWith('n')) for (const w of wn.synset(p.target).words) words.add(w);
          words.delete(l);
          out.push({ gloss: `${l}: ${s.definition}`, words: [...words].filter((w) => !w.includes('_')) });
        }
      }
    }
    this.rare.set(word, out);
    return out;
  }
  private readonly rare = new Map<string, readonly { readonly gloss: string; readonly words: readonly string[] }[]>();

  /** `noun:` keys hold a word's noun senses only. */
  private conceptsOf(word: string): ReadonlyMap<string, number> {
    let c = this.concepts.get(word);
    if (!c) {
      const nounOnly = word.startsWith('noun:');
      const w = nounOnly ? word.slice(5) : word;
      const poses = nounOnly ? (['n'] as const) : undefined;
      const own = new Map(conceptsOfWord(w, this.wordNet, ASK_CONCEPT_WEIGHTS, poses).map((x) => [x.lemma, x.weight]));
      // A question word WordNet knows only as a name ("acts": the Acts of the Apostles) that is also a
      // form of a common word ("act") is that word here: a name is read inside an anchor, not outside.
      if (own.size === 1 && own.has(w))
        for (const l of lemmasOf(w)) if (l !== w) for (const x of conceptsOfWord(l, this.wordNet, ASK_CONCEPT_WEIGHTS, poses)) if (x.weight > (own.get(x.lemma) ?? 0)) own.set(x.lemma, x.weight);
      for (const [lemma, weight] of this.roleVerbs(w)) if (weight > (own.get(lemma) ?? 0)) own.set(lemma, weight);
      for (const [lemma, weight] of this.compoundHead(w, poses)) if (weight > (own.get(lemma) ?? 0)) own.set(lemma, weight);
      for (const [lemma, weight] of this.genus(w, poses)) if (weight > (own.get(lemma) ?? 0)) own.set(lemma, weight);
      // Round 22b (words22b): a noun defined as someone's act names that someone (`agentDefined`).
      for (const [lemma, weight] of this.agentDefined(w, poses)) if (weight > (own.get(lemma) ?? 0)) own.set(lemma, weight);
      for (const [lemma, weight] of this.madeBy(w, poses)) if (weight > (own.get(lemma) ?? 0)) own.set(lemma, weight);
      c = own;
      this.concepts.set(word, c);
    }
    return c;
  }

  /** The word is a verb in its base or -s form and its commonest reading is the verb ("describe",
   *  "list"), not a noun ("movies", "films"): WordNet's sense counts by part of speech. */
  isVerbForm(word: string): boolean {
    return this.remembered('isVerbForm', word, () => this.isVerbFormRead(word));
  }
  private isVerbFormRead(word: string): boolean {
    if (!this.wordNet) return false;
    return lemmasOf(word).some((l) => this.wordNet!.senses(l, 'v').length > this.wordNet!.senses(l, 'n').length);
  }

  /**
   * The members a collective noun's commonest sense is defined by: the definition opens with an
   * article and a plural noun, a preposition or nothing next ("cast": "the actors in a play" — a cast
   * is actors; "crew", "staff" alike). Read as a hypernym one step up (`DEFAULT_CONCEPT_WEIGHTS.hypernym[0]`):
   * the other words of a definition stay at the definition's weight, under the floor. WordNet puts
   * "cast" under "gathering"; what it gathers is said only in its definition.
   */
  /**
   * Round 22b (words22b), **a noun defined as someone's act names that someone**: WordNet defines one of
   * the first senses of "role" as "an actor's portrayal of someone in a play" — the possessive that opens
   * the definition says who does it (a role is played by an actor). The possessor noun, at the floor's
   * weight (faint: a choice resting on it is never a match); the definition reading (`conceptsOfWord`)
   * skips a possessive word.
   */
  private agentDefined(word: string, poses: readonly ('n' | 'v' | 'a' | 'r')[] | undefined): Map<string, number> {
    const out = new Map<string, number>();
    const wn = this.wordNet;
    if (!wn || (poses && !poses.includes('n'))) return out;
    for (const l of lemmasAs(word, 'n'))
      for (const id of wn.senses(l, 'n').slice(0, DEFAULT_CONCEPT_WEIGHTS.senses.length)) {
        const m = /^(?:the|a|an) ([a-z]+)'s [a-z]+/.exec(wn.synset(id).definition);
        if (!m || wn.senses(m[1]!, 'n').length === 0) continue;
        for (const x of new Set([m[1]!, ...lemmasAs(m[1]!, 'n')])) if (wn.senses(x, 'n').length > 0) out.set(x, AGENT_DEFINED);
      }
    return out;
  }

  private genus(word: string, poses: readonly ('n' | 'v' | 'a' | 'r')[] | undefined): Map<string, number> {
    const out = new Map<string, number>();
    const wn = this.wordNet;
    if (!wn || (poses && !poses.includes('n'))) return out;
    for (const l of lemmasAs(word, 'n')) {
      const first = wn.senses(l, 'n')[0];
      if (!first) continue;
      const m = /^(?:the|a|an) ([a-z]+)(?: ([a-z]+)|$)/.exec(wn.synset(first).definition);
      // Only a plural: a group defined by its members ("the actors in …"); "the act of observing" names a kind of event, not what the word stands for.
      if (!m || (m[2] !== undefined && !isStopWord(m[2])) || !lemmasAs(m[1]!, 'n').some((x) => x !== m[1] && wn.senses(x, 'n').length > 0)) continue;
      for (const x of new Set([m[1]!, ...lemmasAs(m[1]!, 'n')])) out.set(x, DEFAULT_CONCEPT_WEIGHTS.hypernym[0]!);
    }
    return out;
  }

  /**
   * What makes a work: a noun WordNet knows as no verb whose commonest sense is a kind of a thing
   * English names by the verb that makes it — that noun and its verb one word, WordNet's derivation
   * between them ("screenplay": a script; to script, write a script for) — reads as that thing's
   * word does through its verb: the verb's kind ("write") as a hypernym one step up, a synonym's
   * weight (0.6 × 0.8: just over the floor, faint — what "script" itself gets). WordNet links
   * "screenplay" to writing only three steps away, where the weights fade to nothing.
   */
  private madeBy(word: string, poses: readonly ('n' | 'v' | 'a' | 'r')[] | undefined): Map<string, number> {
    const out = new Map<string, number>();
    const wn = this.wordNet;
    if (!wn || (poses && !poses.includes('n'))) return out;
    for (const l of lemmasAs(word, 'n')) {
      const first = wn.senses(l, 'n')[0];
      if (!first) continue;
      const own = wn.synset(first);
      // A word with a verb of its own, in any sense ("script", "return"), is read through it already (`conceptsOfWord`).
      if (wn.senses(l, 'v').length > 0 || own.pointers.some((p) => p.symbol === '+' && p.target.startsWith('v'))) continue;
      const made = (s: typeof own): string[] => s.pointers.filter((p) => p.symbol === '+' && p.target.startsWith('v') && wn.synset(p.target).words.some((x) => s.words.includes(x))).map((p) => p.target);
      const weight = DEFAULT_CONCEPT_WEIGHTS.hypernym[0]! * DEFAULT_CONCEPT_WEIGHTS.synonym;
      for (const v of own.pointers.filter((p) => p.symbol === '@').flatMap((p) => made(wn.synset(p.target))))
        for (const p of wn.synset(v).pointers)
          if (p.symbol === '@') for (const x of wn.synset(p.target).words) if (!x.includes('_')) out.set(x, Math.max(out.get(x) ?? 0, weight));
    }
    return out;
  }

  /**
   * A closed compound is a kind of its last part ("screenwriter", "scriptwriter": a writer; not
   * "screenplay", WordNet's script): when the part is a word WordNet knows (four letters or more, after one of three or
   * more) and WordNet's own hypernyms of the compound, three steps up at most, hold that word, the
   * compound reads as its head does, × `COMPOUND_HEAD`. WordNet puts "writer" two steps above
   * "screenwriter", where its hypernym weights fade below the floor; the spelling says it outright.
   */
  private compoundHead(word: string, poses: readonly ('n' | 'v' | 'a' | 'r')[] | undefined): Map<string, number> {
    const out = new Map<string, number>();
    const wn = this.wordNet;
    if (!wn || (poses && !poses.includes('n'))) return out;
    for (const l of lemmasAs(word, 'n')) {
      if (!/^\p{L}{7,}$/u.test(l)) continue;
      const above = new Set<string>();
      let level = wn.senses(l, 'n').slice(0, DEFAULT_CONCEPT_WEIGHTS.senses.length);
      for (let step = 0; step < 3 && level.length > 0; step++) {
        level = level.flatMap((id) => wn.synset(id).pointers.filter((p) => p.symbol === '@').map((p) => p.target));
        for (const id of level) for (const x of wn.synset(id).words) above.add(x);
      }
      for (let k = 3; k <= l.length - 4; k++) {
        const head = l.slice(k);
        if (!above.has(head) || wn.senses(l.slice(0, k), 'n').length + wn.senses(l.slice(0, k), 'v').length === 0) continue;
        for (const x of conceptsOfWord(head, wn, ASK_CONCEPT_WEIGHTS, ['n'])) if (x.weight * COMPOUND_HEAD > (out.get(x.lemma) ?? 0)) out.set(x.lemma, x.weight * COMPOUND_HEAD);
        break;
      }
    }
    return out;
  }

  /**
   * What the kinds of a noun do: the verbs its narrow hyponyms' words derive from ("filmmaker" →
   * film director, director → direct), at hyponym × derivation weight (0.5 × 0.9 = 0.45, the floor: faint
   * evidence, so a choice resting on it stays weak). The lexical embedder reads one link per step;
   * this second step is the ranker's only, so GSD's vectors do not move.
   */
  private roleVerbs(word: string): Map<string, number> {
    const out = new Map<string, number>();
    const wn = this.wordNet;
    if (!wn) return out;
    const w = DEFAULT_CONCEPT_WEIGHTS;
    for (const l of lemmasOf(word)) {
      wn.senses(l, 'n').slice(0, w.senses.length).forEach((id, i) => {
        const hyponyms = wn.synset(id).pointers.filter((p) => p.symbol === '~');
        if (hyponyms.length > w.maxHyponyms) return;
        // A kind's words ("film_director", "director") and the verbs they derive from ("direct").
        const kinds = new Set(hyponyms.flatMap((h) => wn.synset(h.target).words.flatMap((x) => [x, x.split('_').pop()!])));
        for (const k of kinds)
          for (const sense of wn.senses(k, 'n').slice(0, w.senses.length))
            for (const d of wn.synset(sense).pointers)
              if (d.symbol === '+' && d.target.startsWith('v')) for (const v of wn.synset(d.target).words) out.set(v, Math.max(out.get(v) ?? 0, w.senses[i]! * w.hyponym * w.derivation));
      });
    }
    return out;
  }

  /**
   * The nouns a verb's commonest senses derive (WordNet's "+" pointer from the verb sense to a noun
   * sense), in sense order: "classify" → classification, categorization, kind, sort, class; "rate"
   * → rating. What "how would you classify X" asks for is what classifying yields. Cached per word.
   */
  nounsOfVerb(word: string): readonly string[] {
    const hit = this.verbNouns.get(word);
    if (hit) return hit;
    const out: string[] = [];
    const wn = this.wordNet;
    if (wn)
      for (const l of lemmasAs(word, 'v'))
        for (const id of wn.senses(l, 'v').slice(0, VERB_NOUN_SENSES))
          for (const p of wn.synset(id).pointers)
            if (p.symbol === '+' && p.target.startsWith('n')) for (const w of wn.synset(p.target).words) if (!out.includes(w)) out.push(w);
    this.verbNouns.set(word, out);
    return out;
  }
  private readonly verbNouns = new Map<string, readonly string[]>();

  /** The nouns WordNet derives from any of the word's verb senses ("+" pointers), one-word ones:
   *  where a note's abbreviation of a graph's verb finds its noun ("dir." → directed → director). */
  derivedNouns(word: string): readonly string[] {
    const out: string[] = [];
    const wn = this.wordNet;
    if (wn)
      for (const l of lemmasAs(word, 'v'))
        for (const id of wn.senses(l, 'v'))
          for (const p of wn.synset(id).pointers)
            if (p.symbol === '+' && p.target.startsWith('n')) for (const w of wn.synset(p.target).words) if (!w.includes('_') && !out.includes(w)) out.push(w);
    return out;
  }

  /**
   * A verb and the words after it that WordNet holds as one verb — English's phrasal verbs and
   * idioms ("turn up": appear; "put out": issue; "call the shots": be in charge) — as WordNet
   * writes it ("turn_up"), or undefined. `words` are the verb and up to three words after it, as
   * written; the longest collocation wins.
   */
  collocation(words: readonly string[]): { readonly lemma: string; readonly length: number } | undefined {
    const wn = this.wordNet;
    if (!wn || words.length < 2) return undefined;
    for (let n = Math.min(words.length, 4); n >= 2; n--) {
      for (const v of lemmasAs(words[0]!, 'v')) {
        const lemma = [v, ...words.slice(1, n)].join('_');
        if (wn.senses(lemma, 'v').length > 0) return { lemma, length: n };
      }
    }
    return undefined;
  }

  /** Round 20: the word is a form of a verb one of whose first two senses is WordNet's first sense of
   *  "know" (be cognizant or aware of: "know", "cognize"): a verb of knowing. */
  knowing(word: string): boolean {
    return this.remembered('knowing', word, () => this.knowingRead(word));
  }
  private knowingRead(word: string): boolean {
    const wn = this.wordNet;
    if (!wn) return false;
    const know = wn.senses('know', 'v')[0];
    return know !== undefined && lemmasAs(word, 'v').some((l) => wn.senses(l, 'v').slice(0, 2).includes(know));
  }

  /** Round 20: WordNet's reason a verb means coming to know — one of its first two senses defined by
   *  "know" ("hear": get to know or become aware of) — or undefined. */
  definedByKnowing(word: string): string | undefined {
    return this.remembered('definedByKnowing', word, () => this.definedByKnowingRead(word) ?? null) ?? undefined;
  }
  private definedByKnowingRead(word: string): string | undefined {
    const wn = this.wordNet;
    if (!wn || this.isNoun(word)) return undefined;
    for (const l of lemmasAs(word, 'v'))
      for (const id of wn.senses(l, 'v').slice(0, 2)) {
        const d = wn.synset(id).definition;
        if (/\bknow\b/.test(d)) return `"${word}" is defined by knowing (WordNet: ${l}: ${d})`;
      }
    return undefined;
  }

  /** Round 20: a scale's value (words joined by a hyphen) is, by its commonest adjective sense, the
   *  participle "known" (of "know"), similar to it, or its opposite (WordNet's & and ! pointers). */
  isKnownValue(value: string): boolean {
    const wn = this.wordNet;
    if (!wn) return false;
    const known = (words: readonly string[]): boolean => words.some((w) => w !== 'know' && lemmasAs(w, 'v').includes('know'));
    for (const form of [value.replace(/[\s_]+/g, '-'), value.replace(/[\s-]+/g, '_')]) {
      const id = wn.senses(form, 'a')[0];
      if (!id) continue;
      const s = wn.synset(id);
      if (known(s.words) || s.pointers.some((p) => (p.symbol === '&' || p.symbol === '!') && known(wn.synset(p.target).words))) return true;
    }
    return false;
  }

  /** Round 20: WordNet holds the words (joined by "_") as an adjective ("at_work": busy). */
  isAdjective(lemma: string): boolean {
    return this.remembered('isAdjective', lemma, () => this.isAdjectiveRead(lemma));
  }
  private isAdjectiveRead(lemma: string): boolean {
    return (this.wordNet?.senses(lemma, 'a').length ?? 0) > 0;
  }

  /** WordNet holds the words (joined by "_") as an adverb ("sort_of", "kind_of": to some extent). */
  isAdverb(lemma: string): boolean {
    return this.remembered('isAdverb', lemma, () => this.isAdverbRead(lemma));
  }
  private isAdverbRead(lemma: string): boolean {
    return (this.wordNet?.senses(lemma, 'r').length ?? 0) > 0;
  }

  /**
   * Round 22b (words22b), **a phrase spoken as one word**: the first word of a two-word phrase WordNet
   * holds as a synonym of the word, "of" or "to" its second, when the word is that first word and the "a"
   * English writes for the reduced "of" or "to" ("kinda" ~ kind_of → "kind"; "sorta" ~ sort_of).
   * Undefined for any other word ("names" is no "name_…"). Memoised per word.
   */
  spokenPhraseHead(word: string): string | undefined {
    return this.remembered('spokenPhraseHead', word, () => this.spokenPhraseHeadRead(word) ?? null) ?? undefined;
  }
  private spokenPhraseHeadRead(word: string): string | undefined {
    const wn = this.wordNet;
    if (!wn) return undefined;
    for (const pos of ['r', 'a', 'n', 'v'] as const)
      for (const id of wn.senses(word, pos))
        for (const w of wn.synset(id).words) {
          const parts = w.split('_');
          // The added letter is the "a" English writes for a reduced "of" or "to" said after a word.
          if (parts.length === 2 && (parts[1] === 'of' || parts[1] === 'to') && word === `${parts[0]}a` && wn.senses(parts[0]!, 'n').length > 0) return parts[0]!;
        }
    return undefined;
  }

  /** Round 22b (words22b): the words of the hypernyms of a noun's commonest sense (worthiness → good). Memoised per word. */
  hypernymWords(noun: string): readonly string[] {
    const joined = this.remembered('hypernymWords', noun, () => {
      const wn = this.wordNet;
      const first = wn?.senses(noun, 'n')[0];
      if (!wn || !first) return '';
      return wn.synset(first).pointers.filter((p) => p.symbol === '@').flatMap((p) => wn.synset(p.target).words).join('\u0001');
    });
    return joined === '' ? [] : joined.split('\u0001');
  }

  /** Two words WordNet holds as one noun ("motion pictures" → motion_picture), as WordNet writes it, or undefined. */
  compoundNoun(first: string, second: string): string | undefined {
    const wn = this.wordNet;
    if (!wn) return undefined;
    for (const l of lemmasAs(second, 'n')) if (wn.senses(`${first}_${l}`, 'n').length > 0) return `${first}_${l}`;
    return undefined;
  }

  /** WordNet has the word in some part of speech (by its lemmas); with no WordNet, every word is known. */
  /**
   * The members WordNet gives a group noun's commonest sense (its "%m" pointer: "people" has member
   * person): a question asking for the group asks for its members. Empty for other nouns.
   */
  membersOfGroup(word: string): readonly string[] {
    const wn = this.wordNet;
    if (!wn) return [];
    const out: string[] = [];
    for (const l of lemmasOf(word)) {
      const first = wn.senses(l, 'n')[0];
      if (first) for (const p of wn.synset(first).pointers) if (p.symbol === '%m') out.push(wn.synset(p.target).words[0]!);
    }
    return out;
  }

  /** WordNet knows the word only as an adverb, or an adverb and an adjective ("kindly", "just"): a
   *  manner word, never a verb or a noun. */
  onlyModifier(word: string): boolean {
    return this.remembered('onlyModifier', word, () => this.onlyModifierRead(word));
  }
  private onlyModifierRead(word: string): boolean {
    const wn = this.wordNet;
    if (!wn) return false;
    const ls = lemmasOf(word);
    return ls.some((l) => wn.senses(l, 'r').length > 0) && ls.every((l) => wn.senses(l, 'n').length === 0 && wn.senses(l, 'v').length === 0);
  }

  /** The word as written is a verb's base form whose commonest reading is the verb ("select",
   *  "pull_up"; not "selects", "selected", nor "films"): an imperative can open with it. */
  isBaseVerb(word: string): boolean {
    return this.remembered('isBaseVerb', word, () => this.isBaseVerbRead(word));
  }
  private isBaseVerbRead(word: string): boolean {
    const wn = this.wordNet;
    return wn !== undefined && wn.senses(word, 'v').length > wn.senses(word, 'n').length;
  }

  /** How many verb senses WordNet gives the word's lemmas (0: not a verb). */
  verbSenses(word: string): number {
    return this.remembered('verbSenses', word, () => this.verbSensesRead(word));
  }
  private verbSensesRead(word: string): number {
    if (!this.wordNet) return 0;
    return lemmasOf(word).reduce((n, l) => n + this.wordNet!.senses(l, 'v').length, 0);
  }

  /** WordNet holds the word as written, or as a noun with a plural -s ("actors"): a lemma, not a form
   *  the lemmatiser guesses from an unknown string ("freing" → free). */
  holdsAsWritten(word: string): boolean {
    return this.remembered('holdsAsWritten', word, () => this.holdsAsWrittenRead(word));
  }
  private holdsAsWrittenRead(word: string): boolean {
    if (!this.wordNet) return false;
    const wn = this.wordNet;
    return (['n', 'v', 'a', 'r'] as const).some((pos) => wn.senses(word, pos).length > 0) || (word.endsWith('s') && wn.senses(word.slice(0, -1), 'n').length > 0);
  }

  /**
   * Round 21 (words21c): the lemma of which `word` is a regular form — a noun's or a verb's -s, -es, -ies,
   * a verb's -ed, -d, -ied, -ing (a final e dropped, a consonant doubled) — when WordNet holds that lemma in
   * that part of speech ("released" → release, "actors" → actor); undefined for a word that is its own
   * lemma or a form the lemmatiser guesses from an unknown string ("freing": free's -ing is "freeing"). Cached.
   */
  inflectionOf(word: string): string | undefined {
    if (this.inflections.has(word)) return this.inflections.get(word);
    let out: string | undefined;
    const wn = this.wordNet;
    if (wn && /^\p{L}+$/u.test(word))
      for (const l of lemmasOf(word)) {
        if (l === word || l.includes('_')) continue;
        const y = /[^aeiou]y$/.test(l) ? l.slice(0, -1) : undefined;
        const sibilant = /(s|x|z|ch|sh)$/.test(l);
        const plural = y !== undefined ? [y + 'ies'] : sibilant || l.endsWith('o') ? [l + 'es', ...(sibilant ? [] : [l + 's'])] : [l + 's'];
        const e = /[^aeiou]e$/.test(l);
        // A short vowel before a final consonant doubles it ("star" → starred, starring).
        const doubled = /[^aeiou][aeiou][bdgklmnprt]$/.test(l) ? l + l[l.length - 1] : undefined;
        const past = y !== undefined ? [y + 'ied'] : l.endsWith('e') ? [l + 'd'] : [l + 'ed', ...(doubled ? [doubled + 'ed'] : [])];
        const ing = e ? [l.slice(0, -1) + 'ing'] : [l + 'ing', ...(doubled ? [doubled + 'ing'] : [])];
        const verbal = [...plural, ...past, ...ing];
        if ((plural.includes(word) && wn.senses(l, 'n').length > 0) || (verbal.includes(word) && wn.senses(l, 'v').length > 0)) {
          out = l;
          break;
        }
      }
    this.inflections.set(word, out);
    return out;
  }
  private readonly inflections = new Map<string, string | undefined>();

  /** Round 21 (words21c): WordNet holds the string itself as a lemma, in some part of speech ("whore"
   *  yes; "whos" no — only as a plural of WHO, the organisation). */
  isLemma(word: string): boolean {
    const wn = this.wordNet;
    return wn !== undefined && (['n', 'v', 'a', 'r'] as const).some((pos) => wn.senses(word, pos).length > 0);
  }

  /** Round 21 (words21c): a common word of the dictionary (WordNet, and not only as a name: "actors",
   *  "list" yes; "paul" no). */
  isCommonWord(word: string): boolean {
    return this.wordNet ? isDictionaryWord(word, this.wordNet) : false;
  }

  knows(word: string): boolean {
    return this.remembered('knows', word, () => this.knowsRead(word));
  }
  private knowsRead(word: string): boolean {
    if (!this.wordNet) return true;
    return lemmasOf(word).some((l) => (['n', 'v', 'a', 'r'] as const).some((pos) => this.wordNet!.senses(l, pos).length > 0));
  }

  /** The word can be a verb's participle as English forms it: "-ed", "-ing", or an irregular past
   *  participle in "-n"/"-ne" that is an inflected form of a verb ("written", "shown", "done"; not
   *  "open", its own lemma). A participle after a noun modifies it ("films written by X"): no finite verb. */
  isParticiple(word: string): boolean {
    return this.remembered('isParticiple', word, () => this.isParticipleRead(word));
  }
  private isParticipleRead(word: string): boolean {
    if (/(ed|ing)$/.test(word)) return true;
    return /ne?$/.test(word) && lemmasAs(word, 'v').some((l) => l !== word && (this.wordNet?.senses(l, 'v').length ?? 0) > 0);
  }

  /** The word can be a noun and is not a verb's -ed/-ing form ("languages" yes, "directed" no).
   *  As a noun, by the noun's own inflections: "made" is a form of the verb "make", never of the
   *  noun (a brand), so "which director made X" has no compound "director made". */
  isNoun(word: string): boolean {
    return this.remembered('isNoun', word, () => this.isNounRead(word));
  }
  private isNounRead(word: string): boolean {
    if (/(ed|ing)$/.test(word) && lemmasOf(word).some((l) => l !== word && (this.wordNet?.senses(l, 'v').length ?? 0) > 0)) return false;
    if (!this.wordNet) return true;
    return lemmasAs(word, 'n').some((l) => this.wordNet!.senses(l, 'n').length > 0);
  }

  /**
   * A plural noun followed by a verb in its base form is a subject and its verb ("which films
   * feature …", "what movies share …", "which tags describe …"): agreement, not a compound noun.
   * Singular + -s verb is left alone: "movie stars" reads both ways.
   */
  pluralSubjectThenVerb(noun: string, next: string): boolean {
    if (!this.wordNet || !/s$/.test(noun)) return false;
    const plural = lemmasOf(noun).some((l) => l !== noun && this.wordNet!.senses(l, 'n').length > 0);
    return plural && !/s$/.test(next) && this.wordNet.senses(next, 'v').length > 0;
  }

  /**
   * Relatedness of two single words in [0, 1]. `a` may be written `noun:word` to read only its
   * noun senses: the head of "what types are …" is the noun type, not the verb (to typewrite).
   */
  wordToWord(a: string, b: string): number {
    if (a === b) return 1;
    const key = a < b ? a + '\u0000' + b : b + '\u0000' + a;
    const hit = this.cache.get(key);
    if (hit !== undefined) return hit;
    let s = 0;
    const la = lemmasOf(a.startsWith('noun:') ? a.slice(5) : a);
    const lb = lemmasOf(b);
    if (la.some((x) => lb.includes(x))) s = 1;
    else {
      const ca = this.conceptsOf(a);
      const cb = this.conceptsOf(b);
      for (const [k, w] of ca) {
        const v = cb.get(k);
        if (v !== undefined && w * v > s) s = w * v;
      }
    }
    this.cache.set(key, s);
    return s;
  }

  /** Relatedness of a word to a term of several words: its best word. */
  wordToTerm(word: string, term: TermWords): number {
    let best = 0;
    for (const w of term) {
      const s = this.wordToWord(word, w);
      if (s > best) best = s;
    }
    return best;
  }

  /**
   * Round 19 (words19): the adjectives a noun's commonest sense is the attribute of (WordNet's "="
   * pointer from the noun: "popularity" → popular, unpopular; "quality" → good, bad), or none: the
   * noun names a scale those adjectives are values of. Noun senses only, the first.
   */
  attributeValues(noun: string): readonly string[] {
    const wn = this.wordNet;
    if (!wn) return [];
    for (const l of lemmasAs(noun, 'n')) {
      const id = wn.senses(l, 'n')[0];
      if (!id) continue;
      const s = wn.synset(id);
      const values = s.pointers.filter((p) => p.symbol === '=').map((p) => wn.synset(p.target).words[0]!);
      if (values.length > 0) return values;
    }
    return [];
  }

  /**
   * Round 20 (words20c): the word is short for a compound naming a fellow member of a group — one of its
   * first three noun senses is a kind of WordNet's associate ("a person who joins with others in some
   * activity or endeavor", one step down) and holds, as a synonym, a compound of a group noun and the word
   * itself (WordNet's "mate" sense "a fellow member of a team" has the synonym "teammate": team, a kind of
   * group, + mate). Another noun before the word, in its place, names the group the fellows share
   * ("castmates": fellow members of a cast). Not "member" (its compound "fellow_member" opens with a
   * person, not a group), nor "deal" ("business_deal": no associate).
   */
  isFellow(word: string): boolean {
    return this.remembered('isFellow', word, () => this.isFellowRead(word));
  }
  private isFellowRead(word: string): boolean {
    const wn = this.wordNet;
    const group = wn?.senses('group', 'n')[0];
    const associate = wn?.senses('associate', 'n')[0];
    if (!wn || !group || !associate) return false;
    const isGroup = (noun: string): boolean => {
      let level = [...wn.senses(noun, 'n').slice(0, 1)];
      for (let d = 0; d < 8 && level.length > 0; d++) {
        if (level.includes(group)) return true;
        level = level.flatMap((id) => wn.synset(id).pointers.filter((p) => p.symbol === '@').map((p) => p.target));
      }
      return false;
    };
    return lemmasAs(word, 'n').some((l) =>
      wn.senses(l, 'n').slice(0, 3).some((id) =>
        wn.synset(id).pointers.some((p) => p.symbol === '@' && p.target === associate) &&
        wn.synset(id).words.some((w) => {
          const head = w.endsWith('_' + l) ? w.slice(0, -l.length - 1) : w.endsWith(l) ? w.slice(0, -l.length) : '';
          return head.length >= 3 && !head.includes('_') && isGroup(head);
        }),
      ),
    );
  }

  /**
   * Round 21 (words21b): `word` is a noun one of whose first three senses WordNet files directly under
   * associate, "a person who joins with others in some activity" ("collaborators", "partners",
   * "colleagues"), and `activity` is no group (its first noun sense is not a kind of group): those who
   * share the activity with someone. `fellowStem` reads "writing collaborators" as "cast mates"; "cast
   * members" are members of a group (the cast), not fellows in an activity.
   */
  isAssociateIn(activity: string, word: string): boolean {
    const wn = this.wordNet;
    const associate = wn?.senses('associate', 'n')[0];
    const group = wn?.senses('group', 'n')[0];
    if (!wn || !associate || !group) return false;
    let level = [...wn.senses(activity, 'n').slice(0, 1)];
    for (let d = 0; d < 8 && level.length > 0; d++) {
      if (level.includes(group)) return false;
      level = level.flatMap((id) => wn.synset(id).pointers.filter((p) => p.symbol === '@').map((p) => p.target));
    }
    return lemmasAs(word, 'n').some((l) => wn.senses(l, 'n').slice(0, 3).some((id) => id === associate || wn.synset(id).pointers.some((p) => p.symbol === '@' && p.target === associate)));
  }
}

/** Prepositions that introduce a subject matter ("what is X about", "films about X", "a book
 *  concerning X"): English grammar, not a lexicon entry (WordNet has no prepositions; its "about"
 *  is the adverb "approximately"). What a subject is, a label of common words names. */
export const SUBJECT_PREPOSITIONS: ReadonlySet<string> = new Set(['about', 'concerning', 'regarding']);

/** Adjective senses read for an attribute: the commonest ("popular" → popularity, "good" → quality). */
const ATTRIBUTE_SENSES = 1;
/** Senses read for a judgment ("think": the first, judge or regard). */
const JUDGMENT_SENSES = 2;

/** Hypernym steps from a word's commonest noun sense to "word" ("keyword" → word: 1). */
const WORD_KIND_DEPTH = 2;
/** Senses per part of speech whose definitions are read for "in words" (describe's is the second). */
const WORD_GLOSS_SENSES = 3;

/** A term's content words, lower case (stop words dropped: "in", "by", "has"). */
export type TermWords = readonly string[];

export function termWords(text: string): TermWords {
  const words = splitWords(text);
  const content = words.filter((w) => !isStopWord(w));
  return content.length ? content : words;
}

/** The terms that speak for each relation type and label: its own words and its aliases. */
export interface Vocabulary {
  readonly relations: ReadonlyMap<string, readonly TermWords[]>;
  readonly labels: ReadonlyMap<string, readonly TermWords[]>;
  /** The label names in snapshot order, and the schema's label aliases (the type-word rules read them). */
  readonly labelNames: readonly string[];
  readonly labelAliases: LabelAliases;
  /** Labels whose members are common words (read from the graph: `wordLabels`), with the reason in words. */
  readonly wordLabels: ReadonlyMap<string, string>;
  /** Relations named after such a label (has_tags → Tag: they share a lemma), → that label. */
  readonly wordRelations: ReadonlyMap<string, string>;
  /** Labels that are scales of values (`LabelMembers.values`), → their values. */
  readonly valueLabels: ReadonlyMap<string, readonly string[]>;
  /** Relations named after such a label (has_imdb_rating → Rating), → that label. */
  readonly valueRelations: ReadonlyMap<string, string>;
  /** Closed classes that are neither scales nor labels of words (`LabelMembers.names`: Genre,
   *  Language), → their members' names. */
  readonly memberLabels: ReadonlyMap<string, readonly string[]>;
  /** Relations named after such a label (has_genre → Genre), → that label. */
  readonly memberRelations: ReadonlyMap<string, string>;
}

/** What a label's members are, read from a sample of their names. */
export interface LabelMembers {
  readonly total: number;
  readonly sampled: number;
  /** Sampled members named by common words: written in lower case, every word in the dictionary
   *  and not only a name ("based on novel", "murder"; not "Drama" — written as a name — nor "paul crowder"). */
  readonly commonWords: number;
  /** Every member's name, when the label holds at most `VALUE_SCALE` members, all named by common
   *  words: a scale of values ("good", "bad", "fantastic"), which a question may name outright. */
  readonly values?: readonly string[];
  /** Every member's name when the label is a closed class (`isClosedClass`): a few
   *  values the graph sorts things by (Genre, Language), which a question may name ("a comedy"). */
  readonly names?: readonly string[];
}

/** A label of at most this many members… */
export const CLOSED_CLASS = 256;
/** …and at most this share of the graph's nodes is a closed class: a set of values the graph sorts
 *  things by (on MetaQA Genre 22, Language 95, Year 108 of 42,828 nodes), not a set of individuals
 *  (Movie, Person) nor the graph's vocabulary (Tag, 4,848). */
export const CLOSED_CLASS_SHARE = 0.05;

/** A label of at most this many members, each named by common words, is a scale of values. */
export const VALUE_SCALE = 12;

/** Members read per label: enough for a share, bounded on large graphs. */
const MEMBER_SAMPLE = 2000;

/**
 * Reads what each label's members are from their names (evenly spaced sample per label). Names
 * with a capital or a digit are names or numbers, not common words, and are skipped before WordNet.
 */
export function labelMembersOf(snapshot: SearchIndex, wordNet: WordNet | undefined): Map<string, LabelMembers> {
  const out = new Map<string, LabelMembers>();
  let nodes = 0;
  snapshot.data.labelNames.forEach((_, id) => (nodes += snapshot.membersOf(id).length));
  snapshot.data.labelNames.forEach((label, id) => {
    const members = snapshot.membersOf(id);
    const step = Math.max(1, members.length / MEMBER_SAMPLE);
    let sampled = 0;
    let commonWords = 0;
    for (let k = 0; k < members.length; k += step) {
      sampled++;
      const name = snapshot.names.get(members[Math.floor(k)]!);
      if (wordNet && isCommonWords(name, wordNet)) commonWords++;
    }
    const names = members.length <= VALUE_SCALE ? Array.from(members, (n) => snapshot.names.get(n)) : [];
    const values = names.length >= 2 && wordNet && names.every((n) => isCommonWords(n, wordNet)) ? { values: names } : {};
    const closed = isClosedClass(members.length, nodes) ? { names: Array.from(members, (n) => snapshot.names.get(n)) } : {};
    out.set(label, { total: members.length, sampled, commonWords, ...values, ...closed });
  });
  return out;
}

/** A closed class: few members, and few of the graph's nodes (`CLOSED_CLASS`, `CLOSED_CLASS_SHARE`). */
export function isClosedClass(members: number, nodes: number): boolean {
  return members >= 2 && members <= CLOSED_CLASS && members <= CLOSED_CLASS_SHARE * nodes;
}

function isCommonWords(name: string, wordNet: WordNet): boolean {
  if (name === '' || name !== name.toLowerCase() || /\d/.test(name)) return false;
  const words = splitWords(name).filter((w) => !isStopWord(w));
  return words.length > 0 && words.every((w) => isDictionaryWord(w, wordNet));
}

/** A label answers "words" when at least this share of its members are common words… */
export const WORD_LABEL_SHARE = 0.3;
/** …and it holds at least this fraction of the most such members any label holds: a scale of three
 *  adjectives ("good", "bad") is not the graph's vocabulary of words. */
export const WORD_LABEL_RICHNESS = 0.5;

/** The labels whose members are common words, each with the reason in words. */
export function wordLabels(members: ReadonlyMap<string, LabelMembers>): Map<string, string> {
  const estimate = (m: LabelMembers): number => (m.sampled ? (m.commonWords / m.sampled) * m.total : 0);
  const most = Math.max(0, ...[...members.values()].map(estimate));
  const out = new Map<string, string>();
  for (const [label, m] of members) {
    const share = m.sampled ? m.commonWords / m.sampled : 0;
    if (most > 0 && share >= WORD_LABEL_SHARE && estimate(m) >= WORD_LABEL_RICHNESS * most)
      out.set(label, `${Math.round(share * 100)}% of ${label}'s ${m.total} members are named by common words (${m.commonWords} of ${m.sampled} read)`);
  }
  return out;
}

/**
 * Names and aliases, not descriptions: a description is prose ("A film, named by its title."), and
 * its every word would be matched — measured, "listed" met Movie through "named" at 0.8.
 */
export function vocabularyOf(relationNames: readonly string[], labelNames: readonly string[], schema?: GraphSchema, members: ReadonlyMap<string, LabelMembers> = new Map()): Vocabulary {
  const relations = new Map<string, TermWords[]>();
  for (const r of relationNames) {
    const info = schema?.relationshipTypes.find((t) => t.name === r);
    relations.set(r, [termWords(relationText(r)), ...(info?.aliases ?? []).map((a) => termWords(relationText(a)))]);
  }
  const labels = new Map<string, TermWords[]>();
  for (const l of labelNames) {
    const info = schema?.labels.find((t) => t.name === l);
    labels.set(l, [termWords(relationText(l)), ...(info?.aliases ?? []).map((a) => termWords(relationText(a)))]);
  }
  const words = wordLabels(members);
  const valueLabels = new Map<string, readonly string[]>();
  for (const [l, m] of members) if (m.values) valueLabels.set(l, m.values);
  // A relation is named after a label when their names share a lemma (has_tags → Tag).
  const namedAfter = (ls: readonly string[]): Map<string, string> => {
    const out = new Map<string, string>();
    for (const [r, terms] of relations) {
      const lemmas = new Set(terms[0]!.flatMap((w) => lemmasOf(w)));
      for (const l of ls) if ((labels.get(l)?.[0] ?? []).some((w) => lemmasOf(w).some((x) => lemmas.has(x)))) out.set(r, l);
    }
    return out;
  };
  const memberLabels = new Map<string, readonly string[]>();
  for (const [l, m] of members) if (m.names && !m.values && !words.has(l)) memberLabels.set(l, m.names);
  return {
    relations,
    labels,
    labelNames,
    labelAliases: labelAliasesOf(schema),
    wordLabels: words,
    wordRelations: namedAfter([...words.keys()]),
    valueLabels,
    valueRelations: namedAfter([...valueLabels.keys()]),
    memberLabels,
    memberRelations: namedAfter([...memberLabels.keys()]),
  };
}

/**
 * The closed class one of whose members the word names ("comedy" → Genre, whose member "Comedy"
 * the graph holds), with the member; one-word names, lemmas compared. "is X a comedy or a drama"
 * asks which of Genre's members X has — the graph's own names say so where WordNet links comedy
 * to genre only two steps up (0.36, under the floor).
 */
export function memberNamed(word: string, vocabulary: Vocabulary, label?: string): { label: string; value: string } | undefined {
  const lemmas = lemmasOf(word);
  for (const [l, names] of vocabulary.memberLabels) {
    if (label !== undefined && l !== label) continue;
    const v = names.find((x) => !/[\s-]/.test(x) && lemmasOf(x.toLowerCase()).some((y) => lemmas.includes(y)));
    if (v) return { label: l, value: v };
  }
  return undefined;
}

/** The scale label one of whose values the word is ("good" → Rating), with the value; lemmas compared. */
export function valueNamed(word: string, vocabulary: Vocabulary, label?: string): { label: string; value: string } | undefined {
  const lemmas = lemmasOf(word);
  for (const [l, values] of vocabulary.valueLabels) {
    if (label !== undefined && l !== label) continue;
    // Round 19: a value of several words is named by the words joined (`valueMentions`: "well-known" → well_known).
    const v = values.find((x) => (!x.includes(' ') && lemmasOf(x).some((y) => lemmas.includes(y))) || (x.includes(' ') && x.replace(/ /g, '_') === word));
    if (v) return { label: l, value: v };
  }
  return undefined;
}

/**
 * The scales (`Vocabulary.valueLabels`) an evaluative word asks for, with the reason in words:
 * - "how" + an adjective WordNet gives an attribute ("how popular": popularity) asks where the thing
 *   stands on that attribute: a scale whose values are values of it, else a scale whose values are
 *   values of no attribute WordNet names (nothing rules it out); a scale whose values measure
 *   another attribute does not answer it ("good", "bad" measure quality, not popularity);
 * - a word that asks for a judgment ("think", "opinion") asks for a scale whose values WordNet
 *   places on an attribute (good, bad: quality), else any scale.
 * A word that is itself one of the values is `valueNamed`'s. Undefined when neither applies.
 */
export function scalesAskedBy(word: string, afterHow: boolean, meaning: WordMeaning, vocabulary: Vocabulary): { labels: readonly string[]; why: string } | undefined {
  if (vocabulary.valueLabels.size === 0 || valueNamed(word, vocabulary)) return undefined;
  const measured = [...vocabulary.valueLabels].map(([label, values]) => ({ label, values, attributes: [...new Set(values.flatMap((v) => (v.includes(' ') ? [] : meaning.attributesOf(v))))] }));
  const said = (m: (typeof measured)[number]): string =>
    `${m.label}'s values (${m.values.join(', ')}) are ${m.attributes.length ? `values of ${m.attributes.join(', ')}` : 'values of no attribute WordNet names'}`;
  const own = afterHow ? meaning.attributesOf(word) : [];
  if (own.length > 0) {
    const same = measured.filter((m) => m.attributes.some((a) => own.includes(a)));
    const chosen = same.length > 0 ? same : measured.filter((m) => m.attributes.length === 0);
    if (chosen.length > 0)
      return { labels: chosen.map((m) => m.label), why: `"how ${word}" asks where it stands on ${own.join(', ')} (WordNet: ${word} is a value of ${own.join(', ')}); ${measured.map(said).join('; ')}` };
  }
  const judgment = meaning.judges(word);
  if (!judgment) return knownScales(word, meaning, measured.map((m) => ({ label: m.label, values: m.values })));
  const valued = measured.filter((m) => m.attributes.length > 0);
  const chosen = valued.length > 0 ? valued : measured;
  return { labels: chosen.map((m) => m.label), why: `${judgment}, a value on a scale; ${chosen.map(said).join('; ')}` };
}

/**
 * Round 20 (words20), **"known" asks whether a thing is known**: "how many people have heard of X",
 * "would most people know X" ask where X stands on being known, as "how famous is X" would (the verb of
 * knowing said of other people is read as "known" by `knownAsked`, everyday.ts). The word asks for a
 * scale each of whose values is, by WordNet, "known", similar to it or its opposite (on MetaQA: Votes —
 * famous &known, unknown !known, well-known &known). Loose, as every scale's reading (always weak).
 */
function knownScales(word: string, meaning: WordMeaning, scales: readonly { label: string; values: readonly string[] }[]): { labels: readonly string[]; why: string } | undefined {
  // The reading is the question's (`knownAsked` in everyday.ts rewrites a verb of knowing said of other
  // people to its participle "known"): here only the word "known" itself, or its like, is read.
  if (!meaning.isKnownValue(word)) return undefined;
  const how = `"${word}" is "known", the participle of know (WordNet)`;
  const chosen = scales.filter((m) => m.values.length > 0 && m.values.every((v) => meaning.isKnownValue(v)));
  if (chosen.length === 0) return undefined;
  return { labels: chosen.map((m) => m.label), why: `${how}, so it asks whether the thing is known; ${chosen.map((m) => `${m.label}'s values (${m.values.join(', ')}) are "known", similar to it or its opposite (WordNet)`).join('; ')}` };
}

/** Best relatedness of `word` to any of `terms`. */
export function bestOf(meaning: WordMeaning, word: string, terms: readonly TermWords[]): number {
  let best = 0;
  for (const t of terms) {
    const s = meaning.wordToTerm(word, t);
    if (s > best) best = s;
  }
  return best;
}

/**
 * Question words that name the answer's kind without content: English's wh-words, read as the
 * nouns they stand for. Only the target of a candidate is compared with these.
 */
/** A verb's senses whose derived nouns say what "how would you V X" asks for (the commonest two). */
const VERB_NOUN_SENSES = 2;

export const WH_WORDS: Readonly<Record<string, readonly string[]>> = {
  who: ['person'],
  whom: ['person'],
  whose: ['person'],
  when: ['time', 'date', 'year'],
  where: ['place', 'location', 'country'],
};
