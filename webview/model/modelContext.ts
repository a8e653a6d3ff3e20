/** The Model context view's words: the size line and the format names (pure, tested in Node). */
import type { ModelContextView } from '../../src/contracts/inspector/messages';
import { formatCount } from './format';

export const FORMAT_TITLES: Record<ModelContextView['format'], string> = {
  simgrag: 'SimGRAG evidence graphs',
  triples: 'Plain triples',
};

/** "≈ 412 tokens (estimated as characters ÷ 4, not a model's tokenizer) · 3 evidence graphs · 11 triples · 1,650 characters". */
export function contextSizeLine(c: ModelContextView): string {
  const tokens = `${c.tokens.exact ? '' : '≈ '}${formatCount(c.tokens.tokens)} token${c.tokens.tokens === 1 ? '' : 's'} (${c.tokens.method})`;
  const graphs = c.graphs === c.totalGraphs ? `${c.graphs} evidence graph${c.graphs === 1 ? '' : 's'}` : `${c.graphs} of ${c.totalGraphs} evidence graphs`;
  return [tokens, graphs, `${formatCount(c.triples)} triple${c.triples === 1 ? '' : 's'}`, `${formatCount([...c.text].length)} characters`].join(' · ');
}
