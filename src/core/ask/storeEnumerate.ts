import type { GraphStore } from '../graph/graphStore';
import type { StoreIo } from '../../contracts/retrievalResult';
import type { AnchorRef, CandidateShape, Step } from './enumerate';
import { candidateAnswers, chainLevel, conjunctionContinuationsBatch, pathGroups, type CypherStatement, type StoreNodeRef, type StoreShape } from './storeCypher';

/** A grounded node: its place in the grounding and its id in the store. */
export interface StoreAnchor extends AnchorRef {
  readonly storeId: string;
}

/** A candidate counted on the store: the shape and its distinct answers (the answers are fetched only for the one chosen). */
export interface StoreCandidate {
  readonly source: 'store';
  readonly shape: CandidateShape;
  readonly count: number;
}

export interface StoreAnswer {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  readonly paths: number;
}

export interface StoreEnumerateOptions {
  readonly maxHops?: number;
  /** Stop after this many candidates (the cap is reported in `capped`). */
  readonly maxCandidates?: number;
  readonly signal?: AbortSignal;
}

const storeRef = (a: StoreAnchor): StoreNodeRef => ({ storeId: a.storeId, label: a.label });

/**
 * Candidate enumeration with aggregate Cypher on the store (GraphRAFT's templates): one read-only
 * query per query prefix returns every typed continuation with `count(DISTINCT answer)`; a chain is
 * extended only along continuations that have answers. Same candidates and counts as the snapshot
 * enumerator (tested against it and a brute-force walk on the real embedded engine).
 */
export class StoreEnumerator {
  capped = false;
  /** Statements sent (for the result's "what ran" and the benchmark). */
  queries = 0;
  /** Rows they returned, and the store's own time (its reported time, else the call's). */
  rowsRead = 0;
  serverMs = 0;

  constructor(private readonly store: Pick<GraphStore, 'query' | 'dialect'>) {}

  private async rows(s: CypherStatement, signal?: AbortSignal): Promise<readonly Readonly<Record<string, unknown>>[]> {
    this.queries++;
    const r = await this.store.query(s.text, { params: s.params, readOnly: true, ...(signal ? { signal } : {}) });
    this.rowsRead += r.rows.length;
    this.serverMs += r.serverMs ?? r.timeMs;
    return r.rows;
  }

  /** What was asked of the store so far (RetrievalResult's `storeIo`). */
  io(): StoreIo {
    return { roundTrips: this.queries, rowsRead: this.rowsRead, serverMs: this.serverMs };
  }

  /**
   * Chains of 1..maxHops hops from one anchor; answers exclude the anchor itself. One statement per
   * length (`chainLevel`): every prefix of that length with its typed continuations, so a chain of
   * h hops costs h round trips; the candidates are then listed depth first, as the snapshot
   * enumerator lists them, and the cap cuts the same list.
   */
  async chains(anchor: StoreAnchor, options: StoreEnumerateOptions = {}): Promise<StoreCandidate[]> {
    const maxHops = options.maxHops ?? 3;
    const cap = options.maxCandidates ?? 2000;
    const children = new Map<string, Readonly<Record<string, unknown>>[]>();
    for (let depth = 0; depth < maxHops; depth++) {
      const rows = await this.rows(chainLevel(this.store.dialect, storeRef(anchor), depth), options.signal);
      if (rows.length === 0) break;
      for (const r of rows) {
        const prefix: Step[] = [];
        for (let i = 1; i <= depth; i++) prefix.push({ relation: String(r[`t${i}`]), direction: direction(r[`d${i}`]), label: String(r[`l${i}`]) });
        const key = prefixKey(prefix);
        const list = children.get(key);
        if (list) list.push(r);
        else children.set(key, [r]);
      }
    }
    const out: StoreCandidate[] = [];
    const walk = (steps: readonly Step[]): void => {
      if (steps.length >= maxHops) return;
      for (const g of sortedGroups(children.get(prefixKey(steps)) ?? [])) {
        if (out.length >= cap) {
          this.capped = true;
          return;
        }
        const next = [...steps, g.step];
        out.push({ source: 'store', shape: { kind: 'chain', anchor: strip(anchor), steps: next }, count: g.answers });
        walk(next);
      }
    };
    walk([]);
    return out;
  }

