/**
 * The relatedness levels every reading of a question shares, in one place. The readings live in
 * files rank.ts imports (everyday.ts, clauses.ts, typed.ts), which therefore cannot read rank.ts's
 * constants while the modules load: each had kept its own copy of these numbers.
 */

/** A word names a term outright (its own lemma 1, a WordNet synonym 0.8), not merely relates to it. */
export const NAMES = 0.8;
/** Below this a word's link to a term is noise (`RANK_WEIGHTS.floor`). */
export const FLOOR = 0.45;
/** A relation whose every word link is below this is spoken for faintly: never a match (`RANK_WEIGHTS.faint`). */
export const FAINT = 0.5;
