import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitWords, normalizeText } from '../../../src/core/embed/lexicon/normalize';
import { WordNet } from '../../../src/core/embed/lexicon/wordnet';
import { LexicalEmbedder } from '../../../src/core/embed/lexical';
import { HashingEmbedder } from '../../../src/core/embed/hashing';
import { tokenize, markedSpans } from '../../../src/core/ask/tokens';
import { termWords } from '../../../src/core/ask/meaning';
import { canonicalType } from '../../../src/core/retrieve/labels';
import { lex, parseDocument } from '../../../src/core/dsl';
import { checkFewShot } from '../../../src/core/fewshot';

// Issue 29, case 6: every text path is linear. A 64k-letter word took 16 s in the lexical embedder
// (MIXED_CASE backtracked from every position), 1M letters more than 300 s. Each input here is
// 200k characters, where a quadratic path takes minutes even on an idle machine (16 s at 64k is
// ~160 s at 200k). The bound is generous for a shared machine: measured under the whole unit suite at
// load average 40-60 on 2 cores, the slowest linear step (the MoR few-shot reader: 1.2 s at 100k
// idle) took 20 s, the lexical embedder 9 s.
const N = 200_000;
const BOUND_MS = 60_000;
const wordNet = WordNet.fromPackage();
const embedder = new LexicalEmbedder({ charLevel: new HashingEmbedder(), wordNet });

const inputs: readonly [string, string][] = [
  ['one lower-case word', 'a'.repeat(N)],
  ['one word with a capital at the end', 'a'.repeat(N) + 'B'],
  ['mixed case all along', 'aB'.repeat(N / 2)],
  ['quotes before a letter', "'".repeat(N) + 'a'],
  ['a word then quotes', 'a' + "'".repeat(N)],
  ['apostrophes between letters', "a'".repeat(N / 2)],
  ['opening brackets', '['.repeat(N)],
  ['opening curly quotes', '“'.repeat(N)],
  ['straight quotes', '"'.repeat(N)],
  ['digits and capitals', '1A'.repeat(N / 2)],
  ['diacritics', 'e\u0301'.repeat(N / 2)],
];

function timed(label: string, f: () => unknown): void {
  const started = performance.now();
  f();
  const ms = performance.now() - started;
  assert.ok(ms < BOUND_MS, `${label}: ${ms.toFixed(0)} ms (bound ${BOUND_MS} ms)`);
}

for (const [name, text] of inputs) {
  test(`linear text paths: ${name} (${text.length} characters)`, async () => {
    timed(`splitWords`, () => splitWords(text));
    timed(`normalizeText`, () => normalizeText(text));
    timed(`termWords`, () => termWords(text));
    timed(`canonicalType`, () => canonicalType(text));
    timed(`ask tokenize`, () => tokenize(text));
    timed(`ask markedSpans`, () => markedSpans(text));
    timed(`dsl lex`, () => lex(`plan p { match (a: Movie "${text}") -[${text}]-> (b) return b }`));
    timed(`dsl parse`, () => parseDocument(`plan p { question "${text}" match (a: Movie "${text}") -[r]-> (b) return b }`));
    const started = performance.now();
    await embedder.embedBatch([text, `who directed ${text}`]);
    const ms = performance.now() - started;
    assert.ok(ms < BOUND_MS, `lexical embedder: ${ms.toFixed(0)} ms`);
    timed('few-shot JSON lines (MoR)', () => checkFewShot('x.fewshot.jsonl', JSON.stringify({ target: 'mor' }) + '\n' + JSON.stringify({ question: text, output: `Metapath: ${text} -> product\nRestriction: {"brand": ["${text}"]}` }) + '\n', { skipCypherLint: true }));
    timed('few-shot SimGRAG', () => checkFewShot('x.examples.json', JSON.stringify([{ query: text, divided: [text], graph: [[text, text, text]] }]), { skipCypherLint: true }));
  });
}
