// Writing CSV for the engine's COPY; reading is the one CSV reader in core/csv.ts.

/** One CSV field as the engine's COPY reads it back exactly (always quoted). */
export function csvField(value: string): string {
  return '"' + value.replace(/"/g, '""') + '"';
}
