// The webview renders database strings as text only: no HTML sinks anywhere in its source.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('webview source', () => {
  const sources = [...files(join(ROOT, 'webview')), ...files(join(ROOT, 'src', 'contracts'))];

  it('has files to check', () => assert.ok(sources.length >= 10));

  for (const sink of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', 'eval(', 'new Function', 'srcdoc', 'unsafeHTML']) {
    it(`never uses ${sink}`, () => {
      const hits = sources.filter((f) => readFileSync(f, 'utf8').includes(sink));
      assert.deepEqual(hits, []);
    });
  }
});
