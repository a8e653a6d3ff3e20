import { readTextFileSync } from '../../boundedRead';
import type { TraversalStep } from '../result';

/**
 * Trajectory features (MoR §3.3, App. B.2) and the rerankers that score them. The learned MoR
 * reranker (BERT over SF, 1280-d MLP) is out of scope; what ships is a transparent linear model
 * over named features, whose weights can come from a JSON file (docs/retrieval.md):
 *   {"kind": "linear", "name": "my-model", "bias": 0, "weights": {"tf1": 1, "sf2:Movie": 0.3, …}}
 * Feature names:
 *   tf1 tf2 tf3   TF: per-step BM25 of the step's node for Q ⊕ restriction, divided by the best
 *                 BM25 of that layer's text query (0…1), padded with 0 to three steps
 *   init          the initial semantic score: cosine(question, candidate text) with the embedder
 *   structural    share of steps reached by structural traversal
 *   textual       share of steps reached by textual matching (seeds count as textual)
 *   length        trajectory length / 3
 *   paths         share of reasoning paths whose last layer holds the candidate
 *   sf1:<Cat> sf2:<Cat> sf3:<Cat>   SF one-hot: the category at each of the three (front-padded) steps
 *   ti1:<step> ti2:<step> ti3:<step>  TI one-hot: seed / structural / textual / padding per step
 * Unknown feature names weigh nothing; features the model does not name count 0.
 */
export interface TrajectoryFeatures {
  /** TF padded to 3 + initial semantic score (the 4-vector of App. B.2). */
  readonly textualFingerprint: readonly number[];
  readonly structuralFingerprint: readonly string[];
  readonly traversalIdentifier: readonly TraversalStep[];
  readonly pathsShare: number;
}

export interface Reranker {
  readonly name: string;
  score(f: TrajectoryFeatures): number;
  /** The named feature values the score used (for explanations). */
  features(f: TrajectoryFeatures): Record<string, number>;
}

export function featureMap(f: TrajectoryFeatures): Record<string, number> {
  const tf = f.textualFingerprint;
  const steps = f.traversalIdentifier.length;
  const out: Record<string, number> = {
    tf1: tf[0] ?? 0,
    tf2: tf[1] ?? 0,
    tf3: tf[2] ?? 0,
    init: tf[3] ?? 0,
    structural: steps ? f.traversalIdentifier.filter((s) => s === 'structural').length / steps : 0,
    textual: steps ? f.traversalIdentifier.filter((s) => s !== 'structural').length / steps : 0,
    length: Math.min(3, steps) / 3,
    paths: f.pathsShare,
  };
  const sf = padFront(f.structuralFingerprint.slice(-3), 3, 'padding');
  const ti = padFront(f.traversalIdentifier.slice(-3) as string[], 3, 'padding');
  sf.forEach((c, i) => (out[`sf${i + 1}:${c}`] = 1));
  ti.forEach((c, i) => (out[`ti${i + 1}:${c}`] = 1));
  return out;
}

function padFront(a: readonly string[], n: number, pad: string): string[] {
  return [...Array.from({ length: Math.max(0, n - a.length) }, () => pad), ...a];
}

export interface LinearModel {
  readonly kind: 'linear';
  readonly name: string;
  readonly bias: number;
  readonly weights: Readonly<Record<string, number>>;
}

/**
 * The default score: text evidence along the path (TF), agreement across paths, a bonus for
 * structural steps (the candidate is connected to the seeds, not merely similar to the words) and
 * a little of the initial semantic score to order near-ties.
 */
export const DEFAULT_MODEL: LinearModel = {
  kind: 'linear',
  name: 'default-linear',
  bias: 0,
  weights: { tf1: 1, tf2: 0.5, tf3: 0.5, paths: 2, structural: 1, init: 0.25 },
};

export function linearReranker(model: LinearModel = DEFAULT_MODEL): Reranker {
  return {
    name: model.name,
    features: featureMap,
    score(f) {
      const x = featureMap(f);
      let s = model.bias;
      for (const [k, w] of Object.entries(model.weights)) s += w * (x[k] ?? 0);
      return s;
    },
  };
}

/** Reads a reranker JSON file; throws an Error with a clear message when it is not one. */
export function loadReranker(path: string): Reranker {
  // Bounded, and its FileReadError kept whole (the CLI maps it to an exit code).
  const text = readTextFileSync(path, 'settings');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`reranker ${path}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return linearReranker(parseModel(value, path));
}

export function parseModel(value: unknown, where = 'reranker'): LinearModel {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${where}: expected an object {"kind": "linear", "weights": {…}}`);
  const v = value as Record<string, unknown>;
  if (v['kind'] !== 'linear') throw new Error(`${where}: "kind" must be "linear"`);
  const weights = v['weights'];
  if (typeof weights !== 'object' || weights === null || Array.isArray(weights)) throw new Error(`${where}: "weights" must be an object of feature name → number`);
  const w: Record<string, number> = {};
  for (const [k, x] of Object.entries(weights)) {
    if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`${where}: weight of ${k} must be a finite number`);
    w[k] = x;
  }
  const bias = v['bias'] ?? 0;
  if (typeof bias !== 'number' || !Number.isFinite(bias)) throw new Error(`${where}: "bias" must be a number`);
  const name = typeof v['name'] === 'string' ? v['name'] : 'linear';
  return { kind: 'linear', name, bias, weights: w };
}
