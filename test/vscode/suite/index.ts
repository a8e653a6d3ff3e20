// Entry point VS Code loads into the extension host (the workbench URL's `extensionTestsPath`).
// It runs every *.test.js that scripts/build.mjs bundled next to this file (one bundle per
// test/vscode/suite/*.test.ts), so adding a test file is all it takes to add tests.
//
// Both mocha interfaces are available: `suite`/`test` (tdd) and `describe`/`it` (bdd).
// Reporter output lines carry SUITE_LINE so test/vscode/run.mjs can show them apart from the
// workbench's own log; the last line is RESULT_PREFIX + JSON counts, which the runner parses.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import Mocha from 'mocha';
import * as vscode from 'vscode';

export const SUITE_LINE = '\u27e6suite\u27e7 ';
export const RESULT_PREFIX = 'KGRAG_SUITE_RESULT ';

export interface SuiteResult {
  readonly vscodeVersion: string;
  readonly passed: number;
  readonly failed: number;
  readonly pending: number;
  readonly files: readonly string[];
  readonly failures: readonly { readonly title: string; readonly message: string }[];
}

function say(...args: unknown[]): void {
  for (const line of format(...args).split('\n')) console.log(SUITE_LINE + line);
}

export function run(): Promise<void> {
  Mocha.reporters.Base.consoleLog = say;
  Mocha.reporters.Base.useColors = false;
  const mocha = new Mocha({
    ui: 'bdd',
    reporter: 'spec',
    color: false,
    // Generous per test: the language server starts cold on the first test of a run.
    timeout: Number(process.env.KGRAG_TEST_TIMEOUT_MS ?? 30_000),
    slow: 5_000,
  });
  Mocha.interfaces.tdd(mocha.suite); // `suite`/`test` next to `describe`/`it`
  const grep = process.env.KGRAG_TEST_GREP;
  if (grep) mocha.grep(grep);

  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.test.js'))
    .sort();
  for (const f of files) mocha.addFile(join(__dirname, f));

  return new Promise<void>((resolve, reject) => {
    const failures: { title: string; message: string }[] = [];
    let passed = 0;
    let pending = 0;
    let runner: Mocha.Runner;
    try {
      runner = mocha.run(() => {
        const result: SuiteResult = { vscodeVersion: vscode.version, passed, failed: failures.length, pending, files, failures };
        console.log(SUITE_LINE + RESULT_PREFIX + JSON.stringify(result));
        if (failures.length > 0) reject(new Error(`${failures.length} test(s) failed`));
        else if (files.length === 0) reject(new Error('no *.test.js next to the suite index: did the build run?'));
        else resolve();
      });
    } catch (err) {
      reject(err instanceof Error ? err : new Error(String(err)));
      return;
    }
    runner.on('pass', () => { passed += 1; });
    runner.on('pending', () => { pending += 1; });
    runner.on('fail', (t, err: unknown) => {
      failures.push({ title: t.fullTitle(), message: err instanceof Error ? err.message : String(err) });
    });
  });
}
