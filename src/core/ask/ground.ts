import { namesView, type Embedder } from '../embed/embedder';
import { isStopWord } from '../embed/lexicon/normalize';
import { editDistance } from '../editDistance';
import type { SearchIndex } from '../retrieve/snapshot/snapshot';
import { TOPIC_PREPOSITIONS } from './english';
import { bestOf, type Vocabulary, type WordMeaning } from './meaning';
import type { NameIndex } from './nameIndex';
import { requestAt } from './asking';
import { shoutedWords } from './typed';
import { markedSpans, nameKey, tokenize, type Token } from './tokens';

export interface GroundedNode {
  /** The node's number in the search index. */
  readonly node: number;
  readonly id: string;
  readonly name: string;
  readonly label: string;
  /** How well the node's name fits the mention, in [0, 1]. */
  readonly score: number;
}

export type MatchMethod = 'exact' | 'bm25' | 'embedding';

export interface Mention {
  readonly text: string;
  /** Offsets in the question (end exclusive). */
  readonly start: number;
  readonly end: number;
  /** Token range in the question's tokens (end exclusive). */
  readonly tokenStart: number;
  readonly tokenEnd: number;
  /** The asker marked it: [bracketed] or "quoted". */
  readonly marked: boolean;
  readonly method: MatchMethod;
  /** How likely this stretch names an entity at all, in [0, 1]. */
  readonly score: number;
  /** Every node it may stand for, best first (several when names repeat). */
  readonly nodes: readonly GroundedNode[];
  /** Indices of other mentions sharing words with this one. */
  readonly overlaps: readonly number[];
}

export interface Grounding {
  readonly question: string;
  readonly tokens: readonly Token[];
  readonly mentions: readonly Mention[];
  /** Mentions used as anchors, best first (non-overlapping). */
  readonly anchors: readonly number[];
  /** When nothing grounded: the names nearest to the question's marked or capitalised words. */
  readonly nearest: readonly string[];
}

/** Whether token `i` lies inside one of the grounding's anchor mentions. */
export function anchorTest(g: Grounding): (i: number) => boolean {
  return (i) => g.anchors.some((a) => g.mentions[a]!.tokenStart <= i && i < g.mentions[a]!.tokenEnd);
}

export interface GroundingContext {
  /** The search index (the snapshot, or the index without the graph in store placement): names, ids, labels, name vectors. */
  readonly index: SearchIndex;
  readonly names: NameIndex;
  readonly meaning: WordMeaning;
  readonly vocabulary: Vocabulary;
  /** The snapshot's embedder (its node vectors): the last resort for marked mentions. */
  readonly embedder?: Embedder;
  readonly signal?: AbortSignal;
}

/** A mention below this never anchors a query (it is still shown). */
export const ANCHOR_THRESHOLD = 0.3;
const MAX_NODES_PER_MENTION = 8;
const MAX_ANCHORS = 2;

function nodeOf(ctx: GroundingContext, node: number, score: number): GroundedNode {
  const snap = ctx.index;
  return { node, id: snap.data.nodeIds.get(node), name: snap.names.get(node), label: snap.labelOf(node), score };
}

/** How schema-like a word is: its best relatedness to any relation or label term. */
export function schemaRelevance(ctx: Pick<GroundingContext, 'meaning' | 'vocabulary'>, word: string): number {
  let best = 0;
  for (const terms of ctx.vocabulary.relations.values()) best = Math.max(best, bestOf(ctx.meaning, word, terms));
  for (const terms of ctx.vocabulary.labels.values()) best = Math.max(best, bestOf(ctx.meaning, word, terms));
  return best;
}

/**
 * How likely an exact name match in running text is meant as an entity. Multi-word names and
 * capitalised words (past the question's first word) are names; a lone stop word ("it", "up") is
 * one only when capitalised mid-sentence; a stretch whose every word is schema vocabulary
 * ("films", "genre") is more likely the question's relation words than a node.
 */
