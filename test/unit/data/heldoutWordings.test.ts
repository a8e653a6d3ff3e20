import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadQuestions } from '../../../scripts/bench/metaqa';

// The held-out wording sets of issue 27 (data/questions/ask-heldout*-wordings.json), checked for
// their format only — the shape `npm run bench:ask -- --heldout <file>` reads — never for scores:
// this test runs no ranker, so it cannot tell anyone how a set fares.
const dir = resolve(__dirname, '../../../data/questions');
const metaqa = resolve(__dirname, '../../../../shared/data/metaqa');
const present = existsSync(join(metaqa, 'qa_dev_qtype_1hop.txt'));
const files = readdirSync(dir).filter((f) => /^ask-heldout\d*-wordings\.json$/.test(f)).sort();

interface WordingSet {
  readonly description: string;
  readonly wordings: Record<string, string[]>;
}

function read(file: string): WordingSet {
  const raw: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  assert.ok(raw && typeof raw === 'object' && !Array.isArray(raw), `${file}: not a JSON object`);
  const o = raw as Record<string, unknown>;
  assert.equal(typeof o.description, 'string', `${file}: description is not a string`);
  assert.ok((o.description as string).trim().length > 0, `${file}: empty description`);
  const w = o.wordings;
  assert.ok(w && typeof w === 'object' && !Array.isArray(w), `${file}: wordings is not an object`);
  for (const [type, list] of Object.entries(w as Record<string, unknown>)) {
    assert.ok(Array.isArray(list) && list.length > 0, `${file} ${type}: not a non-empty array`);
    for (const s of list) assert.equal(typeof s, 'string', `${file} ${type}: ${JSON.stringify(s)} is not a string`);
  }
  return { description: o.description as string, wordings: w as Record<string, string[]> };
}

/** Case and end punctuation do not make a wording new. */
const norm = (s: string): string => s.toLowerCase().replace(/[\s?.!]+$/, '').trim();

/** Every question type of MetaQA dev, named as the bench names it (the chain joined by `_to_`). */
let types: Set<string> | undefined;
function devTypes(): Set<string> {
  if (types) return types;
  types = new Set<string>();
  for (const hop of [1, 2, 3]) for (const q of loadQuestions(metaqa, hop)) types.add(q.chain.join('_to_'));
  return types;
}

test('held-out wording files exist, the sixth to nineteenth among them', () => {
  for (const f of ['ask-heldout6-wordings.json', 'ask-heldout7-wordings.json', 'ask-heldout8-wordings.json', 'ask-heldout9-wordings.json', 'ask-heldout10-wordings.json', 'ask-heldout11-wordings.json', 'ask-heldout12-wordings.json', 'ask-heldout13-wordings.json', 'ask-heldout14-wordings.json', 'ask-heldout15-wordings.json', 'ask-heldout16-wordings.json', 'ask-heldout17-wordings.json', 'ask-heldout18-wordings.json', 'ask-heldout19-wordings.json']) assert.ok(files.includes(f), `no ${f}; found ${files.join(', ')}`);
});

for (const file of files) {
  test(`${file}: every wording has exactly one unmarked entity slot {E} and no repeat`, () => {
    const set = read(file);
    const seen = new Set<string>();
    for (const [type, list] of Object.entries(set.wordings)) {
      for (const s of list) {
        assert.equal(s.split('{E}').length - 1, 1, `${file} ${type}: ${JSON.stringify(s)} must hold {E} exactly once`);
        assert.ok(!/[{}[\]]/.test(s.replace('{E}', '')), `${file} ${type}: ${JSON.stringify(s)} has braces or brackets besides {E} (entities are unmarked)`);
        assert.equal(s, s.trim(), `${file} ${type}: ${JSON.stringify(s)} has surrounding whitespace`);
        assert.ok(!seen.has(norm(s)), `${file} ${type}: ${JSON.stringify(s)} repeated within the file`);
        seen.add(norm(s));
      }
    }
  });

  test(`${file}: its types are exactly MetaQA dev's question types`, { skip: present ? false : `no MetaQA data at ${metaqa}` }, () => {
    const dev = devTypes();
    const keys = Object.keys(read(file).wordings);
    for (const k of keys) assert.ok(dev.has(k), `${file}: ${k} is not a MetaQA dev question type`);
    for (const t of dev) assert.ok(keys.includes(t), `${file}: no wording for ${t}`);
  });
}

/** A later set: at least three wordings per type, and none taken from the sets before it (so it stays unseen). */
function checkLaterSet(file: string, before: readonly string[]): void {
  const set = read(file);
  for (const [type, list] of Object.entries(set.wordings)) assert.ok(list.length >= 3, `${file} ${type}: ${list.length} wordings`);
  for (const f of before) assert.ok(files.includes(f), `${file}: earlier set ${f} is missing`);
  const earlier = new Set(before.flatMap((f) => Object.values(read(f).wordings).flat().map(norm)));
  assert.ok(earlier.size > 0, 'no earlier set read');
  for (const s of Object.values(set.wordings).flat()) assert.ok(!earlier.has(norm(s)), `${file}: ${JSON.stringify(s)} is in an earlier set`);
}

const numbered = (n: number): string => (n === 1 ? 'ask-heldout-wordings.json' : `ask-heldout${n}-wordings.json`);

test('the sixth set: at least three wordings per type and none taken from sets 1–5', () => {
  checkLaterSet(numbered(6), [1, 2, 3, 4, 5].map(numbered));
});

test('the seventh set: at least three wordings per type and none taken from sets 1–6', () => {
  checkLaterSet(numbered(7), [1, 2, 3, 4, 5, 6].map(numbered));
});

test('the eighth set: at least three wordings per type and none taken from sets 1–7', () => {
  checkLaterSet(numbered(8), [1, 2, 3, 4, 5, 6, 7].map(numbered));
});

test('the ninth set: at least three wordings per type and none taken from sets 1–8', () => {
  checkLaterSet(numbered(9), [1, 2, 3, 4, 5, 6, 7, 8].map(numbered));
});

test('the tenth set: at least three wordings per type and none taken from sets 1–9', () => {
  checkLaterSet(numbered(10), [1, 2, 3, 4, 5, 6, 7, 8, 9].map(numbered));
});

test('the eleventh set: at least three wordings per type and none taken from sets 1–10', () => {
  checkLaterSet(numbered(11), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(numbered));
});

test('the twelfth set: at least three wordings per type and none taken from sets 1–11', () => {
  checkLaterSet(numbered(12), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map(numbered));
});

test('the thirteenth set: at least three wordings per type and none taken from sets 1–12', () => {
  checkLaterSet(numbered(13), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map(numbered));
});

test('the fourteenth set: at least three wordings per type and none taken from sets 1–13', () => {
  checkLaterSet(numbered(14), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map(numbered));
});

test('the fifteenth set: at least three wordings per type and none taken from sets 1–14', () => {
  checkLaterSet(numbered(15), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map(numbered));
});

test('the sixteenth set: at least three wordings per type and none taken from sets 1–15', () => {
  checkLaterSet(numbered(16), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15].map(numbered));
});

test('the seventeenth set: at least three wordings per type and none taken from sets 1–16', () => {
  checkLaterSet(numbered(17), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map(numbered));
});

test('the eighteenth set: at least three wordings per type and none taken from sets 1–17', () => {
  checkLaterSet(numbered(18), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map(numbered));
});

test('the nineteenth set: at least three wordings per type and none taken from sets 1–18', () => {
  checkLaterSet(numbered(19), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map(numbered));
});
