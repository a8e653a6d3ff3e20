import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { Asker } from '../../../src/core/ask';
import { GraphSnapshot } from '../../../src/core/retrieve/snapshot/snapshot';
import { movieSnapshot } from './fixtures';

test('grounding: a plain-text name is found without brackets, with its label', async () => {
  const asker = new Asker(await movieSnapshot());
  const g = await asker.ground('who directed Collateral');
  const anchors = g.anchors.map((i) => g.mentions[i]!);
  assert.deepEqual(anchors.map((m) => [m.text, m.marked, m.method]), [['Collateral', false, 'exact']]);
  assert.deepEqual(anchors[0]!.nodes.map((n) => [n.id, n.label]), [['m5', 'Movie']]);
});

test('grounding: several nodes with one name stay visible as one ambiguous mention', async () => {
  const asker = new Asker(await movieSnapshot());
  const g = await asker.ground('who directed [Crash]');
  const m = g.mentions[g.anchors[0]!]!;
  assert.equal(m.text, 'Crash');
  assert.deepEqual(m.nodes.map((n) => n.id).sort(), ['m1', 'm2']);
  // Both films' directors are candidates; neither is silently dropped.
  const r = await asker.ask('who directed [Crash]');
  assert.equal(r.kind, 'planned');
  if (r.kind !== 'planned') return;
  const directors = r.candidates.filter((c) => c.chain === 'directed_by').map((c) => c.pattern);
  assert.equal(directors.length, 2, directors.join('\n'));
});

test('grounding: overlapping mentions are both listed, the longer one anchors', async () => {
  const asker = new Asker(await movieSnapshot());
  const g = await asker.ground('who directed New York Stories');
  const texts = g.mentions.map((m) => m.text);
  assert.ok(texts.includes('New York Stories') && texts.includes('New York'), texts.join(', '));
  const long = g.mentions.findIndex((m) => m.text === 'New York Stories');
  const short = g.mentions.findIndex((m) => m.text === 'New York');
  assert.ok(g.mentions[long]!.overlaps.includes(short));
  assert.deepEqual(g.anchors, [long]);
});

test('grounding: brackets and quotes are hints; a misspelt marked name falls back to BM25', async () => {
  const asker = new Asker(await movieSnapshot());
  const quoted = await asker.ground('films by "Michael Mann"');
  assert.equal(quoted.mentions[quoted.anchors[0]!]!.marked, true);
  const typo = await asker.ground('films directed by [Michael Man]');
  const m = typo.mentions[typo.anchors[0]!]!;
  assert.equal(m.method, 'bm25');
  assert.equal(m.nodes[0]!.name, 'Michael Mann');
});

test('grounding: no match gives a clear "nothing found" with the nearest names', async () => {
  const asker = new Asker(await movieSnapshot());
  const r = await asker.ask('who directed [Videodrom II]');
  assert.equal(r.kind, 'nothing-found');
  if (r.kind !== 'nothing-found') return;
  assert.match(r.message, /^nothing found: no name in the question matches a node of the graph\./);
  assert.ok(r.nearest.includes('Videodrome'), r.nearest.join(', '));
  assert.ok(!r.message.includes('\n'));
});

test('grounding: a lone lower-case word that names a node does not anchor when a real name is there', async () => {
  // "drama" is a genre's name, but here it is only a word next to the film's name.
  const asker = new Asker(await movieSnapshot());
  const g = await asker.ground('which drama did Paul Haggis direct');
  const anchors = g.anchors.map((i) => g.mentions[i]!.text);
  assert.deepEqual(anchors, ['Paul Haggis']);
  assert.ok(g.mentions.some((m) => m.text === 'drama' && m.score < 0.3));
});

test('grounding: the embedder is the last resort for a marked name BM25 cannot reach', async () => {
  const embedder = new HashingEmbedder({ dimension: 256 });
  const snap = await GraphSnapshot.fromRecords([{ id: 'a', labels: ['Movie'], name: 'Videodrome' }, { id: 'b', labels: ['Person'], name: 'James Woods' }], [{ source: 'a', type: 'starred_actors', target: 'b' }], embedder, 'tiny');
  const asker = new Asker(snap, { embedder });
  const g = await asker.ground('who starred in [Videodrom]');
  const m = g.mentions[g.anchors[0]!]!;
  assert.equal(m.method, 'embedding');
  assert.equal(m.nodes[0]!.name, 'Videodrome');
});

