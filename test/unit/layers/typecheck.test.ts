// The layer rules hold by the compiler, not by convention: in a temporary copy of the tree, a core
// file that imports the VS Code API and a webview file that imports Node each make
// `npm run typecheck` (scripts/typecheck.mjs, one TypeScript project per layer) fail, naming the
// file and the rule; the real tree passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { appendFileSync, cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../..');

/** `layers`: only those projects (the planted copy checks the three the rules are about: a cold run of all seven costs ~40 s of CPU). */
function typecheck(cwd: string, layers: readonly string[] = []): { status: number | null; out: string } {
  const r = spawnSync(process.execPath, [join(cwd, 'scripts/typecheck.mjs'), ...layers], { cwd, encoding: 'utf8', timeout: 15 * 60_000 });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

test('a forbidden import in core or in the webview fails npm run typecheck; the real tree passes', () => {
  const copy = mkdtempSync(join(tmpdir(), 'kgrag-layers-'));
  try {
    for (const d of ['src', 'webview', 'tsconfig', 'scripts', 'test', 'schemas']) cpSync(join(ROOT, d), join(copy, d), { recursive: true, filter: (p) => !p.includes(`${join(ROOT, 'test', 'vscode')}`) });
    symlinkSync(join(ROOT, 'node_modules'), join(copy, 'node_modules'), 'dir');
    appendFileSync(join(copy, 'src/core/editDistance.ts'), "\nimport * as vscode from 'vscode';\nexport const planted = vscode;\n");
    appendFileSync(join(copy, 'webview/model/format.ts'), "\nimport { readFileSync } from 'node:fs';\nexport const planted = readFileSync;\n");
    const planted = typecheck(copy, ['core', 'webview', 'extension']);
    assert.equal(planted.status, 1, planted.out);
    assert.match(planted.out, /FAIL core/);
    assert.match(planted.out, /\[core\] .*src\/core\/editDistance\.ts\(\d+,\d+\): error TS2306: File '.*tsconfig\/forbidden\/vscode\.d\.ts' is not a module/);
    assert.match(planted.out, /FAIL webview/);
    assert.match(planted.out, /\[webview\] .*webview\/model\/format\.ts\(\d+,\d+\): error TS2307: Cannot find module 'node:fs'/);
    // The rules are per layer: the extension may use both.
    assert.match(planted.out, /ok {3}extension/);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
  const real = typecheck(ROOT);
  assert.equal(real.status, 0, real.out);
  assert.match(real.out, /typecheck: 7\/7 projects clean/);
});
