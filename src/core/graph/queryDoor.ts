// The query door: every Cypher statement a person, a plan or a language model hands to a store passes
// here first. Read-only by construction: an allow-list of read clauses checked on the statement as
// Neo4j's own parser sees it (@neo4j-cypher/language-support), plus a token check that does not depend
// on the parse (the embedded engine's dialect has statements that parser does not know, e.g. COPY,
// ATTACH, `-[* SHORTEST 1..3]-`, and its error recovery can drop tokens). The engine's own
// `isReadOnly()` is not trusted: it calls `COPY … TO`, `EXPORT DATABASE`, `ATTACH`, `LOAD FROM` and
// `CHECKPOINT` read-only. On the embedded engine a read-only statement of retrieval's store path has its
// parsed check on the engine's own plan instead (embedded/planCheck.ts, in the engine process): the
// token check here stays.
// See docs/graph-stores.md ("The query door").

import { GraphStoreError, abbreviate } from './errors';
import { READ_PROCEDURES } from './readProcedures';

/** What a statement does, from the least to the most dangerous. */
export type StatementKind = 'read' | 'write' | 'file' | 'admin';

export type DoorVerdict =
  | { readonly allowed: true; readonly kind: StatementKind }
  | { readonly allowed: false; readonly kind: StatementKind; readonly reason: string };

export interface DoorOptions {
  /** `--write` / `readOnly: false`: data writes and file, attach and export statements are let through. */
  readonly allowWrite: boolean;
  /**
   * Where the parsed check runs: Neo4j's parser here (the default), or, for a read-only statement of
   * retrieval's store path on the embedded engine, the engine's own plan of it in the engine process
   * (embedded/planCheck.ts), which the caller then asks for with the statement. With allowWrite the
   * parse here always runs: it tells a write from administration.
   */
  readonly parsedBy?: 'here' | 'engine';
}

/** Clause rules of the Neo4j grammar that only read. */
const READ_CLAUSES = new Set(['matchClause', 'withClause', 'unwindClause', 'returnClause', 'callClause', 'subqueryClause', 'orderBySkipLimitClause', 'finishClause']);
/** Clause rules that change data or read files (LOAD CSV): only with allowWrite. */
const WRITE_CLAUSES = new Set(['createClause', 'mergeClause', 'setClause', 'deleteClause', 'removeClause', 'foreachClause', 'loadCSVClause', 'insertClause']);

/** Bare words that start a writing clause in either dialect. */
const WRITE_WORDS = new Set(['CREATE', 'MERGE', 'SET', 'DELETE', 'REMOVE', 'DROP', 'ALTER', 'FOREACH']);
/** Bare words that start a statement touching files, other databases or the network. */
const FILE_WORDS = new Set(['COPY', 'LOAD', 'ATTACH', 'EXPORT', 'IMPORT', 'DETACH']);
/** Bare words of statements that manage the engine itself: refused even with allowWrite (they can brick a store). */
// (Neo4j's administration commands are caught on the parse tree; words common as variable names stay out.)
const ADMIN_WORDS = new Set(['CHECKPOINT', 'BEGIN', 'COMMIT', 'ROLLBACK', 'INSTALL', 'UNINSTALL', 'EXTENSION', 'USE']);


/** Longest statement the door parses (the parser is linear, but a 100 MB "query" is not a query). */
export const MAX_STATEMENT_CHARS = 1_000_000;
/** Deepest bracket nesting the door checks (the parser recurses per level: 500 levels overflowed its stack). */
export const MAX_STATEMENT_NESTING = 100;
/** Deepest nesting of parameter values (lists and maps): every layer below recurses over them. */
export const MAX_PARAMS_NESTING = 64;

type Token = { readonly kind: 'word' | 'punct'; readonly text: string };

/** Letters and digits the engine's identifiers are made of (a subset: anything else ends a word here). */
const WORD_START = /[\p{ID_Start}_]/u;
const WORD_PART = /[\p{ID_Continue}]/u;
/** Characters that end a line comment: the engine's lexer stops at CR as well as LF. */
const LINE_END = /[\n\r\u2028\u2029]/;

