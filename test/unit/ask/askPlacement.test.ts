// `kgrag ask` in store placement (issue 25) on the real embedded engine holding the movie sample
// (2,999 MetaQA triples): a session opened with placement store grounds on the search index
// without the graph and enumerates on the store, and gives exactly what a memory session gives —
// mentions, candidates with their scores and evidence, the choice, its status and confidence, and
// every answer in order — for MetaQA's own dev questions whose topic is in the sample (1–3 hops,
// with and without brackets, lower case, one letter dropped), two-anchor questions, and questions
// that find nothing.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AskResult } from '../../../src/core/ask';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { openSession, type RetrievalSession } from '../../../src/core/session';
import { main } from '../../../src/cli/main';
import { captureIO } from '../../support/cliCapture';
import { SAMPLE_TRIPLES } from '../../support/sampleSession';
import { rng } from '../retrieve/helpers';
import { importedDatabase } from '../../support/importedGraph';

const METAQA = resolve(__dirname, '../../../../shared/data/metaqa');

let dir = '';
let folder = '';

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kgrag-ask-placement-'));
  folder = join(dir, 'db');
  // As `kgrag import` leaves it: the graph and its index file.
  await importedDatabase(folder, [{ path: SAMPLE_TRIPLES, format: 'triples' }], false);
});

after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function withSession<T>(placement: 'store' | 'memory', fn: (s: RetrievalSession) => Promise<T>): Promise<T> {
  const s = await openSession({ store: { kind: 'embedded', folder, readOnly: true }, placement });
  try {
    return await fn(s);
  } finally {
    await s.close();
  }
}

/** Everything a person is shown of a result, without timings and where it ran. */
function shown(r: AskResult): unknown {
  const { timings: _t, placement: _p, storeIo: _io, ...rest } = r;
  if (rest.kind !== 'planned') return rest;
  const { storeQueries: _q, enumeratedOn: _e, plan: _plan, ...planned } = rest;
  return planned;
}

/** MetaQA dev questions whose topic entity is a node of the sample, seeded, per hop. */
function devQuestions(names: ReadonlySet<string>, perHop: number): string[] {
  const r = rng(2511);
  const out: string[] = [];
  for (const hop of [1, 2, 3]) {
    const lines = readFileSync(join(METAQA, `qa_dev_${hop}hop.txt`), 'utf8').split('\n');
    const fit = lines.map((l) => l.split('\t')[0] ?? '').filter((q) => names.has(/\[([^\]]+)\]/.exec(q)?.[1] ?? ''));
    for (let i = 0; i < perHop && fit.length > 0; i++) out.push(fit.splice(Math.floor(r() * fit.length), 1)[0]!);
  }
  return out;
}

/** The same question as people type it: brackets gone; every third lower case; every fourth with one letter of its topic dropped. */
function variants(q: string, i: number): string[] {
  const topic = /\[([^\]]+)\]/.exec(q)?.[1] ?? '';
  const plain = q.replace(/[[\]]/g, '');
  const out = [q, plain];
  if (i % 3 === 0) out.push(plain.toLowerCase());
  const long = topic.split(' ').sort((a, b) => b.length - a.length)[0] ?? '';
  if (i % 4 === 0 && long.length >= 6) out.push(plain.replace(long, long.slice(0, 2) + long.slice(3)));
  return out;
}

