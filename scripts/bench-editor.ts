// Editor latency on a big file: what one keystroke costs the language server (parse, check,
// completion, hover, outline, folding, formatting) on a 5,000-line .kgp with the sample schema.
// Prints figures; not a test. Run: npx tsx scripts/bench-editor.ts
import { readFileSync } from 'node:fs';
import { checkAst } from '../src/core/check';
import { formatDocument } from '../src/core/dsl';
import { analyse, complete, foldingRegions, hover, minimalEdit, outline, schemaContext } from '../src/core/language';
import { parseSchemaFile } from '../src/core/schema/schemaFile';

const schemaFile = 'samples/movies/movies.kgschema.json';
const schema = schemaContext(parseSchemaFile(readFileSync(schemaFile, 'utf8'), schemaFile).schema)!;

const plan = (i: number) => `plan p${i} {
  question "who directed the films that share actors with movie ${i}"
  match
    (m: Movie "movie ${i}") -[starred actors]- (a: Person)
    (f: Movie) -[starred actors]- (a)
    (f) -[:directed_by]-> (d: Person)
  return d
  using gsd(k: 3)
}
`;
const parts: string[] = ['schema "movies.kgschema.json"\n'];
for (let i = 0; parts.join('').split('\n').length < 5000; i++) parts.push(plan(i));
const text = parts.join('\n');
const lines = text.split('\n').length;

function median(f: () => unknown, runs = 21): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[runs >> 1]!;
}

const a = analyse(text);
const end = text.lastIndexOf('(d: Person)') + 4; // after "(d: " in the last plan
const hoverAt = text.lastIndexOf('Movie "movie') + 1;
const figures: [string, number][] = [
  ['parse (analyse)', median(() => analyse(text))],
  ['check (checkAst, with schema)', median(() => checkAst(a.parse.document, { schema: schema.schema, hopLimit: 3 }))],
  ['completion at the end (categories)', median(() => complete(a, end, schema))],
  ['hover on a category', median(() => hover(a, hoverAt, schema))],
  ['outline', median(() => outline(a.parse.document))],
  ['folding ranges', median(() => foldingRegions(a.parse.document, text))],
  ['format + minimal edit', median(() => minimalEdit(text, formatDocument(text)), 7)],
];
console.log(`editor latency on ${lines} lines (${(text.length / 1024).toFixed(0)} KiB), median ms:`);
for (const [name, ms] of figures) console.log(`  ${name.padEnd(38)} ${ms.toFixed(2)}`);
console.log(`  completion items: ${complete(a, end, schema).length}; hover: ${hover(a, hoverAt, schema) ? 'yes' : 'no'}`);
