/**
 * The shapes the ranker's parts exchange: the question's words, the asked type, a word's match, a ranked
 * candidate, and the context every reading is given.
 */
import type { TypeResolution } from '../retrieve/labels';
import type { Candidate } from './enumerate';
import type { TermWords, Vocabulary, WordMeaning } from './meaning';

/**
 * What the question asks for, read from its answer phrase by the type-word rules GSD uses
 * (`WordMeaning.typeOf`): the head noun ("which films" → Movie, "what kinds" → Genre), else the
 * wh-word's nouns ("who" → person → Person, "when" → date/year → Year).
 */
export interface AskedType {
  /** The question word it was read from ("kinds", "who"). */
  readonly word: string;
  readonly labels: readonly string[];
  /** 'none': the question asks for a kind of thing the graph has no label for (no candidate fits). */
  readonly how: TypeResolution['how'];
  /** Read from the sentence, not from a word naming the labels ("what" as an object: not a person):
   *  it rules labels out but is no word's evidence for the ones left. */
  readonly byExclusion?: boolean;
  /** Labels asked for only because their members are common words and the answer noun asks for words. */
  readonly byMembers?: readonly string[];
  /** "other N" with N read as no type: things of the anchor's own kind, other than it ("name other
   *  scripts by the writer of X" asks for films like X). Each candidate's anchor label is the type. */
  readonly sameAsAnchor?: boolean;
  readonly detail: string;
}

/** One question word and what the candidate made of it. */
export interface WordMatch {
  readonly word: string;
  /** What it was matched to: "relation directed_by", "label Movie", or "unexplained". */
  readonly slot: string;
  readonly similarity: number;
  /** Why, when the link is not the word's own but what the slot's members are (the loose reading). */
  readonly via?: string;
}

export interface RankedCandidate {
  readonly candidate: Candidate;
  readonly score: number;
  /** Share of the question's schema evidence the candidate explains, in [0, 1]. */
  readonly fit: number;
  readonly matches: readonly WordMatch[];
  /** The label the candidate's answers have, and whether it is the type the question asks for. */
  readonly answerLabel: string;
  readonly answerFits: boolean | undefined;
  /** Relations of the candidate no question word speaks for (graph structure alone chose them). */
  readonly unspoken: readonly string[];
  /** Relations only the answer phrase speaks for, loosely ("what words …" → in_language): what comes back, not how. */
  readonly answerOnly: readonly string[];
  /** Hops back along the relation just named that no word names: the shape implies them ("share
   *  directors with"), but a word the graph's names do not know may have meant another relation. */
  readonly impliedOnly: readonly string[];
  /** Relations spoken for only through what the members of their range are ("describe" → has_tags,
   *  Tag's members being common words), and whether the answers fit the asked type only so. */
  readonly byMembers: readonly string[];
  readonly fitsByMembers: boolean;
  /** Relations whose only word links are faint (below `RANK_WEIGHTS.faint`), in words ("dealing" → starred_actors 0.45). */
  readonly faint: readonly string[];
  /** Of `byMembers`, the relations spoken for only by a word that is one of their range's values ("good" → has_imdb_rating). */
  readonly byValues: readonly string[];
  /** Of `byMembers`, the relations spoken for only by a word naming a member of their closed-class range ("comedy" → has_genre). */
  readonly byNames: readonly string[];
  /** Hops back that only the shape implies, through a value of a scale (`Vocabulary.valueLabels`):
   *  things sharing one of three values are no relation between them ("Votes (3 values)"). */
  readonly throughScale: readonly string[];
  /** Anchors whose node is spelled exactly as the question writes them, where the mention has nodes spelled otherwise. */
  readonly spelledAsWritten: readonly string[];
  /** Words matched to a relation in a rarer sense (`rareReading`), each with the sense, in words. */
  readonly rareSenses: readonly string[];
  /** Words that name a relation outright (relatedness ≥ 0.8) and that the candidate leaves unexplained. */
  readonly unexplainedNames: readonly string[];
  /** Relations spoken for only loosely (every word link below `NAMES`, above the faint line), in words. */
  readonly loose: readonly string[];
  /** A candidate with fewer hops from the same anchors also returns the asked type. */
  readonly shorterFits: boolean;
  /** The head of what is asked, a word naming nothing in the graph, where no type is read ("timeline of films directed by X"). */
  readonly unknownHead?: string;
  /** Words of the question the lexicon does not know, when there are several (`UNKNOWN_WORDS`): the
   *  sentence is partly in words the ranker cannot read ("the movies X directed, quiénes actúan en ellas"). */
  readonly unknownWords?: readonly string[];
  /** A word naming relations outright is read only as a label, and none of them is where it would
   *  speak (`labelOnlyName`), in words. */
  readonly labelOnly?: string;
  /** Round 21 (words21b): why the evidence is too thin for a match, from the chain's shape or the sentence (`round21bWeak`). */
  readonly weak21b?: string;
  /** Round 22c: the condition of the match rule the candidate fails (`round22cWeak`, matchRule.ts), in words. */
  readonly weak22c?: string;
  /** Round 21 (words21a): which clause was read as the question and which as the story (`clauseNote`), in words. */
  readonly clauses?: string;
  /** Round 22 (words22a): the topic read and the hop it names, in words (`topicOf`, topic.ts). */
  readonly topic?: string;
  /** Round 22 (words22a): why the chain does not reach past the topic it was asked about (`topicWeak`). */
  readonly topicWeak?: string;
}

