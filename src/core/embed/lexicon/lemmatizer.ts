import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * wink-lemmatizer's noun, verb and adjective lemmas (WordNet's Morphy: the exception lists, then suffix
 * rules checked against the base words' parts of speech), on the same data read compactly.
 * wink-lemmatizer `require`s wink-lexicon's lists as JavaScript: 77,262 property assignments and
 * 81,900 array entries compiled, +35 MB RSS in a bare process (+38 MB in the CLI), which every
 * command paid at start-up. Here the same files are read once as text: the base words into one byte
 * string (sorted, binary-searched) with a byte of parts of speech each, the exceptions into maps
 * (≈ 2 MB in all). Equal to wink-lemmatizer on every base word, every exception and their inflected
 * forms (test/unit/embed/lemmatizer.test.ts, against the package itself).
 */
export interface Lemmatizer {
  noun(word: string): string;
  verb(word: string): string;
  adjective(word: string): string;
}

const NOUN = 1;
const VERB = 2;
const ADJECTIVE = 4;

/** A base word's parts of speech from its WordNet lexicographer files, as wink-lemmatizer's isNoun/isVerb/isAdjective read them. */
function partsOfSpeech(senses: readonly number[]): number {
  let flags = 0;
  for (const s of senses) {
    if (s < 2) flags |= ADJECTIVE;
    if (s > 2 && s < 29) flags |= NOUN;
    if (s > 28 && s < 44) flags |= VERB;
  }
  return flags;
}

/** The base words, sorted, in one Latin-1 buffer: word i is bytes [start[i], start[i + 1]). */
interface BaseWords {
  readonly text: Buffer;
  readonly start: Uint32Array;
  readonly flags: Uint8Array;
}

function compare(text: Buffer, from: number, to: number, word: string): number {
  const n = Math.min(to - from, word.length);
  for (let i = 0; i < n; i++) {
    const d = text[from + i]! - word.charCodeAt(i);
    if (d !== 0) return d;
  }
  return to - from - word.length;
}

function flagsOf(base: BaseWords, word: string): number {
  let lo = 0;
  let hi = base.flags.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = compare(base.text, base.start[mid]!, base.start[mid + 1]!, word);
    if (c === 0) return base.flags[mid]!;
    if (c < 0) lo = mid + 1;
    else hi = mid - 1;
  }
  return 0;
}

/** `words.aaa = 0;` lines: the base word and its index (every line of wn-words.js is this shape). */
const WORD_LINE = /^words\.([a-z0-9_]+) = (\d+);$/gm;
/** `const s_4_26 = [ 4, 26 ];`: a list of lexicographer files, by name. */
const SENSE_SET = /^const (s_[0-9_]+) = \[([^\]]*)\];$/gm;
/** `const abacus = 'abacus';` and `exceptions.abaci = abacus;` (spacing varies). */
const EXCEPTION_VALUE = /^const ([A-Za-z0-9_$]+)\s*=\s*'([^'\\]*)';$/gm;
const EXCEPTION_LINE = /^exceptions\.([A-Za-z0-9_$]+)\s*=\s*([A-Za-z0-9_$]+);$/gm;

