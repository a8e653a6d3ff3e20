/**
 * The server's side of kgrag/entityLookup (src/contracts/lsp.ts): asks the extension which graph
 * nodes named-entity texts match, caching answers per graph (a text is looked up once while the
 * user types around it) and cancelling a document's stale request when a newer check starts.
 * No graph connected → the extension answers null and every feature here stays silent.
 */
import { CancellationTokenSource, type CancellationToken, type Connection } from 'vscode-languageserver/node';
import { ENTITY_LOOKUP_REQUEST, readEntityLookupResult, type EntityMatch, type EntityQuery } from '../contracts/lsp';
import { queryKey } from '../core/language';

export interface Lookup {
  readonly graph: string;
  /** One per query, in order. */
  readonly matches: readonly EntityMatch[];
}

/** Cached answers are dropped beyond this many (a long session of typing names). */
const CACHE_LIMIT = 5000;

export class GraphEntities {
  private cache = new Map<string, EntityMatch>();
  private graph: string | undefined;
  /** Known to be disconnected: skip the round trip until the extension says otherwise. */
  private disconnected = false;
  private readonly pending = new Map<string, CancellationTokenSource>();

  constructor(
    private readonly connection: Connection,
    private readonly log: (m: string) => void,
  ) {}

  /** The extension's graph changed (kgrag/connectedGraph: an identity, not for display): forget every answer. */
  reset(graph: string | null): void {
    this.cache.clear();
    this.graph = undefined;
    this.disconnected = graph === null;
  }

  /** A fresh token for `key` (a document), cancelling the one before it. */
  begin(key: string): CancellationToken {
    this.pending.get(key)?.cancel();
    const source = new CancellationTokenSource();
    this.pending.set(key, source);
    return source.token;
  }

  end(key: string): void {
    this.pending.get(key)?.cancel();
    this.pending.delete(key);
  }

  /** The matches of the queries, or undefined when no graph answers (or the request was cancelled). */
  async lookup(queries: readonly EntityQuery[], token?: CancellationToken): Promise<Lookup | undefined> {
    if (this.disconnected || queries.length === 0) return undefined;
    const keys = queries.map(queryKey);
    const missing = queries.filter((_, i) => !this.cache.has(keys[i]!));
    if (missing.length > 0) {
      let raw: unknown;
      try {
        raw = await this.connection.sendRequest(ENTITY_LOOKUP_REQUEST, { queries: missing }, token);
      } catch (e) {
        if (!token?.isCancellationRequested) this.log(`${ENTITY_LOOKUP_REQUEST} failed: ${e instanceof Error ? e.message : String(e)}`);
        return undefined;
      }
      if (token?.isCancellationRequested) return undefined;
      const r = readEntityLookupResult(raw, missing.length);
      if (r === undefined) {
        this.log(`ignored a malformed ${ENTITY_LOOKUP_REQUEST} answer`);
        return undefined;
      }
      if (r === null) {
        this.disconnected = true;
        return undefined;
      }
      if (this.graph !== r.graph) this.cache.clear();
      this.graph = r.graph;
      if (this.cache.size + missing.length > CACHE_LIMIT) this.cache.clear();
      missing.forEach((q, i) => this.cache.set(queryKey(q), r.matches[i]!));
    }
    const matches = keys.map((k) => this.cache.get(k));
    if (matches.some((m) => m === undefined) || this.graph === undefined) return undefined;
    return { graph: this.graph, matches: matches as EntityMatch[] };
  }
}