function unmarkedScore(ctx: GroundingContext, tokens: readonly Token[], a: number, b: number): number {
  const span = tokens.slice(a, b);
  const content = span.filter((t) => !isStopWord(t.norm));
  const capitalised = span.filter((t, i) => t.capitalised && !(a === 0 && i === 0)).length;
  // Written like a title — unless it opens with a small word written in lower case before the
  // capitals ("the Invisible Target director", "in The House on 56th Street"): the question's own
  // writing says that word is not the title's ("The Invisible", "In the House").
  const allCaps = !articleLed(tokens, a, b) && content.length > 0 && content.every((t, i) => t.capitalised && !(a === 0 && i === 0 && span[0] === t) ? true : t.capitalised && a + span.indexOf(t) > 0);
  if (content.length === 0 && capitalised === 0) return 0;
  if (content.length === 0) return b - a === 1 ? 0.35 : 0.45; // "Up", "It" capitalised mid-sentence
  // A lone lower-case word ("fall", "war") is a name only when nothing better is in the question.
  let s = span.length === 1 ? 0.25 + (prepositionObject(tokens, a) ? PREPOSITION_OBJECT : 0) : 0.35 + 0.15 * Math.min(span.length - 1, 3);
  if (allCaps) s += 0.25;
  if (/^\d+$/.test(span.map((t) => t.norm).join(''))) s += 0.1; // a year or a count as written
  const schemaLike = content.every((t) => schemaRelevance(ctx, t.norm) >= 0.8);
  if (schemaLike && capitalised === 0) s *= 0.3;
  // The opening request ("show me …", "tell me …", "can you name …") is a request, not a name,
  // unless it is written like one ("Show Me" capitalised mid-title).
  if (a === requestAt(tokens, () => false) && capitalised === 0) s *= 0.3;
  return Math.min(1, s);
}

/**
 * Round 22b (words22b), **a preposition's object is what the question is about**: of lone words in lower
 * case (each a name only when nothing better is in the question), the one a preposition governs ("a film
 * that deals with strike", "a discussion night on strike", "anything about mining") is the question's
 * topic; the asker's story's words ("home sick today", "our youth group", "kids are bored") are subjects,
 * modifiers and verbs. A tie-break below any other difference (+0.01). Only prepositions of a topic, not of
 * place or time ("… the teacher wants one to show in class": a first version with "in" anchored "class").
 */
function prepositionObject(tokens: readonly Token[], a: number): boolean {
  const before = tokens[a - 1];
  return before !== undefined && !tokens[a]!.capitalised && TOPIC_PREPOSITIONS.has(before.norm);
}
const PREPOSITION_OBJECT = 0.01;

/** The stretch opens mid-sentence with a stop word in lower case before a capitalised word ("the
 *  Blade", "in The Fog"): English capitalises a title's first word, so that word is the sentence's. */
function articleLed(tokens: readonly Token[], a: number, b: number): boolean {
  return b - a >= 2 && a > 0 && !tokens[a]!.capitalised && isStopWord(tokens[a]!.norm) && tokens[a + 1]!.capitalised;
}

