/**
 * Issue 14's run: MetaQA dev questions as SimGRAG pattern JSON, the way an LLM writes them — the
 * topic entity as a plain string (no type), every further step an `UNKNOWN <type> n` whose type
 * word is the question's own (movie, director, actor, writer, year, genre, tag, language, rating,
 * votes), read by planningGraphFromSimGrag and retrieved with the lexical embedder. Three kinds of
 * relation phrase: the standard ones ("director of"), random letters (no link to any relation: the
 * types and the schema must carry it), and phrases drawn from data/paraphrases/metaqa.json. Each
 * under the three match semantics, so the default is chosen on the whole dev set.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Embedder } from '../../src/core/embed/embedder';
import { DEFAULT_MATCH, type MatchSemantics } from '../../src/core/plan/planningGraph';
import { planningGraphFromSimGrag } from '../../src/core/plan/simgrag';
import { retrieveGsd } from '../../src/core/retrieve/gsd/retrieve';
import type { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';
import { chainRelations, oracleScores, loadQuestions, reachableAnswers, sample, type Question } from './metaqa';
import { fmt, percentile } from './stats';
import { mulberry32 as rng } from '../../test/support/prng';

/** qtype token → the type word an LLM writes for it. */
const TYPE_WORD: Readonly<Record<string, string>> = {
  movie: 'movie',
  director: 'director',
  actor: 'actor',
  writer: 'writer',
  year: 'year',
  genre: 'genre',
  tags: 'tag',
  tag: 'tag',
  language: 'language',
  imdbrating: 'rating',
  imdbvotes: 'votes',
};

/** The standard relation phrases (as in goldPattern). */
const STANDARD: Readonly<Record<string, string>> = {
  directed_by: 'director of',
  written_by: 'writer of',
  starred_actors: 'starred in',
  release_year: 'released in',
  has_genre: 'genre of',
  has_tags: 'has tag',
  in_language: 'language of',
  has_imdb_rating: 'imdb rating',
  has_imdb_votes: 'imdb votes',
};

export type PhraseKind = 'standard' | 'random letters' | 'paraphrased' | 'held-out';

/** The type word for a qtype token: the standard one, or one drawn from the held-out set. */
export type TypeWordFor = (token: string) => string;
const standardTypeWord: TypeWordFor = (tok) => TYPE_WORD[tok] ?? tok;

/** The SimGRAG JSON for a question: movie-side string first in each triple, as kb.txt has it. */
export function simgragPattern(q: Question, phraseFor: (relation: string) => string, typeWordFor: TypeWordFor = standardTypeWord, mention: (topic: string) => string = (t) => t): { query: string; graph: [string, string, string][]; target: string[] } {
  const { relations } = chainRelations(q);
  const counts = new Map<string, number>();
  const strings = q.chain.map((tok, i) => {
    if (i === 0) return mention(q.topic);
    const word = typeWordFor(tok);
    const n = (counts.get(word) ?? 0) + 1;
    counts.set(word, n);
    return `UNKNOWN ${word} ${n}`;
  });
  const graph = relations.map((rel, i): [string, string, string] => {
    const movieFirst = q.chain[i] === 'movie';
    const a = strings[i]!;
    const b = strings[i + 1]!;
    return movieFirst ? [a, phraseFor(rel), b] : [b, phraseFor(rel), a];
  });
  return { query: q.text, graph, target: [strings[strings.length - 1]!] };
}

export interface Options {
  readonly data: string;
  readonly hops: readonly number[];
  readonly n: number;
  readonly seed: number;
}

export interface TypedRun {
  readonly phrases: PhraseKind;
  readonly match: MatchSemantics;
  /** Type words: the question's own ("movie", "director"), or drawn from the held-out set ("film", "filmmaker"). */
  readonly types?: 'standard' | 'held-out';
  /** The topic as written: MetaQA's exact name, or changed the way people and LLMs change names. */
  readonly mention?: MentionKind;
}

/** The row's name as printed: "held-out + held-out types", "standard + topic lower case". */
export function typedRunLabel(run: TypedRun): string {
  return `${run.phrases}${run.types === 'held-out' ? ' + held-out types' : ''}${run.mention ? ` + topic ${run.mention}` : ''}`;
}

export type MentionKind = 'lower case' | 'no leading article' | 'no punctuation' | 'one letter dropped';

/** A name written another way; a seeded generator for the dropped letter (in a word of 6 letters or more). */
export function mentionChanger(kind: MentionKind, seed: number, hop: number): (topic: string) => string {
  const rand = rng(seed * 41 + hop + 4000);
  return (t) => {
    switch (kind) {
      case 'lower case':
        return t.toLowerCase();
      case 'no leading article':
        return t.replace(/^(the|a|an) (?=\S)/i, '');
      case 'no punctuation': {
        const bare = t.replace(/[^\p{L}\p{N} ]/gu, '').trim();
        return bare === '' ? t : bare; // "$" cannot be written without its punctuation
      }
      case 'one letter dropped': {
        const words = t.split(' ');
        const i = words.findIndex((w) => w.length >= 6);
        if (i < 0) return t;
        const w = words[i]!;
        const j = 1 + Math.floor(rand() * (w.length - 2));
        words[i] = w.slice(0, j) + w.slice(j + 1);
        return words.join(' ');
      }
    }
  };
}

