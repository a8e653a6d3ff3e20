import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Asker, readChoice } from '../../../src/core/ask';
import { HttpChatModel } from '../../../src/core/llm/httpChatModel';
import { startFakeOpenAi } from '../../support/openAiServer';
import { movieSnapshot } from './fixtures';

test('readChoice accepts exactly one listed number and nothing else', () => {
  assert.deepEqual(readChoice('3', 5), { ok: true, index: 2 });
  assert.deepEqual(readChoice(' #2. ', 5), { ok: true, index: 1 });
  assert.deepEqual(readChoice('id: 1', 5), { ok: true, index: 0 });
  for (const bad of ['', 'three', 'I would pick 3', '3 or 4', '```3```', 'MATCH (n) RETURN n']) assert.equal(readChoice(bad, 5).ok, false, bad);
  const out = readChoice('9', 5);
  assert.equal(out.ok, false);
  if (!out.ok) assert.match(out.reason, /not one of the candidates 1–5/);
});

test('model choice: the model sees numbered candidates and its one number decides', async () => {
  const server = await startFakeOpenAi();
  try {
    server.reply = () => ({ content: '2' });
    const asker = new Asker(await movieSnapshot());
    const model = new HttpChatModel({ endpoint: server.url, model: 'test-model' });
    const r = await asker.ask('who directed Heat', { model });
    assert.equal(r.kind, 'planned');
    if (r.kind !== 'planned') return;
    assert.deepEqual(r.decidedBy, { kind: 'model', model: model.description, attempts: 1 });
    assert.equal(r.chosen, 1);
    assert.equal(r.kgp, r.candidates[1]!.kgp);
    const prompt = server.requests[0]!.body.messages!.map((m) => m.content).join('\n');
    assert.match(prompt, /Question: who directed Heat/);
    assert.match(prompt, /^1\. /m);
    assert.match(prompt, /^2\. /m);
  } finally {
    await server.close();
  }
});

test('model choice: a reply naming no candidate is rejected, asked once more, then the ranker decides', async () => {
  const server = await startFakeOpenAi();
  try {
    const replies = ['The second one looks right.', 'MATCH (m) RETURN m'];
    server.reply = () => ({ content: replies.shift() ?? '1' });
    const asker = new Asker(await movieSnapshot());
    const model = new HttpChatModel({ endpoint: server.url, model: 'test-model' });
    const r = await asker.ask('who directed Heat', { model });
    assert.equal(r.kind, 'planned');
    if (r.kind !== 'planned') return;
    assert.equal(server.requests.length, 2);
    // The retry carries the rejected answer and says why.
    const retry = server.requests[1]!.body.messages!;
    assert.equal(retry[retry.length - 2]!.content, 'The second one looks right.');
    assert.match(retry[retry.length - 1]!.content, /not a valid answer/);
    assert.deepEqual(r.decidedBy, { kind: 'ranker' });
    assert.equal(r.chosen, 0);
    assert.equal(r.rejectedReplies.length, 2);
  } finally {
    await server.close();
  }
});

test('model choice: a bad first reply and a good second one — the model decides on attempt 2', async () => {
  const server = await startFakeOpenAi();
  try {
    const replies = ['7 maybe', '3'];
    server.reply = () => ({ content: replies.shift() ?? '1' });
    const asker = new Asker(await movieSnapshot());
    const model = new HttpChatModel({ endpoint: server.url, model: 'm' });
    const r = await asker.ask('which films did Michael Mann direct', { model });
    assert.equal(r.kind, 'planned');
    if (r.kind !== 'planned') return;
    assert.deepEqual(r.decidedBy, { kind: 'model', model: model.description, attempts: 2 });
    assert.equal(r.chosen, 2);
  } finally {
    await server.close();
  }
});

test('model choice: an unreachable model leaves the ranker deciding, with the reason', async () => {
  const asker = new Asker(await movieSnapshot());
  const model = new HttpChatModel({ endpoint: 'http://127.0.0.1:9/v1', model: 'm', timeoutMs: 2000 });
  const r = await asker.ask('who directed Heat', { model });
  assert.equal(r.kind, 'planned');
  if (r.kind !== 'planned') return;
  assert.deepEqual(r.decidedBy, { kind: 'ranker' });
  assert.match(r.rejectedReplies[0]!.reason, /cannot reach/);
});
