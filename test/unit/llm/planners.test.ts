import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import {
  ChatPlanner,
  HttpChatModel,
  NearestExamplePlanner,
  alignByTemplate,
  buildPlannerPrompt,
  extractPlanText,
  markedMentions,
  type PlannerExample,
} from '../../../src/core/llm';
import type { GraphSchema } from '../../../src/core/schema/graphSchema';
import { startFakeOpenAi } from '../../support/openAiServer';

function example(question: string, kgp: string): PlannerExample {
  const { document, diagnostics } = parseDocument(kgp);
  assert.deepEqual(diagnostics.filter((d) => d.severity === 'error'), [], kgp);
  return { question, plan: toPlanningGraphs(document)[0]! };
}

const EXAMPLES: PlannerExample[] = [
  example(
    'what languages are the films directed by [Joel Zwick] in',
    `plan a { match (d: Person "Joel Zwick") -[directed]- (f: Movie) -[in language]- (l: Language) return l expect "Greek" }`,
  ),
  example('who starred in [The Vow]', `plan b { match (m: Movie "The Vow") -[starred]- (a: Person) return a }`),
  example('when was [Heat] released', `plan c { match (m: Movie "Heat") -[release year]- (y: Year) return y }`),
];
const SCHEMA: GraphSchema = {
  labels: [{ name: 'Movie', properties: ['name'] }, { name: 'Person', properties: ['name'] }],
  relationshipTypes: [{ name: 'directed_by', endpoints: [{ from: 'Movie', to: 'Person' }], properties: [] }],
  propertyKeys: ['name'],
};

test('the prompt carries instructions, schema, the examples as turns and the question last', () => {
  const messages = buildPlannerPrompt('who directed [Heat]', { examples: EXAMPLES, schema: SCHEMA, shots: 2 });
  assert.equal(messages[0]!.role, 'system');
  assert.match(messages[0]!.content, /Categories: Movie, Person/);
  assert.match(messages[0]!.content, /directed_by \(Movie->Person\)/);
  assert.equal(messages.length, 1 + 2 * 2 + 1, 'two shots, each a user and an assistant turn');
  assert.equal(messages[1]!.content, EXAMPLES[0]!.question);
  assert.match(messages[2]!.content, /^```kgp\nplan a \{/);
  assert.doesNotMatch(messages[2]!.content, /expect/, 'expected answers are not shown to the model');
  assert.deepEqual(messages.at(-1), { role: 'user', content: 'who directed [Heat]' });
});

test('plan text is found in fenced blocks and in bare answers', () => {
  assert.equal(extractPlanText('Sure!\n```kgp\nplan x { }\n```\nDone.'), 'plan x { }\n');
  assert.equal(extractPlanText('Here it is: plan x { match (a) }'), 'plan x { match (a) }');
  assert.equal(extractPlanText('I cannot help with that.'), undefined);
});

test('HTTP planner: a real local server speaking the OpenAI protocol proposes a checked plan', async () => {
  const server = await startFakeOpenAi();
  try {
    server.reply = () => ({ content: '```kgp\nplan who_directed { match (m: Movie "Heat") -[directed by]-> (d: Person) return d }\n```' });
    const planner = new ChatPlanner(new HttpChatModel({ endpoint: server.url, model: 'test-model', apiKey: 'sk-test' }), 'http');
    const p = await planner.propose('who directed [Heat]', { examples: EXAMPLES });
    assert.equal(p.kind, 'proposal');
    if (p.kind !== 'proposal') return;
    assert.equal(p.plan.question, 'who directed [Heat]');
    assert.deepEqual(p.plan.targets, ['d']);
    assert.equal(p.plan.nodes.find((n) => n.id === 'm')?.text?.value, 'Heat');
    assert.match(p.text, /question "who directed \[Heat\]"/);
    assert.deepEqual(p.diagnostics.filter((d) => d.severity === 'error'), []);
    const req = server.requests[0]!;
    assert.equal(req.authorization, 'Bearer sk-test');
    assert.equal(req.body.model, 'test-model');
    assert.equal(req.body.temperature, 0.2);
    assert.equal(req.body.messages?.at(-1)?.content, 'who directed [Heat]');
  } finally {
    await server.close();
  }
});

test('HTTP planner: errors and unusable answers become a reason, not an exception', async () => {
  const server = await startFakeOpenAi();
  try {
    const planner = new ChatPlanner(new HttpChatModel({ endpoint: server.url, model: 'm' }), 'http');
    server.reply = () => ({ status: 401, message: 'invalid api key' });
    const denied = await planner.propose('q', { examples: EXAMPLES });
    assert.equal(denied.kind, 'no-proposal');
    assert.match(denied.kind === 'no-proposal' ? denied.reason : '', /401/);
    server.reply = () => ({ content: 'I am not sure.' });
    const vague = await planner.propose('q', { examples: EXAMPLES });
    assert.equal(vague.kind, 'no-proposal');
    assert.equal(server.requests[0]!.authorization, undefined, 'no key, no header');
  } finally {
    await server.close();
  }
  const unreachable = new ChatPlanner(new HttpChatModel({ endpoint: server.url, model: 'm', timeoutMs: 2000 }), 'http');
  const r = await unreachable.propose('q', { examples: EXAMPLES });
  assert.equal(r.kind, 'no-proposal');
  assert.match(r.kind === 'no-proposal' ? r.reason : '', /cannot reach/);
});

test('template alignment maps the example’s entities to the question’s', () => {
  const m = alignByTemplate('what languages are the films directed by [Joel Zwick] in', ['Joel Zwick'], 'what  languages are the films directed by [Sharon Tate] in');
  assert.deepEqual([...(m ?? [])], [['Joel Zwick', 'Sharon Tate']], 'the example’s brackets are part of the template');
  assert.equal(alignByTemplate('who starred in [The Vow]', ['The Vow'], 'what is the vow about'), undefined);
  assert.deepEqual(markedMentions('films with [Tom Hanks] and "Meg Ryan"'), ['Tom Hanks', 'Meg Ryan']);
});

test('no-model planner: nearest example, entities substituted, expectations dropped', async () => {
  const planner = new NearestExamplePlanner(new HashingEmbedder());
  const p = await planner.propose('what languages are the films directed by [Michael Sucsy] in', { examples: EXAMPLES });
  assert.equal(p.kind, 'proposal');
  if (p.kind !== 'proposal') return;
  assert.equal(p.plan.nodes.find((n) => n.id === 'd')?.text?.value, 'Michael Sucsy');
  assert.deepEqual(p.plan.expect, []);
  assert.equal(p.plan.edges.length, 2, 'the example’s pattern is kept');
  assert.match(p.note, /Joel Zwick.*Michael Sucsy/);
  // The proposal is valid kgplan.
  const again = parseDocument(p.text);
  assert.deepEqual(again.diagnostics.filter((d) => d.severity === 'error'), []);
  // A question that matches no template still gets its bracketed entity substituted.
  const q = await planner.propose('the release date of [Inception] please', { examples: EXAMPLES });
  assert.equal(q.kind === 'proposal' ? q.plan.nodes.find((n) => n.text)?.text?.value : undefined, 'Inception');
  const none = await planner.propose('anything', { examples: [] });
  assert.equal(none.kind, 'no-proposal');
});
