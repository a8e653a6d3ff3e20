/**
 * The language settings (package.json `contributes.configuration`, section `kgrag`) as the server
 * reads them. Adding a setting: manifest → this type + `readSettings` → the feature that uses it
 * (docs/editor.md).
 */
export interface LanguageSettings {
  /** `kgrag.schema.path`: schema for files without a `schema "…"` line ('' = none). */
  readonly schemaPath: string;
  /** `kgrag.check.hopLimit`: longest path before the checker warns. */
  readonly hopLimit: number;
  /** `kgrag.check.delayMs`: debounce between a keystroke and the check. */
  readonly delayMs: number;
}

export const DEFAULT_SETTINGS: LanguageSettings = { schemaPath: '', hopLimit: 3, delayMs: 250 };

function record(v: unknown): Readonly<Record<string, unknown>> {
  return v !== null && typeof v === 'object' ? (v as Record<string, unknown>) : {};
}

function int(v: unknown, min: number, max: number, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) ? Math.min(max, Math.max(min, Math.round(v))) : fallback;
}

/** Narrows what `workspace/configuration` returned for section `kgrag` (any shape, user-edited). */
export function readSettings(section: unknown): LanguageSettings {
  const s = record(section);
  const schema = record(s['schema']);
  const check = record(s['check']);
  return {
    schemaPath: typeof schema['path'] === 'string' ? schema['path'] : DEFAULT_SETTINGS.schemaPath,
    hopLimit: int(check['hopLimit'], 1, 20, DEFAULT_SETTINGS.hopLimit),
    delayMs: int(check['delayMs'], 0, 5000, DEFAULT_SETTINGS.delayMs),
  };
}
