/**
 * Words the question says but does not ask with: asides, excluded and subordinate clauses, what someone
 * said or believed, a purpose, an afterthought, the asker's own frame.
 */
import { isStopWord } from '../embed/lexicon/normalize';
import { clauseStarts } from './asking';
import { AUXILIARIES, BACK_PRONOUNS, BE, DETERMINERS, EXCLUDING, FIRST_PERSON, NEGATIONS, NOUN_TAKING, ONE, SPEAKER_SUBJECTS, SUBJECT_PRONOUNS, SUBORDINATORS } from './english';
import type { Grounding } from './ground';
import { WH_WORDS } from './meaning';
import type { RankContext } from './rankTypes';
import { relevanceOf } from './relevance';
import { NAMES, RANK_WEIGHTS } from './weights';

/**
 * A parenthesis that asks nothing ("Avenger: cast (check before printing the flyer)") is an aside:
 * no question mark, no name, no wh-word and no word linked to the graph's things above the faint
 * line in it (so "(all films)", "(dir.)" and "(yr?)" are read), and not right after a name (its
 * apposition: "X (screenwriter): release years of their scripts"). Its words are not read.
 */
export function aside(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const t = g.tokens[i]!;
  const open = g.question.lastIndexOf('(', t.start);
  if (open < 0 || g.question.lastIndexOf(')', t.start) > open) return false;
  const close = g.question.indexOf(')', t.end);
  const inside = g.tokens.map((x, j) => ({ x, j })).filter(({ x }) => x.start > open && (close < 0 || x.end <= close));
  // Right after a name it is the name's apposition ("X (screenwriter): …"), which says its role.
  const before = g.tokens.reduce((b, x, j) => (x.end <= open ? j : b), -1);
  if (before >= 0 && inAnchor(before)) return false;
  const names = (w: string): boolean => !isStopWord(w) && w !== '' && relevanceOf(w, ctx, false).relevance >= RANK_WEIGHTS.faint;
  return !g.question.slice(open, close < 0 ? undefined : close).includes('?') && inside.every(({ x, j }) => !inAnchor(j) && WH_WORDS[x.norm] === undefined && !names(x.norm));
}

/**
 * A verb whose object is the question itself ("y'all know who all's in X", "I wonder which films …"):
 * the verb right before the wh-word that opens the answer phrase takes the whole wh-clause as its
 * object, so it says how the speaker asks, not what the graph holds — unless it names a relation
 * outright.
 */
export function embeddingVerb(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  const wh = phrase[0];
  if (wh === undefined || wh !== i + 1 || WH_WORDS[g.tokens[wh]!.norm] === undefined || inAnchor(i) || !/^\s+$/.test(g.question.slice(g.tokens[i]!.end, g.tokens[wh]!.start))) return false;
  const w = g.tokens[i]!.norm;
  return !isStopWord(w) && !AUXILIARIES.has(w) && ctx.meaning.verbSenses(w) > 0 && relevanceOf(w, ctx, false).relational < NAMES;
}

/**
 * What is excluded: a clause opened by "no" or "not" after the question ("every picture X directed,
 * no acting roles") names what the answer must leave out, so its words are not the chain's.
 */
export function excluded(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  const k = clauseStarts(g, inAnchor).filter((x) => x <= i).pop() ?? 0;
  if (k === 0 || inAnchor(i)) return false;
  const end = clauseStarts(g, inAnchor).find((x) => x > k) ?? g.tokens.length;
  return EXCLUDING.has(g.tokens[k]!.norm) && !inAnchor(k) && g.tokens.slice(k, end).every((_, j) => !inAnchor(k + j));
}

/**
 * A purpose at the end of the question ("who's in it for the daily programme", "the director of X
 * for the licence paperwork"): "for" with a determiner and nouns only up to the clause's end, after
 * the answer phrase, no name among them, none naming the graph's things outright, says what the
 * answer is for, not which answer.
 */
