/**
 * Few-shot Cypher check on neo4j-labs/text2cypher's dev split (../shared/data/text2cypher):
 * flags the rows whose Cypher Neo4j's own front end rejects and compares them with the dataset's
 * `syntax_error` labels (confusion counts, precision, recall), then checks that every row
 * labelled `false_schema` is flagged for the named label / type / property.
 *
 *   npm run bench:fewshot -- [--sample N] [--data DIR] [--show N]
 */
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkCypherQuery, readFewShot, readSchemasCsv, FEWSHOT_CODES, type FewShotExample } from '../src/core/fewshot';

const { values } = parseArgs({ options: { sample: { type: 'string' }, data: { type: 'string' }, show: { type: 'string' } } });
const dir = resolve(values.data ?? join(__dirname, '..', '..', 'shared', 'data', 'text2cypher'));
const pairsPath = join(dir, 'text2cypher_dev.csv');
const schemasPath = join(dir, 'schemas_dev.csv');
if (!existsSync(pairsPath) || !existsSync(schemasPath)) {
  console.log(`skipped: ${dir} does not hold text2cypher_dev.csv and schemas_dev.csv`);
  process.exit(0);
}
const show = Number(values.show ?? 5);
const text = readFileSync(pairsPath, 'utf8');
const { schemas, diagnostics: schemaDiags } = readSchemasCsv(readFileSync(schemasPath, 'utf8'));
if (schemaDiags.some((d) => d.severity === 'error')) console.log('schema CSV problems:', schemaDiags.map((d) => d.message));
const doc = readFewShot(pairsPath, text)!;
let rows = doc.examples.filter((e) => e.output?.kind === 'cypher');
if (values.sample) {
  // An even spread plus every positive, so a sample still measures recall.
  const n = Number(values.sample);
  const step = Math.max(1, Math.floor(rows.length / n));
  rows = rows.filter((e, i) => i % step === 0 || e.labels?.['syntax_error'] === 'True' || (e.labels?.['false_schema'] ?? '') !== '');
}
console.log(`rows: ${rows.length} of ${doc.examples.length} (databases: ${Object.keys(schemas).join(', ')})`);

const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
/** Row numbers (1-based, file order) Neo4j rejects and rows labelled syntax_error=True. */
const rejectedRows: number[] = [];
const labelledRows: number[] = [];
const fpRows: string[] = [];
const fnRows: string[] = [];
let schemaRows = 0;
let schemaHit = 0;
const schemaMisses: string[] = [];
const t0 = performance.now();
for (const ex of rows) {
  const o = ex.output!;
  if (o.kind !== 'cypher') continue;
  const schema = o.database !== undefined ? schemas[o.database] : undefined;
  const findings = checkCypherQuery(o, schema, ex.number);
  const rejected = findings.some((f) => f.code === FEWSHOT_CODES.cypherSyntax);
  const labelled = ex.labels?.['syntax_error'] === 'True';
  if (rejected) rejectedRows.push(ex.number);
  if (labelled) labelledRows.push(ex.number);
  const first = (f: typeof findings): string => f.find((x) => x.code === FEWSHOT_CODES.cypherSyntax)?.message.replace(/^Row \d+: /, '') ?? '';
  if (rejected && labelled) counts.tp++;
  else if (rejected) {
    counts.fp++;
    fpRows.push(`row ${ex.number} (line ${lineOf(ex)}): ${first(findings).slice(0, 110)}`);
  } else if (labelled) {
    counts.fn++;
    fnRows.push(`row ${ex.number} (line ${lineOf(ex)}): ${o.query.value.replace(/\s+/g, ' ').slice(0, 110)}`);
  } else counts.tn++;
  const named = (ex.labels?.['false_schema'] ?? '').trim();
  if (named !== '') {
    schemaRows++;
    const messages = findings.filter((f) => f.code === FEWSHOT_CODES.cypherSchema || f.code === FEWSHOT_CODES.cypherProperty).map((f) => f.message);
    const items = named.split(/\s*,\s*/);
    const ok = items.every((item) => {
      const [owner, prop] = item.includes('.') ? item.split('.') as [string, string] : [item, undefined];
      if (prop === undefined) return messages.some((m) => new RegExp(`\\b${owner}\\b`).test(m));
      return messages.some((m) => new RegExp(`\\b${owner}\\.${prop}\\b`).test(m) || new RegExp(`^Row \\d+: ${prop} is not present`).test(m));
    });
    if (ok) schemaHit++;
    else schemaMisses.push(`row ${ex.number} (line ${lineOf(ex)}): ${named} — findings: ${messages.map((m) => m.replace(/^Row \d+: /, '').slice(0, 60)).join(' | ') || 'none'}`);
  }
}
const ms = performance.now() - t0;

