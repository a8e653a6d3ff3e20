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
  /** `kgrag.fewshot.files`: glob patterns of the files checked as few-shot files (docs/fewshot.md). */
  readonly fewshotFiles: readonly string[];
  /** `kgrag.fewshot.shots`: the shot count a few-shot prompt should carry (undefined = the checker's default). */
  readonly fewshotShots?: number;
  /** `kgrag.fewshot.schemas`: glob → schema file, the schema of the few-shot files it matches (before `kgrag.schema.path`). */
  readonly fewshotSchemas?: Readonly<Record<string, string>>;
}

/** The manifest's default for `kgrag.fewshot.files`. */
export const DEFAULT_FEWSHOT_FILES: readonly string[] = ['**/*.fewshot.{json,jsonl,yaml,yml}', '**/fewshot/**/*.{txt,md,json,jsonl,csv,py}', '**/*.prompt.{txt,md}'];

export const DEFAULT_SETTINGS: LanguageSettings = { schemaPath: '', hopLimit: 3, delayMs: 250, fewshotFiles: DEFAULT_FEWSHOT_FILES };

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
  const fewshot = record(s['fewshot']);
  const files = fewshot['files'];
  const shots = fewshot['shots'];
  const schemas = Object.entries(record(fewshot['schemas'])).filter((e): e is [string, string] => typeof e[1] === 'string' && e[0].trim() !== '' && e[1].trim() !== '');
  return {
    schemaPath: typeof schema['path'] === 'string' ? schema['path'] : DEFAULT_SETTINGS.schemaPath,
    hopLimit: int(check['hopLimit'], 1, 20, DEFAULT_SETTINGS.hopLimit),
    delayMs: int(check['delayMs'], 0, 5000, DEFAULT_SETTINGS.delayMs),
    // A list is taken as given (an empty list turns few-shot checking off); non-strings are dropped.
    fewshotFiles: Array.isArray(files) ? files.filter((g): g is string => typeof g === 'string' && g.trim() !== '') : DEFAULT_FEWSHOT_FILES,
    ...(typeof shots === 'number' && Number.isFinite(shots) && shots >= 1 ? { fewshotShots: Math.min(1000, Math.round(shots)) } : {}),
    ...(schemas.length > 0 ? { fewshotSchemas: Object.fromEntries(schemas) } : {}),
  };
}