test('ask in store placement equals memory placement on MetaQA dev questions over the sample (1–3 hops, marked, plain, lower case, typos), two anchors and misses; the store session never loads the graph', async () => {
  const triples = readFileSync(SAMPLE_TRIPLES, 'utf8').split('\n').filter(Boolean).map((l) => l.split('|'));
  const names = new Set(triples.flatMap((t) => [t[0]!, t[2]!]));
  const questions = devQuestions(names, 25).flatMap(variants);
  // Two anchors: two actors of one film, asked as people ask it.
  const cast = new Map<string, string[]>();
  for (const [film, rel, person] of triples) if (rel === 'starred_actors') cast.set(film!, [...(cast.get(film!) ?? []), person!]);
  const pairs = [...cast.values()].filter((c) => c.length >= 2).slice(0, 12);
  for (const [a, b] of pairs) questions.push(`which films did ${a} and ${b} both appear in`, `what genre are the movies starring ${a} and ${b}`);
  questions.push('who directed [Zzyzx Qwerty Blorp]', 'what is the weather like');
  assert.ok(questions.length >= 200, `${questions.length} questions`);

  const stored = await withSession('store', async (s) => {
    const { asker, placement } = await s.asker();
    assert.equal(placement.ran, 'store');
    assert.ok(!(asker.index instanceof GraphSnapshot), 'the store-placed asker holds the index without the graph');
    const out: AskResult[] = [];
    for (const q of questions) out.push(await asker.ask(q, { placement }));
    // Nothing loaded the graph's edges into this session.
    assert.ok(!((await s.searchIndex()) instanceof GraphSnapshot));
    return out;
  });
  let planned = 0;
  let weak = 0;
  let tiedCounts = 0;
  let twoAnchors = 0;
  await withSession('memory', async (s) => {
    const { asker, placement } = await s.asker();
    assert.equal(placement.ran, 'memory');
    for (const [i, q] of questions.entries()) {
      const memory = await asker.ask(q, { placement });
      const store = stored[i]!;
      assert.deepEqual(shown(store), shown(memory), q);
      assert.equal(store.placement?.ran, 'store');
      assert.equal(memory.placement?.ran, 'memory');
      assert.equal(memory.storeIo, undefined, 'memory placement sends nothing');
      if (store.kind !== 'planned' || memory.kind !== 'planned') continue;
      planned++;
      if (store.status === 'weak') weak++;
      if (store.candidates.length > 1 && store.candidates[1]!.count === store.candidates[0]!.count) tiedCounts++;
      if (store.candidates[store.chosen]!.anchors.length === 2) twoAnchors++;
      assert.equal(store.enumeratedOn, 'store');
      assert.equal(memory.enumeratedOn, 'snapshot');
      assert.equal(store.storeIo!.roundTrips, store.storeQueries);
      assert.ok(store.storeIo!.roundTrips > 0 && store.storeIo!.rowsRead > 0 && store.storeIo!.serverMs >= 0);
    }
  });
  assert.ok(planned >= 180, `${planned} planned`);
  assert.ok(weak >= 5 && weak < planned, `${weak} weak of ${planned}: both verdicts compared`);
  // The confidence margin skips rivals with the same answers: on the store their answer sets are read.
  assert.ok(tiedCounts >= 5, `${tiedCounts} choices whose next candidate has as many answers`);
  assert.ok(twoAnchors >= 5, `${twoAnchors} two-anchor choices`);
});

test('CLI: kgrag ask --placement store says where it ran and what it asked of the store; same plan and answers as --placement memory', async () => {
  const q = 'what languages are the films that share actors with The Vow in';
  const run = async (placement: string): Promise<{ out: string; json: Record<string, unknown> }> => {
    const text = captureIO(dir);
    assert.equal(await main(['ask', q, '--db', folder, '--placement', placement], text), 0, text.stderr.join('\n'));
    const json = captureIO(dir);
    assert.equal(await main(['ask', q, '--db', folder, '--placement', placement, '--json'], json), 0, json.stderr.join('\n'));
    return { out: text.stdout.join('\n'), json: JSON.parse(json.stdout.join('\n')) as Record<string, unknown> };
  };
  const store = await run('store');
  const memory = await run('memory');
  assert.match(store.out, /^placement: store \(store asked\): placement store was asked for$/m);
  assert.match(store.out, /^store: \d+ round trip\(s\), \d+ row\(s\) read, [\d.]+ ms in the store$/m);
  assert.match(memory.out, /^placement: memory \(memory asked\)/m);
  assert.doesNotMatch(memory.out, /round trip/);
  for (const key of ['plan', 'answers', 'status', 'confidence', 'candidates', 'answerCount']) assert.deepEqual(store.json[key], memory.json[key], key);
  assert.equal((store.json.placement as { ran: string }).ran, 'store');
  assert.ok((store.json.storeIo as { roundTrips: number }).roundTrips > 0);
  // Asking for the snapshot while the question runs in the store is a usage error, not a silent switch.
  const bad = captureIO(dir);
  assert.equal(await main(['ask', q, '--db', folder, '--placement', 'store', '--enumerate', 'snapshot'], bad), 2);
  assert.match(bad.stderr.join('\n'), /--enumerate snapshot needs the graph in memory/);
});

