// kgrag index [status|create] --neo4j <uri> [--user u] [--database d] [--write] [--json]
// Neo4j's full-text name index (kgrag_names), which store placement takes its candidates from
// (docs/placement.md). `create` is a schema write: it runs only with --write (the consent), never
// implied by a run; without it the statement is printed and nothing changes (exit 1, as a refused write).
import { EXIT, UsageError, type CliIO } from '../io';
import { STORE_FLAGS, createNameIndex, nameIndexState } from '../../core/graph';
import { openFromSpec, parseFlags, specFromFlags } from './storeFlags';

export async function indexCommand(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: { ...STORE_FLAGS, write: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  const action = positionals[0] ?? 'status';
  if (positionals.length > 1 || (action !== 'status' && action !== 'create')) throw new UsageError('usage: kgrag index [status|create] --neo4j <uri> [--write] [--json]');
  if (action === 'status' && values.write) throw new UsageError('--write belongs to kgrag index create');
  const spec = specFromFlags(values, io, { mustExist: false, readOnly: !values.write });
  if (spec.kind !== 'neo4j') throw new UsageError('kgrag index manages a Neo4j full-text index (--neo4j <uri>); the embedded engine keeps its own name index on disk (the index file kgrag import writes)');
  const store = await openFromSpec(spec, io);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    const state = await nameIndexState(store, controller.signal);
    if (state.kind === 'not-neo4j') throw new UsageError(state.reason);
    if (action === 'status' || state.kind === 'present') {
      if (values.json) io.out(JSON.stringify(state.kind === 'present' ? { index: state.index, exists: true } : { index: state.index, exists: false, statement: state.statement }));
      else if (state.kind === 'present') io.out(`full-text index ${state.index}: present — store placement takes the candidates of named nodes from it`);
      else io.out(`full-text index ${state.index}: missing — store placement falls back to a snapshot of the whole database. Create it with: kgrag index create --neo4j ${spec.uri} --write\n  ${state.statement}`);
      return EXIT.ok;
    }
    if (!values.write) {
      // The consent is the flag: without it nothing is written.
      io.err(`kgrag index: creating ${state.index} is a schema write; nothing was changed. Run again with --write to create it:\n  ${state.statement}`);
      return EXIT.findings;
    }
    const made = await createNameIndex(store, controller.signal);
    if (made.kind === 'not-neo4j') throw new UsageError(made.reason);
    if (values.json) io.out(JSON.stringify({ index: state.index, created: true, statement: made.statement }));
    else io.out(`created full-text index ${state.index}: ${made.statement}\nNeo4j fills it in the background; until it is online a run may still fall back (SHOW FULLTEXT INDEXES shows its state).`);
    return EXIT.ok;
  } finally {
    process.removeListener('SIGINT', onSignal);
    await store.close();
  }
}
