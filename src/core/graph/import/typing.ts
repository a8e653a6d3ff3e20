// Node typing rules for files that carry no labels (triples): the label of a relation's head and tail.
// Node identity is (label, name), so the same text typed differently is two nodes.

export interface TypingRules {
  /** Label of the head (source) of each relation. */
  readonly heads: Readonly<Record<string, string>>;
  /** Label of the tail (target) of each relation. */
  readonly tails: Readonly<Record<string, string>>;
  /** Label for nodes no rule types. */
  readonly defaultLabel: string;
}

/** MetaQA's kb.txt: heads are movies; tails by relation. The default rule set for triple files. */
export const METAQA_TYPING: TypingRules = {
  heads: {
    directed_by: 'Movie',
    written_by: 'Movie',
    starred_actors: 'Movie',
    release_year: 'Movie',
    in_language: 'Movie',
    has_tags: 'Movie',
    has_genre: 'Movie',
    has_imdb_votes: 'Movie',
    has_imdb_rating: 'Movie',
  },
  tails: {
    directed_by: 'Person',
    written_by: 'Person',
    starred_actors: 'Person',
    release_year: 'Year',
    in_language: 'Language',
    has_tags: 'Tag',
    has_genre: 'Genre',
    has_imdb_votes: 'Votes',
    has_imdb_rating: 'Rating',
  },
  defaultLabel: 'Entity',
};

/** No rules: every node of a triple file is an `Entity`. */
export const UNTYPED: TypingRules = { heads: {}, tails: {}, defaultLabel: 'Entity' };

export function headLabel(rules: TypingRules, relation: string): string {
  return Object.hasOwn(rules.heads, relation) ? rules.heads[relation]! : rules.defaultLabel;
}

export function tailLabel(rules: TypingRules, relation: string): string {
  return Object.hasOwn(rules.tails, relation) ? rules.tails[relation]! : rules.defaultLabel;
}

/**
 * Parses rules written as `relation:head=Label` / `relation:tail=Label` lines or a JSON object
 * `{heads: {...}, tails: {...}, defaultLabel?}`. Returns an error message for bad input.
 */
export function parseTypingRules(text: string): TypingRules | string {
  try {
    const v: unknown = JSON.parse(text);
    if (typeof v !== 'object' || v === null) return 'typing rules must be a JSON object';
    const o = v as Record<string, unknown>;
    const map = (x: unknown, what: string): Record<string, string> | string => {
      if (x === undefined) return {};
      if (typeof x !== 'object' || x === null || Array.isArray(x)) return `${what} must be an object of relation → label`;
      const out: Record<string, string> = {};
      for (const [k, val] of Object.entries(x)) {
        if (typeof val !== 'string' || val.length === 0) return `${what}.${k} must be a label name`;
        out[k] = val;
      }
      return out;
    };
    const heads = map(o.heads, 'heads');
    const tails = map(o.tails, 'tails');
    if (typeof heads === 'string') return heads;
    if (typeof tails === 'string') return tails;
    const defaultLabel = typeof o.defaultLabel === 'string' && o.defaultLabel ? o.defaultLabel : 'Entity';
    return { heads, tails, defaultLabel };
  } catch {
    return 'typing rules must be JSON: {"heads": {"directed_by": "Movie"}, "tails": {"directed_by": "Person"}}';
  }
}
