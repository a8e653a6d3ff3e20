/** Planning graphs' public entry point: the IR's types and defaults (front doors import from here, not from internals). */
export { DEFAULT_STRATEGIES, MATCH_SEMANTICS, type PlanningGraph, type StrategyKind } from './planningGraph';
export {
  STRATEGY_PARAMETERS,
  strategyParameter,
  fitsParameter,
  MAX_RESULTS,
  badParameterMessage,
  parameterTypeText,
  parameterDefaultText,
  type StrategyParameter,
  type ParameterValue,
} from './strategyParameters';
export { cypherPatternProblem, MAX_CYPHER_CYCLES, patternCycles } from './cypherLimits';
