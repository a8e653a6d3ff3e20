import assert from 'node:assert/strict';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import type { AskResult } from '../../../src/core/ask';

/** The planned result, or a failed assertion saying what came back instead. */
export function planned(r: AskResult): Extract<AskResult, { kind: 'planned' }> {
  assert.equal(r.kind, 'planned', r.kind !== 'planned' ? r.message : '');
  return r as Extract<AskResult, { kind: 'planned' }>;
}

/** The first candidate's status, chain and evidence: what a failed assertion about a choice shows. */
export const why = (r: ReturnType<typeof planned>): string => `${r.status} ${r.candidates[0]!.chain}\n${r.candidates[0]!.evidence.join('\n')}`;
/** Whether the first candidate's evidence quotes the word (the ranker read it). */
export const reads = (r: ReturnType<typeof planned>, word: string): boolean => r.candidates[0]!.evidence.some((e) => e.includes(`"${word}"`));

type Edge = { source: string; type: string; target: string };
type Node = { id: string; labels: string[]; name: string };
/** More of the same graph: nodes after the genres (`nodes`) and after the years (`lastNodes`), and each film's further edges after its year. */
type MoreOfEachFilm = { nodes?: readonly Node[]; lastNodes?: readonly Node[]; edgesOf?: (film: number) => readonly Edge[] };

/**
 * 40 films (`titles`) with 3 actors each, a writer and a director per four films, a genre and a
 * release year each; `extra` edges come first, in their order (the English-reading rounds' graph).
 */
export function fortyFilms(titles: readonly string[], id: string, extra: readonly Edge[] = [], more: MoreOfEachFilm = {}): Promise<GraphSnapshot> {
  const nodes: Node[] = [];
  const edges: Edge[] = [...extra];
  titles.forEach((name, i) => nodes.push({ id: `m${i}`, labels: ['Movie'], name }));
  for (let p = 0; p < 60; p++) nodes.push({ id: `p${p}`, labels: ['Person'], name: `Person ${String.fromCharCode(65 + (p % 26))}${String.fromCharCode(65 + Math.floor(p / 26))} Surname` });
  nodes.push({ id: 'g0', labels: ['Genre'], name: 'Comedy' }, { id: 'g1', labels: ['Genre'], name: 'Drama' });
  nodes.push(...(more.nodes ?? []));
  for (let y = 0; y < 8; y++) nodes.push({ id: `y${y}`, labels: ['Year'], name: String(1990 + y) });
  nodes.push(...(more.lastNodes ?? []));
  titles.forEach((_, i) => {
    for (let k = 0; k < 3; k++) edges.push({ source: `m${i}`, type: 'starred_actors', target: `p${(i * 3 + k) % 50}` });
    edges.push({ source: `m${i}`, type: 'written_by', target: `p${50 + Math.floor(i / 4)}` });
    edges.push({ source: `m${i}`, type: 'directed_by', target: `p${50 + ((Math.floor(i / 4) + 1) % 10)}` });
    edges.push({ source: `m${i}`, type: 'has_genre', target: `g${i % 2}` });
    edges.push({ source: `m${i}`, type: 'release_year', target: `y${i % 8}` });
    if (more.edgesOf) edges.push(...more.edgesOf(i));
  });
  return GraphSnapshot.fromRecords(nodes, edges, new HashingEmbedder({ dimension: 64 }), id);
}

/** Common words as tags: the later rounds' films carry two each. */
export const COMMON_TAGS = ['murder', 'heist', 'police', 'family', 'war', 'revenge', 'friendship', 'prison', 'island', 'river'];

/**
 * fortyFilms with words on each film: a language (English; every third film French) and two tags
 * of common words (film i: COMMON_TAGS[i mod 10] and [(i + 3) mod 10]); `moreOf` adds a film's further edges.
 */
export function fortyFilmsWithWords(titles: readonly string[], id: string, extraTags: readonly Node[] = [], moreOf: (film: number) => readonly Edge[] = () => []): Promise<GraphSnapshot> {
  return fortyFilms(titles, id, [], {
    nodes: [{ id: 'l0', labels: ['Language'], name: 'English' }, { id: 'l1', labels: ['Language'], name: 'French' }],
    lastNodes: [...COMMON_TAGS.map((name, t) => ({ id: `t${t}`, labels: ['Tag'], name })), ...extraTags],
    edgesOf: (i) => [
      { source: `m${i}`, type: 'in_language', target: `l${i % 3 === 2 ? 1 : 0}` },
      { source: `m${i}`, type: 'has_tags', target: `t${i % 10}` },
      { source: `m${i}`, type: 'has_tags', target: `t${(i + 3) % 10}` },
      ...moreOf(i),
    ],
  });
}