/** A paraphrase set (data/paraphrases/*.json): relationship type → phrasings; the held-out set also has type words. */
export type ParaphraseSet = {
  readonly relations: Readonly<Record<string, readonly string[]>>;
  readonly types?: Readonly<Record<string, readonly string[]>>;
};

export function readParaphraseSet(file = 'metaqa.json'): ParaphraseSet {
  return JSON.parse(readFileSync(join(__dirname, '..', '..', 'data', 'paraphrases', file), 'utf8')) as ParaphraseSet;
}

/** Type words drawn from the held-out set, seeded like the phrases. */
export function heldOutTypeWords(seed: number, hop: number, set: ParaphraseSet): TypeWordFor {
  const rand = rng(seed * 37 + hop + 2000);
  return (tok) => {
    const options = set.types?.[tok];
    return options ? options[Math.floor(rand() * options.length)]! : standardTypeWord(tok);
  };
}

/**
 * Relation phrases of one kind. The same phrases for every run of a (hop, kind): the generator
 * restarts per call, seeded by the hop and the kind.
 */
export function phraseGenerator(kind: PhraseKind, seed: number, hop: number, set: ParaphraseSet, heldOut?: ParaphraseSet): (relation: string) => string {
  const rand = rng(seed * 31 + hop + (kind === 'random letters' ? 1000 : kind === 'held-out' ? 3000 : 0));
  return (relation: string): string => {
    if (kind === 'standard') return STANDARD[relation]!;
    if (kind === 'paraphrased' || kind === 'held-out') {
      const options = (kind === 'held-out' ? heldOut! : set).relations[relation]!;
      return options[Math.floor(rand() * options.length)]!;
    }
    const len = 4 + Math.floor(rand() * 5);
    let s = '';
    for (let i = 0; i < len; i++) s += String.fromCharCode(97 + Math.floor(rand() * 26));
    return s;
  };
}

export async function runTyped(o: Options, snap: GraphSnapshot, embedder: Embedder, runs: readonly TypedRun[]): Promise<void> {
  const set = readParaphraseSet();
  const heldOut = readParaphraseSet('metaqa-heldout.json');
  const size = Number.isFinite(o.n) ? `${o.n} questions per hop (seeded sample)` : 'the whole dev set';
  console.log(`\n## SimGRAG JSON with typed unknowns (issue 14) — embedder ${embedder.id}, k=3, k(n)=k(r)=16, k(t)=1, ${size}`);
  console.log('Patterns: [topic, phrase, "UNKNOWN <type> n"] chains; the topic is untyped. Questions whose gold this kb.txt cannot reach are skipped. "Unambiguous": every answer an injective match of the exact chain reaches is gold. Latency: whole retrieval (type resolution, candidates, search).');
  console.log('phrases | match | hop | questions | Hits@1 | Hits@1 unambiguous (n) | chance | most paths | p50 ms | p95 ms | budget hits');
  for (const hop of o.hops) {
    const picked = sample(loadQuestions(o.data, hop), o.n, o.seed + hop);
    const usable = picked.filter((q) => reachableAnswers(snap, q).some((a) => q.answers.includes(a)));
    const { chance, mostPaths, unambiguous } = oracleScores(snap, usable);
    for (const run of runs) {
      if (hop === 1 && run.match !== DEFAULT_MATCH) continue; // identical on 2-node patterns
      const phraseFor = phraseGenerator(run.phrases, o.seed, hop, set, heldOut);
      const typeWordFor = run.types === 'held-out' ? heldOutTypeWords(o.seed, hop, heldOut) : standardTypeWord;
      const mention = run.mention ? mentionChanger(run.mention, o.seed, hop) : undefined;
      const plans = usable.map((q) => {
        const r = planningGraphFromSimGrag(simgragPattern(q, phraseFor, typeWordFor, mention), { name: `q${q.line}` });
        if (!r.plan) throw new Error(`q${q.line}: ${r.diagnostics.map((d) => d.message).join('; ')}`);
        return r.plan;
      });
      const strategy = { match: run.match };
      for (const p of plans.slice(0, 20)) await retrieveGsd(p, snap, embedder, { strategy });
      let hits = 0;
      let hitsU = 0;
      let budgetHits = 0;
      const lat: number[] = [];
      for (let i = 0; i < plans.length; i++) {
        const r = await retrieveGsd(plans[i]!, snap, embedder, { strategy });
        lat.push(r.timings.totalMs);
        if (r.budget) budgetHits++;
        if (r.answers[0] && usable[i]!.answers.includes(r.answers[0].value)) {
          hits++;
          if (unambiguous.has(usable[i]!.line)) hitsU++;
        }
      }
      console.log(
        `${typedRunLabel(run)} | ${run.match} | ${hop} | ${usable.length} | ${fmt(hits / Math.max(1, usable.length), 4)} | ${fmt(hitsU / Math.max(1, unambiguous.size), 4)} (${unambiguous.size}) | ${fmt(chance / Math.max(1, usable.length), 4)} | ${fmt(mostPaths / Math.max(1, usable.length), 4)} | ${fmt(percentile(lat, 50), 3)} | ${fmt(percentile(lat, 95), 3)} | ${budgetHits}`,
      );
    }
  }
}
