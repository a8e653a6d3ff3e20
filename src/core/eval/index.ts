// Question-set evaluation (`kgrag eval`, the benches): the public entry point (docs/eval.md).
export { readEvalSet, groupOf, type EvalItem, type EvalInputKind, type ReadSet, type SetProblem } from './set';
export { evaluateSet, recordKey, EvalSetError, type AskOutcome, type EvalRunner, type EvalRecord, type EvalOptions, type MissCause } from './evaluate';
export {
  summarize,
  metricsOf,
  causesOf,
  percentile,
  parseThreshold,
  thresholdFailures,
  makeBaseline,
  isEvalBaseline,
  compareBaseline,
  renderSummary,
  fmtMetric,
  METRIC_NAMES,
  type Metrics,
  type MetricName,
  type CauseCount,
  type StrategySummary,
  type EvalSummary,
  type Threshold,
  type EvalBaseline,
  type BaselineComparison,
} from './metrics';
export { sessionRunner, snapshotRunner, askOutcome, goldToFollow } from './runners';
export { evalView, type EvalRunInfo, type PreviousEvalRun } from './view';
