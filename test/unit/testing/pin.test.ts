import { test } from 'node:test';
import assert from 'node:assert/strict';
import { graphInUseOf, pinnedFolder, pinVerdict } from '../../../src/core/testing';

const PLAN = '/work/plans/movies.kgp';

test('pinVerdict: unpinned tests always run', () => {
  assert.deepEqual(pinVerdict(undefined, PLAN, { kind: 'embedded', folder: '/anything' }), { kind: 'run' });
});

test('pinVerdict: a folder pin is relative to the plan file and must be the folder in use', () => {
  assert.equal(pinnedFolder('../data/db', PLAN), '/work/data/db');
  assert.deepEqual(pinVerdict('../data/db', PLAN, { kind: 'embedded', folder: '/work/data/db/' }), { kind: 'run' });
  const other = pinVerdict('../data/db', PLAN, { kind: 'embedded', folder: '/work/other/db2' });
  assert.equal(other.kind, 'skip');
  assert.match(other.kind === 'skip' ? other.reason : '', /pinned to graph "\.\.\/data\/db", not the graph in use \(\/work\/other\/db2\)/);
});

test('pinVerdict: a name pin matches the database folder name or the Neo4j database', () => {
  assert.equal(pinVerdict('movies', PLAN, { kind: 'embedded', folder: '/srv/graphs/movies' }).kind, 'run');
  assert.equal(pinVerdict('movies', PLAN, { kind: 'embedded', folder: '/srv/graphs/films' }).kind, 'skip');
  assert.equal(pinVerdict('movies', PLAN, { kind: 'neo4j', uri: 'bolt://h:7687', database: 'movies' }).kind, 'run');
  assert.equal(pinVerdict('neo4j', PLAN, { kind: 'neo4j', uri: 'bolt://h:7687' }).kind, 'run');
  assert.equal(pinVerdict('movies', PLAN, { kind: 'neo4j', uri: 'bolt://h:7687' }).kind, 'skip');
});

test('graphInUseOf: the store spec the CLI or the editor opened, as pins compare with it', () => {
  assert.deepEqual(graphInUseOf({ kind: 'embedded', folder: '/work/data/db/' }), { kind: 'embedded', folder: '/work/data/db' });
  assert.deepEqual(graphInUseOf({ kind: 'neo4j', uri: 'bolt://h:7687', user: 'neo4j', database: 'movies' }), { kind: 'neo4j', uri: 'bolt://h:7687', database: 'movies' });
});