/**
 * A clause of time or purpose whose subject is a pronoun ("… the year it came out before it goes to
 * print", "stat check before we stream it", "what year did X come out so I can …", "so that I can …"):
 * what the speaker will do, or when, not which answer. From the conjunction, past any "that", to the
 * clause's end; not read when it holds a name or a wh-word, nor opening the question.
 */
export function subordinate(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[]): boolean {
  if (inAnchor(i) || phrase.includes(i)) return false;
  const starts = clauseStarts(g, inAnchor);
  for (let s = i; s > 0 && s >= i - 12; s--) {
    const t = g.tokens[s]!.norm;
    if (!SUBORDINATORS.has(t) || inAnchor(s)) continue;
    const subject = g.tokens[s + 1]?.norm === 'that' && !inAnchor(s + 1) ? s + 2 : s + 1;
    if (!SUBJECT_PRONOUNS.has(g.tokens[subject]?.norm ?? '') || inAnchor(subject)) continue;
    const end = starts.find((x) => x > s) ?? g.tokens.length;
    if (i >= end) return false;
    return g.tokens.slice(s, end).every((t, d) => !inAnchor(s + d) && !phrase.includes(s + d) && WH_WORDS[t.norm] === undefined);
  }
  return false;
}
/**
 * What the speaker believed, said after the question closed ("who wrote X? always assumed it was the
 * director", "… ? I thought it was the lead actor"): a sentence whose verb is one of believing, its
 * subject the speaker or dropped, is the speaker's guess, not a second question; its nouns name what
 * the speaker took the answer to be, not the chain. Not read.
 */
export function believed(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  if (phrase.length === 0 || inAnchor(i)) return false;
  const starts = clauseStarts(g, inAnchor);
  const k = starts.filter((x) => x <= i).pop() ?? 0;
  if (k <= phrase[0]! || !/\?/.test(g.question.slice(g.tokens[k - 1]!.end, g.tokens[k]!.start))) return false;
  const end = starts.find((x) => x > k) ?? g.tokens.length;
  // A participle opening it says what the speaker is doing ("…? compiling a list for a mate").
  const opener = g.tokens[k]!.norm;
  if (/ing$/.test(opener) && !inAnchor(k) && ctx.meaning.verbSenses(opener) > 0 && (!ctx.meaning.isNoun(opener) || DETERMINERS.has(g.tokens[k + 1]?.norm ?? ''))) return g.tokens.slice(k, end).every((t, d) => !inAnchor(k + d) && WH_WORDS[t.norm] === undefined);
  let v = k;
  if (SPEAKER_SUBJECTS.has(g.tokens[v]!.norm)) v++;
  while (v < end && !inAnchor(v) && !BELIEVING.has(g.tokens[v]!.norm) && (ctx.meaning.onlyModifier(g.tokens[v]!.norm) || AUXILIARIES.has(g.tokens[v]!.norm) || NEGATIONS.has(g.tokens[v]!.norm))) v++;
  return v < end && BELIEVING.has(g.tokens[v]!.norm) && !inAnchor(v) && g.tokens.slice(k, end).every((t, d) => !inAnchor(k + d) && WH_WORDS[t.norm] === undefined);
}
/**
 * Who said what the question goes on about, opening it ("unnie says the cast of X is great, who are
 * they", "my flatmate reckons …"): a subject of a few words and a verb of saying or believing before
 * any name are the report's frame, not the graph's words. Not read.
 */
