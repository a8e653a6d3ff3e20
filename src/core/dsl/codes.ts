/**
 * Stable codes of syntax diagnostics (KGP1xx). Never renumber: users search for and suppress them.
 * Each is documented in docs/diagnostics.md.
 */
export const SYNTAX = {
  unexpectedCharacter: 'KGP100',
  unterminatedString: 'KGP101',
  unterminatedComment: 'KGP102',
  unterminatedIdentifier: 'KGP103',
  badEscape: 'KGP104',
  badNumber: 'KGP105',
  emptyIdentifier: 'KGP106',
  /** A token the grammar does not allow here. */
  unexpectedToken: 'KGP110',
  /** A closing `)`, `]` or `}` is missing. */
  missingClose: 'KGP111',
  /** Something required is missing (a name, a string, a node after an edge, …). */
  expected: 'KGP112',
  /** `<-[…]->`: an edge points one way at most. */
  twoWayEdge: 'KGP113',
  /** A keyword used where a name is needed. */
  reservedWord: 'KGP114',
} as const;