/** Finds and grounds the question's entity mentions. */
export async function groundQuestion(question: string, ctx: GroundingContext): Promise<Grounding> {
  // Round 21 (words21c): a dictionary word in capitals is a word ("X ACTORS LIST"), `shoutedWords`.
  const tokens = shoutedWords(tokenize(question), question, ctx.meaning, (norm, written) => ctx.names.exact(norm).some((n) => ctx.index.names.get(n) === written));
  const mentions: Omit<Mention, 'overlaps'>[] = [];
  const marked = markedSpans(question);
  const tokenRange = (start: number, end: number): [number, number] => {
    let a = tokens.findIndex((t) => t.end > start);
    if (a < 0) a = tokens.length;
    let b = a;
    while (b < tokens.length && tokens[b]!.start < end) b++;
    return [a, b];
  };
  const unresolved: string[] = [];
  for (const span of marked) {
    const [a, b] = tokenRange(span.start, span.end);
    const grounded = await groundMarked(span.text, ctx);
    if (grounded) mentions.push({ text: span.text, start: span.start, end: span.end, tokenStart: a, tokenEnd: b, marked: true, ...grounded });
    else unresolved.push(span.text);
  }
  // Unmarked stretches: every window of the question's words that is exactly some node's name.
  const maxWords = ctx.names.maxWords;
  for (let a = 0; a < tokens.length; a++) {
    let key = '';
    for (let b = a + 1; b <= Math.min(tokens.length, a + maxWords); b++) {
      key = key ? key + ' ' + tokens[b - 1]!.norm : tokens[b - 1]!.norm;
      // English's possessive ("Olaf de Fleur Johannesson's films") is no part of the name, unless
      // the name itself has it ("Ocean's Eleven" keys with it).
      let nodes = ctx.names.exact(key);
      const owner = nodes.length === 0 && possessive(question, tokens[b - 1]!) && !tokens[b]?.capitalised;
      if (owner) nodes = ctx.names.exact(key.slice(0, -1));
      if (nodes.length === 0) continue;
      const start = tokens[a]!.start;
      const end = tokens[b - 1]!.end - (owner ? 2 : 0);
      if (mentions.some((m) => m.marked && m.tokenStart === a && m.tokenEnd === b)) continue;
      const inMarked = mentions.some((m) => m.marked && m.tokenStart <= a && b <= m.tokenEnd);
      // A lone word in lower case mid-sentence where every node of that name is written with a
      // capital ("Milk's director made what else": the film Made) is less likely the name than
      // the question's own word; a lower-case name (a tag: "murder") keeps its score.
      const uncapitalised = a > 0 && tokens.slice(a, b).every((t) => !t.capitalised) && nodes.every((n) => /^\p{Lu}/u.test(ctx.index.names.get(n)));
      // So is a stretch of several such words ("the general verdict of viewers", "I watched X last
      // night"): a title written in lower case mid-sentence is the question's own English.
      const score = unmarkedScore(ctx, tokens, a, b) * (inMarked ? 0.2 : 1) * (uncapitalised ? (b - a === 1 ? LOWER_CASE_TITLE : LOWER_CASE_TITLES) : 1);
      if (score <= 0) continue;
      mentions.push({
        text: question.slice(start, end),
        start,
        end,
        tokenStart: a,
        tokenEnd: b,
        marked: false,
        method: 'exact',
        score,
        nodes: nodes.slice(0, MAX_NODES_PER_MENTION).map((n) => nodeOf(ctx, n, 1)),
      });
    }
  }
  // Names as people type them: a capitalised stretch that names no node exactly ("John Leguizao")
  // is read like a marked name (words, then spelling, then the names view of the embedder), and
  // kept only when a node's whole name is close in spelling: a dropped, doubled or swapped letter.
  for (const [a, b] of capitalisedRuns(tokens)) {
    if (mentions.some((m) => m.tokenStart <= a && b <= m.tokenEnd)) continue;
    // A name spelled exactly, then a punctuation mark and more capitals ("what are they speaking in
    // Privates on Parade, I can't place it"): the run crosses into the next clause, it is no misspelt longer name.
    if (mentions.some((m) => m.method === 'exact' && m.tokenStart === a && m.tokenEnd < b && /[,?!.;:]/.test(question.slice(tokens[m.tokenEnd - 1]!.end, tokens[m.tokenEnd]!.start)))) continue;
    const start = tokens[a]!.start;
    const end = tokens[b - 1]!.end - (possessive(question, tokens[b - 1]!) && !tokens[b]?.capitalised ? 2 : 0);
    const text = question.slice(start, end);
    const nodes = await nearInSpelling(text, ctx);
    if (nodes.length === 0) continue;
    const score = unmarkedScore(ctx, tokens, a, b) * TYPO_MENTION;
    if (score > 0) mentions.push({ text, start, end, tokenStart: a, tokenEnd: b, marked: false, method: nodes.method, score, nodes: nodes.nodes });
  }
  // A stretch inside a longer matched one is an alternative reading, not a second entity — except
  // the stretch a lower-case "the"/"in" leads into when a node is spelled exactly as written there:
  // "the Blade director" names Blade, and "The Blade" is the alternative ("the Matrix" still names
  // The Matrix: the node "matrix" is a tag written otherwise).
  type Found = Omit<Mention, 'overlaps'>;
  const ledInto = (o: Found, m: Found): boolean => !o.marked && articleLed(tokens, o.tokenStart, o.tokenEnd) && o.tokenStart + 1 === m.tokenStart && o.tokenEnd === m.tokenEnd && m.nodes.some((n) => n.name === m.text);
  const scored = mentions.map((m) => {
    const inside = mentions.some((o) => o !== m && o.tokenStart <= m.tokenStart && m.tokenEnd <= o.tokenEnd && o.tokenEnd - o.tokenStart > m.tokenEnd - m.tokenStart && !ledInto(o, m));
    const leads = mentions.some((o) => o !== m && ledInto(m, o));
    return (inside || leads) && !m.marked ? { ...m, score: m.score * 0.5 } : m;
  });
  const withOverlaps: Mention[] = scored.map((m, i) => ({
    ...m,
    overlaps: scored.flatMap((o, j) => (j !== i && o.tokenStart < m.tokenEnd && m.tokenStart < o.tokenEnd ? [j] : [])),
  }));
  const anchors = chooseAnchors(withOverlaps);
  const nearest = anchors.length === 0 ? await nearestNames(question, unresolved, tokens, ctx) : [];
  return { question, tokens, mentions: withOverlaps, anchors, nearest };
}

