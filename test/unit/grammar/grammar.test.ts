import assert from 'node:assert/strict';
import { readFileSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { before, describe, it } from 'node:test';
import * as oniguruma from 'vscode-oniguruma';
import type { IGrammar } from 'vscode-textmate';
import { KEYWORDS as DSL_KEYWORDS, STRATEGY_NAMES } from '../../../src/core/dsl/ast';
import { checkAssertions, parseFixture } from './assertions';
import { GRAMMAR_PATH, MARKDOWN_INJECTION_PATH, ROOT_SCOPE, loadGrammar, loadMarkdownWithInjection, onigLib, tokenizeLines, type Token } from './tokenize';

const FIXTURES = resolve(__dirname, 'fixtures');
const SNAPSHOTS = resolve(__dirname, 'snapshots');

/** One line of source, then one line per token: carets under its columns and its scopes. */
function renderSnapshot(lines: readonly string[], tokens: readonly (readonly Token[])[]): string {
  const out: string[] = [];
  lines.forEach((line, i) => {
    out.push(`>${line}`);
    for (const t of tokens[i] ?? []) {
      if (t.end <= t.start) continue;
      const scopes = t.scopes.filter((s) => s !== ROOT_SCOPE).join(' ');
      out.push(`#${' '.repeat(t.start)}${'^'.repeat(t.end - t.start)} ${scopes}`.trimEnd());
    }
  });
  return out.join('\n') + '\n';
}

/** Every regex the grammar holds (match, begin, end, while), with where it is. */
function allRegexes(node: unknown, path: string, out: { where: string; source: string }[]): void {
  if (Array.isArray(node)) node.forEach((x, i) => allRegexes(x, `${path}[${i}]`, out));
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'match' || k === 'begin' || k === 'end' || k === 'while') && typeof v === 'string') {
        out.push({ where: `${path}.${k}`, source: v });
      } else allRegexes(v, `${path}.${k}`, out);
    }
  }
}

describe('kgplan TextMate grammar', () => {
  let grammar: IGrammar;
  before(async () => {
    grammar = await loadGrammar();
  });

  it('is the output of syntaxes/kgplan.grammar.mjs (regenerate with node syntaxes/kgplan.grammar.mjs)', async () => {
    const gen = (await import('../../../syntaxes/kgplan.grammar.mjs')) as { grammarJson(): string };
    assert.equal(readFileSync(GRAMMAR_PATH, 'utf8'), gen.grammarJson());
  });

  it('writes the Markdown injection the generator produces', async () => {
    const gen = (await import('../../../syntaxes/kgplan.grammar.mjs')) as { markdownInjectionJson(): string };
    assert.equal(readFileSync(MARKDOWN_INJECTION_PATH, 'utf8'), gen.markdownInjectionJson());
  });

  it('colours ```kgp fences in Markdown, and nothing outside them', async () => {
    const md = await loadMarkdownWithInjection();
    const lines = ['# Plans', '```kgp', 'plan p { match (a: Movie) }', '```', 'plan is a word here', '~~~kgplan', '  (b) -[:directed_by]-> (c)', '~~~'];
    const tokens = tokenizeLines(md, lines);
    const scopesAt = (line: number, col: number) => tokens[line]!.find((t) => t.start <= col && col < t.end)?.scopes ?? [];
    assert.ok(scopesAt(2, 0).includes('keyword.declaration.plan.kgplan'), scopesAt(2, 0).join(' '));
    assert.ok(scopesAt(2, 0).includes('meta.embedded.block.kgplan'));
    assert.ok(scopesAt(2, 19).includes('entity.name.type.category.kgplan'));
    assert.ok(scopesAt(1, 3).includes('fenced_code.block.language.markdown'));
    assert.ok(!scopesAt(4, 0).some((s) => s.endsWith('.kgplan')), 'after the fence: plain Markdown');
    assert.ok(scopesAt(6, 10).includes('entity.name.type.relationship.kgplan'));
  });

  it('has only regexes Oniguruma compiles', async () => {
    await onigLib();
    const found: { where: string; source: string }[] = [];
    allRegexes(JSON.parse(readFileSync(GRAMMAR_PATH, 'utf8')), 'grammar', found);
    allRegexes(JSON.parse(readFileSync(MARKDOWN_INJECTION_PATH, 'utf8')), 'markdown', found);
    assert.ok(found.length > 20, `expected many regexes, found ${found.length}`);
    for (const r of found) {
      // The Markdown fence's end refers back to its begin (\2, \3); Oniguruma accepts that as written.
      assert.doesNotThrow(() => new oniguruma.OnigScanner([r.source]).dispose(), `${r.where}: ${r.source}`);
    }
  });

  const fixtures = readdirSync(FIXTURES).filter((f) => f.endsWith('.kgp')).sort();
  it('has scope-assertion fixtures', () => assert.ok(fixtures.length >= 4));
  for (const name of fixtures) {
    it(`scopes in fixtures/${name}`, () => {
      const fixture = parseFixture(readFileSync(join(FIXTURES, name), 'utf8'));
      assert.ok(fixture.assertions.length > 0, 'a fixture without assertions tests nothing');
      const failures = checkAssertions(fixture, tokenizeLines(grammar, fixture.source));
      assert.deepEqual(failures, []);
    });
  }

  const snapshots = readdirSync(SNAPSHOTS).filter((f) => f.endsWith('.kgp')).sort();
  for (const name of snapshots) {
    it(`matches snapshots/${name}.snap (UPDATE_SNAPSHOTS=1 rewrites it)`, () => {
      const lines = readFileSync(join(SNAPSHOTS, name), 'utf8').replace(/\n$/, '').split('\n');
      const actual = renderSnapshot(lines, tokenizeLines(grammar, lines));
      const snapPath = join(SNAPSHOTS, `${name}.snap`);
      if (process.env['UPDATE_SNAPSHOTS'] === '1') writeFileSync(snapPath, actual);
      assert.ok(existsSync(snapPath), `missing ${snapPath}; run with UPDATE_SNAPSHOTS=1 and review it`);
      assert.equal(actual, readFileSync(snapPath, 'utf8'));
    });
  }
});

