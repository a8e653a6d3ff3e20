// Loads syntaxes/kgplan.tmLanguage.json with the same engine VS Code uses (vscode-textmate on the
// Oniguruma WASM build) so grammar tests see exactly the scopes the editor would.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';

export const GRAMMAR_PATH = resolve(__dirname, '../../../syntaxes/kgplan.tmLanguage.json');
export const ROOT_SCOPE = 'source.kgplan';

export interface Token {
  readonly line: number;
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly scopes: readonly string[];
}

let onig: Promise<vsctm.IOnigLib> | undefined;

export function onigLib(): Promise<vsctm.IOnigLib> {
  onig ??= (async () => {
    const wasm = readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm'));
    await oniguruma.loadWASM(wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength));
    return {
      createOnigScanner: (patterns: string[]) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s: string) => new oniguruma.OnigString(s),
    };
  })();
  return onig;
}

export async function loadGrammar(): Promise<vsctm.IGrammar> {
  const registry = new vsctm.Registry({
    onigLib: onigLib(),
    loadGrammar: async (scopeName: string) =>
      scopeName === ROOT_SCOPE ? vsctm.parseRawGrammar(readFileSync(GRAMMAR_PATH, 'utf8'), GRAMMAR_PATH) : null,
  });
  const grammar = await registry.loadGrammar(ROOT_SCOPE);
  if (!grammar) throw new Error(`grammar ${ROOT_SCOPE} did not load`);
  return grammar;
}

/** Tokenizes lines in order, carrying the rule stack across lines like the editor does. */
export function tokenizeLines(grammar: vsctm.IGrammar, lines: readonly string[]): Token[][] {
  let stack = vsctm.INITIAL;
  return lines.map((text, line) => {
    const r = grammar.tokenizeLine(text, stack);
    stack = r.ruleStack;
    return r.tokens.map((t) => ({
      line,
      start: t.startIndex,
      end: Math.min(t.endIndex, text.length),
      text: text.slice(t.startIndex, t.endIndex),
      scopes: t.scopes,
    }));
  });
}

export const MARKDOWN_INJECTION_PATH = resolve(__dirname, '../../../syntaxes/kgplan.markdown.tmLanguage.json');

/**
 * A Markdown host for the injection grammar. VS Code's real Markdown grammar is not an npm package;
 * an empty `text.html.markdown` is enough to test the fence rule, which matches on its own.
 */
export async function loadMarkdownWithInjection(): Promise<vsctm.IGrammar> {
  const registry = new vsctm.Registry({
    onigLib: onigLib(),
    loadGrammar: async (scopeName: string) => {
      if (scopeName === ROOT_SCOPE) return vsctm.parseRawGrammar(readFileSync(GRAMMAR_PATH, 'utf8'), GRAMMAR_PATH);
      if (scopeName === 'markdown.kgplan.codeblock') return vsctm.parseRawGrammar(readFileSync(MARKDOWN_INJECTION_PATH, 'utf8'), MARKDOWN_INJECTION_PATH);
      if (scopeName === 'text.html.markdown') return vsctm.parseRawGrammar(JSON.stringify({ scopeName, patterns: [] }), 'markdown.json');
      return null;
    },
    getInjections: (scopeName: string) => (scopeName === 'text.html.markdown' ? ['markdown.kgplan.codeblock'] : undefined),
  });
  const grammar = await registry.loadGrammar('text.html.markdown');
  if (!grammar) throw new Error('markdown host did not load');
  return grammar;
}