test('auto keeps ask in memory at any budget and says why; store only when asked for (the index without the graph)', async () => {
  for (const [budget, requested, ran] of [
    [0.01, 'auto', 'memory'],
    [4096, 'auto', 'memory'],
    [0.01, 'store', 'store'],
  ] as const) {
    const s = await openSession({ store: { kind: 'embedded', folder, readOnly: true }, placement: requested, memoryBudgetMB: budget });
    try {
      const { asker, placement } = await s.asker();
      assert.equal(placement.ran, ran, placement.reason);
      assert.equal(placement.requested, requested);
      assert.match(placement.reason, ran === 'store' ? /placement store was asked for/ : /auto keeps ask in memory/);
      assert.equal(asker.index instanceof GraphSnapshot, ran === 'memory');
      const r = await asker.ask('who directed The Vow', { placement });
      assert.equal(r.kind, 'planned');
      assert.equal(r.placement?.ran, ran);
      assert.equal(r.storeIo !== undefined, ran === 'store');
      // The same index and schema: the session keeps the Asker (its name index is built once).
      assert.equal((await s.asker()).asker, asker);
    } finally {
      await s.close();
    }
  }
});

test('a name the graph holds for several things is weak in the store as in memory: the one-valued shares come from the index file', async () => {
  // Forty films with one year each, a fifth of them with two directors (so a year is one-valued
  // and a director is not); "Twin Peaks Again" is one title for two films (two years), and "Duo
  // Directed" one film with two directors (it keeps its confidence). Each of the twin's films has its
  // own director: which one "who directed" means, nothing says.
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    lines.push(`Film Number ${i}|release_year|${1950 + i}`, `Film Number ${i}|directed_by|Director Number ${i}`);
    if (i % 5 === 0) lines.push(`Film Number ${i}|directed_by|Director Number ${i + 1}`);
  }
  lines.push('Twin Peaks Again|release_year|1990', 'Twin Peaks Again|release_year|2017', 'Twin Peaks Again|directed_by|Mara Lindqvist', 'Twin Peaks Again|directed_by|Lena Okafor');
  lines.push('Duo Directed|release_year|2003', 'Duo Directed|directed_by|Mara Lindqvist', 'Duo Directed|directed_by|Osei Brandt');
  const file = join(dir, 'twins.txt');
  writeFileSync(file, lines.join('\n'));
  const twins = join(dir, 'db-twins');
  await importedDatabase(twins, [{ path: file, format: 'triples' }], false);
  const ask = async (placement: 'store' | 'memory', q: string): Promise<AskResult> => {
    const s = await openSession({ store: { kind: 'embedded', folder: twins, readOnly: true }, placement });
    try {
      const { asker } = await s.asker();
      return await asker.ask(q);
    } finally {
      await s.close();
    }
  };
  const evidence = (r: AskResult): string => (r.kind === 'planned' ? r.candidates[r.chosen]!.evidence.join(' | ') : '');
  for (const q of ['what year was Twin Peaks Again released', 'who directed Twin Peaks Again']) {
    const [memory, store] = [await ask('memory', q), await ask('store', q)];
    assert.deepEqual(shown(store), shown(memory), q);
    assert.ok(memory.kind === 'planned' && memory.status === 'weak', `${q}: weak`);
    assert.match(evidence(memory), /"Twin Peaks Again" has 2 values of release_year, which 98% of the nodes having it have one of/);
  }
  const [memory, store] = [await ask('memory', 'who directed Duo Directed'), await ask('store', 'who directed Duo Directed')];
  assert.deepEqual(shown(store), shown(memory));
  assert.ok(store.kind === 'planned' && store.answers.length === 2 && store.status === 'match', 'one film with two directors keeps its confidence');
  assert.doesNotMatch(evidence(store), /values of/);
});