export function reporter(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext): boolean {
  const v = g.tokens.findIndex((t, k) => k > 0 && k <= 3 && (SAYING.has(t.norm) || BELIEVING.has(t.norm)) && !inAnchor(k));
  if (v < 0 || i > v) return false;
  return g.tokens.slice(0, v).every((t, k) => !inAnchor(k) && WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !AUXILIARIES.has(t.norm) && (isStopWord(t.norm) || relevanceOf(t.norm, ctx, false).relevance < NAMES));
}
/** Verbs of saying in the third person or the past: "says", "said", "swears", "claims". */
const SAYING = new Set(['says', 'said', 'swears', 'swore', 'claims', 'claimed', 'reckons', 'thinks', 'insists', 'insisted']);
/** Verbs of believing: "assumed", "thought", "figured", "reckoned". */
const BELIEVING = new Set(['assume', 'assumed', 'think', 'thought', 'guess', 'guessed', 'figure', 'figured', 'believe', 'believed', 'reckon', 'reckoned', 'suppose', 'supposed']);

export function purpose(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  if (phrase.length === 0 || inAnchor(i)) return false;
  const starts = clauseStarts(g, inAnchor);
  for (let f = i; f > phrase[0]! && f >= i - 5; f--) {
    if (g.tokens[f]!.norm !== 'for' || inAnchor(f) || !DETERMINERS.has(g.tokens[f + 1]?.norm ?? '') || inAnchor(f + 1)) continue;
    const end = starts.find((x) => x > f) ?? g.tokens.length;
    const words = g.tokens.slice(f + 2, end).map((t, d) => ({ t, j: f + 2 + d }));
    return i < end && words.length > 0 && words.every(({ t, j }) => !inAnchor(j) && !isStopWord(t.norm) && relevanceOf(t.norm, ctx, false).relevance < NAMES && (ctx.meaning.isNoun(t.norm) || !ctx.meaning.isVerbForm(t.norm)));
  }
  return false;
}

/**
 * An afterthought: a clause after the one that asks, with no name, wh-word or request of its own, that
 * points back with a pronoun and names none of the graph's things outright ("what films was X in, my
 * nan keeps saying she loved them"; "…?? drop them below") says what the speaker will do with the
 * answer or feels about it, not which answer; so does such a clause after a question mark that closed
 * the question ("X (yr?) - for the club programme notes"). Its words are not read.
 */
export function afterthought(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], requests: ReadonlySet<number>, ctx: RankContext): boolean {
  if (phrase.length === 0) return false;
  const starts = clauseStarts(g, inAnchor);
  const k = starts.filter((x) => x <= i).pop() ?? 0;
  if (k <= phrase[0]!) return false;
  const end = starts.find((x) => x > k) ?? g.tokens.length;
  const clause = g.tokens.slice(k, end).map((t, d) => ({ t, j: k + d }));
  // A clause that names the graph's things outright is about the answer ("…, the tags people give it").
  const names = (w: string): boolean => !isStopWord(w) && w !== '' && relevanceOf(w, ctx, false).relevance >= NAMES;
  // A question mark closing an earlier clause ends the question too ("X (yr?) - for the club programme notes").
  const closed = /\?/.test(g.question.slice(g.tokens[phrase[0]!]!.end, g.tokens[k]!.start));
  // After the question closed, a clause pointing back at its subject may name a companion too ("…? fixin
  // to watch it with Mama"): the name is the speaker's, not a second condition.
  const back = clause.some(({ t, j }) => (BACK_PRONOUNS.has(t.norm) || ONE.has(t.norm)) && !inAnchor(j));
  return clause.every(({ t, j }) => (inAnchor(j) ? closed && back : WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !requests.has(j) && !names(t.norm))) && (closed || back);
}

/** The speaker in the first person: a clause or phrase holding one is about the asker. */
/**
 * The asker's own things: the nouns of a noun phrase opened by "my" or "our" ("our family history
 * says X wrote …", "my date's favourite film is X"), outside the answer phrase, that name nothing
 * outright. English marks them by the possessive, as it marks the asker's frame by person: they say
 * whose story it is, not what the graph is asked.
 */
