// Editor features run on every keystroke, on text that is mostly broken: none may throw. Mutated
// versions of real plans (examples/ and the editor fixtures) are fed to every feature at random
// cursor positions; a seeded generator keeps failures reproducible.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import {
  analyse,
  complete,
  definition,
  foldingRegions,
  hover,
  occurrences,
  outline,
  renameTarget,
  renameVariable,
} from '../../../src/core/language';
import { moviesSchema } from './helpers';

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ['(', ')', '[', ']', '{', '}', '-', '->', '<-', ':', '"', '`', ',', '=', '/*', '//', '\n', ' ', 'plan', 'match', 'return', 'using', 'schema', 'gsd(', 'x', 'Movie', '\\', '😀', '\r\n'];

function mutate(text: string, r: () => number): string {
  let out = text;
  const n = 1 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const at = Math.floor(r() * (out.length + 1));
    const op = r();
    if (op < 0.4) out = out.slice(0, at) + PIECES[Math.floor(r() * PIECES.length)]! + out.slice(at);
    else if (op < 0.8) out = out.slice(0, at) + out.slice(at + 1 + Math.floor(r() * 8));
    else out = out.slice(0, at); // cut: a file being typed
  }
  return out;
}

describe('editor features on broken text', () => {
  const root = resolve(__dirname, '../../..');
  const sources = [
    ...readdirSync(join(root, 'examples')).filter((f) => f.endsWith('.kgp')).map((f) => join(root, 'examples', f)),
    join(root, 'test/fixtures/workspace/editor/plans.kgp'),
  ].map((p) => readFileSync(p, 'utf8'));
  const schema = moviesSchema();

  it('never throw (2,000 mutated files, 6 cursor positions each)', () => {
    assert.ok(sources.length >= 2);
    const r = rng(20261121);
    let calls = 0;
    for (let i = 0; i < 2000; i++) {
      const text = mutate(sources[i % sources.length]!, r);
      try {
        const a = analyse(text);
        outline(a.parse.document);
        foldingRegions(a.parse.document, text);
        for (let k = 0; k < 6; k++) {
          const offset = Math.floor(r() * (text.length + 1));
          complete(a, offset, k % 2 === 0 ? schema : undefined, { schemaFiles: () => ['a.kgschema.json'] });
          hover(a, offset, schema);
          definition(a, offset);
          occurrences(a, offset);
          renameTarget(a, offset);
          renameVariable(a, offset, 'renamed');
          calls += 6;
        }
      } catch (e) {
        assert.fail(`input ${i} threw ${e instanceof Error ? e.stack : String(e)}\n--- text ---\n${text}`);
      }
    }
    assert.ok(calls > 60_000);
  });
});
