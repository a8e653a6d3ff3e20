import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { graphInUseOf, pinnedFolder, pinVerdict, readFolderPins, testPin, type FolderPins } from '../../../src/core/testing';

const PLAN = '/work/plans/movies.kgp';
const directive = (graph: string) => testPin(graph, PLAN);

test('pinVerdict: unpinned tests always run', () => {
  assert.equal(testPin(undefined, PLAN), undefined);
  assert.deepEqual(pinVerdict(undefined, { kind: 'embedded', folder: '/anything' }), { kind: 'run' });
});

test('pinVerdict: a folder pin is relative to the plan file and must be the folder in use', () => {
  assert.equal(pinnedFolder(directive('../data/db')!), '/work/data/db');
  assert.deepEqual(pinVerdict(directive('../data/db'), { kind: 'embedded', folder: '/work/data/db/' }), { kind: 'run' });
  const other = pinVerdict(directive('../data/db'), { kind: 'embedded', folder: '/work/other/db2' });
  assert.equal(other.kind, 'skip');
  assert.match(other.kind === 'skip' ? other.reason : '', /^pinned to graph "\.\.\/data\/db", not the graph in use \(\/work\/other\/db2\)$/);
});

test('pinVerdict: a name pin matches the database folder name or the Neo4j database', () => {
  assert.equal(pinVerdict(directive('movies'), { kind: 'embedded', folder: '/srv/graphs/movies' }).kind, 'run');
  assert.equal(pinVerdict(directive('movies'), { kind: 'embedded', folder: '/srv/graphs/films' }).kind, 'skip');
  assert.equal(pinVerdict(directive('movies'), { kind: 'neo4j', uri: 'bolt://h:7687', database: 'movies' }).kind, 'run');
  assert.equal(pinVerdict(directive('neo4j'), { kind: 'neo4j', uri: 'bolt://h:7687' }).kind, 'run');
  assert.equal(pinVerdict(directive('movies'), { kind: 'neo4j', uri: 'bolt://h:7687' }).kind, 'skip');
});

test('graphInUseOf: the store spec the CLI or the editor opened, as pins compare with it', () => {
  assert.deepEqual(graphInUseOf({ kind: 'embedded', folder: '/work/data/db/' }), { kind: 'embedded', folder: '/work/data/db' });
  assert.deepEqual(graphInUseOf({ kind: 'neo4j', uri: 'bolt://h:7687', user: 'neo4j', database: 'movies' }), { kind: 'neo4j', uri: 'bolt://h:7687', database: 'movies' });
});

const pins: FolderPins = { workspaceFolder: '/ws', graphs: { '': 'everything', 'tests/movies': 'graphs/movies', 'tests/movies/old': 'movies-2019', 'tests/free': '' } };

test('testPin: the deepest folder of kgrag.testing.graphs holding the file pins it; folders resolve against the workspace folder', () => {
  const p = testPin(undefined, '/ws/tests/movies/a/b.kgp', pins)!;
  assert.deepEqual(p, { graph: 'graphs/movies', base: '/ws', source: { kind: 'setting', folder: 'tests/movies' } });
  assert.equal(pinnedFolder(p), '/ws/graphs/movies');
  assert.equal(testPin(undefined, '/ws/tests/movies/old/x.kgp', pins)!.graph, 'movies-2019');
  assert.equal(testPin(undefined, '/ws/other/x.kgp', pins)!.graph, 'everything');
  // A folder named like a prefix is not the folder.
  assert.equal(testPin(undefined, '/ws/tests/movies-extra/x.kgp', pins)!.graph, 'everything');
  // A blank graph un-pins a subfolder; files outside the workspace folder are not pinned by it.
  assert.equal(testPin(undefined, '/ws/tests/free/x.kgp', pins), undefined);
  assert.equal(testPin(undefined, '/elsewhere/x.kgp', pins), undefined);
});

test('testPin: the file\'s own graph line wins over the folder setting; the skip reason names where the pin came from', () => {
  assert.deepEqual(testPin('films', '/ws/tests/movies/a.kgp', pins)?.source, { kind: 'directive' });
  const folderPin = testPin(undefined, '/ws/tests/movies/a.kgp', pins);
  assert.equal(pinVerdict(folderPin, { kind: 'embedded', folder: '/ws/graphs/movies' }).kind, 'run');
  const skip = pinVerdict(folderPin, { kind: 'embedded', folder: '/ws/graphs/books' });
  assert.equal(skip.kind, 'skip');
  assert.equal(skip.kind === 'skip' ? skip.reason : '', 'pinned to graph "graphs/movies" (kgrag.testing.graphs for folder "tests/movies"), not the graph in use (/ws/graphs/books)');
});

const dir = mkdtempSync(join(tmpdir(), 'kgrag-folder-pins-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('readFolderPins: kgrag.testing.graphs from the nearest .vscode/settings.json above the plan file (JSON with comments)', () => {
  mkdirSync(join(dir, 'ws', '.vscode'), { recursive: true });
  mkdirSync(join(dir, 'ws', 'tests', 'movies'), { recursive: true });
  writeFileSync(join(dir, 'ws', '.vscode', 'settings.json'), '{\n  // pins\n  "kgrag.testing.graphs": { "tests/movies": "movies", },\n}\n');
  assert.deepEqual(readFolderPins(join(dir, 'ws', 'tests', 'movies', 'a.kgp')), { workspaceFolder: join(dir, 'ws'), graphs: { 'tests/movies': 'movies' } });
  // No settings file above: nothing pinned; settings without the key: nothing pinned.
  assert.equal(readFolderPins(join(dir, 'a.kgp')), undefined);
  writeFileSync(join(dir, 'ws', '.vscode', 'settings.json'), '{ "editor.tabSize": 2 }');
  assert.equal(readFolderPins(join(dir, 'ws', 'a.kgp')), undefined);
});

test('readFolderPins: a settings file that is not JSON, or a value of the wrong shape, is one clear line naming the file', () => {
  writeFileSync(join(dir, 'ws', '.vscode', 'settings.json'), '{ "kgrag.testing.graphs": ["movies"] }');
  assert.throws(() => readFolderPins(join(dir, 'ws', 'a.kgp')), (e: Error) => e.message.includes('settings.json: kgrag.testing.graphs must map folders') && !e.message.includes('\n'));
  writeFileSync(join(dir, 'ws', '.vscode', 'settings.json'), '{ "kgrag.testing.graphs": { "a": ');
  assert.throws(() => readFolderPins(join(dir, 'ws', 'a.kgp')), /settings\.json: not JSON \(/);
});
