/**
 * Fuzz: 12,000 mutations of the real examples (seeded, so a failure reproduces) through the
 * parser, the checker (with the movie schema) and the formatter. No exceptions, no internal-error
 * diagnostics, ranges inside the text; and on every mutant that parses cleanly the formatter is
 * idempotent and keeps the meaning (same PlanningGraphs), and the printer round-trips.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { checkDocument } from '../../../src/core/check';
import { formatDocument, lex, parseDocument, printDocument, toPlanningGraphs } from '../../../src/core/dsl';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { LineIndex } from '../../../src/core/text';
import { mulberry32, pick, withoutPositions } from './prng';

const repo = join(__dirname, '../../..');
const examples = readdirSync(join(repo, 'examples'))
  .filter((f) => f.endsWith('.kgp'))
  .sort()
  .map((f) => readFileSync(join(repo, 'examples', f), 'utf8'));
const schemaFile = join(repo, 'samples/movies/movies.kgschema.json');
const schema = parseSchemaFile(readFileSync(schemaFile, 'utf8'), schemaFile).schema;

const ALPHABET = ['(', ')', '[', ']', '{', '}', '<', '>', '-', ':', ',', '=', '"', '`', '/', '*', '\\', '\n', ' ', '\t', 'a', 'Z', '_', '0', '7', '.', "'", 'é', '😀', '\r', 'plan ', 'match ', 'return ', 'using ', '-->', '<--', '-[', ']-', '/*', '//', 'UNKOWN '];

function mutate(text: string, rand: () => number, pool: readonly string[]): string {
  const tokens = lex(text).tokens.filter((t) => t.kind !== 'eof');
  const op = Math.floor(rand() * 9);
  const at = Math.floor(rand() * (text.length + 1));
  switch (op) {
    case 0: // delete a few characters
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(rand() * 3));
    case 1: // insert a character or snippet
      return text.slice(0, at) + pick(rand, ALPHABET) + text.slice(at);
    case 2: {
      // duplicate a slice
      const len = 1 + Math.floor(rand() * 20);
      return text.slice(0, at + len) + text.slice(at, at + len) + text.slice(at + len);
    }
    case 3: // swap two adjacent characters
      return at + 1 < text.length ? text.slice(0, at) + text[at + 1] + text[at] + text.slice(at + 2) : text;
    default: {
      if (tokens.length < 2) return text + pick(rand, ALPHABET);
      const i = Math.floor(rand() * tokens.length);
      const t = tokens[i]!;
      const src = (k: { start: number; end: number }): string => text.slice(k.start, k.end);
      if (op === 4) return text.slice(0, t.start) + text.slice(t.end); // delete a token
      if (op === 5) return text.slice(0, t.end) + ' ' + src(t) + text.slice(t.end); // duplicate a token
      if (op === 6) return text.slice(0, t.start) + pick(rand, pool) + text.slice(t.end); // replace by another token
      if (op === 7) {
        // swap two tokens
        const j = Math.floor(rand() * tokens.length);
        const [a, b] = i < j ? [t, tokens[j]!] : [tokens[j]!, t];
        if (a === b) return text;
        return text.slice(0, a.start) + src(b) + text.slice(a.end, b.start) + src(a) + text.slice(b.end);
      }
      return text.slice(0, t.start) + pick(rand, pool) + ' ' + text.slice(t.start); // insert a token
    }
  }
}

test('fuzz: 12,000 mutated .kgp inputs through parser, checker and formatter', () => {
  assert.ok(examples.length >= 3, 'the examples are the seed corpus');
  assert.ok(schema, 'movie schema');
  const pool = [...new Set(examples.flatMap((e) => lex(e).tokens.filter((t) => t.kind !== 'eof').map((t) => e.slice(t.start, t.end))))];
  const rand = mulberry32(0x5eed);
  const N = 12_000;
  let clean = 0;
  for (let n = 0; n < N; n++) {
    let text = examples[n % examples.length]!;
    const rounds = 1 + Math.floor(rand() * 4);
    for (let r = 0; r < rounds; r++) text = mutate(text, rand, pool);
    const context = (): string => `input #${n}: ${JSON.stringify(text)}`;
    let parsed;
    let diagnostics;
    let formatted;
    try {
      parsed = parseDocument(text);
      diagnostics = checkDocument(text, { schema, hopLimit: 1 + (n % 4) });
      formatted = formatDocument(text);
    } catch (e) {
      assert.fail(`threw ${e instanceof Error ? e.stack : String(e)} on ${context()}`);
    }
    const lines = new LineIndex(text);
    for (const d of diagnostics) {
      assert.ok(d.code !== 'KGP199' && d.code !== 'KGP299', `${d.message} on ${context()}`);
      const s = lines.offsetAt(d.range.start);
      const e = lines.offsetAt(d.range.end);
      assert.ok(s <= e && e <= text.length && d.range.start.line < lines.lineCount, `bad range ${JSON.stringify(d.range)} on ${context()}`);
    }
    if (parsed.diagnostics.length === 0) {
      clean++;
      assert.equal(formatDocument(formatted), formatted, `not idempotent on ${context()}`);
      const again = parseDocument(formatted);
      assert.deepEqual(again.diagnostics, [], `formatting broke ${context()}`);
      assert.deepEqual(toPlanningGraphs(again.document), toPlanningGraphs(parsed.document), `formatting changed the meaning of ${context()}`);
      const printed = parseDocument(printDocument(parsed.document));
      assert.deepEqual(withoutPositions(printed.document), withoutPositions({ ...parsed.document }), `printer round trip failed on ${context()}`);
    } else {
      assert.equal(formatted, text, 'text with syntax errors is left alone');
    }
  }
  // the idempotence half must not be vacuous
  assert.ok(clean > N / 20, `only ${clean} of ${N} mutants parsed cleanly`);
});
