/**
 * Benchmark: few-shot checking must be linear. Generates files of N examples in three formats (the
 * own JSON format with kgp plans, MoR JSON lines, Cypher JSON) with varied questions, checks each once
 * and prints time and peak memory (RSS). Target (issue 18): 100k examples ≤ 10 s and ≤ 1 GB.
 *   npm run bench:fewshot-check -- [n…]      (default 10000 40000 100000)
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFewShot } from '../src/core/fewshot';

// Real English words (the MetaQA questions' vocabulary) so relation words are diverse and known, plus
// a made-up word in every tenth example: those ask the relation-typo check for near words, against a
// vocabulary that grows with the file (the case that was quadratic).
const vocabulary = [...new Set(readFileSync(join(__dirname, '../../shared/data/metaqa/qa_dev_1hop.txt'), 'utf8').toLowerCase().match(/[a-z]{4,}/g) ?? [])];
function madeUp(i: number): string {
  let w = '';
  for (let x = i * 2654435761 + 7; w.length < 9; x = Math.floor(x / 26) + 13) w += String.fromCharCode(97 + (x % 26));
  return w;
}

const sizes = process.argv.slice(2).map(Number).filter((n) => n > 0);
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

let peak = process.memoryUsage().rss;
const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
console.log(`few-shot check, Node ${process.version}, ${new Date().toISOString()}`);
console.log('format                             examples    MB    check s   diagnostics   peak RSS MB');
for (const f of formats) {
  for (const n of ns) {
    const text = f.make(n);
    (globalThis as { gc?: () => void }).gc?.();
    const started = performance.now();
    const r = checkFewShot(f.path, text, { skipCypherLint: true });
    const s = (performance.now() - started) / 1000;
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(`${f.name.padEnd(34)} ${String(n).padStart(8)} ${(text.length / 1e6).toFixed(1).padStart(5)} ${s.toFixed(2).padStart(10)} ${String(r.diagnostics.length).padStart(13)} ${(peak / 1e6).toFixed(0).padStart(13)}`);
  }
}
clearInterval(timer);
