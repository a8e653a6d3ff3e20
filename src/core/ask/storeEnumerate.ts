import type { GraphStore } from '../graph/graphStore';
import type { StoreIo } from '../../contracts/retrievalResult';
import type { AnchorRef, CandidateShape, Step } from './enumerate';
import { candidateAnswers, chainContinuations, conjunctionContinuations, pathGroups, type CypherStatement, type StoreNodeRef, type StoreShape } from './storeCypher';

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

  /** Chains of 1..maxHops hops from one anchor; answers exclude the anchor itself. */
  async chains(anchor: StoreAnchor, options: StoreEnumerateOptions = {}): Promise<StoreCandidate[]> {
    const maxHops = options.maxHops ?? 3;
    const cap = options.maxCandidates ?? 2000;
    const out: StoreCandidate[] = [];
    const walk = async (steps: readonly Step[]): Promise<void> => {
      if (steps.length >= maxHops) return;
      const groups = sortedGroups(await this.rows(chainContinuations(this.store.dialect, storeRef(anchor), steps), options.signal));
      for (const g of groups) {
        if (out.length >= cap) {
          this.capped = true;
          return;
        }
        const next = [...steps, g.step];
        out.push({ source: 'store', shape: { kind: 'chain', anchor: strip(anchor), steps: next }, count: g.answers });
        await walk(next);
      }
    };
    await walk([]);
    return out;
  }

  /** Paths a –first– m –second– b, and conjunctions one hop further from m. */
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
    const anchors: [AnchorRef, AnchorRef] = [strip(a), strip(b)];
    for (const p of paths) {
      if (out.length >= cap) {
        this.capped = true;
        return out;
      }
      out.push({ source: 'store', shape: { kind: 'path', anchors, first: p.first, second: p.second }, count: p.answers });
      const then = sortedGroups(await this.rows(conjunctionContinuations(this.store.dialect, storeRef(a), storeRef(b), p.first, p.second), options.signal));
      for (const g of then) out.push({ source: 'store', shape: { kind: 'conjunction', anchors, first: p.first, second: p.second, then: g.step }, count: g.answers });
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