  /** Paths a –first– m –second– b, and conjunctions one hop further from m (every path's in one statement). */
  async twoAnchor(a: StoreAnchor, b: StoreAnchor, options: StoreEnumerateOptions = {}): Promise<StoreCandidate[]> {
    if (a.storeId === b.storeId) return [];
    const cap = options.maxCandidates ?? 2000;
    const out: StoreCandidate[] = [];
    const paths = (await this.rows(pathGroups(this.store.dialect, storeRef(a), storeRef(b)), options.signal))
      .map((r) => ({
        first: { relation: String(r.first), direction: direction(r.firstDirection), label: String(r.label) } satisfies Step,
        second: { relation: String(r.second), direction: direction(r.secondDirection), label: b.label } satisfies Step,
        answers: Number(r.answers),
      }))
      .filter((p) => p.answers > 0)
      .sort((x, y) => stepOrder(x.first, y.first) || stepOrder(x.second, y.second));
    const then: { step: Step; answers: number }[][] = [];
    for (let at = 0; at < paths.length; at += BATCH_PREFIXES) {
      const chunk = paths.slice(at, at + BATCH_PREFIXES);
      const rows = await this.rows(conjunctionContinuationsBatch(this.store.dialect, storeRef(a), storeRef(b), chunk), options.signal);
      chunk.forEach((_, i) => then.push(sortedGroups(rows.filter((r) => Number(r.prefix) === i))));
    }
    const anchors: [AnchorRef, AnchorRef] = [strip(a), strip(b)];
    for (const [i, p] of paths.entries()) {
      if (out.length >= cap) {
        this.capped = true;
        return out;
      }
      out.push({ source: 'store', shape: { kind: 'path', anchors, first: p.first, second: p.second }, count: p.answers });
      for (const g of then[i]!) out.push({ source: 'store', shape: { kind: 'conjunction', anchors, first: p.first, second: p.second, then: g.step }, count: g.answers });
    }
    return out;
  }

  /** The answers of one candidate, most paths first (ties by name), at most `limit`. */
  async answers(shape: CandidateShape, storeIds: ReadonlyMap<number, string>, limit: number, signal?: AbortSignal): Promise<StoreAnswer[]> {
    const ref = (a: AnchorRef): StoreNodeRef => {
      const storeId = storeIds.get(a.node);
      if (storeId === undefined) throw new Error(`no store id for the anchor ${JSON.stringify(a.name)}`);
      return { storeId, label: a.label };
    };
    const s: StoreShape = shape.kind === 'chain' ? { ...shape, anchor: ref(shape.anchor) } : { ...shape, anchors: [ref(shape.anchors[0]), ref(shape.anchors[1])] };
    const rows = await this.rows(candidateAnswers(this.store.dialect, s, limit), signal);
    return rows.map((r) => ({ id: String(r.id), name: r.name === null || r.name === undefined ? '' : String(r.name), label: String(r.label), paths: Number(r.paths) }));
  }
}

/** Prefixes (or paths) whose continuations one statement reads: bounds a statement's size (two UNION ALL branches each). */
export const BATCH_PREFIXES = 32;

function prefixKey(steps: readonly Step[]): string {
  return steps.map((s) => `${s.relation}\u0000${s.direction}\u0000${s.label}`).join('\u0001');
}

function direction(v: unknown): 'out' | 'in' {
  return v === 'in' ? 'in' : 'out';
}

/** The shape's anchor without the store id (shapes are the same whichever enumerator made them). */
function strip(a: StoreAnchor): AnchorRef {
  return { mention: a.mention, node: a.node, name: a.name, label: a.label };
}

function stepOrder(x: Step, y: Step): number {
  return x.relation.localeCompare(y.relation) || x.direction.localeCompare(y.direction) || x.label.localeCompare(y.label);
}

/** Continuation rows → steps with answers, in a fixed order (the engines return groups in any order). */
function sortedGroups(rows: readonly Readonly<Record<string, unknown>>[]): { step: Step; answers: number }[] {
  return rows
    .map((r) => ({ step: { relation: String(r.relation), direction: direction(r.direction), label: String(r.label) }, answers: Number(r.answers) }))
    .filter((g) => g.answers > 0)
    .sort((x, y) => stepOrder(x.step, y.step));
}
