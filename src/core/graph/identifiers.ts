// Label and relationship-type names go into Cypher text (they cannot be parameters), so they are
// always backtick-quoted, and names a backtick could escape from are refused: the embedded engine keeps
// a doubled backtick literally ("a``b" stays two backticks), so there is no way to write one.
// Quotes, backslashes, spaces, `|` and any other Unicode are fine (docs/graph-stores.md).
export function isSafeIdentifier(name: string): boolean {
  return name.length > 0 && name.length <= 200 && !/[`\u0000-\u001f]/.test(name);
}

export function quoteIdentifier(name: string): string {
  if (!isSafeIdentifier(name)) throw new Error(`Unsupported label or relationship type name: ${JSON.stringify(name)}`);
  return '`' + name + '`';
}

/**
 * A name as a string literal, for the engine's CALL functions (show_connection, table_info take
 * literals, not parameters). The engine reads backslash escapes (\\' and \\\\) inside '…'.
 */
export function quoteString(name: string): string {
  if (!isSafeIdentifier(name)) throw new Error(`Unsupported label or relationship type name: ${JSON.stringify(name)}`);
  return stringLiteral(name);
}

/** Any text as an engine string literal (file paths for COPY): backslash and quote escaped. */
export function stringLiteral(text: string): string {
  return "'" + text.replace(/\\/g, '\\\\').replace(/'/g, "\\'") + "'";
}
