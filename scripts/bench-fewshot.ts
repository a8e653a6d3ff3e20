/**
 * Benchmark: few-shot checking must be linear. Generates files of N examples in three formats (the
 * own JSON format with kgp plans, MoR JSON lines, Cypher JSON) with varied questions, checks each once
 * and prints time and peak memory (RSS). Target (issue 18): 100k examples ≤ 10 s and ≤ 1 GB.
 *   npm run bench:fewshot-check -- [n…]      (default 10000 40000 100000)
 * Then the Cypher rows of ../shared/data/text2cypher (Neo4j's front end on every query, with its
 * database's schema; issue 29's target: ≤ 20 ms of CPU per query), checked once and re-checked after
 * one row changed (the editor's case). `--text2cypher-only` skips the generated files;
 * `--findings out.jsonl` writes every row's findings (to diff two versions: the same findings);
 * `--no-fast-path` sends every statement through Neo4j's semantic analysis (checks/cypherFastPath.ts).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadavg } from 'node:os';
import { spawnSync } from 'node:child_process';
import { checkCypherQuery, checkFewShot, cypherAnalysisCounts, readFewShot, readSchemasCsv, useCypherFastPath } from '../src/core/fewshot';

// Real English words (the MetaQA questions' vocabulary) so relation words are diverse and known, plus
// a made-up word in every tenth example: those ask the relation-typo check for near words, against a
// vocabulary that grows with the file (the case that was quadratic).
const vocabulary = [...new Set(readFileSync(join(__dirname, '../../shared/data/metaqa/qa_dev_1hop.txt'), 'utf8').toLowerCase().match(/[a-z]{4,}/g) ?? [])];
function madeUp(i: number): string {
  let w = '';
  for (let x = i * 2654435761 + 7; w.length < 9; x = Math.floor(x / 26) + 13) w += String.fromCharCode(97 + (x % 26));
  return w;
}

const sizes = process.argv.includes('--one') ? [] : process.argv.slice(2).filter((a, i, all) => all[i - 1] !== '--findings').map(Number).filter((n) => n > 0);
const ns = sizes.length > 0 ? sizes : [10_000, 40_000, 100_000];

const movies = ['The Vow', 'Kismet', 'Heat', 'The Matrix', 'Inception', 'Casablanca', 'Titanic', 'Pulp Fiction', 'Amélie', 'Rashomon'];
const asks = ['who directed', 'which actors starred in', 'what language is', 'when was released', 'which genre is', 'who wrote'];
const rels = ['directed by', 'starred actors', 'in language', 'release year', 'has genre', 'written by'];

function kgpFile(n: number): string {
  const examples = [];
  for (let i = 0; i < n; i++) {
    const movie = `${movies[i % movies.length]} ${i}`;
    const k = i % asks.length;
    examples.push({
      question: `${asks[k]} ${movie}`,
      output: `plan p${i} {\n  question "${asks[k]} ${movie}"\n  match\n    (film: Movie "${movie}") -[${rels[k]}]-> (x: Person)\n  return x\n}`,
    });
  }
  return JSON.stringify({ task: 'bench', target: 'kgp', examples }, null, 1);
}

function morFile(n: number): string {
  const lines = [JSON.stringify({ target: 'mor', task: 'question to plan' })];
  for (let i = 0; i < n; i++) lines.push(JSON.stringify({ question: `socks number ${i} from brand ${i % 97}`, output: `Metapath: brand -> product\nRestriction: {"brand": ["Brand ${i % 97}"]}` }));
  return lines.join('\n') + '\n';
}

function cypherFile(n: number): string {
  const examples = [];
  for (let i = 0; i < n; i++) examples.push({ question: `titles of movies released in ${1900 + (i % 120)} number ${i}`, output: `MATCH (m:Movie) WHERE m.released = ${1900 + (i % 120)} RETURN m.title` });
  return JSON.stringify({ target: 'cypher', examples });
}

function simgragFile(n: number): string {
  const examples = [];
  for (let i = 0; i < n; i++) {
    // One example in ten carries a word that is no English word (a typo to look up).
    const rel = i % 10 === 0 ? `${vocabulary[i % vocabulary.length]} ${madeUp(i)}` : `${vocabulary[i % vocabulary.length]} of`;
    examples.push({ query: `what is the ${rel} of film ${i}`, divided: [`the ${rel} of film ${i}`], graph: [[`film ${i}`, rel, `UNKNOWN thing ${i}`]] });
  }
  return JSON.stringify(examples, null, 1);
}

const formats: readonly { name: string; path: string; make: (n: number) => string }[] = [
  { name: 'simgrag (JSON, growing vocabulary)', path: 'bench.examples.json', make: simgragFile },
  { name: 'kgp (own JSON)', path: 'bench.fewshot.json', make: kgpFile },
  { name: 'mor (JSON lines)', path: 'bench.fewshot.jsonl', make: morFile },
  { name: 'cypher (JSON, no lint)', path: 'bench-cypher.fewshot.json', make: cypherFile },
];

// Each check runs in a fresh process: peak RSS is a process-wide high-water mark, so checks run one
// after another in one process would each report the largest peak so far (that is how the figures
// before 2026-11-24's second pass were taken: every row after the first carried earlier rows' peak).
const one = process.argv.indexOf('--one');
if (one >= 0) {
  const f = formats.find((x) => x.path === process.argv[one + 1])!;
  const n = Number(process.argv[one + 2]);
  const text = f.make(n);
  (globalThis as { gc?: () => void }).gc?.();
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const r = checkFewShot(f.path, text, { skipCypherLint: true });
  const s = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  peak = Math.max(peak, process.memoryUsage().rss);
  clearInterval(timer);
  console.log(`${f.name.padEnd(34)} ${String(n).padStart(8)} ${(text.length / 1e6).toFixed(1).padStart(5)} ${s.toFixed(2).padStart(10)} ${((used.user + used.system) / 1e6).toFixed(2).padStart(8)} ${String(r.diagnostics.length).padStart(13)} ${(peak / 1e6).toFixed(0).padStart(13)}`);
} else if (process.argv.includes('--text2cypher') || process.argv.includes('--text2cypher-only')) {
  text2cypher();
} else {
  console.log(`few-shot check, Node ${process.version}, ${new Date().toISOString()}, load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}; each check in its own process`);
  console.log('format                             examples    MB  wall s     CPU s   diagnostics   peak RSS MB');
  for (const f of formats) {
    for (const n of ns) {
      const r = spawnSync(process.execPath, [...process.execArgv, __filename, '--one', f.path, String(n)], { stdio: ['ignore', 'inherit', 'inherit'] });
      if (r.status !== 0) console.log(`${f.name}: ${n} examples failed (exit ${r.status ?? r.signal})`);
    }
  }
  const r = spawnSync(process.execPath, [...process.execArgv, __filename, '--text2cypher', ...process.argv.slice(2)], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) console.log(`text2cypher failed (exit ${r.status ?? r.signal})`);
}

/** Every Cypher row of text2cypher_dev.csv through Neo4j's front end: CPU per query, first check and re-check. */
function text2cypher(): void {
  const dir = join(__dirname, '..', '..', 'shared', 'data', 'text2cypher');
  const pairs = join(dir, 'text2cypher_dev.csv');
  if (!existsSync(pairs)) {
    console.log(`text2cypher: skipped (${dir} is absent)`);
    return;
  }
  const { schemas } = readSchemasCsv(readFileSync(join(dir, 'schemas_dev.csv'), 'utf8'));
  const text = readFileSync(pairs, 'utf8');
  const rows = readFewShot(pairs, text)!.examples.filter((e) => e.output?.kind === 'cypher');
  const pass = (): { cpuMs: number; findings: string[] } => {
    const findings: string[] = [];
    const cpu = process.cpuUsage();
    for (const ex of rows) {
      const o = ex.output!;
      if (o.kind !== 'cypher') continue;
      findings.push(JSON.stringify({ row: ex.number, f: checkCypherQuery(o, o.database !== undefined ? schemas[o.database] : undefined, ex.number) }));
    }
    const used = process.cpuUsage(cpu);
    return { cpuMs: (used.user + used.system) / 1000, findings };
  };
  // Loading Neo4j's front end (seconds, once per process) is not a query's cost.
  checkCypherQuery({ kind: 'cypher', query: { value: 'RETURN 1', span: { start: 0, end: 8 } } } as Parameters<typeof checkCypherQuery>[0], undefined, 0);
  if (process.argv.includes('--no-fast-path')) useCypherFastPath(false);
  const counted = cypherAnalysisCounts();
  const first = pass();
  const after = cypherAnalysisCounts();
  const again = pass();
  const at = process.argv.indexOf('--findings');
  if (at >= 0) writeFileSync(process.argv[at + 1]!, first.findings.join('\n') + '\n');
  const same = first.findings.join('\n') === again.findings.join('\n');
  console.log(`text2cypher_dev.csv: ${rows.length} Cypher rows (${new Set(rows.map((e) => (e.output?.kind === 'cypher' ? e.output.query.value : ''))).size} distinct), load average ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
  console.log(`  first check: ${(first.cpuMs / 1000).toFixed(1)} s CPU, ${(first.cpuMs / rows.length).toFixed(1)} ms CPU per query`);
  const edits = after.patched.assertionsOff ? 'assertions off' : 'as shipped (assertions on)';
  console.log(`  statements: ${after.fast - counted.fast} proven clean by our parse, ${after.neo4j - counted.neo4j} through Neo4j's semantic analysis (${edits})`);
  console.log(`  re-check (the editor after an edit): ${(again.cpuMs / 1000).toFixed(2)} s CPU, ${(again.cpuMs / rows.length).toFixed(2)} ms CPU per query; findings ${same ? 'identical' : 'DIFFERENT'}`);
}
