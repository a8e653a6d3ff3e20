// The .vsix leaves out @huggingface/transformers (docs/packaging.md). This bundles the real
// transformers embedder the way scripts/build.mjs does (the package external) into a folder where
// Node cannot resolve the package — as in an installed extension — and checks that choosing the
// embedder there fails with a message that says how to enable it, not a module-resolution crash.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';

test('transformers embedder without the optional package: clear error naming the install command and folder', async () => {
  const root = mkdtempSync(join(tmpdir(), 'kgrag-noxf-'));
  try {
    const extensionFolder = join(root, 'kgrag-studio.kg-rag-studio-0.1.0');
    const bundle = join(extensionFolder, 'dist', 'embed.js');
    await build({
      entryPoints: ['src/core/embed/transformers.ts'],
      outfile: bundle,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      logLevel: 'silent',
      mainFields: ['module', 'main'],
      external: ['@huggingface/transformers'],
    });
    const requireFromBundle = createRequire(bundle);
    assert.throws(() => requireFromBundle.resolve('@huggingface/transformers'), /Cannot find module/, 'the temp folder must not see the repo node_modules');
    const { TransformersEmbedder } = requireFromBundle(bundle) as { TransformersEmbedder: { load: (o: unknown) => Promise<unknown> } };
    await assert.rejects(
      TransformersEmbedder.load({ model: 'Xenova/all-MiniLM-L6-v2' }),
      (e: unknown) => {
        assert.ok(e instanceof Error);
        assert.equal(e.constructor.name, 'ModelLoadError');
        assert.match(e.message, /optional package @huggingface\/transformers/);
        assert.match(e.message, /npm install --no-save @huggingface\/transformers@4/);
        assert.ok(e.message.includes(extensionFolder), `names the extension folder: ${e.message}`);
        assert.doesNotMatch(e.message, /Cannot find module/);
        return true;
      },
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
