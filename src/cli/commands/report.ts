import { statSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { emptyReportInput, readReportInput, reportHtml, reportItemCount } from '../../core/report';
import { EXIT, UsageError, readInputFile, type CliIO } from '../io';
import { parseFlags } from './storeFlags';

const USAGE = 'usage: kgrag report <results.json|test-run.jsonl|baseline.json|why-not.jsonl…> --out report.html [--title "…"]';

/**
 * `kgrag report`: one self-contained HTML file (no script, no network, a strict CSP) from the JSON
 * kgrag writes: `run --json` results (several of one plan are compared side by side), `test --json`
 * runs (with a `--baseline` comparison), baselines and `why-not --json` results. Exit 0 when every
 * input was read, 1 when some line was not understood (the report is still written), 2 bad usage.
 */
export async function report(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({ args: [...args], allowPositionals: true, options: { out: { type: 'string' }, title: { type: 'string' } } });
  if (positionals.length === 0) throw new UsageError(`expected one or more JSON files\n${USAGE}`);
  if (values.out === undefined) throw new UsageError(`--out <file.html> is required\n${USAGE}`);
  const out = resolve(io.cwd, values.out);
  // Writing the report over one of its inputs would destroy the data it shows (a hard link or a
  // symbolic link to an input is the same file): compare what the paths lead to, not their text.
  const target = statSync(out, { throwIfNoEntry: false });
  if (target !== undefined) {
    for (const f of positionals) {
      const input = statSync(resolve(io.cwd, f), { throwIfNoEntry: false });
      if (input !== undefined && input.dev === target.dev && input.ino === target.ino) throw new UsageError(`--out ${values.out} is the input ${f}: the report would overwrite it; choose another output file`);
    }
  }
  let input = emptyReportInput();
  let problems = 0;
  for (const f of positionals) {
    const text = readInputFile(resolve(io.cwd, f), 'results');
    const read = readReportInput(text, input);
    const added = reportItemCount(read.input) - reportItemCount(input);
    input = read.input;
    for (const p of read.problems) io.err(`${f}:${p.line}: ${p.message}`);
    problems += read.problems.length;
    // A file that adds nothing (empty, `[]`, only lines it could not read) must not pass as reported.
    if (added === 0) {
      if (read.problems.length === 0) io.err(`${f}: holds nothing a report can show (run --json results, test --json lines, a baseline, a comparison or why-not --json lines)`);
      problems++;
    }
  }
  writeFileSync(out, reportHtml(input, values.title !== undefined ? { title: values.title } : {}));
  io.out(`report written to ${values.out}: ${input.results.length} result(s), ${input.tests.length} test(s), ${input.comparisons.length} comparison(s), ${input.whyNots.length} why-not, ${input.baselines.length} baseline(s)`);
  return problems > 0 ? EXIT.findings : EXIT.ok;
}
