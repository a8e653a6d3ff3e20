// Scope assertions written under the lines they test, in the format of vscode-tmgrammar-test:
//   (a: Movie "The Vow")
//   // ^^^^^ entity.name.type.category.kgplan - variable.other.node.kgplan
// `^` marks columns of the source line above (several groups allowed); `<---` marks columns 0..n-1; scopes after a lone `-`
// must NOT be present. Assertion lines are not part of the tokenized source.
import type { Token } from './tokenize';

export interface ScopeAssertion {
  /** Line in the source (assertion lines removed), and its number in the fixture file for messages. */
  readonly sourceLine: number;
  readonly fixtureLine: number;
  readonly columns: readonly number[];
  readonly present: readonly string[];
  readonly absent: readonly string[];
}

export interface Fixture {
  readonly source: string[];
  readonly assertions: ScopeAssertion[];
}

const ASSERTION = /^\s*\/\/\s*((?:\^+[ \t]*)+|<-+)(\s.*)?$/;

export function parseFixture(text: string): Fixture {
  const source: string[] = [];
  const assertions: ScopeAssertion[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const m = ASSERTION.exec(line);
    if (!m || source.length === 0) {
      source.push(line);
      return;
    }
    const marker = m[1]!;
    const columns: number[] = [];
    if (marker.startsWith('<')) {
      for (let c = 0; c < marker.length - 1; c++) columns.push(c);
    } else {
      // Several caret groups may share one assertion line: `^^^^  ^^^^ scope`.
      const at = line.indexOf(marker);
      for (let c = at; c < at + marker.length; c++) if (line[c] === '^') columns.push(c);
    }
    const words = (m[2] ?? '').trim().split(/\s+/).filter((w) => w.length > 0);
    const dash = words.indexOf('-');
    const present = dash < 0 ? words : words.slice(0, dash);
    const absent = dash < 0 ? [] : words.slice(dash + 1);
    assertions.push({ sourceLine: source.length - 1, fixtureLine: i + 1, columns, present, absent });
  });
  return { source, assertions };
}

/** Returns one message per failed column; empty when every assertion holds. */
export function checkAssertions(fixture: Fixture, tokens: readonly (readonly Token[])[]): string[] {
  const failures: string[] = [];
  for (const a of fixture.assertions) {
    const lineTokens = tokens[a.sourceLine] ?? [];
    for (const col of a.columns) {
      const tok = lineTokens.find((t) => t.start <= col && col < t.end);
      if (!tok) {
        failures.push(`fixture line ${a.fixtureLine}, column ${col}: no token there`);
        continue;
      }
      const missing = a.present.filter((s) => !tok.scopes.includes(s));
      const unwanted = a.absent.filter((s) => tok.scopes.includes(s));
      if (missing.length > 0 || unwanted.length > 0) {
        failures.push(
          `fixture line ${a.fixtureLine}, column ${col} (${JSON.stringify(tok.text)}): ` +
            (missing.length > 0 ? `missing ${missing.join(' ')}; ` : '') +
            (unwanted.length > 0 ? `unwanted ${unwanted.join(' ')}; ` : '') +
            `has ${tok.scopes.join(' ')}`,
        );
      }
    }
  }
  return failures;
}
