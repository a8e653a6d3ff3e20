/**
 * The ranker's weights, and the relatedness levels every reading of a question shares (`NAMES`, `FLOOR`,
 * `FAINT`): one place, imported by the readings' files as well as the ranker's.
 */

/** A word names a term outright (its own lemma 1, a WordNet synonym 0.8), not merely relates to it. */
export const NAMES = 0.8;
/** Below this a word's link to a term is noise (`RANK_WEIGHTS.floor`). */
export const FLOOR = 0.45;
/** A relation whose every word link is below this is spoken for faintly: never a match (`RANK_WEIGHTS.faint`). */
export const FAINT = 0.5;

/** The ranker's weights. Chosen by reasoning, then checked on our own varied question set. */
export const RANK_WEIGHTS = {
  /** Relatedness below this is noise (a hypernym of a hypernym, a definition word), counted
   *  as 0. Measured on MetaQA dev and our own set: 0.25 and 0.35 let weak links pull in extra hops;
   *  0.45 and 0.5 score alike. */
  floor: FLOOR,
  /** A schema-like question word the candidate leaves unexplained costs its relevance × this. */
  skip: 1,
  /** A hop no question word speaks for. */
  uncoveredHop: 0.6,
  /** Per hop: with equal evidence the shorter query wins. */
  hop: 0.05,
  /** A grounded anchor the candidate ignores, × the mention's score. */
  ignoredAnchor: 1.5,
  /** The anchor's own mention score, × this (ties between readings of the question). */
  anchor: 0.1,
  /** A candidate whose answers are not of the type the question asks for ("which films" ending
   *  on a Person): more than any one word's evidence, so returning more never makes up for it. */
  answerType: 1.5,
  /** A word that asks for words ("words", "terms", "describe": WordNet) and a label whose members are
   *  common words (the graph): above the floor, below naming — loose evidence, so a choice resting on
   *  it stays weak (`weakEvidence`). */
  members: 0.6,
  /** An anchor node whose name is written exactly as the question writes it, capitals included, when
   *  another node of the same mention differs only in case ("jonathan silverman" the tag, not
   *  "Jonathan Silverman" the person): a tie-break, far below any word's evidence. */
  spelling: 0.05,
  /** A relation whose every word link is below this (just over the floor: a hypernym two steps up,
   *  a definition word) is spoken for faintly: the choice may rank first but is never a match. */
  faint: FAINT,
} as const;

export function floor(s: number): number {
  return s < RANK_WEIGHTS.floor ? 0 : s;
}

/** How many words the lexicon does not know make a question partly unreadable (one is a slip or a name). */
export const UNKNOWN_WORDS = 2;
