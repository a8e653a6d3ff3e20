// Rebuilds movies.triples.txt from MetaQA's kb.txt (CC BY 3.0, Zhang et al. 2018):
//   npx tsx samples/movies/build-sample.ts ../shared/data/metaqa/kb.txt
// The selection is deterministic: the seed movies with all their triples, then movies that share a
// director, writer or actor with them (most shared people first) with all their triples, until the budget.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SEED_MOVIES = ['The Vow', 'Kismet', 'Heat', 'The Matrix', 'Inception', 'Casablanca', 'Titanic', 'Pulp Fiction', 'The Dark Knight', 'Amélie'];
const PEOPLE_RELATIONS = new Set(['directed_by', 'written_by', 'starred_actors']);
const TRIPLE_BUDGET = 3_000;

function main(kbPath: string): void {
  const lines = readFileSync(kbPath, 'utf8').split('\n').filter((l) => l.split('|').length === 3);
  const byMovie = new Map<string, string[]>();
  const moviesOfPerson = new Map<string, Set<string>>();
  for (const l of lines) {
    const [h, r, t] = l.split('|') as [string, string, string];
    (byMovie.get(h) ?? byMovie.set(h, []).get(h)!).push(l);
    if (PEOPLE_RELATIONS.has(r)) (moviesOfPerson.get(t) ?? moviesOfPerson.set(t, new Set()).get(t)!).add(h);
  }
  const seeds = SEED_MOVIES.filter((m) => byMovie.has(m));
  const chosen = new Set(seeds);
  const out: string[] = seeds.flatMap((m) => byMovie.get(m)!);
  // Neighbour movies per seed, ranked by how many people they share with it; seeds take turns so each
  // keeps a neighbourhood.
  const ranked = seeds.map((seed) => {
    const shared = new Map<string, number>();
    for (const l of byMovie.get(seed)!) {
      const [, r, t] = l.split('|') as [string, string, string];
      if (!PEOPLE_RELATIONS.has(r)) continue;
      for (const m of moviesOfPerson.get(t) ?? []) if (m !== seed) shared.set(m, (shared.get(m) ?? 0) + 1);
    }
    return [...shared].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([m]) => m);
  });
  for (let round = 0; out.length < TRIPLE_BUDGET && ranked.some((r) => r.length > round); round++) {
    for (const list of ranked) {
      const m = list[round];
      if (m === undefined || chosen.has(m)) continue;
      const triples = byMovie.get(m)!;
      if (out.length + triples.length > TRIPLE_BUDGET) continue;
      chosen.add(m);
      out.push(...triples);
    }
  }
  writeFileSync(join(__dirname, 'movies.triples.txt'), out.join('\n') + '\n');
  console.log(`${out.length} triples, ${chosen.size} movies (${seeds.length} seeds: ${seeds.join(', ')})`);
}

main(process.argv[2] ?? join(__dirname, '../../../shared/data/metaqa/kb.txt'));
