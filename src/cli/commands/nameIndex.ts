// kgrag index [status|create] --neo4j <uri> [--user u] [--database d] [--vectors [--embedder e]] [--write] [--json]
// Neo4j's full-text name index (kgrag_names), or with --vectors the embedder's vector indexes of the
// names, which store placement takes its candidates from (docs/placement.md). `create` is a write:
// it runs only with --write (the consent), never implied by a run; without it the statements are
// printed and nothing changes (exit 1, as a refused write).
import { EXIT, UsageError, type CliIO } from '../io';
import { STORE_FLAGS, createNameIndex, createVectorIndexes, nameIndexState, vectorIndexState, type GraphStore } from '../../core/graph';
import { createEmbedder, namesView, type Embedder } from '../../core/embed';
import { EMBEDDER_FLAG, embedderKindFlag, openFromSpec, parseFlags, specFromFlags } from './storeFlags';

export async function indexCommand(args: readonly string[], io: CliIO): Promise<number> {
  const { values, positionals } = parseFlags({
    args: [...args],
    allowPositionals: true,
    options: { ...STORE_FLAGS, ...EMBEDDER_FLAG, vectors: { type: 'boolean' }, write: { type: 'boolean' }, json: { type: 'boolean' } },
  });
  const action = positionals[0] ?? 'status';
  if (positionals.length > 1 || (action !== 'status' && action !== 'create')) throw new UsageError('usage: kgrag index [status|create] --neo4j <uri> [--vectors [--embedder lexical|hashing]] [--write] [--json]');
  if (action === 'status' && values.write) throw new UsageError('--write belongs to kgrag index create');
  const kind = embedderKindFlag(values.embedder);
  const spec = specFromFlags(values, io, { mustExist: false, readOnly: !values.write });
  if (spec.kind !== 'neo4j') throw new UsageError(`kgrag index manages a Neo4j ${values.vectors ? 'vector' : 'full-text'} index (--neo4j <uri>); the embedded engine keeps its own name index on disk (the index file kgrag import writes)`);
  let embedder: Embedder | undefined;
  if (values.vectors) {
    try {
      embedder = await createEmbedder({ kind });
    } catch (e) {
      throw new UsageError(`--embedder ${kind}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const store = await openFromSpec(spec, io);
  const controller = new AbortController();
  const onSignal = () => controller.abort();
  process.once('SIGINT', onSignal);
  try {
    if (embedder) return await vectorIndexCommand(store, embedder, action, { write: values.write === true, json: values.json === true, uri: spec.uri, kind }, io, controller.signal);
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

/** `kgrag index … --vectors`: the embedder's vector indexes of the names (docs/placement.md, "Neo4j: candidates from a vector index"). */
export async function vectorIndexCommand(store: GraphStore, embedder: Embedder, action: 'status' | 'create', flags: { write: boolean; json: boolean; uri: string; kind: string }, io: CliIO, signal: AbortSignal): Promise<number> {
  // Node names through the embedder's names view, as the index file and the runs embed them.
  const embed = (texts: readonly string[], s?: AbortSignal) => namesView(embedder).embedBatch(texts, s);
  const state = await vectorIndexState(store, embedder, embed, signal);
  if (state.kind === 'not-neo4j') throw new UsageError(state.reason);
  const again = `kgrag index create --vectors --embedder ${flags.kind} --neo4j ${flags.uri} --write`;
  if (action === 'status' || (state.kind === 'present' && !flags.write)) {
    if (flags.json) io.out(JSON.stringify({ vectors: state.marker, indexes: state.indexes, state: state.kind, ...(state.kind === 'missing' ? { missing: state.missing, statements: state.statements } : {}), ...(state.kind === 'unusable' ? { reason: state.reason } : {}) }));
    else if (state.kind === 'present') io.out(`vector indexes of ${state.marker}: present (${state.indexes.join(', ')}) — store placement takes the candidates of named nodes from them. Nodes added since the vectors were written have none: ${again} writes theirs.`);
    else if (state.kind === 'unusable') io.out(`vector indexes of ${state.marker}: not usable — ${state.reason}. Store placement uses the full-text index instead.`);
    else io.out(`vector indexes of ${state.marker}: missing ${state.missing.join(', ')} — store placement uses the full-text index instead. Write the name vectors and create the indexes with: ${again}\n  ${state.statements.join('\n  ')}`);
    return EXIT.ok;
  }
  if (!flags.write) {
    // The consent is the flag: without it nothing is written.
    io.err(`kgrag index: writing every node's name vector (${state.marker}) and creating the vector indexes is a write to the database; nothing was changed. Run again with --write to do it:\n  ${state.kind === 'missing' ? state.statements.join('\n  ') : state.indexes.join(', ')}`);
    return EXIT.findings;
  }
  let reported = 0;
  const made = await createVectorIndexes(store, embedder, embed, (written, label) => {
    if (!flags.json && written - reported >= 10_000) {
      reported = written;
      io.err(`  ${written.toLocaleString('en-US')} name vectors written (${label})`);
    }
  }, signal);
  if (made.kind === 'not-neo4j') throw new UsageError(made.reason);
  if (flags.json) io.out(JSON.stringify({ vectors: state.marker, written: made.written, statements: made.statements }));
  else io.out(`wrote ${made.written.toLocaleString('en-US')} name vectors (${state.marker}) and ran:\n  ${made.statements.join('\n  ')}\nNeo4j fills the indexes in the background; until they are online a run may still fall back (SHOW VECTOR INDEXES shows their state).`);
  return EXIT.ok;
}
