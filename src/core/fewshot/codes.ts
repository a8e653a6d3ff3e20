/**
 * Stable codes of the few-shot checks (documented in docs/fewshot.md). Findings of the runtime
 * parsers keep their own codes (simgrag-*, literal-*, KGP*), so one defect has one code everywhere.
 */
export const FEWSHOT_CODES = {
  // reading the file
  unknownFormat: 'fewshot-unknown-format',
  fileSyntax: 'fewshot-file-syntax',
  fileSchema: 'fewshot-file-schema',
  noExamples: 'fewshot-no-examples',
  missingOutput: 'fewshot-missing-output',
  missingQuestion: 'fewshot-missing-question',
  outputSyntax: 'fewshot-output-syntax',
  csvColumns: 'fewshot-csv-columns',
  schemaRef: 'fewshot-schema-ref',
  // SimGRAG patterns
  disconnected: 'fewshot-disconnected',
  duplicateEdge: 'fewshot-duplicate-edge',
  stopWordRelation: 'fewshot-stopword-relation',
  noKnownNode: 'fewshot-no-known-node',
  typeConflict: 'fewshot-type-conflict',
  relationTypo: 'fewshot-relation-typo',
  unknownIdReuse: 'fewshot-unknown-id-reuse',
  // SimGRAG answer prompts
  evidenceFormat: 'fewshot-evidence-format',
  answerReference: 'fewshot-answer-reference',
  // MoR plans
  metapathMalformed: 'fewshot-metapath-malformed',
  unknownCategory: 'fewshot-unknown-category',
  foreignSchema: 'fewshot-foreign-schema',
  unknownTriplet: 'fewshot-unknown-triplet',
  tripletDirection: 'fewshot-triplet-direction',
  restrictionKey: 'fewshot-restriction-key',
  targetNotInPlan: 'fewshot-target-not-in-plan',
  // Cypher
  cypherSyntax: 'fewshot-cypher-syntax',
  cypherSchema: 'fewshot-cypher-schema',
  cypherProperty: 'fewshot-cypher-property',
  cypherNotice: 'fewshot-cypher-notice',
  // the file as a whole
  blockOutOfPlace: 'fewshot-block-out-of-place',
  numbering: 'fewshot-numbering',
  duplicateExample: 'fewshot-duplicate-example',
  shotCount: 'fewshot-shot-count',
  placeholderMissing: 'fewshot-placeholder-missing',
  shapeCoverage: 'fewshot-shape-coverage',
  shapeMissing: 'fewshot-shape-missing',
  // execute mode
  expectNotRetrieved: 'fewshot-expect-not-retrieved',
} as const;

export type FewShotCode = (typeof FEWSHOT_CODES)[keyof typeof FEWSHOT_CODES];
