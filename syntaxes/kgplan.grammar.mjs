// The TextMate grammar for .kgp, written as a script so the regexes stay readable.
// `node syntaxes/kgplan.grammar.mjs` regenerates kgplan.tmLanguage.json; a grammar test checks that
// the committed JSON is this output, and that the keyword list matches the DSL lexer.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const ID = '(?:[A-Za-z_][A-Za-z0-9_]*|`[^`\\n]*`)';
/** Keywords of the DSL (see docs/dsl.md). */
export const KEYWORDS = ['schema', 'plan', 'question', 'match', 'return', 'expect', 'using'];
/** Built-in retrieval strategies. */
export const STRATEGIES = ['gsd', 'mor', 'cypher', 'stem', 'sage'];
/** Where a `return` list ends: end of line, a comment, the block's end or the next clause. */
const KW_STOP = '(?=$|//|/\\*|\\}|\\b(?:' + KEYWORDS.join('|') + ')\\b)';

export const grammar = {
  $schema: 'https://raw.githubusercontent.com/martinring/tmlanguage/master/tmlanguage.json',
  name: 'KG Plan',
  scopeName: 'source.kgplan',
  fileTypes: ['kgp'],
  patterns: [
    { include: '#comments' },
    { include: '#schema' },
    { include: '#graph' },
    { include: '#plan' },
    { include: '#body' },
  ],
  repository: {
    comments: {
      patterns: [
        {
          name: 'comment.block.kgplan',
          begin: '/\\*',
          end: '\\*/',
          beginCaptures: { 0: { name: 'punctuation.definition.comment.begin.kgplan' } },
          endCaptures: { 0: { name: 'punctuation.definition.comment.end.kgplan' } },
        },
        {
          name: 'comment.line.double-slash.kgplan',
          match: '(//).*$',
          captures: { 1: { name: 'punctuation.definition.comment.kgplan' } },
        },
      ],
    },
    schema: {
      comment: 'schema "file.kgschema.json" — file-level',
      match: '\\b(schema)\\b',
      captures: { 1: { name: 'keyword.other.schema.kgplan' } },
    },
    graph: {
      // Not a reserved word (a node label or property may be called graph): a directive only at the
      // start of a top-level line followed by a string, as the parser reads it.
      comment: 'graph "movies-db" — file-level pin to a graph name or database folder',
      match: '^\\s*(graph)\\b(?=\\s*")',
      captures: { 1: { name: 'keyword.other.graph.kgplan' } },
    },
    plan: {
      name: 'meta.plan.kgplan',
      begin: `\\b(plan)\\b(?:\\s+(${ID}))?`,
      beginCaptures: {
        1: { name: 'keyword.declaration.plan.kgplan' },
        2: { name: 'entity.name.function.plan.kgplan' },
      },
      end: '\\}',
      endCaptures: { 0: { name: 'punctuation.section.block.end.kgplan' } },
      patterns: [
        { include: '#comments' },
        { match: '\\{', name: 'punctuation.section.block.begin.kgplan' },
        { include: '#body' },
      ],
    },
    body: {
      patterns: [
        { include: '#comments' },
        { include: '#using' },
        { include: '#return' },
        // `expect all ties`: the modifier reads as part of the keyword.
        { match: '\\b(expect)\\s+(all\\s+ties)\\b', captures: { 1: { name: 'keyword.control.expect.kgplan' }, 2: { name: 'keyword.other.all-ties.kgplan' } } },
        { match: '\\b(question|match|expect)\\b', captures: { 1: { name: 'keyword.control.$1.kgplan' } } },
        { include: '#edge' },
        { include: '#node' },
        { include: '#arrow' },
        { include: '#string' },
        { include: '#number' },
        { include: '#boolean' },
        { match: ',', name: 'punctuation.separator.comma.kgplan' },
      ],
    },
    return: {
      name: 'meta.return.kgplan',
      begin: '\\b(return)\\b',
      beginCaptures: { 1: { name: 'keyword.control.return.kgplan' } },
      end: KW_STOP,
      patterns: [
        { match: ',', name: 'punctuation.separator.comma.kgplan' },
        { match: ID, name: 'variable.other.node.kgplan' },
      ],
    },
    using: {
      patterns: [
        {
          name: 'meta.strategy.kgplan',
          begin: `\\b(using)\\s+(?:(${STRATEGIES.join('|')})\\b|(${ID}))\\s*(\\()`,
          beginCaptures: {
            1: { name: 'keyword.control.using.kgplan' },
            2: { name: 'support.function.strategy.kgplan' },
            3: { name: 'entity.name.function.strategy.kgplan' },
            4: { name: 'punctuation.section.parameters.begin.kgplan' },
          },
          end: '\\)',
          endCaptures: { 0: { name: 'punctuation.section.parameters.end.kgplan' } },
          patterns: [
            { include: '#comments' },
            {
              match: `(${ID})\\s*(:)`,
              captures: {
                1: { name: 'variable.parameter.kgplan' },
                2: { name: 'punctuation.separator.key-value.kgplan' },
              },
            },
            { include: '#string' },
            { include: '#number' },
            { include: '#boolean' },
            { match: ',', name: 'punctuation.separator.comma.kgplan' },
          ],
        },
        {
          match: `\\b(using)\\b(?:\\s+(?:(${STRATEGIES.join('|')})\\b|(${ID})))?`,
          captures: {
            1: { name: 'keyword.control.using.kgplan' },
            2: { name: 'support.function.strategy.kgplan' },
            3: { name: 'entity.name.function.strategy.kgplan' },
          },
        },
      ],
    },
    node: {
      name: 'meta.node.kgplan',
      begin: '\\(',
      beginCaptures: { 0: { name: 'punctuation.section.node.begin.kgplan' } },
      end: '\\)',
      endCaptures: { 0: { name: 'punctuation.section.node.end.kgplan' } },
      patterns: [
        { match: `\\G\\s*(${ID})`, captures: { 1: { name: 'variable.other.node.kgplan' } } },
        {
          match: `(:)\\s*(${ID})?`,
          captures: {
            1: { name: 'punctuation.separator.category.kgplan' },
            2: { name: 'entity.name.type.category.kgplan' },
          },
        },
        { match: '=', name: 'keyword.operator.exact.kgplan' },
        { include: '#comments' },
        { include: '#properties' },
        { include: '#string' },
      ],
    },
    properties: {
      name: 'meta.properties.kgplan',
      begin: '\\{',
      beginCaptures: { 0: { name: 'punctuation.section.properties.begin.kgplan' } },
      end: '\\}',
      endCaptures: { 0: { name: 'punctuation.section.properties.end.kgplan' } },
      patterns: [
        { include: '#comments' },
        {
          match: `(${ID})\\s*(:)`,
          captures: {
            1: { name: 'variable.other.property.kgplan' },
            2: { name: 'punctuation.separator.key-value.kgplan' },
          },
        },
        { include: '#string' },
        { include: '#number' },
        { include: '#boolean' },
        { match: ',', name: 'punctuation.separator.comma.kgplan' },
      ],
    },
    edge: {
      name: 'meta.edge.kgplan',
      // Whitespace may separate the edge's tokens (`- [r] ->`), as in the DSL's grammar.
      begin: '(<\\s*-|-)\\s*(\\[)',
      beginCaptures: {
        1: { name: 'keyword.operator.arrow.kgplan' },
        2: { name: 'punctuation.section.relation.begin.kgplan' },
      },
      end: '(\\])(?:\\s*(-\\s*>|-))?',
      endCaptures: {
        1: { name: 'punctuation.section.relation.end.kgplan' },
        2: { name: 'keyword.operator.arrow.kgplan' },
      },
      patterns: [
        { include: '#comments' },
        {
          match: `(:)\\s*(${ID})?`,
          captures: {
            1: { name: 'punctuation.separator.type.kgplan' },
            2: { name: 'entity.name.type.relationship.kgplan' },
          },
        },
        {
          name: 'string.quoted.double.relation.kgplan',
          begin: '"',
          end: '"|$',
          beginCaptures: { 0: { name: 'punctuation.definition.string.begin.kgplan' } },
          endCaptures: { 0: { name: 'punctuation.definition.string.end.kgplan' } },
          patterns: [{ match: '\\\\.', name: 'constant.character.escape.kgplan' }],
        },
        { match: `${ID}|[0-9]+`, name: 'string.unquoted.relation.kgplan' },
      ],
    },
    arrow: { match: '<?-->?', name: 'keyword.operator.arrow.kgplan' },
    string: {
      name: 'string.quoted.double.kgplan',
      begin: '"',
      end: '"|$',
      beginCaptures: { 0: { name: 'punctuation.definition.string.begin.kgplan' } },
      endCaptures: { 0: { name: 'punctuation.definition.string.end.kgplan' } },
      patterns: [{ match: '\\\\.', name: 'constant.character.escape.kgplan' }],
    },
    number: { match: '(?<![\\w.])-?[0-9]+(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?\\b', name: 'constant.numeric.kgplan' },
    boolean: { match: '\\b(?:true|false)\\b', name: 'constant.language.boolean.kgplan' },
  },
};
export function grammarJson() {
  return JSON.stringify(grammar, null, 2) + '\n';
}