describe('kgplan grammar on the repository examples', () => {
  const examples = resolve(__dirname, '../../../examples');
  it('gives every word and every punctuation mark a scope beyond meta.* (no gaps in the grammar)', async () => {
    const grammar = await loadGrammar();
    const files = readdirSync(examples).filter((f) => f.endsWith('.kgp'));
    assert.ok(files.length > 0, 'examples/*.kgp expected');
    const gaps: string[] = [];
    for (const f of files) {
      const lines = readFileSync(join(examples, f), 'utf8').split(/\r?\n/);
      tokenizeLines(grammar, lines).forEach((tokens, line) => {
        for (const t of tokens) {
          if (t.text.trim() === '') continue;
          if (t.scopes.every((s) => s === ROOT_SCOPE || s.startsWith('meta.'))) gaps.push(`${f}:${line + 1}:${t.start + 1} ${JSON.stringify(t.text)}`);
        }
      });
    }
    assert.deepEqual(gaps, []);
  });
});

describe('kgplan grammar and the DSL agree', () => {
  it('on keywords and strategy names (src/core/dsl is the source of truth)', async () => {
    const gen = (await import('../../../syntaxes/kgplan.grammar.mjs')) as { KEYWORDS: readonly string[]; STRATEGIES: readonly string[] };
    assert.deepEqual([...gen.KEYWORDS].sort(), [...DSL_KEYWORDS].sort());
    assert.deepEqual([...gen.STRATEGIES].sort(), [...STRATEGY_NAMES].sort());
  });
});

describe('language-configuration.json', () => {
  const config = JSON.parse(readFileSync(resolve(__dirname, '../../../language-configuration.json'), 'utf8')) as {
    comments: { lineComment: string; blockComment: [string, string] };
    brackets: [string, string][];
    wordPattern: string;
    indentationRules: { increaseIndentPattern: string; decreaseIndentPattern: string };
  };
  it('declares the DSL comments and brackets', () => {
    assert.equal(config.comments.lineComment, '//');
    assert.deepEqual(config.comments.blockComment, ['/*', '*/']);
    assert.deepEqual(config.brackets.map((b) => b.join('')).sort(), ['()', '[]', '{}']);
  });
  it('indents inside a plan block and outdents at its end', () => {
    const inc = new RegExp(config.indentationRules.increaseIndentPattern);
    const dec = new RegExp(config.indentationRules.decreaseIndentPattern);
    assert.ok(inc.test('plan co_actor {'));
    assert.ok(!inc.test('    (y: Year {name: "2012"})'));
    assert.ok(dec.test('}'));
    assert.ok(!dec.test('  match'));
  });
  it('has a word pattern that selects whole identifiers', () => {
    const m = 'x starred_actors2 y'.match(new RegExp(config.wordPattern, 'g'));
    assert.deepEqual(m, ['x', 'starred_actors2', 'y']);
  });
});
