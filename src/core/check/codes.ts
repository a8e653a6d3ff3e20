/**
 * Stable codes of plan checks: KGP2xx structure, KGP3xx against a schema (KGP1xx, syntax, are in
 * src/core/dsl/codes.ts). Never renumber: users search for and suppress them. Every code is
 * documented in docs/diagnostics.md.
 */
export const CHECK = {
  // ── structure ──
  unknownReturn: 'KGP200',
  disconnected: 'KGP201',
  parallelEdges: 'KGP202',
  unknownInText: 'KGP203',
  misspeltUnknown: 'KGP204',
  conflictingNode: 'KGP205',
  selfLoop: 'KGP206',
  duplicatePlan: 'KGP207',
  duplicateClause: 'KGP208',
  missingReturn: 'KGP209',
  missingMatch: 'KGP210',
  unknownStrategy: 'KGP211',
  unknownParameter: 'KGP212',
  badParameterValue: 'KGP213',
  duplicateParameter: 'KGP214',
  noKnownNode: 'KGP215',
  hopLimit: 'KGP216',
  duplicateSchema: 'KGP217',
  emptyText: 'KGP218',
  singleNodeMor: 'KGP219',
  duplicateTarget: 'KGP220',
  vagueRelation: 'KGP221',
  morTargets: 'KGP222',
  morUnrestrictedStart: 'KGP223',
  morNoCategory: 'KGP224',
  emptyGraph: 'KGP225',
  duplicateGraph: 'KGP226',
  cypherCycles: 'KGP227',
  // ── schema ──
  unknownCategory: 'KGP300',
  categoryAlias: 'KGP301',
  unknownRelationshipType: 'KGP302',
  relationshipTypeAlias: 'KGP303',
  reversedDirection: 'KGP304',
  endpointMismatch: 'KGP305',
  unknownProperty: 'KGP306',
  schemaUnavailable: 'KGP307',
  // ── the connected graph (editor only: the server asks the extension) ──
  entityNotInGraph: 'KGP400',
  unreadRelationPhrase: 'KGP401',
} as const;

export type CheckCode = (typeof CHECK)[keyof typeof CHECK];
