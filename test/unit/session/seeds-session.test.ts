import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { sampleSession } from '../../support/sampleSession';

const root = resolve(__dirname, '../../..');
const sessionOf = sampleSession('kgrag-seeds-session-');

const triples = readFileSync(join(root, 'samples/movies/movies.triples.txt'), 'utf8').split('\n').map((l) => l.split('|'));

test('sage constrained (SPARK) expands on the real embedded store through its parameterised expand query', async () => {
  const [plan] = toPlanningGraphs(parseDocument(`plan kismet_cast {
  question "who starred in Kismet"
  match (m: Movie "Kismet") -[starred actors]- (a: Person)
  return a
  using sage(constrained: true, kPrime: 50)
}`).document);
  const r = await sessionOf().run(plan!, {});
  assert.equal(r.strategy, 'sage');
  assert.equal(r.stats.storeExpansion, 1);
  assert.deepEqual(r.sage!.allowedTypes, ['starred_actors']);
  assert.ok(r.sage!.candidates.length > 0 && r.sage!.candidates.every((c) => c.edgeType === 'starred_actors'));
  const cast = new Set(triples.filter((t) => t[0] === 'Kismet' && t[1] === 'starred_actors').map((t) => t[2]));
  assert.ok(r.sage!.candidates.filter((c) => c.kept).some((c) => cast.has(c.name)));
});

test('stem through the session: a breadth plan returns every director of the film', async () => {
  const [plan] = toPlanningGraphs(parseDocument(`plan kismet_directors {
  match (m: Movie "Kismet") -[:directed_by]- (d: Person)
  return d
  using stem(mode: "breadth", beam: 1)
}`).document);
  const r = await sessionOf().run(plan!, {});
  const directors = [...new Set(triples.filter((t) => t[0] === 'Kismet' && t[1] === 'directed_by').map((t) => t[2]))].sort();
  assert.deepEqual(r.answers.map((a) => a.value).sort(), directors);
  assert.equal(r.stem!.beams.length, 1);
});
