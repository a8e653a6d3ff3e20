import { before, after } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openSession, type RetrievalSession } from '../../src/core/session';

/** The movie sample's triple file (the graph every sample session holds). */
export const SAMPLE_TRIPLES = resolve(__dirname, '../../samples/movies/movies.triples.txt');

/**
 * A retrieval session on the real embedded engine over the movie sample, in a temporary folder:
 * opened and imported before the file's tests, closed and removed after. Call at the top level.
 */
export function sampleSession(prefix: string): () => RetrievalSession {
  let dir = '';
  let session: RetrievalSession | undefined;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), prefix));
    session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db') }, embedder: { kind: 'hashing' } });
    await session.import([{ path: SAMPLE_TRIPLES, format: 'triples' }]);
  });
  after(async () => {
    await session?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    if (!session) throw new Error('the sample session is opened in before()');
    return session;
  };
}
