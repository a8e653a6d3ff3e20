/**
 * Writes the `kgrag.retrieval.*` settings into package.json `contributes.configuration` from the
 * strategy parameter table (core/plan/strategyParameters.ts). Run after changing a strategy's
 * parameters: `npm run sync:settings`. test/unit/session/settings.test.ts fails while they differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { RETRIEVAL_SETTINGS_PREFIX, retrievalSettingsSchema } from '../src/core/session/settings';

const file = resolve(__dirname, '..', 'package.json');
const manifest = JSON.parse(readFileSync(file, 'utf8')) as { contributes: { configuration: { properties: Record<string, unknown> } } };
const properties = manifest.contributes.configuration.properties;
// Every other setting keeps its place; the generated group is replaced as a whole, at the end.
const kept = Object.entries(properties).filter(([key]) => !key.startsWith(RETRIEVAL_SETTINGS_PREFIX));
manifest.contributes.configuration.properties = Object.fromEntries([...kept, ...Object.entries(retrievalSettingsSchema())]);
writeFileSync(file, JSON.stringify(manifest, null, 2) + '\n');
console.log(`package.json: ${Object.keys(retrievalSettingsSchema()).length} kgrag.retrieval.* settings written`);