/**
 * A small movie graph written for these tests: two different films called "Crash" (ambiguity),
 * "New York" and "New York Stories" (overlapping names), people who both write and direct.
 */
export const NODES: readonly [id: string, label: string, name: string][] = [
  ['m1', 'Movie', 'Crash'],
  ['m2', 'Movie', 'Crash'],
  ['m3', 'Movie', 'New York Stories'],
  ['m4', 'Movie', 'Heat'],
  ['m5', 'Movie', 'Collateral'],
  ['m6', 'Movie', 'Ali'],
  ['m7', 'Movie', 'Videodrome'],
  ['p1', 'Person', 'David Cronenberg'],
  ['p2', 'Person', 'Paul Haggis'],
  ['p3', 'Person', 'Martin Scorsese'],
  ['p4', 'Person', 'Michael Mann'],
  ['p5', 'Person', 'Tom Cruise'],
  ['p6', 'Person', 'Will Smith'],
  ['p7', 'Person', 'Al Pacino'],
  ['c1', 'City', 'New York'],
  ['g1', 'Genre', 'Drama'],
  ['g2', 'Genre', 'Crime'],
  ['l1', 'Language', 'English'],
];

export const EDGES: readonly [string, string, string][] = [
  ['m1', 'directed_by', 'p1'],
  ['m1', 'written_by', 'p1'],
  ['m7', 'directed_by', 'p1'],
  ['m7', 'written_by', 'p1'],
  ['m2', 'directed_by', 'p2'],
  ['m2', 'written_by', 'p2'],
  ['m3', 'directed_by', 'p3'],
  ['m3', 'set_in', 'c1'],
  ['m4', 'directed_by', 'p4'],
  ['m4', 'written_by', 'p4'],
  ['m5', 'directed_by', 'p4'],
  ['m6', 'directed_by', 'p4'],
  ['m4', 'starred_actors', 'p7'],
  ['m5', 'starred_actors', 'p5'],
  ['m6', 'starred_actors', 'p6'],
  ['m1', 'has_genre', 'g1'],
  ['m2', 'has_genre', 'g1'],
  ['m4', 'has_genre', 'g2'],
  ['m5', 'has_genre', 'g2'],
  ['m6', 'has_genre', 'g1'],
  ['m7', 'has_genre', 'g1'],
  ['m1', 'in_language', 'l1'],
  ['m4', 'in_language', 'l1'],
];

export async function movieSnapshot(): Promise<GraphSnapshot> {
  return GraphSnapshot.fromRecords(
    NODES.map(([id, label, name]) => ({ id, labels: [label], name })),
    EDGES.map(([source, type, target]) => ({ source, type, target })),
    new HashingEmbedder({ dimension: 128 }),
    'ask-fixture',
  );
}

/** Two films by one director with genres, a language and a two-value rating scale written as names, and the tags given (members.test.ts, round11.test.ts). */
export function taggedFilms(tagNames: readonly string[], id: string): Promise<GraphSnapshot> {
  const nodes = [
    { id: 'm1', labels: ['Movie'], name: 'Heat' },
    { id: 'm2', labels: ['Movie'], name: 'Collateral' },
    { id: 'p1', labels: ['Person'], name: 'Michael Mann' },
    { id: 'g1', labels: ['Genre'], name: 'Crime' },
    { id: 'g2', labels: ['Genre'], name: 'Drama' },
    { id: 'l1', labels: ['Language'], name: 'English' },
    { id: 'r1', labels: ['Rating'], name: 'good' },
    { id: 'r2', labels: ['Rating'], name: 'bad' },
    ...tagNames.map((name, i) => ({ id: `t${i}`, labels: ['Tag'], name })),
  ];
  const edges = [
    { source: 'm1', type: 'directed_by', target: 'p1' },
    { source: 'm2', type: 'directed_by', target: 'p1' },
    { source: 'm1', type: 'has_genre', target: 'g1' },
    { source: 'm2', type: 'has_genre', target: 'g2' },
    { source: 'm1', type: 'in_language', target: 'l1' },
    { source: 'm2', type: 'in_language', target: 'l1' },
    { source: 'm1', type: 'has_imdb_rating', target: 'r1' },
    { source: 'm2', type: 'has_imdb_rating', target: 'r2' },
    ...tagNames.map((_, i) => ({ source: i % 2 ? 'm2' : 'm1', type: 'has_tags', target: `t${i}` })),
  ];
  return GraphSnapshot.fromRecords(nodes, edges, new HashingEmbedder({ dimension: 64 }), id);
}
