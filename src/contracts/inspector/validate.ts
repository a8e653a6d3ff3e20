/**
 * Validators for everything the inspector receives: RetrievalResult JSON, host → webview and
 * webview → host messages, and the persisted panel state. Used on both sides of postMessage.
 */
import type { RetrievalResult } from '../retrievalResult';
import {
  arrayOf, bool, isRecord, jsonValue, nullable, num, object, oneOf, recordOf, str, union,
  type Check,
} from './guards';
import {
  INSPECTOR_VIEWS,
  type HostToWebviewMessage,
  type InspectorState,
  type WebviewToHostMessage,
} from './messages';

export type Validated<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

const strings = arrayOf(str);
const strategyKind = oneOf(['gsd', 'mor', 'cypher', 'stem', 'sage']);
const scoredNode = object({ nodeId: str, name: str, 'score?': num });

const planTree: Check = (v, p) =>
  object({
    operator: str,
    'details?': str,
    'identifiers?': strings,
    'estimatedRows?': num,
    'rows?': num,
    'dbHits?': num,
    'timeMs?': num,
    'memoryBytes?': num,
    children: arrayOf(planTree),
  })(v, p);

const termCommon = {
  'patternText?': str,
  matchedText: str,
  distance: num,
  'candidateRank?': num,
};

const distanceTerm = union('kind', {
  node: object({ kind: str, variable: str, ...termCommon }),
  edge: object({ kind: str, edgeId: str, source: str, target: str, ...termCommon }),
});

const matchedSubgraph = object({
  rank: num,
  gsd: num,
  'score?': num,
  mapping: arrayOf(object({ variable: str, nodeId: str, name: str, labels: strings })),
  terms: arrayOf(distanceTerm),
  triples: arrayOf(
    object({ source: str, type: str, target: str, sourceName: str, targetName: str, 'edgeId?': str }),
  ),
});

const trajectoryTrace = object({
  paths: arrayOf(
    object({
      index: num,
      variables: strings,
      layers: arrayOf(
        object({
          layer: num,
          variable: str,
          'category?': str,
          'restriction?': str,
          structural: arrayOf(scoredNode),
          textual: arrayOf(scoredNode),
          kept: num,
        }),
      ),
    }),
  ),
  survivors: arrayOf(scoredNode),
  combination: oneOf(['intersection', 'union-fallback', 'text-fallback']),
  trajectories: arrayOf(
    object({
      candidate: str,
      name: str,
      nodes: arrayOf(scoredNode),
      textualFingerprint: arrayOf(num),
      structuralFingerprint: strings,
      traversalIdentifier: arrayOf(oneOf(['seed', 'structural', 'textual'])),
      score: num,
      'edges?': arrayOf(nullable(object({ type: str, forward: bool }))),
    }),
  ),
  reranker: str,
});

const traceEdge = object({ source: str, type: str, target: str, sourceName: str, targetName: str });

const stemTrace = object({
  mode: oneOf(['precision', 'breadth']),
  theta: num,
  entityBias: num,
  tripleBias: num,
  topN: num,
  beam: num,
  guidance: object({ provider: str, k: num, entities: arrayOf(scoredNode), edges: arrayOf(traceEdge) }),
  beams: arrayOf(
    object({
      index: num,
      schema: arrayOf(object({ edgeId: str, head: str, relation: str, tail: str, grounding: num })),
      anchorVariable: str,
      anchors: arrayOf(object({ nodeId: str, name: str, similarity: num, inGuidance: bool, score: num })),
      tried: strings,
      expansions: arrayOf(
        object({
          id: num,
          parent: num,
          step: num,
          edgeId: str,
          from: scoredNode,
          cumulative: num,
          candidateCount: num,
          candidates: arrayOf(
            object({ edge: traceEdge, nodeId: str, similarity: num, bias: num, tScore: num, cumulative: num, 'passesTheta?': bool, kept: bool, 'child?': num }),
          ),
        }),
      ),
      matches: num,
      truncated: bool,
    }),
  ),
});

const sageScoredFields = { nodeId: str, name: str, source: oneOf(['hybrid', 'plan', 'both', 'neighbour']), bm25: num, dense: num, fused: num };
const sageTrace = object({
  alpha: num,
  beta: num,
  k: num,
  kPrime: num,
  edgePolicy: oneOf(['skip-explicit', 'expand']),
  constrained: bool,
  query: str,
  seeds: arrayOf(object(sageScoredFields)),
  candidates: arrayOf(object({ ...sageScoredFields, seed: str, edgeType: str, direction: oneOf(['out', 'in']), rank: num, kept: bool })),
  candidateCount: num,
  skipped: arrayOf(object({ nodeId: str, name: str, reason: str })),
  allowedTypes: strings,
  allowedLabels: strings,
  final: arrayOf(object(sageScoredFields)),
});

