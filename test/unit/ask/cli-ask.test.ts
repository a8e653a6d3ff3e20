import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { EmbeddedStore } from '../../../src/core/graph/embedded/embeddedStore';
import { importFiles } from '../../../src/core/graph/import/importer';
import { parseDocument } from '../../../src/core/dsl';
import { captureIO } from '../../support/cliCapture';
import { MAX_QUESTION_WORDS, questionTooLong } from '../../../src/core/ask/tokens';

const root = resolve(__dirname, '../../..');
let dir = '';
let db = '';

const capture = () => captureIO(dir);

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-ask-'));
  db = join(dir, 'db');
  // The real embedded engine with the movie sample shipped in the repo.
  const store = new EmbeddedStore({ folder: db });
  await store.open();
  await importFiles(store, [{ path: join(root, 'samples/movies/movies.triples.txt'), format: 'triples' }]);
  await store.close();
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('CLI: kgrag ask "<question>" --json plans from the graph, and --run runs the plan on the real engine', async () => {
  const io = capture();
  const code = await main(['ask', 'who directed The Vow', '--db', db, '--json', '--run'], io);
  assert.equal(code, 0, io.stderr.join('\n'));
  const r = JSON.parse(io.stdout.join('')) as { kind: string; answers: { value: string }[]; plan: string; candidates: { chain: string }[]; run: { answers: string[] }; timings: { totalMs: number } };
  assert.equal(r.kind, 'planned');
  assert.equal(r.candidates[0]!.chain, 'directed_by');
  assert.deepEqual(r.answers.map((a) => a.value), ['Michael Sucsy']);
  assert.deepEqual(r.run.answers, ['Michael Sucsy']);
  assert.deepEqual(parseDocument(r.plan).diagnostics, []);
  assert.match(r.plan, /question "who directed The Vow"/);
  assert.equal(typeof r.timings.totalMs, 'number');
});

test('CLI: kgrag ask questions.jsonl prints one JSON result per line; a bad line gets its number and the rest go on', async () => {
  writeFileSync(
    join(dir, 'q.jsonl'),
    ['{"id": "a", "question": "what genre is The Vow"}', 'not json', '{"id": 7, "question": "who directed [Nothing Like This Anywhere]"}', '{"id": "c"}'].join('\n'),
  );
  const io = capture();
  const code = await main(['ask', 'q.jsonl', '--db', db], io);
  assert.equal(code, 1);
  assert.deepEqual(io.stderr, ['q.jsonl:2: not JSON', 'q.jsonl:4: needs {"id": …, "question": "…"}']);
  const rows = io.stdout.map((l) => JSON.parse(l) as { id: string; kind: string; answers: { value: string }[]; plan: string | null; candidates: unknown[]; timings: { totalMs: number } });
  assert.deepEqual(rows.map((r) => r.id), ['a', '7']);
  assert.equal(rows[0]!.kind, 'planned');
  assert.deepEqual(rows[0]!.answers.map((a) => a.value), ['Drama']);
  assert.equal(rows[1]!.kind, 'nothing-found');
  assert.equal(rows[1]!.plan, null);
  for (const r of rows) assert.equal(typeof r.timings.totalMs, 'number');
});

test('CLI: kgrag ask without a question is a usage error', async () => {
  const io = capture();
  assert.equal(await main(['ask', '--db', db], io), 2);
  assert.match(io.stderr.join('\n'), /needs one question/);
});

test('CLI: kgrag ask --enumerate store counts the candidates with aggregate Cypher on the real engine; same plan and answers', async () => {
  const bySnapshot = capture();
  assert.equal(await main(['ask', 'which films share actors with The Vow', '--db', db, '--json'], bySnapshot), 0, bySnapshot.stderr.join('\n'));
  const byStore = capture();
  assert.equal(await main(['ask', 'which films share actors with The Vow', '--db', db, '--json', '--enumerate', 'store'], byStore), 0, byStore.stderr.join('\n'));
  type Row = { enumeratedOn: string; storeQueries?: number; plan: string; answers: { value: string }[]; candidates: { chain: string; count: number }[] };
  const s = JSON.parse(bySnapshot.stdout.join('')) as Row;
  const r = JSON.parse(byStore.stdout.join('')) as Row;
  assert.equal(s.enumeratedOn, 'snapshot');
  assert.equal(r.enumeratedOn, 'store');
  assert.ok((r.storeQueries ?? 0) > 0);
  assert.equal(r.plan, s.plan);
  assert.deepEqual(r.candidates, s.candidates);
  assert.deepEqual(new Set(r.answers.map((a) => a.value)), new Set(s.answers.map((a) => a.value)));
  const bad = capture();
  assert.equal(await main(['ask', 'who directed The Vow', '--db', db, '--enumerate', 'graph'], bad), 2);
  assert.match(bad.stderr.join('\n'), /--enumerate must be snapshot or store/);
});

test('CLI: a question longer than ask reads is refused with a clear message, at once, and loses nothing else in a .jsonl', async () => {
  // A pasted page: before the bound, 6,000 words took over two minutes of synchronous ranking.
  const page = 'who directed The Vow '.repeat(1500);
  const io = capture();
  const t0 = performance.now();
  assert.equal(await main(['ask', page, '--db', db, '--json'], io), 1);
  assert.ok(performance.now() - t0 < 20_000, 'refused before grounding, not after ranking');
  const row = JSON.parse(io.stdout.join('\n')) as { kind: string; message: string; answers: unknown[]; plan: string | null };
  assert.equal(row.kind, 'too-long');
  assert.match(row.message, /too long to read: 6,000 words, 31,500 characters \(ask reads up to 200 words/);
  assert.deepEqual([row.answers, row.plan], [[], null]);

  // One long line among questions: the others are still answered.
  writeFileSync(join(dir, 'long.jsonl'), [JSON.stringify({ id: 'a', question: 'what genre is The Vow' }), JSON.stringify({ id: 'b', question: page })].join('\n'));
  const io2 = capture();
  await main(['ask', 'long.jsonl', '--db', db], io2);
  const rows = io2.stdout.map((l) => JSON.parse(l) as { id: string; kind: string });
  assert.deepEqual(rows.map((r) => [r.id, r.kind]), [['a', 'planned'], ['b', 'too-long']]);
});

test('ask reads a question of up to 200 words (the bound is not hit by a long everyday question)', () => {
  const rambling = `so my sister and I got really into The Vow over the holidays and ${'we watched it again and '.repeat(30)}who directed it`;
  assert.ok(rambling.split(/\s+/).length < MAX_QUESTION_WORDS);
  assert.equal(questionTooLong(rambling), undefined);
  assert.match(questionTooLong('word '.repeat(MAX_QUESTION_WORDS + 1)) ?? '', /201 words/);
  assert.match(questionTooLong('x'.repeat(5000)) ?? '', /: 1 word, 5,000 characters/);
});
