/** Signature help inside `using gsd(…)`: the strategy's parameters, their defaults, the one being written. */
import { lex, type Token } from '../dsl';
import type { Analysis } from './analysis';
import { STRATEGY_DOCS, isStrategyKind } from './docs';
import { parameterDefaultText, parameterTypeText } from '../plan/strategyParameters';

export interface SignatureInfo {
  /** e.g. `gsd(k: number = 3, nodeCandidates: number = 16, …)` */
  readonly label: string;
  /** Markdown. */
  readonly documentation: string;
  readonly parameters: readonly { readonly label: string; readonly documentation: string }[];
  readonly activeParameter: number;
}

export function signatureHelp(a: Analysis, offset: number): SignatureInfo | undefined {
  // Only the current top-level item up to the cursor matters.
  let from = 0;
  for (const item of a.parse.document.items) {
    if (item.start > offset) break;
    from = item.start;
  }
  const tokens = lex(a.text.slice(from, offset)).tokens.filter((t) => t.kind !== 'eof');
  // Find the innermost unclosed `(` and check it follows `using <strategy>`.
  let depth = 0;
  let open = -1;
  for (let i = tokens.length - 1; i >= 0; i--) {
    const k = tokens[i]!.kind;
    if (k === ')' || k === ']' || k === '}') depth++;
    else if (k === '(' || k === '[' || k === '{') {
      if (depth === 0) {
        open = i;
        break;
      }
      depth--;
    }
  }
  if (open < 2 || tokens[open]!.kind !== '(') return undefined;
  const name = tokens[open - 1]!;
  const using = tokens[open - 2]!;
  if (name.kind !== 'ident' || using.kind !== 'ident' || using.value !== 'using' || !isStrategyKind(name.value)) return undefined;
  const doc = STRATEGY_DOCS[name.value];
  const params = doc.parameters.map((p) => {
    const def = parameterDefaultText(p);
    return { label: `${p.name}: ${parameterTypeText(p)}${def !== undefined ? ` = ${def}` : ''}`, documentation: p.description };
  });
  const inner: Token[] = tokens.slice(open + 1);
  const segment = inner.slice(inner.map((t) => t.kind).lastIndexOf(',') + 1);
  const written = segment[0]?.kind === 'ident' ? doc.parameters.findIndex((p) => p.name === segment[0]!.value) : -1;
  const commas = inner.filter((t) => t.kind === ',').length;
  return {
    label: `${name.value}(${params.map((p) => p.label).join(', ')})`,
    documentation: `**${doc.title}** — ${doc.doc}`,
    parameters: params,
    activeParameter: written >= 0 ? written : Math.min(commas, params.length - 1),
  };
}
