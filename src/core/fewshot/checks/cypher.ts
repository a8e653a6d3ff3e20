/**
 * Cypher outputs checked with Neo4j's own front end (`lintCypherQuery` from
 * @neo4j-cypher/language-support: the parser and semantic analysis Neo4j runs), against a schema
 * given as *.kgschema.json or a structured_schema. Neo4j's linter only knows property keys
 * globally, so `Movie.rating` passes when some relationship has `rating`; we add the per-label
 * check from its symbol table (which variable carries which labels).
 */
import type { DbSchema } from '@neo4j-cypher/language-support';
import { neo4jFrontEnd, type Analyser, type FrontEnd, type LanguageSupport } from './neo4jFrontEnd';
import { cleanStatementAnalysis } from './cypherFastPath';
import type { GraphSchema } from '../../schema/graphSchema';
import type { FewShotCheckOptions, CypherOutput, FewShotDocument, OffsetFinding } from '../model';
import { FEWSHOT_CODES } from '../codes';
import { fileOffset } from '../positions';

export function toDbSchema(schema: GraphSchema): DbSchema {
  return {
    labels: schema.labels.map((l) => l.name),
    relationshipTypes: schema.relationshipTypes.map((r) => r.name),
    propertyKeys: [...schema.propertyKeys],
    graphSchema: schema.relationshipTypes.flatMap((r) => r.endpoints.map((e) => ({ from: e.from, to: e.to, relType: r.name }))),
  };
}

const dbSchemaCache = new WeakMap<GraphSchema, DbSchema>();

type LintResult = ReturnType<LanguageSupport['lintCypherQuery']>;

/**
 * Neo4j's front end costs 20-100 ms a query (profiled: 95 % is its semantic analysis, Neo4j's own
 * Java front end compiled to JavaScript; even `RETURN 1` takes ~20 ms), and it is a pure function
 * of the query text and the schema. So each (schema, text) is linted once: the editor re-checks a
 * few-shot file on every keystroke and only the rows that changed cost anything; a file's duplicate
 * queries (9 % of text2cypher's dev rows) cost nothing. Bounded: a long-running server forgets all
 * at the limit (results are small; 20k of them are a few tens of MB).
 */
const LINT_CACHE_LIMIT = 20_000;
let lintCache = new WeakMap<DbSchema, Map<string, LintResult>>();
const noSchema: DbSchema = {};

/**
 * Statements in the fragment `cypherFastPath.ts` proves clean skip Neo4j's semantic analysis (its
 * only contribution there is the symbol table, which the fragment gives directly); the rest, and
 * every statement when the fast path is off, go through it. Counted for the benchmark.
 */
let fastPath = true;
const analysed = { fast: 0, neo4j: 0 };
const analyser: Analyser = (statement, version, neo4j) => {
  const clean = fastPath ? cleanStatementAnalysis(statement, version) : undefined;
  if (clean) {
    analysed.fast++;
    return clean;
  }
  analysed.neo4j++;
  return neo4j(statement, version);
};

/** Off: every statement through Neo4j's semantic analysis (to compare findings). Clears the cache. */
export function useCypherFastPath(on: boolean): void {
  fastPath = on;
  lintCache = new WeakMap();
}

/** How many statements were analysed each way since the process started (benchmark, tests). */
export function cypherAnalysisCounts(): { fast: number; neo4j: number; patched: FrontEnd['patched'] } {
  return { ...analysed, patched: frontEnd().patched };
}

let seamSet = false;
function frontEnd(): FrontEnd {
  const fe = neo4jFrontEnd();
  if (!seamSet) {
    fe.setAnalyser(analyser);
    seamSet = true;
  }
  return fe;
}

function lintCached(query: string, db: DbSchema): LintResult {
  let byText = lintCache.get(db);
  if (!byText) lintCache.set(db, (byText = new Map()));
  const hit = byText.get(query);
  if (hit) return hit;
  const result = frontEnd().ls.lintCypherQuery(query, db);
  if (byText.size >= LINT_CACHE_LIMIT) byText.clear();
  byText.set(query, result);
  return result;
}

export function checkCypherExamples(doc: FewShotDocument, opts: FewShotCheckOptions, out: OffsetFinding[]): void {
  for (const ex of doc.examples) {
    if (ex.output?.kind !== 'cypher') continue;
    const schema = (ex.output.database !== undefined ? opts.schemas?.[ex.output.database] : undefined) ?? opts.schema;
    out.push(...checkCypherQuery(ex.output, schema, ex.number));
  }
}

