import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

// The front doors (the CLI, the extension, the language server) reach src/core only through its
// public entry points: `core/<area>` — a folder's index.ts barrel or a single-file root module
// (core/text, core/diagnostics, …). A path with more than one segment after `core/` is a deep import.
const ROOT = resolve(__dirname, '../../..');
const FRONT_DOORS = ['src/cli', 'src/extension', 'src/server'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : []));
}

// Module specifiers in `from '…'`, `import '…'`, `import('…')` and `require('…')`.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*|\brequire\s*\(\s*)(['"])([^'"]+)\1/g;

/** Deep imports of core in one file's text: 1-based line and the specifier. */
export function deepCoreImports(text: string): { line: number; specifier: string }[] {
  const found: { line: number; specifier: string }[] = [];
  text.split('\n').forEach((l, i) => {
    for (const m of l.matchAll(SPECIFIER)) {
      const spec = m[2]!;
      const after = /(?:^|\/)core\/(.+)$/.exec(spec);
      if (after && after[1]!.replace(/\/$/, '').includes('/')) found.push({ line: i + 1, specifier: spec });
    }
  });
  return found;
}

test('the scanner flags deep core imports and lets barrels and root modules through', () => {
  const sample = [
    "import { openStore } from '../../core/graph/openStore';",
    "import { openStore as o } from '../../core/graph';",
    "import type { Range } from '../core/text';",
    "  const m = await import('../core/retrieve/mor/rerank');",
    "export { checkFile } from \"../core/check/checkFile\";",
  ].join('\n');
  assert.deepEqual(deepCoreImports(sample), [
    { line: 1, specifier: '../../core/graph/openStore' },
    { line: 4, specifier: '../core/retrieve/mor/rerank' },
    { line: 5, specifier: '../core/check/checkFile' },
  ]);
});

test('src/cli, src/extension and src/server import core only through core/<area>', () => {
  const offences: string[] = [];
  for (const door of FRONT_DOORS) {
    for (const f of files(join(ROOT, door))) {
      for (const d of deepCoreImports(readFileSync(f, 'utf8'))) offences.push(`${relative(ROOT, f)}:${d.line} imports ${d.specifier}`);
    }
  }
  assert.deepEqual(offences, [], `deep imports of core (use the area's index.ts barrel):\n${offences.join('\n')}`);
});
