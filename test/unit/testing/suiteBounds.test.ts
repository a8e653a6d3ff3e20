// Every wait in the VS Code suite must be able to run out inside the test around it. A `waitFor`
// whose bound is longer than its test's mocha timeout never gets to say what it waited for: mocha
// cuts the test first with "Timeout of 30000ms exceeded" (CI stop 46: a 60 s first-render wait in
// a test left at mocha's 30 s default). This reads the suite's sources with the TypeScript parser
// and checks each test and hook: its longest single wait, helpers it calls included, plus a margin,
// fits in its bound (its own `this.timeout`, else its suite's, else the runner's default).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';

const SUITE = resolve(__dirname, '../../vscode/suite');
/** Time a test needs after its longest wait has run out: to fail with the wait's own message. */
const MARGIN_MS = 5_000;

interface Finding { readonly file: string; readonly line: number; readonly what: string; readonly waitMs: number; readonly boundMs: number }

/** The waits a call makes by itself: `waitFor(what, probe, ms = 15 s)`, `waitForDiagnostics(uri, what, ok, ms = 20 s)`. */
const WAITS: Readonly<Record<string, { readonly arg: number; readonly defaultMs: number }>> = {
  waitFor: { arg: 2, defaultMs: 15_000 },
  waitForDiagnostics: { arg: 3, defaultMs: 20_000 },
};
const HOOKS = new Set(['suiteSetup', 'suiteTeardown', 'setup', 'teardown']);

function parse(file: string, text: string): ts.SourceFile {
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Numbers the file (and helpers.ts) name at top level: `const X = 60_000`. */
function constants(sources: readonly ts.SourceFile[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const sf of sources) {
    for (const st of sf.statements) {
      if (!ts.isVariableStatement(st)) continue;
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer) {
          const v = evaluate(d.initializer, out);
          if (v !== undefined) out.set(d.name.text, v);
        }
      }
    }
  }
  return out;
}

function evaluate(e: ts.Expression, names: ReadonlyMap<string, number>): number | undefined {
  if (ts.isNumericLiteral(e)) return Number(e.text);
  if (ts.isParenthesizedExpression(e)) return evaluate(e.expression, names);
  if (ts.isConditionalExpression(e)) {
    // A bound that depends on a condition: the longer one is what the test must allow.
    const a = evaluate(e.whenTrue, names), b = evaluate(e.whenFalse, names);
    return a === undefined || b === undefined ? undefined : Math.max(a, b);
  }
  if (ts.isIdentifier(e)) return names.get(e.text);
  if (ts.isBinaryExpression(e)) {
    const a = evaluate(e.left, names), b = evaluate(e.right, names);
    if (a === undefined || b === undefined) return undefined;
    switch (e.operatorToken.kind) {
      case ts.SyntaxKind.PlusToken: return a + b;
      case ts.SyntaxKind.MinusToken: return a - b;
      case ts.SyntaxKind.AsteriskToken: return a * b;
      default: return undefined;
    }
  }
  return undefined;
}

const calleeName = (c: ts.CallExpression): string | undefined => (ts.isIdentifier(c.expression) ? c.expression.text : undefined);

/** Top-level functions (declarations and `const f = (…) => …`) by name, helpers.ts's first so the file's own win. */
function functions(sources: readonly ts.SourceFile[]): Map<string, ts.Node> {
  const out = new Map<string, ts.Node>();
  for (const sf of sources) {
    for (const st of sf.statements) {
      if (ts.isFunctionDeclaration(st) && st.name && st.body) out.set(st.name.text, st.body);
      if (ts.isVariableStatement(st)) {
        for (const d of st.declarationList.declarations) {
          if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer))) out.set(d.name.text, d.initializer.body);
        }
      }
    }
  }
  return out;
}