/** Where a result ran and what it asked of the store (retrieval results and the grounding view). */
const placement = object({ requested: oneOf(['memory', 'store', 'auto']), ran: oneOf(['memory', 'store']), reason: str });
const storeIo = object({ roundTrips: num, rowsRead: num, serverMs: num });

const retrievalResult = object({
  id: str,
  plan: str,
  'question?': str,
  strategy: strategyKind,
  store: object({ kind: oneOf(['embedded', 'neo4j']), description: str }),
  answers: arrayOf(object({ value: str, 'nodeId?': str, 'labels?': strings, score: num })),
  // Rendered too (the context line, labels of nodes a trace names): checked like the rest.
  'returns?': strings,
  'context?': arrayOf(object({ value: str, 'nodeId?': str, 'labels?': strings, score: num })),
  'nodeLabels?': recordOf(strings),
  subgraphs: arrayOf(matchedSubgraph),
  'candidates?': arrayOf(
    object({
      element: oneOf(['node', 'edge']),
      ref: str,
      patternText: str,
      candidates: arrayOf(object({ text: str, 'id?': str, distance: num, 'via?': str })),
      'excluded?': arrayOf(object({ text: str, reason: str })),
    }),
  ),
  'trajectory?': trajectoryTrace,
  'cypher?': object({
    text: str,
    params: recordOf(jsonValue),
    dialect: oneOf(['neo4j', 'kuzu']),
    'plan?': planTree,
    mode: oneOf(['run', 'explain', 'profile']),
    'table?': object({ columns: strings, rows: arrayOf(arrayOf(jsonValue)), total: num }),
    'planStrategy?': strategyKind,
    'exact?': arrayOf(object({ element: oneOf(['node', 'edge']), ref: str, written: str, became: str, 'param?': str })),
  }),
  'stem?': stemTrace,
  'sage?': sageTrace,
  timings: object({ totalMs: num, candidatesMs: num, searchMs: num }),
  stats: recordOf(num),
  'warnings?': strings,
  // The inspector renders these (the not-found banner, the types table): checked like the rest.
  'notFound?': arrayOf(object({ variable: str, text: str, 'nearest?': str, 'distance?': num })),
  'types?': arrayOf(object({ variable: str, type: str, labels: strings, how: oneOf(['exact', 'alias', 'is-a', 'nearest', 'none']), detail: str, 'distance?': num, 'role?': bool })),
  'budget?': object({ exhausted: oneOf(['time', 'expansions']), limit: num }),
  'ties?': object({ score: num, best: bool, shown: num, total: num, complete: bool, 'k?': num }),
  'placement?': placement,
  'storeIo?': storeIo,
});

const timingsAllNumbers: Check = (v, p) => recordOf(num)(v, p);

const groundingCommon = {
  question: str,
  mentions: arrayOf(
    object({
      text: str,
      start: num,
      end: num,
      marked: bool,
      method: oneOf(['exact', 'bm25', 'embedding']),
      score: num,
      anchor: bool,
      nodes: arrayOf(object({ id: str, name: str, label: str, score: num })),
      overlaps: arrayOf(num),
      'variable?': str,
    }),
  ),
  totalMs: num,
  'placement?': placement,
  'storeIo?': storeIo,
};

const grounding = union('kind', {
  planned: object({
    kind: str,
    ...groundingCommon,
    status: oneOf(['match', 'weak']),
    confidence: num,
    decidedBy: union('kind', {
      ranker: object({ kind: str }),
      model: object({ kind: str, model: str, attempts: num }),
      user: object({ kind: str }),
    }),
    rejectedReplies: arrayOf(object({ reply: str, reason: str })),
    chosen: num,
    candidates: arrayOf(object({ id: num, pattern: str, chain: str, count: num, score: num, fit: num, 'evidence?': strings })),
    totalCandidates: num,
    capped: bool,
    enumeratedOn: oneOf(['snapshot', 'store']),
    ran: object({ plan: str, strategy: str }),
  }),
  'nothing-found': object({ kind: str, ...groundingCommon, message: str, nearest: strings }),
  'no-candidates': object({ kind: str, ...groundingCommon, message: str }),
  'too-long': object({ kind: str, ...groundingCommon, message: str }),
});

const view = oneOf(INSPECTOR_VIEWS);
const source = object({ 'uri?': str, 'label?': str });
const imageFormat = oneOf(['png', 'svg']);