/**
 * Splits Cypher into words and punctuation the way the engine's lexer does, dropping strings, quoted
 * names, parameters, numbers and comments. Where this reading and the engine's could differ, it errs
 * towards seeing more words: a number is digits (with one `.digits` and one `e-digits`) and ends at the
 * first letter (`1LOAD` is `1` then `LOAD`, as the engine lexes it); a word is identifier characters
 * only (`\u00a0LOAD` is a space then `LOAD`); an unterminated string, name or comment hides nothing —
 * its opening character is punctuation and the words after it are read.
 */
export function cypherTokens(cypher: string): Token[] {
  const out: Token[] = [];
  const n = cypher.length;
  let i = 0;
  while (i < n) {
    const c = cypher[i]!;
    if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < n && cypher[j] !== c) j += cypher[j] === '\\' ? 2 : 1;
      if (j >= n) {
        out.push({ kind: 'punct', text: c });
        i++;
        continue;
      }
      i = j + 1;
      out.push({ kind: 'punct', text: 'literal' });
    } else if (c === '`') {
      let j = i + 1;
      while (j < n && !(cypher[j] === '`' && cypher[j + 1] !== '`')) j += cypher[j] === '`' ? 2 : 1;
      if (j >= n) {
        out.push({ kind: 'punct', text: c });
        i++;
        continue;
      }
      i = j + 1;
      out.push({ kind: 'punct', text: 'name' });
    } else if (c === '/' && cypher[i + 1] === '/') {
      while (i < n && !LINE_END.test(cypher[i]!)) i++;
    } else if (c === '/' && cypher[i + 1] === '*') {
      const end = cypher.indexOf('*/', i + 2);
      if (end < 0) {
        out.push({ kind: 'punct', text: '/' });
        i++;
        continue;
      }
      i = end + 2;
    } else if (WORD_START.test(c) || (isHighSurrogate(c) && WORD_START.test(cypher.slice(i, i + 2)))) {
      const start = i;
      while (i < n) {
        const cp = String.fromCodePoint(cypher.codePointAt(i)!);
        if (!WORD_PART.test(cp)) break;
        i += cp.length;
      }
      const prev = out[out.length - 1];
      // `$name` is a parameter, not a clause word.
      if (prev?.text === '$') out.pop();
      else out.push({ kind: 'word', text: cypher.slice(start, i) });
    } else if (c >= '0' && c <= '9') {
      i = numberEnd(cypher, i);
    } else if (/\s/.test(c)) {
      i++;
    } else {
      out.push({ kind: 'punct', text: c });
      i++;
    }
  }
  return out;
}

function isHighSurrogate(c: string): boolean {
  const code = c.charCodeAt(0);
  return code >= 0xd800 && code <= 0xdbff;
}

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** Where a number starting at `i` ends: digits, then `.digits`, then `e-digits` / `E digits` (no letters). */
function numberEnd(s: string, i: number): number {
  while (isDigit(s[i])) i++;
  if (s[i] === '.' && isDigit(s[i + 1])) {
    i++;
    while (isDigit(s[i])) i++;
  }
  if ((s[i] === 'e' || s[i] === 'E') && (isDigit(s[i + 1]) || (s[i + 1] === '-' && isDigit(s[i + 2])))) {
    i += s[i + 1] === '-' ? 2 : 1;
    while (isDigit(s[i])) i++;
  }
  return i;
}

function kindOfWord(word: string): StatementKind | undefined {
  const w = word.toUpperCase();
  if (ADMIN_WORDS.has(w)) return 'admin';
  if (FILE_WORDS.has(w)) return 'file';
  if (WRITE_WORDS.has(w)) return 'write';
  return undefined;
}

const RANK: Readonly<Record<StatementKind, number>> = { read: 0, write: 1, file: 2, admin: 3 };

function worse(a: StatementKind, b: StatementKind): StatementKind {
  return RANK[a] >= RANK[b] ? a : b;
}

const SEVERAL = 'several statements at once';