/**
 * Are the syntax_error labels displaced? Matches each labelled row, in file order, to the next
 * rejected row at most MAX_SHIFT rows below it (order-preserving, each row used once) and prints
 * the shifts. This uses the checker's own output to align, so the confusion it prints describes
 * the labels' placement, not an independent score of the checker.
 */
function alignment(): void {
  const MAX_SHIFT = 6;
  const used = new Set<number>();
  let last = 0;
  const pairs: [number, number][] = [];
  for (const l of labelledRows) {
    const r = rejectedRows.find((x) => x > last && x - l >= 0 && x - l <= MAX_SHIFT && !used.has(x));
    if (r === undefined) continue;
    used.add(r);
    last = r;
    pairs.push([l, r]);
  }
  const shifts = new Map<number, number>();
  for (const [l, r] of pairs) shifts.set(r - l, (shifts.get(r - l) ?? 0) + 1);
  const steps: string[] = [];
  for (const [l, r] of pairs) if (steps.length === 0 || !steps[steps.length - 1]!.startsWith(`+${r - l} `)) steps.push(`+${r - l} from row ${l}`);
  const tp = pairs.length;
  const fp = rejectedRows.length - tp;
  const fn = labelledRows.length - tp;
  console.log(`\nLabel placement: ${tp} of ${labelledRows.length} syntax_error=True labels sit 0–${MAX_SHIFT} rows above a row Neo4j rejects (order kept, each row once);`);
  console.log(`  shifts ${[...shifts].sort((a, b) => a[0] - b[0]).map(([k, n]) => `+${k}: ${n}`).join(', ')}; in file order: ${steps.join(', ')}.`);
  console.log(`  With each label moved onto its matched row: TP ${tp}, FP ${fp}, FN ${fn} — precision ${pct(tp, tp + fp)}, recall ${pct(tp, tp + fn)}`);
  console.log(`  (a diagnosis of the labels, aligned with the checker's output — not an independent score).`);
}

function lineOf(ex: FewShotExample): number {
  let n = 1;
  for (let i = 0; i < ex.span.start; i++) if (text.charCodeAt(i) === 10) n++;
  return n;
}
const pct = (a: number, b: number): string => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
console.log(`\nNeo4j front end (lintCypherQuery) vs syntax_error labels`);
console.log(`                     labelled True   labelled False`);
console.log(`  rejected by Neo4j  TP ${String(counts.tp).padStart(6)}       FP ${String(counts.fp).padStart(6)}`);
console.log(`  accepted by Neo4j  FN ${String(counts.fn).padStart(6)}       TN ${String(counts.tn).padStart(6)}`);
console.log(`  precision ${pct(counts.tp, counts.tp + counts.fp)}   recall ${pct(counts.tp, counts.tp + counts.fn)}`);
if (!values.sample) alignment();
console.log(`\nfalse_schema rows flagged for the named element: ${schemaHit} / ${schemaRows} (${pct(schemaHit, schemaRows)})`);
console.log(`\ntime: ${(ms / 1000).toFixed(1)} s, ${(ms / Math.max(1, rows.length)).toFixed(0)} ms per row`);
if (show > 0) {
  if (fpRows.length) console.log(`\nrejected by Neo4j but labelled syntax_error=False (first ${Math.min(show, fpRows.length)} of ${fpRows.length}):\n  ` + fpRows.slice(0, show).join('\n  '));
  if (fnRows.length) console.log(`\nlabelled syntax_error=True but accepted by Neo4j (first ${Math.min(show, fnRows.length)} of ${fnRows.length}):\n  ` + fnRows.slice(0, show).join('\n  '));
  if (schemaMisses.length) console.log(`\nfalse_schema rows not flagged for the named element (${schemaMisses.length}):\n  ` + schemaMisses.slice(0, show * 4).join('\n  '));
}
