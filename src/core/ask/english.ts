/**
 * English's closed classes as the readings use them (determiners, pronouns, auxiliaries, wh-words,
 * conjunctions, prepositions, the request verbs): in one place, so that a reading takes a class, or
 * states what it adds to one, instead of declaring its own list. None is a word list of a data set.
 */
import { STOP_WORDS } from '../embed/lexicon/normalize';
import { WH_WORDS } from './meaning';

// --- Determiners -------------------------------------------------------------------------------------

export const ARTICLES = new Set(['a', 'an', 'the']);
/** Demonstratives: standing alone (no noun after them: "which languages will that cover") they point back at something said. */
export const DEMONSTRATIVES = new Set(['that', 'this']);
/** Possessive pronouns in the third person: a noun phrase holding one points back at what was said before it. */
export const POSSESSIVE_BACK = new Set(['their', 'his', 'her', 'its']);
/** English's determiners and possessive pronouns: the word after one is a noun (or its adjective),
 *  so a verb's rarer senses are not read for it ("to the screen": the noun, not "to screen"). */
export const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'his', 'her', 'its', 'their', 'my', 'your', 'our']);
/** Determiners of a partitive's noun phrase ("which of their films"). */
export const PARTITIVE = new Set(['the', 'their', 'his', 'her', 'its', 'these', 'those', 'your', 'my', 'our']);
/** Quantifiers that open a noun phrase as a determiner does ("any other films with …", "all the films"). */
export const QUANTIFIERS = new Set(['any', 'some', 'all', 'other', 'another', 'more', 'every', 'each']);
/** Words that exclude what they qualify from the anchor: "the other films", "another film". */
export const OTHER = new Set(['other', 'another']);
/** Opening a question, "more" is "other": "more films from the director of X" are films other than X
 *  (elsewhere it is a comparative: "more popular"). */
export const OPENING_OTHER = new Set([...OTHER, 'more']);
/** "else" says the thing asked for is other than what was named ("what else did X direct"): the
 *  chain never returns its anchor, so it adds nothing to read, and it is no word about the graph. */
export const OTHER_THAN = new Set(['else']);
export const EXCLUDING = new Set(['no', 'not']);

// --- Pronouns ----------------------------------------------------------------------------------------

/** Personal pronouns as subjects: a noun phrase and then one of these is a relative clause without
 *  its "that" ("the ones they directed"). */
export const SUBJECT_PRONOUNS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they']);
/** Personal pronouns in the third person: what a later clause uses to point back at what was asked. */
export const BACK_PRONOUNS = new Set(['they', 'them', 'it', 'he', 'him', 'she', 'her']);
/** Plural pronouns for people: "who are they". */
export const THEY = new Set(['they', 'them']);
/** A request's object pronoun stands for a noun said before it ("… other languages? list them"). */
export const THEM = new Set(['them', 'those']);
export const FIRST_PERSON = new Set(['i', 'me', 'my', 'mine', 'myself', 'we', 'us', 'our', 'ours', 'ourselves']);
export const SPEAKER_SUBJECTS = new Set(['i', 'we']);
/** Subject pronouns whose present tense takes -s ("he says"): a base form after them is no finite verb. */
export const SINGULAR_THIRD = new Set(['he', 'she', 'it']);
/** The pronouns an imperative's indirect object takes ("play me …", "find us …"). */
export const INDIRECT_OBJECTS = new Set(['me', 'us']);
/** Indefinite pronouns for a thing ("play something else with …"): a request's object that is one
 *  asks for a thing, not a person, as "what" does as an object. */
export const THING_PRONOUNS = new Set(['something', 'anything', 'everything']);
/** The pronoun "one" after a wh-word stands for a noun said before it. */
export const ONE = new Set(['one', 'ones']);
export const FREE_RELATIVES = new Set(['whoever', 'whomever', 'whatever', 'whichever']);
/** English's indefinite pronouns stand for an unspecified thing or person ("is X a comedy or
 *  something else"): no word about the graph (WordNet reads "something" as a noun, 0.5 to rating). */
export const INDEFINITE = new Set([
  'something', 'anything', 'everything', 'nothing', 'someone', 'anyone', 'everyone', 'somebody', 'anybody', 'everybody', 'nobody',
  // Free relatives stand for the thing or person a clause describes ("whoever wrote X" is X's writer:
  // the clause says which), and the pro-form "one" for a noun said elsewhere ("besides this one",
  // "in one genre"): no word about the graph (WordNet's "one" is a unit, 0.49 to release_year).
  'whoever', 'whomever', 'whatever', 'whichever', 'one', 'ones',
]);

// --- Verbs: be, auxiliaries, modals ------------------------------------------------------------------

