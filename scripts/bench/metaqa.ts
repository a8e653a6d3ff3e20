/**
 * MetaQA helpers for the retrieval benchmark: the typed reading of kb.txt, the dev questions with
 * their qtype chains, and the gold pattern a person would write for each question.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PlanEdge, PlanNode, PlanningGraph } from '../../src/core/plan/planningGraph';
import type { GraphSnapshot } from '../../src/core/retrieve/snapshot/snapshot';

/** Types of kb.txt per TEAM.md: heads are movies, tails typed by relation. */
export const TAIL_LABEL: Readonly<Record<string, string>> = {
  directed_by: 'Person',
  written_by: 'Person',
  starred_actors: 'Person',
  release_year: 'Year',
  in_language: 'Language',
  has_genre: 'Genre',
  has_tags: 'Tag',
  has_imdb_rating: 'Rating',
  has_imdb_votes: 'Votes',
};

export function metaqaLabel(relation: string, role: 'head' | 'tail'): string {
  return role === 'head' ? 'Movie' : TAIL_LABEL[relation] ?? 'Entity';
}

export function* readKb(path: string): Iterable<[string, string, string]> {
  const text = readFileSync(path, 'utf8');
  const seen = new Set<string>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    const parts = line.split('|');
    if (parts.length !== 3) continue;
    // kb.txt repeats a few triples; the store keeps one edge per (head, relation, tail).
    if (seen.has(line)) continue;
    seen.add(line);
    yield [parts[0]!, parts[1]!, parts[2]!];
  }
}

/** qtype token → (category, KB relation to/from a movie, phrase a person would write). */
const TOKENS: Readonly<Record<string, { label: string; relation?: string; phrase: string; fromPhrase?: string }>> = {
  movie: { label: 'Movie', phrase: '' },
  director: { label: 'Person', relation: 'directed_by', phrase: 'director of' },
  actor: { label: 'Person', relation: 'starred_actors', phrase: 'actor of', fromPhrase: 'starred in' },
  writer: { label: 'Person', relation: 'written_by', phrase: 'writer of' },
  year: { label: 'Year', relation: 'release_year', phrase: 'released in' },
  genre: { label: 'Genre', relation: 'has_genre', phrase: 'genre of' },
  tags: { label: 'Tag', relation: 'has_tags', phrase: 'has tag' },
  tag: { label: 'Tag', relation: 'has_tags', phrase: 'has tag' },
  language: { label: 'Language', relation: 'in_language', phrase: 'language of' },
  imdbrating: { label: 'Rating', relation: 'has_imdb_rating', phrase: 'imdb rating' },
  imdbvotes: { label: 'Votes', relation: 'has_imdb_votes', phrase: 'imdb votes' },
};

export interface Question {
  readonly line: number;
  readonly text: string;
  readonly topic: string;
  readonly answers: readonly string[];
  readonly chain: readonly string[];
}

export function loadQuestions(dir: string, hop: number): Question[] {
  const qs = readFileSync(join(dir, `qa_dev_${hop}hop.txt`), 'utf8').split('\n');
  const types = readFileSync(join(dir, `qa_dev_qtype_${hop}hop.txt`), 'utf8').split('\n');
  const out: Question[] = [];
  qs.forEach((line, i) => {
    if (!line) return;
    const [text, ans] = line.split('\t');
    const m = /\[([^\]]+)\]/.exec(text ?? '');
    const qtype = types[i];
    if (!text || !ans || !m || !qtype) return;
    out.push({ line: i + 1, text, topic: m[1]!, answers: ans.split('|'), chain: qtype.trim().split('_to_') });
  });
  return out;
}

/** Seeded sample without replacement (Fisher–Yates prefix), in the file's order. */
export function sample<T extends { line: number }>(items: readonly T[], n: number, seed: number): T[] {
  const a = [...items];
  let s = seed >>> 0;
  const rand = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), s | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const k = Math.min(n, a.length);
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (a.length - i));
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
  return a.slice(0, k).sort((x, y) => x.line - y.line);
}

/**
 * The gold pattern for a question: the topic entity (soft text, typed), one unknown typed node per
 * further chain step, relation phrases as people write them ("director of", "starred in"), the
 * last node the target. `typed: false` drops every category (SimGRAG's untyped patterns);
 * `phraseFor` picks each relation's phrase (e.g. at random from the paraphrase set); `injective:
 * false` matches paths the way MetaQA defines its answers (the middle film may be the topic film).
 */
export function goldPattern(q: Question, typed = true, phraseFor?: (relation: string) => string, injective = true): PlanningGraph {
  const nodes: PlanNode[] = q.chain.map((tok, i) => {
    const t = TOKENS[tok];
    if (!t) throw new Error(`unknown qtype token ${tok}`);
    return { id: `n${i}`, ...(typed ? { category: t.label } : {}), ...(i === 0 ? { text: { kind: 'soft' as const, value: q.topic } } : {}) };
  });
  const edges: PlanEdge[] = [];
  for (let i = 0; i + 1 < q.chain.length; i++) {
    const a = q.chain[i]!;
    const b = q.chain[i + 1]!;
    const other = a === 'movie' ? b : a;
    const t = TOKENS[other]!;
    const phrase = phraseFor ? phraseFor(t.relation!) : a !== 'movie' && t.fromPhrase ? t.fromPhrase : t.phrase;
    edges.push({ id: `e${i}`, source: `n${i}`, target: `n${i + 1}`, directed: false, relation: { kind: 'phrase', value: phrase } }); // undirected, as SimGRAG matches
  }
  return {
    name: `q${q.line}`,
    question: q.text,
    nodes,
    edges,
    targets: [`n${q.chain.length - 1}`],
    expect: q.answers,
    strategy: { kind: 'gsd', k: 3, nodeCandidates: 16, relationCandidates: 16, ...(injective ? {} : { injective: false }) },
  };
}

