import { printPlanningGraph } from '../dsl/fromIR';
import type { ChatMessage } from './chatModel';
import type { PlannerContext, PlannerExample } from './planner';

const INSTRUCTIONS = `You turn a question about a knowledge graph into a planning graph written in the kgplan language.
A node is (variable: Category "text"): the category is a label of the graph, the text is what the question says about the entity; leave the text out for unknown entities.
An edge is -[relation phrase]- between two nodes (add > for direction when the question makes it clear); write the relation as the question phrases it, without stop words like "in", "of", "for".
"return" names the variable that answers the question.
Answer with exactly one plan in a \`\`\`kgp fenced block and nothing else.`;

function schemaLines(context: PlannerContext): string[] {
  const s = context.schema;
  if (!s) return [];
  const lines = ['Categories: ' + s.labels.map((l) => l.name).join(', ')];
  if (s.relationshipTypes.length > 0) {
    lines.push(
      'Relations: ' +
        s.relationshipTypes
          .map((r) => (r.endpoints.length > 0 ? `${r.name} (${r.endpoints.map((e) => `${e.from}->${e.to}`).join(', ')})` : r.name))
          .join('; '),
    );
  }
  return lines;
}

function demonstration(example: PlannerExample): ChatMessage[] {
  const plan = { ...example.plan, expect: [] };
  return [
    { role: 'user', content: example.question },
    { role: 'assistant', content: '```kgp\n' + printPlanningGraph(plan) + '```' },
  ];
}

/** The messages for one question: instructions and schema, the demonstrations as turns, the question. */
export function buildPlannerPrompt(question: string, context: PlannerContext): ChatMessage[] {
  const shots = context.examples.slice(0, context.shots ?? 12);
  return [
    { role: 'system', content: [INSTRUCTIONS, ...schemaLines(context)].join('\n\n') },
    ...shots.flatMap(demonstration),
    { role: 'user', content: question },
  ];
}