function readBaseWords(dir: string): BaseWords {
  const senseText = readFileSync(join(dir, 'wn-word-senses.js'), 'latin1');
  const setFlags = new Map<string, number>();
  for (const m of senseText.matchAll(SENSE_SET)) setFlags.set(m[1]!, partsOfSpeech(m[2]!.split(',').map(Number)));
  const listAt = senseText.indexOf('const wordIndex2Sense = [');
  if (listAt < 0) throw new Error('wn-word-senses.js: no sense list');
  const list = senseText.slice(listAt + 'const wordIndex2Sense = ['.length, senseText.indexOf('];', listAt));
  const bySense: number[] = [];
  for (const m of list.matchAll(/s_[0-9_]+/g)) {
    const f = setFlags.get(m[0]);
    if (f === undefined) throw new Error(`wn-word-senses.js: unknown sense set ${m[0]}`);
    bySense.push(f);
  }
  const wordText = readFileSync(join(dir, 'wn-words.js'), 'latin1');
  const entries: { word: string; index: number }[] = [];
  for (const m of wordText.matchAll(WORD_LINE)) entries.push({ word: m[1]!, index: Number(m[2]) });
  if (entries.length !== bySense.length || entries.length < 50_000) throw new Error(`wink-lexicon: ${entries.length} words, ${bySense.length} sense lists`);
  // Code-unit order, the order the binary search compares in; a word assigned twice keeps its last index, as the object did.
  entries.sort((a, b) => (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
  const kept = entries.filter((e, i) => i + 1 === entries.length || entries[i + 1]!.word !== e.word);
  const start = new Uint32Array(kept.length + 1);
  const flags = new Uint8Array(kept.length);
  let bytes = 0;
  kept.forEach((e, i) => {
    start[i] = bytes;
    bytes += e.word.length;
    flags[i] = bySense[e.index] ?? 0;
  });
  start[kept.length] = bytes;
  return { text: Buffer.from(kept.map((e) => e.word).join(''), 'latin1'), start, flags };
}

function readExceptions(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  const values = new Map<string, string>();
  for (const m of text.matchAll(EXCEPTION_VALUE)) values.set(m[1]!, m[2]!);
  const out = new Map<string, string>();
  for (const m of text.matchAll(EXCEPTION_LINE)) {
    const v = values.get(m[2]!);
    if (v === undefined) throw new Error(`${file}: no value for ${m[2]}`);
    out.set(m[1]!, v);
  }
  if (out.size < 1000) throw new Error(`${file}: ${out.size} exceptions`);
  return out;
}

const NOUN_RULES: readonly (readonly [RegExp, string])[] = [
  [/s$/, ''],
  [/ses$/, 's'],
  [/xes$/, 'x'],
  [/zes$/, 's'],
  [/ves$/, 'f'],
  [/ches$/, 'ch'],
  [/shes$/, 'sh'],
  [/men$/, 'man'],
  [/ies$/, 'y'],
];

class CompactLemmatizer implements Lemmatizer {
  constructor(
    private readonly base: BaseWords,
    private readonly nouns: Map<string, string>,
    private readonly verbs: Map<string, string>,
    private readonly adjectives: Map<string, string>,
  ) {}

  private is(word: string, pos: number): boolean {
    return (flagsOf(this.base, word) & pos) !== 0;
  }

  // The three below follow wink-lemmatizer 3.0.4's noun(), verb() and adjective() step by step.
  noun(noun: string): string {
    const known = this.nouns.get(noun);
    if (known) return known;
    for (const [rule, by] of NOUN_RULES) {
      const lemma = noun.replace(rule, by);
      if (lemma.length !== noun.length && this.is(lemma, NOUN)) return lemma;
    }
    return noun;
  }

  verb(verb: string): string {
    const known = this.verbs.get(verb);
    if (known) return known;
    let lemma = verb.replace(/s$/, '');
    if (lemma.length !== verb.length && this.is(lemma, VERB)) return lemma;
    lemma = verb.replace(/ies$/, 'y');
    if (lemma.length !== verb.length && this.is(lemma, VERB)) return lemma;
    lemma = verb.replace(/es$|ed$|ing$/, '');
    if (lemma.length !== verb.length) {
      if (this.is(lemma, VERB)) return lemma;
      lemma += 'e';
      if (this.is(lemma, VERB)) return lemma;
    }
    return verb;
  }

  adjective(adjective: string): string {
    const known = this.adjectives.get(adjective);
    if (known) return known;
    let lemma = adjective.replace(/est$|er$/, '');
    if (lemma.length === adjective.length) return adjective;
    if (this.is(lemma, ADJECTIVE)) return lemma;
    lemma += 'e';
    if (this.is(lemma, ADJECTIVE)) return lemma;
    return adjective;
  }
}

/** wink-lexicon's folder, found the way wink-lemmatizer finds it (from its own folder). */
function lexiconFolder(): string {
  const from = dirname(require.resolve('wink-lemmatizer'));
  return dirname(require.resolve('wink-lexicon/src/wn-words.js', { paths: [from] }));
}

/** The compact lemmatizer from wink-lexicon's files; throws when they do not read as expected. */
export function readLemmatizer(dir: string = lexiconFolder()): Lemmatizer {
  return new CompactLemmatizer(
    readBaseWords(dir),
    readExceptions(join(dir, 'wn-noun-exceptions.js')),
    readExceptions(join(dir, 'wn-verb-exceptions.js')),
    readExceptions(join(dir, 'wn-adjective-exceptions.js')),
  );
}

let shared: Lemmatizer | undefined;

/** The lemmatizer, read on first use. Should wink-lexicon's files not read as expected, wink-lemmatizer itself (same answers, more memory). */
export function lemmatizer(): Lemmatizer {
  if (shared) return shared;
  try {
    shared = readLemmatizer();
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    shared = require('wink-lemmatizer') as Lemmatizer;
  }
  return shared;
}