interface Finding {
  readonly kind: StatementKind;
  readonly what: string;
  /** Replaces the kind's usual explanation. */
  readonly phrase?: string;
}

/** The token check: clause words outside literals, names, properties and map keys; CALL targets. */
function tokenFindings(tokens: readonly Token[]): Finding[] {
  const found: Finding[] = [];
  let statements = 1;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.kind === 'punct') {
      // A `;` followed by more tokens starts a second statement.
      if (t.text === ';' && i < tokens.length - 1) statements++;
      continue;
    }
    const prev = tokens[i - 1]?.text;
    const next = tokens[i + 1]?.text;
    // n.set, (n:Set), {delete: 1}: a property, a label, a map key, not a clause.
    if (prev === '.' || prev === ':' || (next === ':' && tokens[i + 2]?.text !== ':')) continue;
    const upper = t.text.toUpperCase();
    if (upper === 'DETACH' && tokens[i + 1]?.text.toUpperCase() === 'DELETE') {
      found.push({ kind: 'write', what: 'DETACH DELETE' });
      i++;
      continue;
    }
    if (upper === 'COMMENT' && tokens[i + 1]?.text.toUpperCase() === 'ON') {
      found.push({ kind: 'write', what: 'COMMENT ON' });
      continue;
    }
    if (upper === 'CALL') {
      found.push(...callFinding(tokens, i + 1));
      continue;
    }
    const kind = kindOfWord(t.text);
    if (kind) found.push({ kind, what: upper });
  }
  if (statements > 1) found.push({ kind: 'admin', what: SEVERAL });
  return found;
}

function callFinding(tokens: readonly Token[], at: number): Finding[] {
  if (tokens[at]?.text === '{' || tokens[at]?.text === '(') return []; // CALL { … } / CALL (x) { … }: the clauses inside are checked too
  const parts: string[] = [];
  let j = at;
  while (tokens[j]?.kind === 'word') {
    parts.push(tokens[j]!.text);
    if (tokens[j + 1]?.text !== '.') break;
    j += 2;
  }
  const name = parts.join('.');
  if (tokens[j + 1]?.text === '=') return [{ kind: 'admin', what: `CALL ${name} = … (an engine setting)` }];
  if (name === '' || tokens[at]?.kind === 'punct') return [{ kind: 'file', what: 'CALL of a quoted procedure name' }];
  if (READ_PROCEDURES.has(name.toLowerCase())) return [];
  return [{ kind: 'file', what: `CALL ${name} (not a known read-only procedure)` }];
}

interface SimpleTree {
  readonly name: string;
  readonly children?: readonly SimpleTree[];
}

type LanguageSupport = { readonly getDebugTree: (cypher: string) => SimpleTree };
let languageSupport: LanguageSupport | undefined;

/** The parser (≈ 0.8 s to load): loaded on the first statement, not at start-up; cypherParse.ts says why apart. */
function parseTree(cypher: string): SimpleTree {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  languageSupport ??= require('./cypherParse') as LanguageSupport;
  return languageSupport.getDebugTree(cypher);
}

/**
 * Loads the parser and parses one statement now, for a caller that will send statements through the
 * door while it holds much memory (ask in the store at MetaQA ×40): loaded early, the parser's
 * load-time garbage is collected while the heap is small instead of raising the peak (docs/ask.md,
 * "The CLI within 300 MB").
 */
export function warmParser(): void {
  parseTree('MATCH (n) RETURN n');
}

