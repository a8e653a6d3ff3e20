import { EXIT, UsageError, exitCodeFor, oneLine, processIO, terminalIO, type CliIO, type Command } from './io';
import { ask } from './commands/ask';
import { check } from './commands/check';
import { evalCommand } from './commands/eval';
import { importGraph as importCommand } from './commands/import';
import { indexCommand } from './commands/nameIndex';
import { query } from './commands/query';
import { schema } from './commands/schema';
import { report } from './commands/report';
import { run } from './commands/run';
import { test } from './commands/test';
import { whyNot } from './commands/whyNot';

const COMMANDS: Readonly<Record<string, { readonly run: Command; readonly summary: string }>> = {
  ask: { run: ask, summary: 'ask "<question>" | questions.jsonl --db <path> [--json] [--run] [--enumerate snapshot|store] [--placement memory|store|auto]   plan a question from the graph itself' },
  check: { run: check, summary: 'check <paths…> [--schema f | --db p] [--format json]   check .kgp and few-shot files' },
  eval: { run: evalCommand, summary: 'eval <set.jsonl|plans.kgp> (--db <path> | --neo4j <uri>) [--strategies gsd,mor,…] [--group-by field] [--out f] [--min hits1=0.9]   evaluate a question set' },
  import: { run: importCommand, summary: 'import <file> (--db <path> | --neo4j <uri>) [--format triples|tsv|csv|jsonl]   load a graph file (embedded databases)' },
  index: { run: indexCommand, summary: 'index [status|create] --neo4j <uri> [--vectors [--embedder e]] [--write] [--json]   Neo4j\'s full-text (or --vectors: vector) name indexes for store placement (create: a write, only with --write)' },
  query: { run: query, summary: 'query (--db <path> | --neo4j <uri>) [--explain|--profile] [--json] "<cypher>"   run Cypher' },
  schema: { run: schema, summary: 'schema (--db <path> | --neo4j <uri>) [--json]   show the graph schema' },
  report: { run: report, summary: 'report <results.json|test-run.jsonl|baseline.json…> --out report.html   one self-contained HTML report' },
  run: { run, summary: 'run <file> (--db <path> | --neo4j <uri>) [--plan n] [--strategy gsd|mor|cypher] [--mode run|explain|profile] [--k N] [--json]   retrieve' },
  test: { run: test, summary: 'test <files…> (--db <path> | --neo4j <uri>)   run plans with expect as tests' },
  'why-not': { run: whyNot, summary: 'why-not <file.kgp> [<name>…] (--db <path> | --neo4j <uri>) [--plan n] [--strategy s] [--json]   why an expected answer was not returned' },
};

function usage(): string {
  return ['usage: kgrag <command> [options]', '', ...Object.values(COMMANDS).map((c) => '  kgrag ' + c.summary)].join('\n');
}

export async function main(argv: readonly string[], raw: CliIO = processIO): Promise<number> {
  // Names from graphs and files reach the terminal in every command: escape control bytes once, here.
  const io = terminalIO(raw);
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.out(usage());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.err(`kgrag: unknown command '${name}'\n${usage()}`);
    return EXIT.usage;
  }
  try {
    return await command.run(rest, io);
  } catch (e) {
    // One line for people (engine messages can span lines), never a stack trace; KGRAG_DEBUG=1 shows it.
    if (isStackOverflow(e)) {
      // The input nests deeper than some reader below could follow (the door and --params have their own
      // limits; this is the last wall). It is the input's shape, so bad data: 1.
      io.err(`kgrag ${name}: the input nests too deeply to be read (brackets, lists or maps inside each other); simplify it`);
      return EXIT.findings;
    }
    const message = e instanceof Error ? e.message : String(e);
    io.err(`kgrag ${name}: ${e instanceof UsageError ? message : oneLine(message)}`);
    if (io.env.KGRAG_DEBUG && !(e instanceof UsageError)) io.err(e instanceof Error && e.stack ? e.stack : '');
    return exitCodeFor(e);
  }
}

function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError && /Maximum call stack size exceeded/.test(e.message);
}

/**
 * The process entry (bin/kgrag and `node dist/cli.js` alike): installs the stream handlers, runs the
 * command and sets the exit code.
 */
export function runCommandLine(argv: readonly string[] = process.argv.slice(2)): void {
  // `kgrag query … | head`: the reader went away; stop quietly instead of an EPIPE stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(EXIT.ok);
      throw e;
    });
  }
  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = EXIT.failure;
    },
  );
}

if (require.main === module) runCommandLine();