const side = oneOf(['a', 'b', 'both']);
const sideCounts = object({ a: num, b: num, both: num });
const answerChange = object({ value: str, 'rankA?': num, 'rankB?': num, 'scoreA?': num, 'scoreB?': num });
const delta = object({ name: str, a: num, b: num, delta: num });
const comparison = object({
  results: arrayOf(object({ id: str, letter: str, plan: str, strategy: strategyKind, graph: str, executed: bool, answers: num, totalMs: num })),
  answers: arrayOf(object({ value: str, ranks: arrayOf(nullable(num)) })),
  pairs: arrayOf(
    object({
      b: num,
      gained: arrayOf(answerChange),
      lost: arrayOf(answerChange),
      kept: arrayOf(answerChange),
      subgraph: object({
        matchedBy: oneOf(['id', 'name']),
        nodes: arrayOf(object({ key: str, name: str, labels: strings, side })),
        edges: arrayOf(object({ key: str, source: str, target: str, type: str, side })),
        nodeCounts: sideCounts,
        edgeCounts: sideCounts,
      }),
      timings: arrayOf(delta),
      scores: arrayOf(delta),
      'scoreNote?': str,
    }),
  ),
});
const historyEntry = object({
  id: str,
  plan: str,
  strategy: strategyKind,
  mode: oneOf(['run', 'explain', 'profile']),
  graph: object({ description: str, 'fingerprint?': str }),
  at: num,
  pinned: bool,
  executed: bool,
  answers: num,
  totalMs: num,
  'question?': str,
  'source?': str,
  planEdited: bool,
});

