/** Few-shot files: readers for every shape people keep them in, and their checks (docs/fewshot.md). */
export { checkFewShotFile, checkFewShot } from './check';
export { detectFormat, readFewShot } from './detect';
export { FEWSHOT_CODES, type FewShotCode } from './codes';
export { executeExamples, type ExampleRunner, type ExecuteOptions } from './execute';
export { patternShape } from './shapes';
export { readCsv, type CsvRecord } from './csv';
export { readSchemasCsv } from './schemasCsv';
export { toDbSchema, checkCypherQuery, useCypherFastPath, cypherAnalysisCounts } from './checks/cypher';
export { DEFAULT_SIMGRAG_SHOTS, DEFAULT_EXPECTED_SHAPES } from './checks/file';
export * from './model';