export interface QuestionWord {
  readonly word: string;
  readonly index: number;
  /** What a wh-word stands for ("who" → person); undefined for ordinary words. */
  readonly wh?: readonly string[];
  /** How schema-like the word is (its best relatedness to any relation or label). */
  readonly relevance: number;
  /** Its best relatedness to any relation alone. */
  readonly relational: number;
  /** Position in the answer phrase, head noun first (0), the wh-word last; undefined outside it. */
  readonly answer?: number;
  /** The answer phrase's head noun ("films" in "which films …"). */
  readonly head?: boolean;
  /** Said of things other than the anchor ("the other films by …"): it cannot name the anchor's own slot. */
  readonly other?: boolean;
  /** After "as" ("X worked with as director", "X as a theme"): the role the anchor plays, so it can
   *  name only the anchor's own hop (`asRole`). */
  readonly role?: boolean;
  /** A noun with the prefix "co-" ("co-writers", "cowriters", "co writers"): the word is its stem, and
   *  it names those who share the stem's role with the anchor — other than it, out and back along the
   *  relation the stem names (`coStems`). */
  readonly co?: boolean;
  /** The scales an evaluative word asks for ("how popular", "think": `scalesAskedBy`), and why. */
  readonly scales?: { readonly labels: readonly string[]; readonly why: string };
  /** A rarer sense that meets the graph's names, for a word whose common senses name nothing (`rareReading`). */
  readonly rare?: { readonly relations: readonly string[]; readonly why: string };
  /** A closed class one of whose members the word names, for a word that names nothing else (`memberNamed`: "comedy" → Genre). */
  readonly member?: { readonly label: string; readonly value: string };
  /** Says how the answer is reached, so it may name only the chain's last hop (`lastHopWords`): the
   *  verb of a subject wh-phrase ("who wrote the other stuff they've acted in"), the noun of "whose N"
   *  as an object ("whose scripts did the director of X film"). */
  readonly last?: boolean;
  /** Read in its noun senses only: the head of a noun phrase after a determiner (`headNoun`). */
  readonly noun?: boolean;
  /** A noun the name modifies ("X's director", "the X director"): said of the anchor, so it names only
   *  the anchor's own hop or what that hop reaches (`owned`). */
  readonly owned?: boolean;
  /** The verb of a relative clause without "that" ("the films the writer of X wrote", "the films they
   *  wrote"): it says how its subject reaches the noun the clause modifies, so it names a hop at or
   *  before the one that noun stands at, never one past it (`contactVerb`). */
  readonly contact?: boolean;
  /** Round 19 (words19): the answer head's complement after "of" ("what kinds of films"): the things the
   *  head is of, so it names the label the last hop starts from (`headComplement`). */
  readonly complement?: boolean;
  /** A wh-word of an earlier step ("who made X? I want to see their other films"): it says what that
   *  step reaches, a label the chain passes through, not what comes back (`stepWords`). */
  readonly step?: boolean;
  /** Round 20 (words20b): "by" after a noun, before the anchor ("movies by X"): the relations whose own
   *  names take an agent with "by" (directed_by, written_by), which it names (`agentBy`). */
  readonly agent?: readonly string[];
  /** Round 22 (words22a): said after a topic that names the first hop (`topicOf`, topic.ts): of the topic's
   *  end or beyond it, so it names no slot of the topic's own ([anchor label, hop 1, label 1]). */
  readonly beyond?: boolean;
}

export type Slot = { readonly kind: 'relation'; readonly name: string; readonly hop: number; readonly terms: readonly TermWords[] } | { readonly kind: 'label'; readonly name: string; readonly terms: readonly TermWords[] };

export interface RankContext {
  readonly meaning: WordMeaning;
  readonly vocabulary: Vocabulary;
}
