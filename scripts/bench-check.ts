/**
 * Benchmark: checks a generated 5,000-line `.kgp` file (realistic plans, every construct, with the
 * movie schema) and prints the median of several runs. Target: < 100 ms.
 *   node --import tsx scripts/bench-check.ts [lines] [runs]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocument } from '../src/core/check';
import { formatDocument, parseDocument } from '../src/core/dsl';
import { parseSchemaFile } from '../src/core/schema/schemaFile';

const targetLines = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 15);
const root = join(__dirname, '..');
const schemaPath = join(root, 'samples/movies/movies.kgschema.json');
const schema = parseSchemaFile(readFileSync(schemaPath, 'utf8'), schemaPath).schema;
if (!schema) throw new Error('cannot read ' + schemaPath);

const movies = ['The Vow', 'Kismet', 'Heat', 'The Matrix', 'Inception', 'Casablanca', 'Titanic', 'Pulp Fiction', 'The Dark Knight', 'Amélie'];

/** One plan of about 12 lines; i makes names unique and varies the shape. */
function planText(i: number): string {
  const movie = movies[i % movies.length]!;
  const strategy = ['using gsd(k: 3, nodeCandidates: 16, relationCandidates: 16)', 'using mor(seeds: 5, perStep: 10, k: 20)', 'using cypher(limit: 100)'][i % 3]!;
  return [
    `// plan ${i}: films sharing actors with ${movie}, their languages and directors`,
    `plan q${i} {`,
    `  question "what languages are the films that share actors with ${movie} in"`,
    '  match',
    `    (seed: Movie "${movie}") -[starred actors]- (actor: Person)`,
    '    (film: Movie) -[starred actors]- (actor)',
    '    (film) -[in language]-> (lang: Language)',
    `    (film) -[:directed_by]-> (director: Person "Michael Mann") /* exact type */`,
    `    (film) -[:release_year]-> (year: Year {name: "${1990 + (i % 30)}"})`,
    i % 3 === 1 ? '  return lang' : '  return lang, director',
    '  expect "English"',
    `  ${strategy}`,
    '}',
    '',
  ].join('\n');
}

let text = 'schema "samples/movies/movies.kgschema.json"\n\n';
let lines = 2;
for (let i = 0; lines < targetLines; i++) {
  const p = planText(i);
  text += p;
  lines += p.split('\n').length - 1;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}
/** Wall-clock and CPU time (CPU time is steadier when other processes share the machine). */
function time(fn: () => unknown): { median: number; min: number; cpu: number } {
  for (let i = 0; i < 3; i++) fn(); // warm up the JIT
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    fn();
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  return { median: median(wall), min: Math.min(...wall), cpu: median(cpu) };
}

const diagnostics = checkDocument(text, { schema });
const parse = time(() => parseDocument(text));
const check = time(() => checkDocument(text, { schema }));
const format = time(() => formatDocument(text));
const f = (x: { median: number; min: number; cpu: number }): string => `median ${x.median.toFixed(1)} ms (min ${x.min.toFixed(1)} ms, median CPU ${x.cpu.toFixed(1)} ms)`;
console.log(`input: ${lines} lines, ${text.length} chars, ${parseDocument(text).document.plans.length} plans, ${diagnostics.length} diagnostics`);
console.log(`parse:                 ${f(parse)}`);
console.log(`check (parse+checks):  ${f(check)}   target < 100 ms: ${check.median < 100 ? 'OK' : 'MISSED'}`);
console.log(`format:                ${f(format)}`);