/** The parse check: one statement whose every clause (subqueries included) is an allowed clause rule. */
function treeFindings(tree: SimpleTree): Finding[] {
  const found: Finding[] = [];
  // A trailing `;` leaves an empty statement behind.
  const statements = (tree.children ?? []).filter((c) => c.name === 'statementOrCommand' && (c.children ?? []).some((x) => x.name !== '<EOF>'));
  if (statements.length > 1) found.push({ kind: 'admin', what: SEVERAL });
  for (const s of statements) {
    for (const c of s.children ?? []) {
      // Anything but a parsed query directly under the statement is a command the grammar does not
      // know as a query (COPY, ATTACH, EXPORT DATABASE, CHECKPOINT, BEGIN, …).
      if (c.name === 'preparsedStatement') continue;
      if (c.name === ';' || c.name === '<EOF>') continue;
      const word = kindOfWord(c.name);
      found.push(word ? { kind: word, what: c.name.toUpperCase() } : { kind: 'file', what: `the statement starting with '${c.name}'`, phrase: 'is not a read query this door recognises' });
      break;
    }
  }
  const walk = (t: SimpleTree): void => {
    // A CALL's procedure as the parser names it (the token check reads it too; the stricter wins).
    if (t.name === 'procedureName') {
      // An empty `namespace` rule (a procedure without dots) is a node without children, not a token.
      const name = (t.children ?? []).filter((c) => !(c.name === 'namespace' && (c.children ?? []).length === 0)).flatMap(leaves).join('');
      if (!READ_PROCEDURES.has(name.toLowerCase())) found.push({ kind: 'file', what: `CALL ${name} (not a known read-only procedure)` });
    }
    if (t.name === 'clause') {
      for (const c of t.children ?? []) {
        if (READ_CLAUSES.has(c.name)) continue;
        if (WRITE_CLAUSES.has(c.name)) found.push({ kind: c.name === 'loadCSVClause' ? 'file' : 'write', what: clauseName(c.name) });
        else found.push({ kind: 'admin', what: clauseName(c.name) });
      }
    }
    // Schema changes (the embedded engine's CREATE/ALTER/DROP TABLE parse as Neo4j commands) are writes;
    // every other command (SHOW, GRANT, START DATABASE, …) is administration.
    if (/^(create|drop|alter)[A-Z]?\w*Command$/.test(t.name)) found.push({ kind: 'write', what: t.name.replace(/^(create|drop|alter).*/, (_, w: string) => w.toUpperCase()) });
    else if (/^(show|grant|revoke|deny|rename|start|stop|terminate|enable)[A-Z]\w*Command$/.test(t.name)) found.push({ kind: 'admin', what: 'an administration command' });
    for (const c of t.children ?? []) walk(c);
  };
  walk(tree);
  return found;
}

/** The tokens under a parse-tree node, in order (leaves: nodes without children). */
function leaves(t: SimpleTree): string[] {
  if (!t.children || t.children.length === 0) return [t.name];
  return t.children.flatMap(leaves);
}

function clauseName(rule: string): string {
  const map: Readonly<Record<string, string>> = { loadCSVClause: 'LOAD CSV / LOAD FROM', useClause: 'USE', foreachClause: 'FOREACH' };
  if (map[rule]) return map[rule];
  return rule.endsWith('Clause') && !/command/i.test(rule) ? rule.replace(/Clause$/, '').toUpperCase() : 'an administration command';
}

/**
 * What each front door says after refusing a write (a GraphStoreError 'not-read-only'): the CLI has
 * a flag for it, the editor has none (its Cypher always runs read-only).
 */
export const WRITE_HINT = {
  cli: 'Allow it with --write.',
  editor: 'The editor runs Cypher read-only and offers no way to write; run a write in a terminal with `kgrag query --write`, or in Neo4j Browser.',
} as const;

/** How deep lists and maps nest in `value` (iterative: the value may be deeper than the stack). */
export function nestingDepth(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > MAX_PARAMS_NESTING) break;
    for (const c of Array.isArray(v) ? v : Object.values(v)) stack.push([c, depth + 1]);
  }
  return deepest;
}

/**
 * Throws GraphStoreError unless the door lets the statement through (what every store's query() calls
 * first); `params`, when given, must nest at most MAX_PARAMS_NESTING deep (the map itself is level 1).
 */