test('grounding: an unmarked name with a letter dropped or two swapped still finds its node, by spelling; a far name does not', async () => {
  const asker = new Asker(await movieSnapshot());
  for (const [question, name] of [
    ['films directed by Michael Man', 'Michael Mann'],
    ['what films did Paul Hagis direct', 'Paul Haggis'],
  ] as const) {
    const g = await asker.ground(question);
    const m = g.mentions[g.anchors[0]!];
    assert.ok(m, `${question}: no anchor`);
    assert.equal(m.marked, false);
    assert.notEqual(m.method, 'exact');
    assert.equal(m.nodes[0]!.name, name, question);
  }
  const far = await asker.ground('films directed by Michelle Manning');
  assert.ok(!far.anchors.some((i) => far.mentions[i]!.nodes.some((n) => n.name === 'Michael Mann')), 'two names that differ by more than a typo are not one');
  // A one-word name shares no whole word with its typo: the embedder's names view finds it.
  const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder() });
  const snap = await GraphSnapshot.fromRecords([{ id: 'a', labels: ['Movie'], name: 'Videodrome' }, { id: 'b', labels: ['Person'], name: 'James Woods' }, { id: 'c', labels: ['Movie'], name: 'Video Games' }], [{ source: 'a', type: 'starred_actors', target: 'b' }], embedder, 'tiny');
  const g = await new Asker(snap, { embedder }).ground('who starred in Videodorme');
  const m = g.mentions[g.anchors[0]!];
  assert.equal(m?.method, 'embedding');
  assert.equal(m?.nodes[0]!.name, 'Videodrome');
});

test("grounding: English's possessive is no part of a name — \"Michael Mann's films\" anchors on Michael Mann exactly; a name that has it keeps it", async () => {
  const asker = new Asker(await movieSnapshot());
  for (const q of ["what languages are Michael Mann's films in", 'what languages are Michael Mann’s films in']) {
    const g = await asker.ground(q);
    const m = g.mentions[g.anchors[0]!]!;
    assert.deepEqual([m.text, m.method, m.score >= 0.75], ['Michael Mann', 'exact', true], q);
    assert.deepEqual(m.nodes.map((n) => n.id), ['p4']);
  }
  // A node whose own name ends in 's keeps it: the whole key matches first.
  const snap = await GraphSnapshot.fromRecords(
    [
      { id: 'm1', labels: ['Movie'], name: "Ocean's" },
      { id: 'm2', labels: ['Movie'], name: 'Ocean' },
      { id: 'm3', labels: ['Movie'], name: "Hell's Kitchen" },
      { id: 'm4', labels: ['Movie'], name: 'In Hell' },
      { id: 'p1', labels: ['Person'], name: 'Steven Soderbergh' },
    ],
    [
      { source: 'm1', type: 'directed_by', target: 'p1' },
      { source: 'm2', type: 'directed_by', target: 'p1' },
      { source: 'm3', type: 'directed_by', target: 'p1' },
      { source: 'm4', type: 'directed_by', target: 'p1' },
    ],
    new HashingEmbedder({ dimension: 32 }),
    'possessive',
  );
  const asker2 = new Asker(snap);
  const g = await asker2.ground("who directed Ocean's");
  assert.deepEqual(g.mentions[g.anchors[0]!]!.nodes.map((n) => n.id), ['m1']);
  // Before a capitalised word the 's continues a title: "in Hell's Kitchen" is not "In Hell".
  const k = await asker2.ground("who directed in Hell's Kitchen");
  assert.deepEqual(k.mentions[k.anchors[0]!]!.nodes.map((n) => n.id), ['m3']);
  assert.ok(!k.mentions.some((m) => m.text === 'in Hell'), JSON.stringify(k.mentions.map((m) => m.text)));
});
