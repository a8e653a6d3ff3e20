// The Cypher grammar for "Open as Cypher" documents (language `cypher`): Neo4j's own TextMate
// grammar from @neo4j-cypher/language-support (Apache-2.0), plus `:param` lines at the top.
// `node syntaxes/cypher.grammar.mjs` writes cypher.tmLanguage.json; a unit test checks the committed
// JSON is this output.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { textMateGrammar } = require('@neo4j-cypher/language-support');

export const grammar = {
  ...textMateGrammar,
  name: 'Cypher',
  scopeName: 'source.cypher',
  fileTypes: ['cypher', 'cql'],
  patterns: [{ include: '#paramCommand' }, ...textMateGrammar.patterns],
  repository: {
    ...textMateGrammar.repository,
    paramCommand: {
      match: '^\\s*(:param)\\s+([A-Za-z_][A-Za-z0-9_]*|`[^`]*`)\\s*(=>)',
      captures: { 1: { name: 'keyword.control.param.cypher' }, 2: { name: 'variable.parameter.cypher' }, 3: { name: 'keyword.operator.cypher' } },
    },
  },
};

export function grammarJson() {
  return JSON.stringify(grammar, null, 2) + '\n';
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('./cypher.tmLanguage.json', import.meta.url), grammarJson());
}