export function guardStatement(cypher: string, options: DoorOptions, params?: unknown): StatementKind {
  if (params !== undefined && nestingDepth(params) > MAX_PARAMS_NESTING) {
    throw new GraphStoreError('query-failed', `The parameters nest more than ${MAX_PARAMS_NESTING} levels of lists and maps deep; at most ${MAX_PARAMS_NESTING} are accepted.`);
  }
  const verdict = checkStatement(cypher, options);
  if (!verdict.allowed) throw new GraphStoreError(verdict.kind === 'admin' ? 'refused' : 'not-read-only', `${verdict.reason} Statement: ${abbreviate(cypher)}`);
  return verdict.kind;
}

function bracketDepth(tokens: readonly Token[]): number {
  let depth = 0;
  let deepest = 0;
  for (const t of tokens) {
    if (t.text === '(' || t.text === '[' || t.text === '{') deepest = Math.max(deepest, ++depth);
    else if (t.text === ')' || t.text === ']' || t.text === '}') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

const EXPLAIN_PREFIX = /^\s*(EXPLAIN|PROFILE)\b/i;

/**
 * Decides whether `cypher` may run. Read statements always may; writes, file/attach/export statements
 * only with allowWrite; engine administration (CHECKPOINT, transactions, extensions, settings, several
 * statements at once) never through this door.
 */
export function checkStatement(cypher: string, options: DoorOptions): DoorVerdict {
  // The verdict depends only on the text and allowWrite: strategies send the same statement shapes
  // again and again (in-store retrieval: one per level), and the parse costs ≈ 5–30 ms each.
  const key = (options.allowWrite ? 'w' : options.parsedBy === 'engine' ? 'e' : 'r') + cypher;
  const known = verdicts.get(key);
  if (known) return known;
  const verdict = decide(cypher, options);
  if (cypher.length <= 20_000) {
    if (verdicts.size >= 512) verdicts.delete(verdicts.keys().next().value!);
    verdicts.set(key, verdict);
  }
  return verdict;
}

/** Recent verdicts (oldest first, at most 512 statements of ≤ 20,000 characters). */
const verdicts = new Map<string, DoorVerdict>();

function decide(cypher: string, options: DoorOptions): DoorVerdict {
  if (cypher.length > MAX_STATEMENT_CHARS) return { allowed: false, kind: 'admin', reason: `The statement is ${cypher.length} characters long; the limit is ${MAX_STATEMENT_CHARS}.` };
  // EXPLAIN/PROFILE are chosen with the query mode; inside the text they would hide the statement's kind from the plan parser.
  if (EXPLAIN_PREFIX.test(cypher)) return { allowed: false, kind: 'admin', reason: 'Write the statement without EXPLAIN/PROFILE and choose the mode instead (--explain, --profile).' };
  const tokens = cypherTokens(cypher);
  const depth = bracketDepth(tokens);
  if (depth > MAX_STATEMENT_NESTING) return { allowed: false, kind: 'admin', reason: `Refused: the statement nests brackets ${depth} levels deep; the door checks at most ${MAX_STATEMENT_NESTING}.` };
  // Read-only on the embedded engine the parsed check is the engine's plan, made in its process (embedded/planCheck.ts).
  const parsedHere = options.allowWrite || options.parsedBy !== 'engine';
  const findings = [...tokenFindings(tokens), ...(parsedHere ? treeFindings(parseTree(cypher)) : [])];
  let kind: StatementKind = 'read';
  for (const f of findings) kind = worse(kind, f.kind);
  const first = findings.find((f) => f.kind === kind);
  if (kind === 'read') return { allowed: true, kind };
  if (kind === 'admin') {
    const why = first!.what === SEVERAL ? 'send one statement at a time' : 'it manages the database engine, and KG-RAG Studio runs no administrative statements (they can leave a database unusable)';
    return { allowed: false, kind, reason: `Refused: ${first!.what}: ${why}.` };
  }
  if (options.allowWrite) return { allowed: true, kind };
  const what = first!.phrase ?? (kind === 'write' ? 'writes to the graph' : 'reads or writes files, other databases or settings');
  // How to allow it depends on the door (a CLI flag, or nothing in the editor): each door adds its own words (WRITE_HINT).
  return { allowed: false, kind, reason: `Refused: ${first!.what} ${what}, and queries run read-only.` };
}