/** The token is written with English's possessive ending: "Johannesson's", "Boon’s". Read as the
 *  name's end only before a word that is not capitalised: a capital continues a title ("Hell's
 *  Kitchen": "in Hell" is no name there — measured, it took the anchor from it). */
function possessive(question: string, t: Token): boolean {
  return t.end - t.start > 2 && /['’]s$/i.test(question.slice(t.start, t.end));
}

/** A lone lower-case word whose nodes are all written with a capital counts this much: below a
 *  capitalised first word (0.25), so it never anchors beside one as an equal. */
const LOWER_CASE_TITLE = 0.8;
/** Several lower-case words naming only capitalised titles count half: below the anchor threshold (0.3). */
const LOWER_CASE_TITLES = 0.5;

/** A name written with a typo is this close to the node's name (one edit in ten letters is 0.9). */
const TYPO_SIMILARITY = 0.85;
/** A mention found through a typo counts a little less than one written exactly. */
const TYPO_MENTION = 0.9;

/**
 * Nodes whose whole name is within a typo of `text`: candidates from the name words (BM25) and
 * from the names view of the embedder (characters), kept by spelling alone.
 */
async function nearInSpelling(text: string, ctx: GroundingContext): Promise<{ method: MatchMethod; nodes: GroundedNode[] } & { length: number }> {
  const key = nameKey(text);
  const seen = new Map<number, { sim: number; method: MatchMethod }>();
  const consider = (node: number, method: MatchMethod): void => {
    if (seen.has(node)) return;
    const sim = nameSimilarity(key, nameKey(ctx.index.names.get(node)));
    if (sim >= TYPO_SIMILARITY) seen.set(node, { sim, method });
  };
  for (const h of ctx.names.bm25(key.split(' ').filter(Boolean), MAX_NODES_PER_MENTION * 4)) consider(h.node, 'bm25');
  if (ctx.embedder && ctx.embedder.id === ctx.index.data.embedderId) {
    const q = await namesView(ctx.embedder).embedBatch([text], ctx.signal);
    for (const h of ctx.index.index.search(q, MAX_NODES_PER_MENTION)) consider(h.index, 'embedding');
  }
  const ranked = [...seen].sort((x, y) => y[1].sim - x[1].sim || x[0] - y[0]).slice(0, MAX_NODES_PER_MENTION);
  const nodes = ranked.map(([n, h]) => nodeOf(ctx, n, h.sim));
  return { method: ranked[0]?.[1].method ?? 'bm25', nodes, length: nodes.length };
}

/**
 * Maximal runs of capitalised words (stop words allowed inside, as in "Things We Lost in the
 * Fire"); a run at the question's start needs two capitalised words (its first is capitalised anyway).
 */
function capitalisedRuns(tokens: readonly Token[]): [number, number][] {
  const out: [number, number][] = [];
  let a = 0;
  while (a < tokens.length) {
    if (!tokens[a]!.capitalised) {
      a++;
      continue;
    }
    let b = a + 1;
    let last = a + 1;
    while (b < tokens.length && (tokens[b]!.capitalised || isStopWord(tokens[b]!.norm))) {
      if (tokens[b]!.capitalised) last = b + 1;
      b++;
    }
    const capitals = tokens.slice(a, last).filter((t) => t.capitalised).length;
    if (a > 0 || capitals >= 2) out.push([a, last]);
    a = Math.max(b, a + 1);
  }
  return out;
}

/** Greedy: best-scoring mentions first, marked ones before unmarked, no two overlapping. */
function chooseAnchors(mentions: readonly Mention[]): number[] {
  const best = Math.max(0, ...mentions.map((m) => m.score));
  // With no strong mention, the best weak one anchors (it is shown with its low score).
  const threshold = best >= ANCHOR_THRESHOLD ? ANCHOR_THRESHOLD : best;
  const order = mentions
    .map((m, i) => i)
    .filter((i) => mentions[i]!.score > 0 && mentions[i]!.score >= threshold)
    .sort((x, y) => Number(mentions[y]!.marked) - Number(mentions[x]!.marked) || mentions[y]!.score - mentions[x]!.score || mentions[x]!.start - mentions[y]!.start);
  const out: number[] = [];
  for (const i of order) {
    if (out.length >= MAX_ANCHORS) break;
    if (out.some((j) => mentions[j]!.overlaps.includes(i))) continue;
    out.push(i);
  }
  return out;
}

/** A marked mention: exact name, else BM25 over name words, else the embedder's nearest names. */
async function groundMarked(text: string, ctx: GroundingContext): Promise<Pick<Mention, 'method' | 'score' | 'nodes'> | undefined> {
  const key = nameKey(text);
  const exact = ctx.names.exact(key);
  if (exact.length > 0) return { method: 'exact', score: 1, nodes: exact.slice(0, MAX_NODES_PER_MENTION).map((n) => nodeOf(ctx, n, 1)) };
  const words = key.split(' ').filter(Boolean);
  const hits = ctx.names.bm25(words, MAX_NODES_PER_MENTION * 4);
  // BM25 finds names sharing rare words; keep those whose whole name is close in spelling too.
  const close = hits
    .map((h) => ({ node: h.node, sim: nameSimilarity(key, nameKey(ctx.index.names.get(h.node))) }))
    .filter((h) => h.sim >= 0.6)
    .sort((a, b) => b.sim - a.sim || a.node - b.node);
  if (close.length > 0) return { method: 'bm25', score: 0.9, nodes: close.slice(0, MAX_NODES_PER_MENTION).map((h) => nodeOf(ctx, h.node, h.sim)) };
  if (ctx.embedder && ctx.embedder.id === ctx.index.data.embedderId) {
    const q = await namesView(ctx.embedder).embedBatch([text], ctx.signal);
    const found = ctx.index.index
      .search(q, MAX_NODES_PER_MENTION)
      .map((h) => ({ node: h.index, sim: Math.max(0, 1 - (h.distance * h.distance) / 2) }))
      .filter((h) => h.sim >= 0.75);
    if (found.length > 0) return { method: 'embedding', score: 0.8, nodes: found.map((h) => nodeOf(ctx, h.node, h.sim)) };
  }
  return undefined;
}

/** 1 − normalised edit distance of two name keys. */
export function nameSimilarity(a: string, b: string): number {
  const n = Math.max(a.length, b.length);
  return n === 0 ? 1 : 1 - editDistance(a, b) / n;
}

/** The names nearest to what the asker seems to mean: marked text, else capitalised words, else all. */
async function nearestNames(question: string, unresolved: readonly string[], tokens: readonly Token[], ctx: GroundingContext): Promise<string[]> {
  const caps = tokens.filter((t, i) => i > 0 && t.capitalised).map((t) => question.slice(t.start, t.end));
  const probes = unresolved.length ? unresolved : caps.length ? [caps.join(' ')] : [question];
  const out: string[] = [];
  for (const probe of probes) {
    const key = nameKey(probe);
    const bm = ctx.names.bm25(key.split(' ').filter((w) => w && !isStopWord(w)), 20);
    const ranked = bm.map((h) => ({ name: ctx.index.names.get(h.node), sim: nameSimilarity(key, nameKey(ctx.index.names.get(h.node))) }));
    if (ctx.embedder && ctx.embedder.id === ctx.index.data.embedderId) {
      const q = await namesView(ctx.embedder).embedBatch([probe], ctx.signal);
      for (const h of ctx.index.index.search(q, 5)) ranked.push({ name: ctx.index.names.get(h.index), sim: nameSimilarity(key, nameKey(ctx.index.names.get(h.index))) });
    }
    // No shared word and no embedder: spelling alone, over every name (only when nothing grounded).
    if (!ranked.some((r) => r.sim >= 0.5)) {
      const limit = Math.max(2, Math.floor(key.length / 2));
      ctx.names.forEachKey(key.length - limit, key.length + limit, (name, first) => {
        const d = editDistance(key, name, limit);
        if (d <= limit) ranked.push({ name: ctx.index.names.get(first), sim: 1 - d / Math.max(key.length, name.length) });
      });
    }
    ranked.sort((a, b) => b.sim - a.sim || (a.name < b.name ? -1 : 1));
    for (const r of ranked) if (!out.includes(r.name) && out.length < 5) out.push(r.name);
  }
  return out;
}