/** The longest single wait under `node`, following calls into the given top-level functions. */
function longestWait(node: ts.Node, names: ReadonlyMap<string, number>, fns: ReadonlyMap<string, ts.Node>, seen: Set<string> = new Set()): number {
  let most = 0;
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === 'timeout' && ts.isObjectLiteralExpression(n.parent) && ts.isCallExpression(n.parent.parent)) {
      // Playwright's waits: `locator.waitFor({ timeout })`, `page.waitForFunction(f, arg, { timeout })`.
      const ms = evaluate(n.initializer, names);
      if (ms === undefined) throw new Error(`${node.getSourceFile().fileName}:${line(n)}: a wait whose bound is not a constant: ${n.initializer.getText()}`);
      most = Math.max(most, ms);
    }
    if (ts.isCallExpression(n)) {
      const name = calleeName(n);
      const wait = name === undefined ? undefined : WAITS[name];
      if (wait) {
        const arg = n.arguments[wait.arg];
        const ms = arg === undefined ? wait.defaultMs : evaluate(arg, names);
        if (ms === undefined) throw new Error(`${node.getSourceFile().fileName}:${line(n)}: a wait whose bound is not a constant: ${arg!.getText()}`);
        most = Math.max(most, ms);
      } else if (name !== undefined && fns.has(name) && !seen.has(name)) {
        seen.add(name);
        most = Math.max(most, longestWait(fns.get(name)!, names, fns, seen));
        seen.delete(name);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return most;
}

const line = (n: ts.Node): number => n.getSourceFile().getLineAndCharacterOfPosition(n.getStart()).line + 1;

/** `this.timeout(x)` as a statement of a callback's own body (not of nested callbacks). */
function ownTimeout(fn: ts.Node, names: ReadonlyMap<string, number>): number | undefined {
  if (!(ts.isFunctionExpression(fn) || ts.isArrowFunction(fn)) || !ts.isBlock(fn.body)) return undefined;
  for (const st of fn.body.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isCallExpression(st.expression)) continue;
    const c = st.expression;
    if (ts.isPropertyAccessExpression(c.expression) && c.expression.expression.kind === ts.SyntaxKind.ThisKeyword && c.expression.name.text === 'timeout' && c.arguments[0]) {
      return evaluate(c.arguments[0], names);
    }
  }
  return undefined;
}

/** Checks one suite file; `helpers` is helpers.ts's source (its constants and wait helpers). */
export function checkSuiteFile(file: string, text: string, helpers: string, defaultMs: number): Finding[] {
  const sf = parse(file, text);
  const hs = parse('helpers.ts', helpers);
  const names = constants([hs, sf]);
  const fns = functions([hs, sf]);
  const findings: Finding[] = [];
  const walk = (n: ts.Node, suiteBound: number): void => {
    if (ts.isCallExpression(n)) {
      const name = calleeName(n);
      const fn = n.arguments.at(-1);
      if (name === 'suite' && fn) {
        const bound = ownTimeout(fn, names) ?? suiteBound;
        ts.forEachChild(fn, (c) => walk(c, bound));
        return;
      }
      if ((name === 'test' || (name !== undefined && HOOKS.has(name))) && fn && (ts.isFunctionExpression(fn) || ts.isArrowFunction(fn))) {
        const bound = ownTimeout(fn, names) ?? suiteBound;
        const wait = longestWait(fn, names, fns);
        if (wait + MARGIN_MS > bound) {
          const what = name === 'test' && n.arguments[0] && ts.isStringLiteralLike(n.arguments[0]) ? `test '${n.arguments[0].text}'` : name;
          findings.push({ file, line: line(n), what, waitMs: wait, boundMs: bound });
        }
        return;
      }
    }
    ts.forEachChild(n, (c) => walk(c, suiteBound));
  };
  walk(sf, defaultMs);
  return findings;
}

/** A UI spec (test/vscode/ui): `test(name, fn, { timeoutMs })` with the harness's 60 s default. */
export function checkUiSpec(file: string, text: string, defaultMs: number): Finding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.JS);
  const names = constants([sf]);
  const fns = functions([sf]);
  const findings: Finding[] = [];
  const walk = (n: ts.Node): void => {
    if (ts.isCallExpression(n) && calleeName(n) === 'test' && n.arguments.length >= 2) {
      const fn = n.arguments[1]!;
      const options = n.arguments[2];
      let bound = defaultMs;
      if (options && ts.isObjectLiteralExpression(options)) {
        for (const p of options.properties) {
          if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'timeoutMs') bound = evaluate(p.initializer, names) ?? bound;
        }
      }
      const wait = longestWait(fn, names, fns);
      if (wait + MARGIN_MS > bound) {
        const title = n.arguments[0]!;
        findings.push({ file, line: line(n), what: ts.isStringLiteralLike(title) ? `test '${title.text}'` : 'test', waitMs: wait, boundMs: bound });
      }
      return;
    }
    ts.forEachChild(n, walk);
  };
  walk(sf);
  return findings;
}

