// The scan filter of the store path's level statements (storeGraph.ts `scanFilter`) on the REAL
// embedded engine: the list, the bitset (dense ids) and the buckets (sparse ids) each keep exactly
// the listed nodes of a 3,000-node label — word boundaries, offset 0, the last offset and repeats.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { scanFilter } from '../../../src/core/retrieve/store/storeGraph';
import { checkStatement } from '../../../src/core/graph/queryDoor';
import type { CypherValue } from '../../../src/contracts/values';
import { importedDatabase } from '../../support/importedGraph';
import { rng } from './helpers';

const N = 3000;
let dir = '';
let session: RetrievalSession;

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-scan-filter-'));
  const lines: string[] = [];
  for (let i = 0; i < N; i++) lines.push(JSON.stringify({ id: `n${i}`, name: `n${i}`, label: 'Item' }));
  for (let i = 0; i < N; i++) lines.push(JSON.stringify({ source: `n${i}`, target: `n${(i + 1) % N}`, type: 'next' }));
  const file = join(dir, 'items.jsonl');
  writeFileSync(file, lines.join('\n'));
  await importedDatabase(join(dir, 'db'), [{ path: file, format: 'jsonl' }]);
  session = await openSession({ store: { kind: 'embedded', folder: join(dir, 'db'), readOnly: true }, embedder: { kind: 'hashing' } });
});

after(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('the scan filter keeps exactly the listed nodes: list, bitset and buckets (real engine)', async () => {
  const all = await session.query('MATCH (a:Item) RETURN offset(id(a)) AS o', { readOnly: true });
  const offsets = all.rows.map((r) => Number(r.o)).sort((x, y) => x - y);
  assert.deepEqual(offsets, Array.from({ length: N }, (_, i) => i), 'a fresh import numbers the table 0..n-1');
  const r = rng(2511);
  const sets: number[][] = [
    [0, 47, 48, 95, 96, N - 1],
    Array.from({ length: 48 }, (_, i) => i * 60),
    [...Array.from({ length: 200 }, (_, i) => i), N - 1],
    Array.from({ length: 60 }, (_, i) => i * 48),
    Array.from({ length: 60 }, (_, i) => i * 48 + 47),
    Array.from({ length: 49 }, (_, i) => i * 61),
    [...Array.from({ length: 100 }, (_, i) => i * 3), 0, 3, 3, 99],
  ];
  for (let k = 0; k < 12; k++) {
    const size = 49 + Math.floor(r() * 1500);
    const s = new Set<number>();
    while (s.size < size) s.add(Math.floor(r() * N));
    sets.push([...s]);
  }
  for (let k = 0; k < 6; k++) {
    const s = new Set<number>([N - 1]);
    while (s.size < 49 + k) s.add(Math.floor(r() * N));
    sets.push([...s]);
  }
  const forms = new Set<string>();
  for (const set of sets) {
    const params: Record<string, CypherValue> = {};
    const filter = scanFilter(0, set, params);
    forms.add(filter.startsWith('offset(id(a)) IN') ? 'list' : filter.includes('$w0') ? 'bitset' : 'buckets');
    const text = `MATCH (a:Item) WHERE ${filter} RETURN offset(id(a)) AS o`;
    assert.equal(checkStatement(text, { allowWrite: false }).allowed, true, text);
    const got = (await session.query(text, { params: params as never, readOnly: true })).rows.map((row) => Number(row.o)).sort((x, y) => x - y);
    assert.deepEqual(got, [...new Set(set)].sort((x, y) => x - y), `${set.length} ids, ${filter.slice(0, 40)}`);
  }
  assert.deepEqual([...forms].sort(), ['bitset', 'buckets', 'list']);
});
