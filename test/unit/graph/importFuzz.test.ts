// Fuzzing the import formats (issue 18): 10,000 mutated inputs per format through the readers and the
// graph builder (zero crashes, every bad line named by file and line, every kept name storable), then a
// sample of them imported into the real engine: each import either completes with exactly the graph
// it announced, or leaves the database exactly as it was — never half-imported.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../../support/prng';
import { addRecords, emptyGraph } from '../../../src/core/graph/import/graphBuilder';
import { readRecords } from '../../../src/core/graph/import/readers';
import type { ImportFormat } from '../../../src/core/graph/import/records';
import { METAQA_TYPING } from '../../../src/core/graph/import/typing';
import { isSafeIdentifier } from '../../../src/core/graph/identifiers';
import { importIntoFolder } from '../../../src/core/graph/import/stagedImport';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { tempDir } from './helpers';

const dir = tempDir('kgrag-import-fuzz-');
after(() => dir.remove());

const SEEDS: Readonly<Record<ImportFormat, string>> = {
  triples: "Heat|directed_by|Michael Mann\nHeat|starred_actors|Al Pacino\nThe Vow|it's|X\nAmélie|in_language|French\n",
  tsv: 'Heat\tdirected_by\tMichael Mann\nKismet\thas_genre\tComedy\n',
  csv: 'source,target,type\nHeat,Michael Mann,directed_by\n"Quote ""d""",Al,starred_actors\n',
  jsonl: '{"head": "Heat", "relation": "directed_by", "tail": "Michael Mann"}\n{"name": "Al", "label": "Person"}\n{"source": "Heat", "target": "Al", "type": "starred_actors"}\n',
};
const ATOMS = ['|', '\t', ',', '"', "'", '\\', '`', '\n', '\r\n', '{', '}', ':', '\u0000', '\u001f', 'DIRECTED_BY', 'Directed_By', 'Movie', 'name', 'é', '日本', '🎬', '\uFEFF', '\uD800', ' ', ''];
const FORMATS = Object.keys(SEEDS) as ImportFormat[];

function mutate(rand: () => number, seed: string): string {
  let s = seed;
  const edits = 1 + Math.floor(rand() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(rand() * (s.length + 1));
    const kind = rand();
    if (kind < 0.4) s = s.slice(0, at) + ATOMS[Math.floor(rand() * ATOMS.length)]! + s.slice(at);
    else if (kind < 0.6) s = s.slice(0, at) + s.slice(at + 1 + Math.floor(rand() * 8));
    else if (kind < 0.8) s = s.slice(0, at) + String.fromCharCode(Math.floor(rand() * 0x3000)) + s.slice(at);
    else s = s.slice(0, at) + s.slice(Math.floor(rand() * s.length)); // splice a tail back in
  }
  return s;
}

/** What the import would store: read + resolve, the pure half of prepareImport. */
function prepare(text: string, format: ImportFormat) {
  const read = readRecords(text, 'f', format);
  const bad = [...read.bad];
  const graph = emptyGraph();
  addRecords(graph, read.records, 'f', METAQA_TYPING, bad, 'nodes');
  addRecords(graph, read.records, 'f', METAQA_TYPING, bad, 'edges');
  return { graph, bad, lines: read.lines };
}

test('10,000 mutated inputs per format: no crash, bad lines named by line, every kept name storable', () => {
  for (const format of FORMATS) {
    const rand = mulberry32(18 + format.length);
    for (let i = 0; i < 10_000; i++) {
      const text = mutate(rand, SEEDS[format]);
      const { graph, bad } = prepare(text, format);
      for (const b of bad) assert.ok(Number.isInteger(b.line) && b.line >= 1 && b.file === 'f', `${format} #${i}: ${JSON.stringify(b)}`);
      const seen = new Map<string, string>();
      for (const name of [...graph.nodes.keys(), ...graph.edges.keys()]) {
        assert.ok(isSafeIdentifier(name), `${format} #${i}: unstorable name ${JSON.stringify(name)}`);
        const other = seen.get(name.toLowerCase());
        assert.ok(other === undefined, `${format} #${i}: ${JSON.stringify(name)} and ${JSON.stringify(other)} differ only in case`);
        seen.set(name.toLowerCase(), name);
      }
    }
  }
});

test('mutated inputs imported into the real engine: complete or untouched, never half-imported', async () => {
  const folder = join(dir.path, 'db');
  const seedFile = dir.file('seed.txt', SEEDS.triples);
  await importIntoFolder(folder, [{ path: seedFile }]);
  const counts = async (): Promise<{ nodes: number; edges: number }> => {
    const store = new EmbeddedStore({ folder, readOnly: true });
    try {
      await store.open();
      const schema = await store.schema();
      return { nodes: schema.labels.reduce((n, l) => n + (l.count ?? 0), 0), edges: schema.relationshipTypes.reduce((n, t) => n + (t.count ?? 0), 0) };
    } finally {
      await store.close();
    }
  };
  let before = await counts();
  const rand = mulberry32(1818);
  for (const format of FORMATS) {
    for (let i = 0; i < 2; i++) {
      const text = mutate(rand, SEEDS[format]);
      const path = join(dir.path, `m${i}.${format === 'triples' ? 'txt' : format}`);
      writeFileSync(path, text);
      let summary;
      try {
        summary = await importIntoFolder(folder, [{ path, format }]);
      } catch (e) {
        assert.deepEqual(await counts(), before, `${format} #${i} failed (${String(e)}) and must leave the database untouched`);
        continue;
      }
      const after = await counts();
      assert.deepEqual(after, { nodes: before.nodes + summary.nodesCreated, edges: before.edges + summary.edgesCreated }, `${format} #${i}: ${JSON.stringify(text)}`);
      before = after;
    }
  }
});