const HELPERS = `export const FIRST_RENDER_MS = 60_000;
export async function waitFor(what, probe, timeoutMs = 15_000) {}
export function waitForDiagnostics(uri, what, ok, timeoutMs = 20_000) {}`;

test('the check finds a wait longer than its test (directly and through a helper), and passes one that fits', () => {
  const source = `
    async function inspect() { return waitFor('a render', () => 1, FIRST_RENDER_MS); }
    suite('a', () => {
      test('direct', async () => { await waitFor('x', () => 1, 120_000); });
      test('through a helper', async () => { await inspect(); });
      test('raised', async function () { this.timeout(FIRST_RENDER_MS + 30_000); await inspect(); });
      test('defaults fit', async () => { await waitFor('x', () => 1); await waitForDiagnostics(u, 'd', () => true); });
    });
    suite('b', function () {
      this.timeout(240_000);
      suiteSetup(async () => { await waitFor('y', () => 1, 180_000); });
      test('inherits', async () => { await waitFor('z', () => 1, 240_000); });
    });`;
  const found = checkSuiteFile('synthetic.test.ts', source, HELPERS, 30_000);
  assert.deepEqual(found.map((f) => [f.what, f.waitMs, f.boundMs]), [
    ["test 'direct'", 120_000, 30_000],
    ["test 'through a helper'", 60_000, 30_000],
    ["test 'inherits'", 240_000, 240_000],
  ]);
});

test('every wait in the VS Code suite fits inside its test, so a timeout says what it waited for', () => {
  const helpers = readFileSync(join(SUITE, 'helpers.ts'), 'utf8');
  const index = readFileSync(join(SUITE, 'index.ts'), 'utf8');
  const m = /KGRAG_TEST_TIMEOUT_MS \?\? ([\d_]+)/.exec(index);
  assert.ok(m, 'index.ts names the runner\'s default timeout');
  const defaultMs = Number(m[1]!.replaceAll('_', ''));
  const files = readdirSync(SUITE).filter((f) => f.endsWith('.test.ts'));
  assert.ok(files.length >= 20, `only ${files.length} suite files found in ${SUITE}`);
  const findings = files.flatMap((f) => checkSuiteFile(f, readFileSync(join(SUITE, f), 'utf8'), helpers, defaultMs));
  assert.deepEqual(findings.map((f) => `${f.file}:${f.line} ${f.what}: waits up to ${f.waitMs} ms, bound ${f.boundMs} ms`), []);
});

test('the UI check finds a Playwright wait longer than its test, and passes one that fits', () => {
  const source = `
    const SLOW = 120_000;
    async function open(page) { await page.locator('x').waitFor({ timeout: SLOW }); }
    test('long', async ({ page }) => { await page.locator('y').waitFor({ timeout: 300_000 }); }, { timeoutMs: 240_000 });
    test('helper', async ({ page }) => { await open(page); });
    test('fits', async ({ page }) => { await page.waitForFunction(() => 1, null, { timeout: n === 3 ? 50_000 : 5_000 }); }, { timeoutMs: 60_000 });
    test('raised', async ({ page }) => { await open(page); }, { timeoutMs: SLOW * 2 });`;
  const found = checkUiSpec('synthetic.spec.mjs', source, 60_000);
  assert.deepEqual(found.map((f) => [f.what, f.waitMs, f.boundMs]), [
    ["test 'long'", 300_000, 240_000],
    ["test 'helper'", 120_000, 60_000],
  ]);
});

test('every Playwright wait in the UI specs fits inside its test', () => {
  const ui = resolve(__dirname, '../../vscode/ui');
  const harness = readFileSync(resolve(__dirname, '../../vscode/harness/ui.mjs'), 'utf8');
  const m = /timeoutMs: options\.timeoutMs \?\? ([\d_]+)/.exec(harness);
  assert.ok(m, 'harness/ui.mjs names the default UI test timeout');
  const defaultMs = Number(m[1]!.replaceAll('_', ''));
  const files = readdirSync(ui).filter((f) => f.endsWith('.spec.mjs'));
  assert.ok(files.length >= 10, `only ${files.length} UI spec files found in ${ui}`);
  const findings = files.flatMap((f) => checkUiSpec(f, readFileSync(join(ui, f), 'utf8'), defaultMs));
  assert.deepEqual(findings.map((f) => `${f.file}:${f.line} ${f.what}: waits up to ${f.waitMs} ms, bound ${f.boundMs} ms`), []);
});