export const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'being', 'am']);
/** Forms of "be" and the perfect's "have" between a subject and "in" ("has been", "was", "'ve been"). */
export const BE_HAVE = new Set([...BE, 'have', 'has', 'had', 've', 's', 're']);
/** Auxiliary and modal verbs carry tense, not meaning ("what does X act in": "does" is not a
 *  relation word; WordNet would link it to "act" through do ~ act). The stop-word list lacks some. */
export const AUXILIARIES = new Set(['do', 'does', 'did', 'done', 'doing', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'am', 'has', 'have', 'had', 'having', 'can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must']);
/** The finite auxiliaries and modals: a clause's finite verb, and, opening a clause before its
 *  subject, a question's inversion ("does X …", "can you …"). */
export const FINITE_AUXILIARIES = new Set(['is', 'are', 'was', 'were', 'am', 'do', 'does', 'did', 'has', 'have', 'had', 'can', 'could', 'will', 'would', 'shall', 'should', 'may', 'might', 'must']);
/** Clitics the normaliser leaves of a contracted auxiliary ("we're", "it's", "I've"). */
export const CLITICS = new Set(['s', 're', 've', 'd', 'll', 'm']);
/** A polite request: "can you name …", "could you please list …" is the request "name …", "list …". */
export const POLITE = new Set(['can', 'could', 'would', 'will']);
export const NEGATIONS = new Set(['not', 'never', 't', 'nt', 'cant', 'dont', 'cannot']);
/** The verbs of a request: an imperative of one asks for its object ("list the films …"). */
export const REQUESTS = new Set(['list', 'name', 'show', 'give', 'tell', 'find']);
/** Verbs of wanting: with the asker as subject, said or dropped, they ask for their object. */
export const WANTING = new Set(['want', 'need']);

// --- Wh-words ----------------------------------------------------------------------------------------

/** Wh-words that take a noun naming the answer's kind: "which genres", "what are the languages".
 *  Not "whose": its noun is the thing possessed, and the answer its possessor ("whose movie is X"
 *  asks for a person; "movie" names X's own kind). */
export const NOUN_TAKING = new Set(['which', 'what', 'how']);
/** Wh-words and the words that take a noun as one ("which films", "how many"): a clause holding one asks. */
export const ASKING = new Set([...Object.keys(WH_WORDS), ...NOUN_TAKING]);
/** Wh-words that can open a relative clause after a noun ("the person who", "the films which"). */
export const RELATIVE = new Set(['who', 'whom', 'whose', 'which', 'where', 'when']);

// --- Conjunctions ------------------------------------------------------------------------------------

export const CONJUNCTIONS = new Set(['and', 'or']);
/** Coordinating conjunctions that may join two finite clauses. */
export const COORDINATORS = new Set(['and', 'but', 'so']);
/** Words that join a verb whose subject is dropped to what came before ("… and want a film that …"). */
export const DROPPED_SUBJECT_JOINS = new Set(['and', 'so', 'just']);
/** Conjunctions opening a clause of time or purpose: "before it goes …", "so I can …". */
export const SUBORDINATORS = new Set(['before', 'after', 'once', 'until', 'so', 'because', 'since', 'while', 'when']);
/** Conjunctions of time that open a clause setting the scene: "when X directs, …". */
export const TIME_CONDITIONS = new Set(['when', 'whenever']);
/** Words opening a condition or a premise: "if I liked X, …", "given the cast of X, …". */
export const CONDITIONS = new Set(['if', 'given']);

// --- Prepositions ------------------------------------------------------------------------------------

export const BARE_OBJECT_PREPOSITIONS = new Set(['on', 'in', 'at', 'with', 'from', 'of', 'about', 'during', 'under']);
/** Prepositions that may stand between a noun and its relative pronoun: "the years in which", "the person by whom". */
export const RELATIVE_PREPOSITIONS = new Set(['in', 'on', 'at', 'by', 'for', 'with', 'from', 'of', 'to', 'during', 'under', 'about']);
/** The prepositions of what a list or a page holds: "on the list of …", "in the list of …". */
export const CONTAINING = new Set(['on', 'in']);
/** Prepositions whose object is what a sentence is about ("deals with X", "a night on X", "anything about X"), not a place or a time. */
export const TOPIC_PREPOSITIONS = new Set(['about', 'on', 'of', 'with', 'regarding', 'concerning']);

// --- Interjections -----------------------------------------------------------------------------------

/** Hesitations that may stand beside a repair ("er, directors I mean"). */
export const HESITATIONS = new Set(['er', 'erm', 'um', 'uh', 'umm', 'uhh']);

/** English's closed class of function words a mistyped word is compared with (`respelled`): three
 *  letters or more, so a slip cannot turn a short content word into one. */
export const CLOSED_WORDS: ReadonlySet<string> = new Set([...STOP_WORDS, ...Object.keys(WH_WORDS), ...NOUN_TAKING, ...AUXILIARIES, ...DETERMINERS].filter((w) => w.length >= 3));