function askersOwn(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], ctx: RankContext): boolean {
  if (inAnchor(i) || phrase.includes(i)) return false;
  // The speaker's own part, a noun after "I was a" ("I was an extra in X", "we're a film club"): who
  // asks, unless the noun names the graph outright.
  const role = (k: number): boolean => k >= 2 && !inAnchor(k - 1) && !inAnchor(k - 2) && (g.tokens[k - 1]!.norm === 'a' || g.tokens[k - 1]!.norm === 'an') && (BE.has(g.tokens[k - 2]!.norm) || g.tokens[k - 2]!.norm === 'm' || g.tokens[k - 2]!.norm === 're') && SPEAKER_SUBJECTS.has(g.tokens[k - 3]?.norm ?? '') && !inAnchor(k - 3);
  if (role(i) && !isStopWord(g.tokens[i]!.norm) && ctx.meaning.isNoun(g.tokens[i]!.norm) && relevanceOf(g.tokens[i]!.norm, ctx, false).relevance < NAMES) return true;
  let k = i - 1;
  while (k >= 0 && !inAnchor(k) && !isStopWord(g.tokens[k]!.norm) && !AUXILIARIES.has(g.tokens[k]!.norm) && !DETERMINERS.has(g.tokens[k]!.norm) && ctx.meaning.isNoun(g.tokens[k]!.norm.replace(/['’]s$/, ''))) k--;
  if (k < 0 || (g.tokens[k]!.norm !== 'my' && g.tokens[k]!.norm !== 'our') || inAnchor(k)) return false;
  const w = g.tokens[i]!.norm.replace(/['’]s$/, '');
  if (isStopWord(w) || !ctx.meaning.isNoun(w) || phrase.some((x) => x > k && x <= i)) return false;
  return relevanceOf(w, ctx, false).relevance < NAMES;
}

/**
 * The asker's frame: words the speaker says about themselves, not about the graph. Before the
 * question proper (its wh-word or request), words holding no name and a first-person pronoun ("for my
 * film studies homework I have to say | what year X came out"; "I'm a screen reader user; | can you
 * read me …"); after it, a clause of its own with a first-person pronoun and no name, wh-word or
 * request ("in what language was X made? | want to check before I book tickets"). Their nouns name
 * the asker's errand (homework, tickets), and read as the graph's words they paid for hops nobody
 * asked. The question proper is what is asked of the graph; the speaker's frame is not read. Not a
 * prefix naming a relation outright, nor a later clause that ends on the speaker's comment verb: both
 * say which answer ("who has X directed? the actors I mean").
 */
export function askerFrame(g: Grounding, i: number, inAnchor: (i: number) => boolean, phrase: readonly number[], requests: ReadonlySet<number>, ctx: RankContext): boolean {
  if (askersOwn(g, i, inAnchor, phrase, ctx)) return true;
  // Before the question, a word naming a relation outright says what is asked ("I need the directors: …").
  const names = (w: string): boolean => !isStopWord(w) && w !== '' && relevanceOf(w, ctx, false).relational >= NAMES;
  const starts = clauseStarts(g, inAnchor);
  // The question proper opens with its answer phrase, or, when it has none or only a noun phrase
  // standing alone ("agent here, pulling X's writing credits"; "parent here, …: is X rated good or
  // bad"), with its first name.
  const firstName = Math.min(...g.anchors.map((a) => g.mentions[a]!.tokenStart));
  const bare = phrase.length === 0 || (phrase.length === 2 && phrase[0] === phrase[1]);
  const opens = phrase[0] ?? firstName;
  if (phrase.length > 0 && i < opens) {
    const before = g.tokens.slice(0, opens);
    if (before.every((t, j) => !inAnchor(j) && !names(t.norm)) && before.some((t) => FIRST_PERSON.has(t.norm))) return true;
  }
  const at = bare ? firstName : opens;
  if (i < at) {
    // A clause of its own before the question's, set off by punctuation, that asks nothing (no
    // wh-word, no request, no word naming a relation outright) and leaves the question proper a name
    // of its own: who asks and why ("film society newsletter, This Week in History column: what year
    // did X premiere", "annotator here, which tags does X carry", "for the film society notes, X was
    // directed by whom"). English puts the speaker's errand or role there; its nouns are not the graph's.
    // A clause may open with a name ("…, X was directed by whom"). A sentence with no wh-word or
    // request may open with its subject and verb, neither naming anything in the graph, the name after
    // them ("the newsletter blurb needs the genre of X"): who wants it, then what is wanted.
    // The last boundary before the question proper, or an earlier one when only the words before that
    // one ask nothing ("front desk, a guest asks whether X is in English or …, which is it").
    const boundaries = g.tokens.map((t, j) => (j > 0 && j <= at && !(inAnchor(j) && inAnchor(j - 1)) && /[.?!;:,]\s|\s[-–—]+\s/.test(g.question.slice(g.tokens[j - 1]!.end, t.start)) ? j : 0)).filter((j) => j > 0).reverse();
    const subject = bare ? subjectFrame(g, at, inAnchor, ctx) : 0;
    // When nothing but a name follows, the words before it are the question ("costars? X"). A
    // participle opening the clause has no subject of its own: it is what the speaker is doing
    // ("writing the festival programme blurb, which themes … fit X"), whatever it names.
    const participle = (j: number): boolean => j === 0 && /ing$/.test(g.tokens[0]!.norm) && ctx.meaning.verbSenses(g.tokens[0]!.norm) > 0;
    // The name may stand in that clause when the question proper points back at it ("hotel movie
    // channel is doing a X night, what's on the list of films they've directed"): the name is kept.
    for (const k of subject ? [subject] : boundaries) {
      // Only when the question proper names a relation outright itself ("… they've directed"): "the
      // script of X is so good, whose work is it" and "if I liked the cast of X, which other films are
      // they in" need the clause's noun.
      const whole = g.tokens.some((t, j) => j >= k && !inAnchor(j) && names(t.norm));
      // And when the clause's own words link to no relation above the faint line (a closed class's
      // member, "hotel", is loose): "auction house: the cast of X, who directed them elsewhere" needs "cast".
      const idle = g.tokens.every((t, j) => j >= k || inAnchor(j) || participle(j) || isStopWord(t.norm) || AUXILIARIES.has(t.norm) || t.norm === '' || relevanceOf(t.norm, ctx, false).relational < RANK_WEIGHTS.faint || relevanceOf(t.norm, ctx, false).member !== undefined);
      const named = g.tokens.some((_, j) => j >= k && inAnchor(j)) || (!inAnchor(i) && whole && idle && g.tokens.some((t, j) => j >= k && !inAnchor(j) && BACK_PRONOUNS.has(t.norm)) && g.tokens.some((_, j) => j < k && inAnchor(j)));
      if (g.tokens.slice(0, k).every((t, j) => inAnchor(j) || (WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !requests.has(j) && (participle(j) || !names(t.norm)))) && named && g.tokens.some((t, j) => j >= k && !inAnchor(j) && /\p{L}/u.test(t.norm))) {
        if (i < k) return true;
        break;
      }
    }
  }
  if (phrase.length === 0 || i < opens) return false;
  const k = starts.filter((x) => x <= i).pop() ?? 0;
  if (k <= opens) return false;
  const end = starts.find((x) => x > k) ?? g.tokens.length;
  const clause = g.tokens.slice(k, end).map((t, d) => ({ t, j: k + d }));
  // A clause ending on the speaker's comment verb is a gloss on what was asked ("…? the actors I mean",
  // "…, genre-wise I mean": `commentClause`), not the asker's own doing ("… before I book tickets").
  if (commentClause(g, end - 1, inAnchor)) return false;
  return clause.every(({ t, j }) => !inAnchor(j) && WH_WORDS[t.norm] === undefined && !NOUN_TAKING.has(t.norm) && !requests.has(j)) && clause.some(({ t }) => FIRST_PERSON.has(t.norm));
}

/**
 * A subject and its verb opening a sentence that asks with no wh-word or request: a noun phrase
 * (a determiner, nouns) and a verb in the present with a determiner after it, before the first name,
 * none of whose words is linked to the graph's names above the faint line ("the newsletter blurb needs
 * the genre of X"). Returns where the object starts, or 0.
 */
function subjectFrame(g: Grounding, firstName: number, inAnchor: (i: number) => boolean, ctx: RankContext): number {
  const tokens = g.tokens;
  const faint = (w: string): boolean => relevanceOf(w, ctx, false).relevance < RANK_WEIGHTS.faint;
  let j = DETERMINERS.has(tokens[0]?.norm ?? '') ? 1 : 0;
  const first = j;
  while (j < firstName && !inAnchor(j) && !isStopWord(tokens[j]!.norm) && ctx.meaning.isNoun(tokens[j]!.norm) && faint(tokens[j]!.norm) && !(j > first && /s$/.test(tokens[j]!.norm) && ctx.meaning.verbSenses(tokens[j]!.norm) > 0)) j++;
  const v = tokens[j];
  if (j === first || !v || j >= firstName || inAnchor(j) || !/s$/.test(v.norm) || ctx.meaning.verbSenses(v.norm) === 0 || !faint(v.norm)) return 0;
  return DETERMINERS.has(tokens[j + 1]?.norm ?? '') && !inAnchor(j + 1) ? j + 1 : 0;
}

/**
 * A verb whose subject is the speaker ("which of their films could we programme", "I can't place it",
 * "I'm translating the subtitles for X"): the graph holds films and the people who made them, never
 * the asker, so what "I" or "we" do names none of its relations. The verb only, after the pronoun
 * and any auxiliaries, negation or manner words between; its object may still name what is asked
 * ("I liked the actors in X, …").
 */
export function askersVerb(g: Grounding, i: number, inAnchor: (i: number) => boolean, ctx: RankContext, depth = 0): boolean {
  const t = g.tokens[i]!;
  if (inAnchor(i) || isStopWord(t.norm) || AUXILIARIES.has(t.norm) || ctx.meaning.verbSenses(t.norm) === 0) return false;
  // A verb after "to" or an -ing form after a verb shares that verb's subject ("I used to love watching X").
  const before = g.tokens[i - 1]?.norm ?? '';
  if (depth < CATENATIVE_DEPTH && !inAnchor(i - 1)) {
    if (before === 'to' && i >= 2 && askersVerb(g, i - 2, inAnchor, ctx, depth + 1)) return true;
    if (/ing$/.test(t.norm) && i >= 1 && askersVerb(g, i - 1, inAnchor, ctx, depth + 1)) return true;
  }
  for (let k = i - 1; k >= 0 && k >= i - 4 && !inAnchor(k); k--) {
    const w = g.tokens[k]!.norm;
    if (SPEAKER_SUBJECTS.has(w)) return true;
    if (!(AUXILIARIES.has(w) || NEGATIONS.has(w) || ctx.meaning.onlyModifier(w))) return false;
  }
  return false;
}
/** Verbs chained after the speaker's own ("used to love watching"): at most this many links. */
const CATENATIVE_DEPTH = 3;

/**
 * A verb whose subject is the speaker, ending the question ("…, genre-wise I mean", "the director I
 * mean"), is a comment clause: it says how the speaker puts it, not what the graph holds.
 */
export function commentClause(g: Grounding, i: number, inAnchor: (i: number) => boolean): boolean {
  if (i === 0 || g.tokens[i - 1]!.norm !== 'i' || inAnchor(i - 1) || inAnchor(i)) return false;
  const next = g.tokens[i + 1];
  return next === undefined || /[.?!;:,]/.test(g.question.slice(g.tokens[i]!.end, next.start));
}

/** Words of politeness ask nothing about the graph ("please", "thanks"). */
export const POLITENESS = new Set(['please', 'thanks', 'thank']);