/** The KB relation chain of a question (for reachability and Cypher). */
export function chainRelations(q: Question): { relations: string[]; labels: string[] } {
  const relations: string[] = [];
  for (let i = 0; i + 1 < q.chain.length; i++) {
    const a = q.chain[i]!;
    const b = q.chain[i + 1]!;
    relations.push(TOKENS[a === 'movie' ? b : a]!.relation!);
  }
  return { relations, labels: q.chain.map((t) => TOKENS[t]!.label) };
}

/**
 * The answers this KB copy reaches by following the exact chain from the topic (kb.txt is a ≈96%
 * rebuild): questions reaching no gold answer are skipped, as data/README.md asks.
 */
export function reachableAnswers(snap: GraphSnapshot, q: Question): string[] {
  const { relations, labels } = chainRelations(q);
  const d = snap.data;
  const topicLabel = snap.labelId(labels[0]!);
  let frontier = new Set(snap.nodesNamed(q.topic).filter((i) => d.nodeLabel[i] === topicLabel));
  if (frontier.size === 0) return [];
  relations.forEach((rel, step) => {
    const r = snap.relationId(rel);
    const want = snap.labelId(labels[step + 1]!);
    const next = new Set<number>();
    for (const v of frontier) {
      for (let j = d.outOffsets[v]!; j < d.outOffsets[v + 1]!; j++) if (d.outRels[j] === r && d.nodeLabel[d.outTargets[j]!] === want) next.add(d.outTargets[j]!);
      for (let j = d.inOffsets[v]!; j < d.inOffsets[v + 1]!; j++) if (d.inRels[j] === r && d.nodeLabel[d.inSources[j]!] === want) next.add(d.inSources[j]!);
    }
    frontier = next;
  });
  const topic = new Set(snap.nodesNamed(q.topic));
  return [...new Set([...frontier].filter((v) => !topic.has(v)).map((v) => d.names.get(v)))];
}

/**
 * The answers reachable by an injective walk of the chain (no KB node twice), i.e. by a subgraph
 * SimGRAG's isomorphic matching can return. MetaQA's gold sometimes needs the topic film itself as
 * the middle film of a 3-hop chain (its own language, say, when the other films lack one here).
 */
export function injectiveAnswers(snap: GraphSnapshot, q: Question): string[] {
  return [...injectivePathCounts(snap, q).keys()];
}

/** Each answer an injective walk of the chain reaches, with the number of walks that reach it. */
export function injectivePathCounts(snap: GraphSnapshot, q: Question): Map<string, number> {
  const { relations, labels } = chainRelations(q);
  const d = snap.data;
  const topicLabel = snap.labelId(labels[0]!);
  const rels = relations.map((r) => snap.relationId(r));
  const want = labels.map((l) => snap.labelId(l));
  const out = new Map<string, number>();
  const path: number[] = [];
  const walk = (v: number, step: number): void => {
    if (step === rels.length) {
      out.set(d.names.get(v), (out.get(d.names.get(v)) ?? 0) + 1);
      return;
    }
    const visit = (u: number): void => {
      if (d.nodeLabel[u] !== want[step + 1] || path.includes(u)) return;
      path.push(u);
      walk(u, step + 1);
      path.pop();
    };
    for (let j = d.outOffsets[v]!; j < d.outOffsets[v + 1]!; j++) if (d.outRels[j] === rels[step]) visit(d.outTargets[j]!);
    for (let j = d.inOffsets[v]!; j < d.inOffsets[v + 1]!; j++) if (d.inRels[j] === rels[step]) visit(d.inSources[j]!);
  };
  for (const t of snap.nodesNamed(q.topic)) {
    if (d.nodeLabel[t] !== topicLabel) continue;
    path.push(t);
    walk(t, 0);
    path.pop();
  }
  return out;
}

/**
 * What an oracle knowing the exact relation chain scores, summed over the questions: picking
 * uniformly among the answers an injective match reaches (chance) or among those the most
 * matches reach (mostPaths); and the questions where every such answer is gold (unambiguous).
 */
export function oracleScores(snap: GraphSnapshot, questions: readonly Question[]): { chance: number; mostPaths: number; unambiguous: Set<number> } {
  let chance = 0;
  let mostPaths = 0;
  const unambiguous = new Set<number>();
  for (const q of questions) {
    const paths = injectivePathCounts(snap, q);
    const inj = [...paths.keys()];
    if (inj.length === 0) continue;
    const gold = inj.filter((a) => q.answers.includes(a)).length;
    chance += gold / inj.length;
    const most = Math.max(...paths.values());
    const best = inj.filter((a) => paths.get(a) === most);
    mostPaths += best.filter((a) => q.answers.includes(a)).length / best.length;
    if (gold === inj.length) unambiguous.add(q.line);
  }
  return { chance, mostPaths, unambiguous };
}
