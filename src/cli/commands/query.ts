// kgrag query (--db <folder> | --neo4j <uri> [--user u] [--database d]) [--explain|--profile] [--json]
//   [--param name=value …] [--params '{…}'] [--write] [--timeout ms] "<cypher>"
import { type CypherParams, type CypherValue, type QueryResult, GraphStoreError, STORE_FLAGS, WRITE_HINT, isGraphStoreError, renderPlanText } from '../../core/graph';
import { EXIT, UsageError, type CliIO } from '../io';
import { openSessionFromSpec, parseFlags, specFromFlags } from './storeFlags';

function parseParams(list: readonly string[], json: string | undefined): CypherParams {
  const params: Record<string, CypherValue> = {};
  if (json !== undefined) {
    let v: unknown;
    try {
      v = JSON.parse(json);
    } catch {
      throw new UsageError('--params needs a JSON object, e.g. --params \'{"name": "The Vow"}\'');
    }
    if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new UsageError('--params needs a JSON object');
    Object.assign(params, v);
  }
  for (const p of list) {
    const eq = p.indexOf('=');
    if (eq <= 0) throw new UsageError(`--param needs name=value, not '${p}'`);
    const raw = p.slice(eq + 1);
    // A value that parses as JSON (numbers, lists, true) is taken as such; anything else is a string.
    let value: CypherValue = raw;
    try {
      value = JSON.parse(raw) as CypherValue;
    } catch {
      /* plain string */
    }
    params[p.slice(0, eq)] = value;
  }
  return params;
}

function cell(v: CypherValue | undefined): string {
  const s = typeof v === 'string' ? v : JSON.stringify(v ?? null);
  const flat = s.replace(/\r?\n/g, '\\n');
  return flat.length > 60 ? flat.slice(0, 59) + '…' : flat;
}

export function renderTable(result: Pick<QueryResult, 'columns' | 'rows'>): string {
  const cols = result.columns;
  if (cols.length === 0) return '(no columns)';
  const body = result.rows.map((r) => cols.map((c) => cell(r[c])));
  const widths = cols.map((c, i) => Math.max(c.length, ...body.map((row) => [...row[i]!].length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c + ' '.repeat(widths[i]! - [...c].length)).join(' │ ').trimEnd();
  return [line(cols), widths.map((w) => '─'.repeat(w)).join('─┼─'), ...body.map(line)].join('\n');
}

export async function query(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: {
      ...STORE_FLAGS,
      explain: { type: 'boolean' },
      profile: { type: 'boolean' },
      json: { type: 'boolean' },
      param: { type: 'string', multiple: true },
      params: { type: 'string' },
      write: { type: 'boolean' },
    },
  });
  if (positionals.length !== 1) throw new UsageError('needs exactly one Cypher statement (quote it): kgrag query --db <folder> "MATCH (n) RETURN n LIMIT 5"');
  if (values.explain && values.profile) throw new UsageError('use either --explain or --profile');
  const params = parseParams(values.param ?? [], values.params);
  const spec = specFromFlags(values, io, { mustExist: true, readOnly: !values.write });
  const session = await openSessionFromSpec(spec, io);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    const result = await session.query(positionals[0]!, {
      params,
      mode: values.explain ? 'explain' : values.profile ? 'profile' : 'run',
      readOnly: !values.write,
      signal: controller.signal,
    });
    if (values.json) {
      io.out(JSON.stringify({ columns: result.columns, rows: result.rows, plan: result.plan ?? null, timeMs: result.timeMs }));
    } else {
      if (!values.explain) {
        io.out(renderTable(result));
        io.out(`${result.rows.length} row${result.rows.length === 1 ? '' : 's'} in ${result.timeMs.toFixed(1)} ms`);
      }
      if (result.plan) io.out(`\n${values.profile ? 'profile' : 'plan'}:\n${renderPlanText(result.plan)}`);
    }
    return EXIT.ok;
  } catch (e) {
    // A refused write: the CLI's way to allow it.
    if (isGraphStoreError(e, 'not-read-only')) throw new GraphStoreError('not-read-only', `${e.message} ${WRITE_HINT.cli}`);
    throw e;
  } finally {
    process.removeListener('SIGINT', onSignal);
    await session.close();
  }
}