/** Findings for one query, at file offsets. */
export function checkCypherQuery(o: CypherOutput, schema: GraphSchema | undefined, number: number): OffsetFinding[] {
  const out: OffsetFinding[] = [];
  const q = o.query;
  let db: DbSchema = noSchema;
  if (schema) {
    db = dbSchemaCache.get(schema) ?? toDbSchema(schema);
    dbSchemaCache.set(schema, db);
  }
  let result: LintResult;
  const { isNotParamError } = frontEnd().ls;
  try {
    result = lintCached(q.value, db);
  } catch (e) {
    return [{ start: q.span.start, end: q.span.end, severity: 'warning', code: FEWSHOT_CODES.cypherNotice, message: `Row ${number}: Neo4j's linter failed on this query (${e instanceof Error ? e.message : String(e)}).` }];
  }
  const at = (s: number, e: number): { start: number; end: number } => {
    const start = fileOffset(q, Math.max(0, Math.min(s, q.value.length)));
    const end = e > s ? fileOffset(q, Math.min(e, q.value.length) - 1) + 1 : start + 1;
    return { start, end: Math.max(end, start + 1) };
  };
  const reported = new Set<number>();
  for (const d of result.diagnostics) {
    const span = at(d.offsets.start, d.offsets.end);
    const message = typeof d.message === 'string' ? d.message : d.message.value;
    if (d.severity === 1) {
      if (!isNotParamError({ message })) continue; // $params are filled in at run time
      out.push({ ...span, severity: 'error', code: FEWSHOT_CODES.cypherSyntax, message: `Row ${number}: Neo4j rejects this query: ${message}` });
    } else if (/is not present in the database|has no (?:outgoing|incoming)/.test(message)) {
      for (let i = d.offsets.start; i < d.offsets.end; i++) reported.add(i);
      out.push({ ...span, severity: 'warning', code: FEWSHOT_CODES.cypherSchema, message: `Row ${number}: ${message}` });
    } else {
      out.push({ ...span, severity: 'info', code: FEWSHOT_CODES.cypherNotice, message: `Row ${number}: ${message}` });
    }
  }
  // In offset order: Neo4j's symbol table lists variables in hash order, which says nothing to a reader.
  if (schema) out.push(...propertyFindings(q.value, result.symbolTables, schema, number, reported).sort((a, b) => a.start - b.start).map((f) => ({ ...f, ...at(f.start, f.end) })));
  return out;
}

interface LabelTree {
  readonly value?: string;
  readonly children?: readonly LabelTree[];
}

function leaves(t: LabelTree | undefined): string[] {
  if (!t) return [];
  return [...(t.value !== undefined ? [t.value] : []), ...(t.children ?? []).flatMap(leaves)];
}

/** `m.rating` where every label of `m` lacks `rating` (but some other element has it). */
function propertyFindings(query: string, tables: ReturnType<LanguageSupport['lintCypherQuery']>['symbolTables'], schema: GraphSchema, number: number, reported: ReadonlySet<number>): OffsetFinding[] {
  const out: OffsetFinding[] = [];
  const labelProps = new Map(schema.labels.map((l) => [l.name, new Set(l.properties)]));
  const relProps = new Map(schema.relationshipTypes.map((r) => [r.name, new Set(r.properties)]));
  const seen = new Set<string>();
  for (const table of tables) {
    for (const sym of table) {
      if (sym.variable.includes('.')) continue;
      // Anonymous elements ("  UNNAMED3") have no name to follow; only their inline map counts.
      const anonymous = sym.variable.startsWith(' ');
      const isNode = sym.types.includes('Node');
      const isRel = sym.types.includes('Relationship');
      if (!isNode && !isRel) continue;
      const names = leaves(sym.labels as LabelTree);
      const owners = names.map((n) => (isNode ? labelProps.get(n) : relProps.get(n)));
      if (names.length === 0) continue;
      const missing = names.filter((_, i) => owners[i] === undefined);
      const allowed = new Set(owners.flatMap((o) => (o ? [...o] : [])));
      const uses: { prop: string; start: number }[] = [];
      for (const ref of sym.references) {
        let after: number;
        if (anonymous) {
          // The reference is the element's opening: "(", "-[" or "<-[".
          const open = /^(?:<?-\s*)?[[(]/.exec(query.slice(ref));
          if (!open) continue;
          after = ref + open[0].length;
        } else {
          if (query.slice(ref, ref + sym.variable.length) !== sym.variable) continue;
          after = ref + sym.variable.length;
        }
        const rest = query.slice(after);
        const dot = anonymous ? null : /^\s*\.\s*(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)/.exec(rest);
        if (dot) uses.push({ prop: dot[1]!.replace(/`/g, ''), start: after + dot[0].length - dot[1]!.length });
        const map = /^(?:\s*:\s*(?:`[^`]+`|[A-Za-z_][A-Za-z0-9_|&!:]*))*\s*\{([^{}]*)\}/.exec(rest);
        if (map) {
          const body = map[1]!;
          const bodyAt = after + map[0].length - 1 - body.length;
          const blanked = body.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, (s) => ' '.repeat(s.length));
          for (const k of blanked.matchAll(/(?:^|,)\s*(`[^`]+`|[A-Za-z_][A-Za-z0-9_]*)\s*:/g)) {
            uses.push({ prop: k[1]!.replace(/`/g, ''), start: bodyAt + k.index! + k[0].indexOf(k[1]!) });
          }
        }
      }
      for (const u of uses) {
        const key = `${u.start}`;
        if (allowed.has(u.prop) || seen.has(key)) continue;
        if (missing.length > 0) {
          // The label or type itself is not in the schema (Neo4j's linter says so); name the property too.
          seen.add(key);
          out.push({ start: u.start, end: u.start + u.prop.length, severity: 'warning', code: FEWSHOT_CODES.cypherProperty, message: `Row ${number}: ${missing[0]}.${u.prop} is not in the schema (${missing.join(', ')} is not a ${isNode ? 'label' : 'relationship type'} of the schema).` });
          continue;
        }
        if (reported.has(u.start)) continue; // Neo4j's linter already says the key is nowhere
        seen.add(key);
        out.push({ start: u.start, end: u.start + u.prop.length, severity: 'warning', code: FEWSHOT_CODES.cypherProperty, message: `Row ${number}: ${names.join('|')} has no property ${u.prop} (${names.join('|')}.${u.prop} is not in the schema; ${isNode ? 'label' : 'relationship type'} properties: ${[...allowed].join(', ') || 'none'}).` });
      }
    }
  }
  return out;
}