// core/whynot's analysis (src/contracts/whyNot.ts), checked as deeply as the view reads it.
const whyNotNode = object({ nodeId: str, name: str, label: str });
const pathPattern = object({ pattern: str, hops: num, nodes: arrayOf(whyNotNode), edges: arrayOf(object({ type: str, forward: bool })) });
const namedSwap = object({ variable: str, term: str, own: whyNotNode, became: whyNotNode, 'candidateRank?': num, 'distance?': num });
const whyNotCause = union('kind', {
  returned: object({ kind: str, rank: num, score: num, variable: str }),
  'not-in-graph': object({ kind: str, nearest: arrayOf(object({ name: str, nodeId: str, label: str, distance: num, edits: num })) }),
  unreachable: object({ kind: str, variable: str, reason: str, 'path?': pathPattern, 'from?': str, maxHops: num }),
  'candidate-rank': object({
    kind: str,
    needs: arrayOf(object({ element: oneOf(['node', 'edge']), ref: str, patternText: str, needed: str, rank: num, parameter: oneOf(['nodeCandidates', 'relationCandidates']), limit: num, 'matchedInstead?': str })),
    subgraph: matchedSubgraph,
  }),
  category: object({ kind: str, variable: str, category: str, labels: strings, needed: str, neededName: str, 'subgraph?': matchedSubgraph, 'swaps?': arrayOf(namedSwap) }),
  'named-swapped': object({ kind: str, variable: str, swaps: arrayOf(namedSwap), score: num, 'rank?': num, 'subgraph?': matchedSubgraph, 'path?': pathPattern, maxHops: num }),
  'cut-by-k': object({ kind: str, parameter: str, k: num, rank: num, score: num, 'lastReturned?': num, 'subgraph?': matchedSubgraph }),
  pruned: object({ kind: str, bound: oneOf(['gsd-tie', 'time-budget', 'expansion-budget', 'theta', 'layer-cap']), value: num, detail: str, 'subgraph?': matchedSubgraph }),
  'mor-layer': object({ kind: str, path: num, layer: num, variable: str, reason: oneOf(['not-seeded', 'relation', 'category', 'layer-cap', 'not-in-every-path']), detail: str, 'route?': pathPattern }),
  'cypher-clause': object({ kind: str, clause: oneOf(['name', 'label', 'relation', 'direction', 'distinct', 'limit']), ref: str, text: str, detail: str, query: str }),
  trace: object({ kind: str, stage: str, detail: str }),
});
const scalar: Check = (v, p) => (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string' ? null : `${p}: expected a number, boolean or string`);
const fixCommon = { label: str, 'outcome?': object({ returned: bool, 'rank?': num, answers: num, 'skipped?': str, 'swapped?': arrayOf(namedSwap) }) };
const whyNotFix = union('kind', {
  'set-parameter': object({ kind: str, strategy: strategyKind, name: str, value: scalar, 'also?': recordOf(scalar), ...fixCommon }),
  'add-alias': object({ kind: str, element: oneOf(['relation', 'label']), target: str, alias: str, ...fixCommon }),
  'relax-category': object({ kind: str, variable: str, category: str, 'to?': str, ...fixCommon }),
  'use-name': object({ kind: str, variable: str, from: str, to: str, ...fixCommon }),
  'fix-expect': object({ kind: str, from: str, to: str, ...fixCommon }),
});
const modelContext = object({ format: oneOf(['simgrag', 'triples']), text: str, graphs: num, totalGraphs: num, triples: num, tokens: object({ tokens: num, method: str, exact: bool }) });
const whyNotResult = object({ expected: str, plan: str, strategy: strategyKind, 'variable?': str, nodes: arrayOf(whyNotNode), cause: whyNotCause, summary: str, fixes: arrayOf(whyNotFix), ms: num, 'placement?': object({ requested: oneOf(['memory', 'store', 'auto']), ran: oneOf(['memory', 'store']), reason: str }), 'storeIo?': object({ roundTrips: num, rowsRead: num, serverMs: num }) });

const hostMessage = union('type', {
  show: object({ type: str, result: (v, p) => checkResult(v, p), 'source?': source, 'view?': view, 'grounding?': grounding, 'entryId?': str, 'expect?': strings, 'context?': arrayOf(modelContext) }),
  whyNotAnswer: union('status', {
    ok: object({ type: str, requestId: num, status: str, 'entryId?': str, analysis: whyNotResult }),
    error: object({ type: str, requestId: num, status: str, expected: str, message: str }),
  }),
  history: object({ type: str, entries: arrayOf(historyEntry), 'current?': str }),
  compare: object({ type: str, comparison, 'question?': str, 'notes?': strings }),
  highlight: object({ type: str, variable: nullable(str) }),
  selectView: object({ type: str, view }),
  requestImage: object({ type: str, format: imageFormat }),
  askWhyNot: object({ type: str, expected: str }),
  activeGraph: object({ type: str, description: str, 'fingerprint?': str }),
  progress: object({ type: str, title: str, stage: nullable(str) }),
  expanded: union('status', {
    ok: object({
      type: str,
      status: str,
      requestId: num,
      nodeId: str,
      nodes: arrayOf(object({ id: str, name: str, labels: strings })),
      edges: arrayOf(object({ source: str, target: str, type: str })),
      total: num,
    }),
    error: object({ type: str, status: str, requestId: num, nodeId: str, message: str }),
  }),
});

const revealMessage: Check = (v, p) => {
  const problem = object({ type: str, plan: str, 'variable?': str, 'edgeId?': str })(v, p);
  if (problem) return problem;
  const r = v as { variable?: unknown; edgeId?: unknown };
  return (r.variable === undefined) === (r.edgeId === undefined) ? `${p}: give exactly one of variable, edgeId` : null;
};

const webviewMessage = union('type', {
  ready: object({ type: str }),
  openCypher: object({ type: str }),
  reveal: revealMessage,
  addAlias: object({ type: str, plan: str, element: oneOf(['node', 'edge']), ref: str, patternText: str, candidate: str }),
  exportJson: object({ type: str }),
  exportImage: object({ type: str, format: imageFormat, data: str }),
  rendered: object({ type: str, view, nodes: num, edges: num, ms: num }),
  expand: object({ type: str, requestId: num, nodeId: str }),
  useCandidate: object({ type: str, candidate: num }),
  openCandidate: object({ type: str, candidate: num }),
  openEntry: object({ type: str, id: str }),
  pinEntry: object({ type: str, id: str, pinned: bool }),
  exportEntry: object({ type: str, id: str }),
  compareEntries: (v, p) => object({ type: str, ids: arrayOf(str) })(v, p) ?? ((v as { ids: unknown[] }).ids.length < 2 ? `${p}.ids: compare needs at least two results` : null),
  compareStrategies: object({ type: str }),
  whyNot: object({ type: str, requestId: num, expected: str, 'entryId?': str }),
  applyFix: object({ type: str, expected: str, 'entryId?': str, fix: whyNotFix }),
  log: object({ type: str, level: oneOf(['info', 'warn', 'error']), message: str }),
});

const state = object({ 'result?': (v, p) => checkResult(v, p), 'source?': source, 'view?': view, 'grounding?': grounding, 'comparison?': comparison, 'question?': str, 'notes?': strings });

function checkResult(v: unknown, p: string): string | null {
  return retrievalResult(v, p) ?? (isRecord(v) ? timingsAllNumbers(v.timings, `${p}.timings`) : null);
}

function run<T>(check: Check, value: unknown, root: string): Validated<T> {
  const error = check(value, root);
  return error === null ? { ok: true, value: value as T } : { ok: false, error };
}

/** A RetrievalResult as parsed JSON (from a file, `kgrag run --json`, or a message). */
export function validateRetrievalResult(value: unknown): Validated<RetrievalResult> {
  return run<RetrievalResult>(checkResult, value, 'result');
}

export function validateHostMessage(value: unknown): Validated<HostToWebviewMessage> {
  return run<HostToWebviewMessage>(hostMessage, value, 'message');
}

export function validateWebviewMessage(value: unknown): Validated<WebviewToHostMessage> {
  return run<WebviewToHostMessage>(webviewMessage, value, 'message');
}

export function validateInspectorState(value: unknown): Validated<InspectorState> {
  return run<InspectorState>(state, value, 'state');
}
