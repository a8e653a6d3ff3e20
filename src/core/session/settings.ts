/**
 * The `kgrag.retrieval.<strategy>.<parameter>` settings, derived from the one parameter table
 * (core/plan/strategyParameters.ts): their JSON Schema entries for package.json
 * `contributes.configuration` (written by `npm run sync:settings`, checked by
 * test/unit/session/settings.test.ts) and the reading of the values a user set.
 * Why generated-and-checked rather than generated at build time: docs/retrieval.md ("Settings").
 */
import type { StrategyKind } from '../plan/planningGraph';
import { DEFAULT_MEMORY_BUDGET_MB } from './placement';
import { STRATEGY_PARAMETERS, badParameterMessage, fitsParameter, type ParameterValue, type StrategyParameter, type StrategySettings } from '../plan/strategyParameters';

export const RETRIEVAL_SETTINGS_PREFIX = 'kgrag.retrieval.';

/** The setting's key below `kgrag`, e.g. `retrieval.stem.theta`. */
export function retrievalSettingKey(kind: StrategyKind, parameter: string): string {
  return `retrieval.${kind}.${parameter}`;
}

/** One VS Code setting's JSON Schema (the subset package.json uses). */
export interface SettingSchema {
  readonly type: string | readonly string[];
  readonly default: ParameterValue | null;
  readonly minimum?: number;
  readonly enum?: readonly string[];
  readonly scope: 'resource';
  readonly markdownDescription: string;
}

function schemaOf(kind: StrategyKind, p: StrategyParameter): SettingSchema {
  // Resource scope: a folder of a multi-root workspace may retrieve with its own parameters.
  const markdownDescription = `\`${kind}\`: ${p.description} A plan's own \`using ${kind}(${p.name}: …)\` wins over this setting.`;
  switch (p.type) {
    case 'count':
      return { type: 'integer', default: p.default, minimum: 1, scope: 'resource', markdownDescription };
    case 'number':
      return { type: 'number', default: p.default, minimum: 0, scope: 'resource', markdownDescription };
    case 'boolean':
      // No default (gsd.injective): null = unset, another parameter decides.
      return p.default === undefined
        ? { type: ['boolean', 'null'], default: null, scope: 'resource', markdownDescription: `${markdownDescription} Empty (null): unset.` }
        : { type: 'boolean', default: p.default, scope: 'resource', markdownDescription };
    case 'enum':
      return { type: 'string', enum: p.values, default: p.default, scope: 'resource', markdownDescription };
  }
}

/** Placement settings (not strategy parameters): where every strategy searches (docs/placement.md). */
export const PLACEMENT_SETTINGS: Record<string, SettingSchema> = {
  'kgrag.retrieval.placement': {
    type: 'string',
    enum: ['auto', 'memory', 'store'],
    default: 'auto',
    scope: 'resource',
    markdownDescription:
      'Where retrieval searches the graph: `memory` — the whole graph in memory (the snapshot); `store` — the graph stays in the database: candidates from the index, expansion by batched read-only Cypher; `auto` — `store` when the graph would need more memory than `#kgrag.retrieval.memoryBudgetMB#` (questions stay in memory under `auto`: their in-store enumeration is slower and larger). Each result says where it ran and why (docs/placement.md).',
  },
  'kgrag.retrieval.memoryBudgetMB': {
    type: 'number',
    default: DEFAULT_MEMORY_BUDGET_MB,
    minimum: 0,
    scope: 'resource',
    markdownDescription: 'The memory (MB) `auto` placement allows for the graph in memory; a larger graph is searched in the store.',
  },
};

/** Every retrieval setting's schema by full key (`kgrag.retrieval.gsd.k`), in table order, then the placement settings. */
export function retrievalSettingsSchema(): Record<string, SettingSchema> {
  const out: Record<string, SettingSchema> = { ...PLACEMENT_SETTINGS };
  for (const [kind, params] of Object.entries(STRATEGY_PARAMETERS) as [StrategyKind, readonly StrategyParameter[]][]) {
    for (const p of params) out[`kgrag.${retrievalSettingKey(kind, p.name)}`] = schemaOf(kind, p);
  }
  return out;
}

export interface ReadRetrievalSettings {
  readonly settings: StrategySettings;
  /** One line per value of the wrong type (left out: the default applies). */
  readonly problems: readonly string[];
}

/**
 * The retrieval settings a user set. `configured(key)` answers the value the user (or workspace)
 * set, undefined when nobody set it: only set values are passed, so a plan of another kind and the
 * strategies' own defaults (e.g. gsd's `match` over `injective`) keep working as documented.
 */
export function readRetrievalSettings(configured: (key: string) => unknown): ReadRetrievalSettings {
  const settings: { [K in StrategyKind]?: Record<string, ParameterValue> } = {};
  const problems: string[] = [];
  for (const [kind, params] of Object.entries(STRATEGY_PARAMETERS) as [StrategyKind, readonly StrategyParameter[]][]) {
    for (const p of params) {
      const key = retrievalSettingKey(kind, p.name);
      const v = configured(key);
      if (v === undefined || v === null) continue;
      if (!fitsParameter(p, v)) {
        problems.push(`kgrag.${key}: ${badParameterMessage(p)}, not ${JSON.stringify(v)}; the default applies`);
        continue;
      }
      (settings[kind] ??= {})[p.name] = v;
    }
  }
  return { settings, problems };
}
