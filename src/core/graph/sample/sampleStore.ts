// The movie sample graph shipped in samples/movies/ (a MetaQA subset, CC BY 3.0): found on disk
// and imported into a data folder on first use.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EmbeddedStore, type EmbeddedStoreOptions } from '../embedded/embeddedStore';
import { GraphStoreError } from '../errors';
import { importFiles, type ImportSummary } from '../import/importer';
import { METAQA_TYPING } from '../import/typing';
import type { ImportProgress } from '../import/bulkLoader';

export const SAMPLE_TRIPLES_FILE = 'movies.triples.txt';

/** samples/movies/ from the source tree (src/core/graph/sample) or from the bundle (dist/). */
export function sampleFolder(): string {
  const candidates = [resolve(__dirname, '../../../../samples/movies'), resolve(__dirname, '../samples/movies'), resolve(process.cwd(), 'samples/movies')];
  const found = candidates.find((c) => existsSync(join(c, SAMPLE_TRIPLES_FILE)));
  if (!found) throw new GraphStoreError('open-failed', `The movie sample (${SAMPLE_TRIPLES_FILE}) was not found (looked in ${candidates.join(', ')}).`);
  return found;
}

export function sampleTriplesPath(): string {
  return join(sampleFolder(), SAMPLE_TRIPLES_FILE);
}

/** Imports the sample into an open store when the store holds no nodes yet. Returns the summary if it imported. */
export async function ensureSampleImported(
  store: EmbeddedStore,
  options: { signal?: AbortSignal; onProgress?: (p: ImportProgress) => void } = {},
): Promise<ImportSummary | undefined> {
  const schema = await store.schema(options.signal);
  const nodes = schema.labels.reduce((n, l) => n + (l.count ?? 0), 0);
  if (nodes > 0) return undefined;
  return importFiles(store, [{ path: sampleTriplesPath(), format: 'triples' }], { typing: METAQA_TYPING, signal: options.signal, onProgress: options.onProgress });
}

/** Opens (creating on first use) an embedded store in `folder` holding the movie sample. */
export async function openSampleStore(folder: string, options: Omit<EmbeddedStoreOptions, 'folder'> = {}): Promise<EmbeddedStore> {
  const store = new EmbeddedStore({ ...options, folder });
  try {
    await store.open();
    await ensureSampleImported(store);
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}