/**
 * Injected into Markdown so ```kgp (or ```kgplan) fences are coloured with this grammar — in
 * READMEs, docs and notebooks' Markdown cells. The fence rules follow VS Code's own Markdown grammar.
 */
export const markdownInjection = {
  fileTypes: [],
  injectionSelector: 'L:text.html.markdown',
  scopeName: 'markdown.kgplan.codeblock',
  patterns: [{ include: '#kgplan-code-block' }],
  repository: {
    'kgplan-code-block': {
      name: 'markup.fenced_code.block.markdown',
      begin: '(^|\\G)(\\s*)(`{3,}|~{3,})\\s*(?i:(kgp|kgplan)((\\s+|:|,|\\{|\\?)[^`]*)?$)',
      beginCaptures: {
        3: { name: 'punctuation.definition.markdown' },
        4: { name: 'fenced_code.block.language.markdown' },
        5: { name: 'fenced_code.block.language.attributes.markdown' },
      },
      end: '(^|\\G)(\\2|\\s{0,3})(\\3)\\s*$',
      endCaptures: { 3: { name: 'punctuation.definition.markdown' } },
      patterns: [
        {
          begin: '(^|\\G)(\\s*)(.*)',
          while: '(^|\\G)(?!\\s*([`~]{3,})\\s*$)',
          contentName: 'meta.embedded.block.kgplan',
          patterns: [{ include: 'source.kgplan' }],
        },
      ],
    },
  },
};

export function markdownInjectionJson() {
  return JSON.stringify(markdownInjection, null, 2) + '\n';
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(new URL('./kgplan.tmLanguage.json', import.meta.url), grammarJson());
  writeFileSync(new URL('./kgplan.markdown.tmLanguage.json', import.meta.url), markdownInjectionJson());
}
