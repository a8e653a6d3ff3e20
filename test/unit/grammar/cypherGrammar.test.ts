// The `cypher` grammar of "Open as Cypher" documents: Neo4j's own grammar plus `:param` lines.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as vsctm from 'vscode-textmate';
import { onigLib, tokenizeLines } from './tokenize';

const PATH = resolve(__dirname, '../../../syntaxes/cypher.tmLanguage.json');

describe('cypher TextMate grammar', () => {
  it('is the output of syntaxes/cypher.grammar.mjs (regenerate with node syntaxes/cypher.grammar.mjs)', async () => {
    const gen = (await import('../../../syntaxes/cypher.grammar.mjs')) as { grammarJson(): string };
    assert.equal(readFileSync(PATH, 'utf8'), gen.grammarJson());
  });

  it('colours :param lines and the query under them', async () => {
    const registry = new vsctm.Registry({ onigLib: onigLib(), loadGrammar: async () => vsctm.parseRawGrammar(readFileSync(PATH, 'utf8'), PATH) });
    const grammar = await registry.loadGrammar('source.cypher');
    assert.ok(grammar);
    const [param, query] = tokenizeLines(grammar, [':param p0 => "The Vow"', 'MATCH (m:Movie {name: $p0}) RETURN m']);
    const scopesOf = (tokens: typeof param, text: string) => tokens!.find((t) => t.text === text)?.scopes ?? [];
    assert.ok(scopesOf(param, ':param').includes('keyword.control.param.cypher'), JSON.stringify(param));
    assert.ok(scopesOf(param, 'p0').includes('variable.parameter.cypher'), JSON.stringify(param));
    assert.ok(scopesOf(query, 'MATCH').some((s) => s.startsWith('keyword')), JSON.stringify(query));
  });
});
