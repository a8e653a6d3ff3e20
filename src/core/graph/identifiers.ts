// Label and relationship-type names go into Cypher text (they cannot be parameters), so they are
// always backtick-quoted, and names a backtick could escape from are refused.
export function isSafeIdentifier(name: string): boolean {
  return name.length > 0 && name.length <= 200 && !/[`\u0000-\u001f]/.test(name);
}

export function quoteIdentifier(name: string): string {
  if (!isSafeIdentifier(name)) throw new Error(`Unsupported label or relationship type name: ${JSON.stringify(name)}`);
  return '`' + name + '`';
}
