/**
 * Error-tolerant recursive-descent parser for `.kgp` files. It never throws: every problem becomes a
 * diagnostic (codes in ./codes.ts), the parser resynchronises at the next clause keyword, `}` or
 * `plan`, and keeps whatever it managed to build. One token of lookahead; linear in the input.
 */
import type { Diagnostic } from '../diagnostics';
import type { Position, Range } from '../text';
import type {
  Clause,
  EdgeDirection,
  EdgePattern,
  ExpectClause,
  GraphDecl,
  Identifier,
  KgpDocument,
  Literal,
  Located,
  MatchClause,
  NodePattern,
  NodeText,
  PatternChain,
  PlanDecl,
  PropertyEntry,
  PropertyMap,
  QuestionClause,
  Relation,
  ReturnClause,
  SchemaDecl,
  StrategyArgument,
  StringLiteral,
  TopLevelItem,
  UsingClause,
} from './ast';
import { SYNTAX } from './codes';
import { lex, type Token, type TokenKind } from './lexer';

export interface ParseResult {
  readonly document: KgpDocument;
  readonly diagnostics: Diagnostic[];
}

const CLAUSE_KEYWORDS: ReadonlySet<string> = new Set(['question', 'match', 'return', 'expect', 'using']);
const ALL_KEYWORDS: ReadonlySet<string> = new Set(['schema', 'plan', 'question', 'match', 'return', 'expect', 'using']);

/** Parses a whole `.kgp` text. Never throws. */
export function parseDocument(text: string): ParseResult {
  try {
    return new Parser(text).parseDocument();
  } catch (e) {
    // A bug, not a user error: still never throw at callers (the editor calls this on every key).
    const zero: Position = { line: 0, character: 0 };
    const r: Range = { start: zero, end: zero };
    return {
      document: { kind: 'Document', items: [], plans: [], schemas: [], graphs: [], comments: [], range: r, start: 0, end: 0 },
      diagnostics: [{ range: r, severity: 'error', code: 'KGP199', message: `internal parser error: ${e instanceof Error ? e.message : String(e)}` }],
    };
  }
}

function describe(t: Token): string {
  switch (t.kind) {
    case 'eof':
      return 'end of file';
    case 'ident':
      return `'${t.value}'`;
    case 'quotedIdent':
      return `\`${t.value}\``;
    case 'string':
      return 'a string';
    case 'number':
      return `'${t.value}'`;
    default:
      return `'${t.kind}'`;
  }
}

class Parser {
  private readonly tokens: readonly Token[];
  private readonly comments;
  private readonly diags: Diagnostic[];
  private p = 0;
  private lastError: Position | undefined;
  /** The last token consumed (for node ends and zero-width "missing" ranges). */
  private last: Token;

  constructor(private readonly text: string) {
    const lexed = lex(text);
    this.tokens = lexed.tokens;
    this.comments = lexed.comments;
    this.diags = [...lexed.diagnostics];
    this.last = { ...this.tokens[0]!, end: 0, start: 0, endPos: { line: 0, character: 0 } };
  }

  // ── token helpers ──────────────────────────────────────────────────────────
  private peek(k = 0): Token {
    return this.tokens[Math.min(this.p + k, this.tokens.length - 1)]!;
  }
  private at(kind: TokenKind): boolean {
    return this.peek().kind === kind;
  }
  private next(): Token {
    const t = this.peek();
    if (t.kind !== 'eof') this.p++;
    this.last = t;
    return t;
  }
  private isKeyword(t: Token, kw?: string): boolean {
    return t.kind === 'ident' && (kw === undefined ? ALL_KEYWORDS.has(t.value) : t.value === kw);
  }
  private isClauseKeyword(t: Token): boolean {
    return t.kind === 'ident' && CLAUSE_KEYWORDS.has(t.value);
  }
  /** A token that ends whatever clause is being parsed. */
  private isClauseEnd(t: Token): boolean {
    return t.kind === 'eof' || t.kind === '}' || (t.kind === 'ident' && ALL_KEYWORDS.has(t.value) && t.lineStart) || this.isPinLine(t);
  }
  /** `graph "…"` starting a line inside an unclosed plan: the next file-level line, not a name. */
  private isPinLine(t: Token): boolean {
    return this.isGraphDirective(t) && t.lineStart && t === this.peek() && this.peek(1).kind === 'string';
  }

  private loc(first: { start: number; startPos: Position }, last: { end: number; endPos: Position }): Located {
    return { start: first.start, end: last.end, range: { start: first.startPos, end: last.endPos } };
  }
  private locOf(t: Token): Located {
    return this.loc(t, t);
  }
  private rangeOf(t: Token): Range {
    return { start: t.startPos, end: t.endPos };
  }

  private error(code: string, message: string, range: Range): void {
    // One error per spot: a missing ']' also means a missing '-' after it; say only the first.
    const prev = this.lastError;
    if (prev && prev.line === range.start.line && prev.character === range.start.character) return;
    this.lastError = range.start;
    this.diags.push({ range, severity: 'error', code, message });
  }
  /** Reports at the next token when it sits on the same line, else just after the last token. */
  private errorAtNext(code: string, message: string): void {
    const t = this.peek();
    if (t.kind !== 'eof' && !t.lineStart) this.error(code, message, this.rangeOf(t));
    else this.error(code, message, { start: this.last.endPos, end: this.last.endPos });
  }
  private expected(what: string): void {
    this.errorAtNext(SYNTAX.expected, `expected ${what}, found ${describe(this.peek())}`);
  }

  /** Skips tokens until `stop` holds (not consumed), keeping `{ }` balanced. */
  private skipUntil(stop: (t: Token) => boolean): void {
    let depth = 0;
    while (!this.at('eof')) {
      const t = this.peek();
      if (depth === 0 && stop(t)) return;
      if (t.kind === '{') depth++;
      else if (t.kind === '}') {
        if (depth === 0) return;
        depth--;
      }
      this.next();
    }
  }

  // ── document ───────────────────────────────────────────────────────────────
  parseDocument(): ParseResult {
    const items: TopLevelItem[] = [];
    while (!this.at('eof')) {
      const t = this.peek();
      if (this.isKeyword(t, 'schema')) items.push(this.parseSchema());
      else if (this.isGraphDirective(t)) items.push(this.parseGraph());
      else if (this.isKeyword(t, 'plan')) items.push(this.parsePlan());
      else {
        this.error(SYNTAX.unexpectedToken, `expected 'plan', 'schema' or 'graph' at the top level, found ${describe(t)}`, this.rangeOf(t));
        this.next();
        this.skipUntil((u) => this.isKeyword(u, 'plan') || this.isKeyword(u, 'schema') || this.isGraphDirective(u));
        if (this.at('}')) this.next();
      }
    }
    const end = this.peek();
    const document: KgpDocument = {
      kind: 'Document',
      items,
      plans: items.filter((x): x is PlanDecl => x.kind === 'Plan'),
      schemas: items.filter((x): x is SchemaDecl => x.kind === 'Schema'),
      graphs: items.filter((x): x is GraphDecl => x.kind === 'Graph'),
      comments: this.comments,
      start: 0,
      end: this.text.length,
      range: { start: { line: 0, character: 0 }, end: end.endPos },
    };
    return { document, diagnostics: this.diags };
  }

  private parseSchema(): SchemaDecl {
    const kw = this.next();
    let path: StringLiteral | undefined;
    if (this.at('string')) path = this.parseString();
    else this.expected('the schema file name in double quotes');
    return { kind: 'Schema', keyword: this.rangeOf(kw), path, start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
  }

  /**
   * `graph` is a directive only at the top level followed by a string, so it stays an ordinary word
   * everywhere else (node labels, plan names, properties called `graph` keep working).
   */
  private isGraphDirective(t: Token): boolean {
    return t.kind === 'ident' && t.value === 'graph';
  }

  private parseGraph(): GraphDecl {
    const kw = this.next();
    let value: StringLiteral | undefined;
    if (this.at('string')) value = this.parseString();
    else this.expected('the graph name or database folder in double quotes');
    return { kind: 'Graph', keyword: this.rangeOf(kw), value, start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
  }

  private parsePlan(): PlanDecl {
    const kw = this.next();
    let name: Identifier | undefined;
    const t = this.peek();
    if ((t.kind === 'ident' || t.kind === 'quotedIdent') && !(t.kind === 'ident' && CLAUSE_KEYWORDS.has(t.value) && t.lineStart)) {
      name = this.identifier(this.next());
    } else this.expected('a plan name');

    const clauses: Clause[] = [];
    let closed = false;
    let openBrace: Located | undefined;
    let closeBrace: Located | undefined;
    if (this.at('{')) openBrace = this.locOf(this.next());
    else {
      this.expected("'{'");
      // Carry on if the body seems to follow; otherwise give up on this plan.
      if (!this.isClauseKeyword(this.peek())) {
        this.skipUntil((u) => u.kind === '{' || this.isClauseKeyword(u) || this.isKeyword(u, 'plan') || this.isKeyword(u, 'schema'));
        if (this.at('{')) openBrace = this.locOf(this.next());
      }
    }
    for (;;) {
      const u = this.peek();
      if (u.kind === '}') {
        closeBrace = this.locOf(this.next());
        closed = true;
        break;
      }
      if (u.kind === 'eof' || this.isKeyword(u, 'plan') || this.isKeyword(u, 'schema') || this.isPinLine(u)) {
        this.error(SYNTAX.missingClose, `missing '}' to close plan${name ? ` '${name.name}'` : ''}`, name ? name.range : this.rangeOf(kw));
        break;
      }
      if (this.isClauseKeyword(u)) {
        clauses.push(this.parseClause());
        continue;
      }
      this.error(SYNTAX.unexpectedToken, `expected a clause (question, match, return, expect, using) or '}', found ${describe(u)}`, this.rangeOf(u));
      this.next();
      this.skipUntil((v) => this.isClauseKeyword(v) || this.isKeyword(v, 'plan') || this.isKeyword(v, 'schema'));
    }
    const first = <K extends Clause['kind']>(k: K): Extract<Clause, { kind: K }> | undefined =>
      clauses.find((c): c is Extract<Clause, { kind: K }> => c.kind === k);
    return {
      kind: 'Plan',
      keyword: this.rangeOf(kw),
      name,
      clauses,
      question: first('Question'),
      match: first('Match'),
      returns: first('Return'),
      expect: first('Expect'),
      using: first('Using'),
      openBrace,
      closeBrace,
      closed,
      start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos },
    };
  }

  private parseClause(): Clause {
    const kw = this.next();
    switch (kw.value) {
      case 'question':
        return this.parseQuestion(kw);
      case 'match':
        return this.parseMatch(kw);
      case 'return':
        return this.parseReturn(kw);
      case 'expect':
        return this.parseExpect(kw);
      default:
        return this.parseUsing(kw);
    }
  }

  /** After a clause: anything left before the next clause is an error, skipped in one go. */
  private finishClause(): void {
    if (this.isClauseEnd(this.peek()) || this.isClauseKeyword(this.peek())) return;
    const t = this.peek();
    this.error(SYNTAX.unexpectedToken, `unexpected ${describe(t)}`, this.rangeOf(t));
    this.skipUntil((u) => this.isClauseKeyword(u) || this.isKeyword(u, 'plan') || this.isKeyword(u, 'schema'));
  }

  private parseQuestion(kw: Token): QuestionClause {
    let text: StringLiteral | undefined;
    if (this.at('string')) text = this.parseString();
    else this.expected('the question in double quotes');
    const c: QuestionClause = { kind: 'Question', keyword: this.rangeOf(kw), text, start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
    this.finishClause();
    return c;
  }

  private parseReturn(kw: Token): ReturnClause {
    const targets: Identifier[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === 'quotedIdent' || (t.kind === 'ident' && !(ALL_KEYWORDS.has(t.value) && t.lineStart))) {
        if (t.kind === 'ident' && ALL_KEYWORDS.has(t.value)) this.reserved(t);
        targets.push(this.identifier(this.next()));
      } else {
        this.expected('a variable to return');
        break;
      }
      if (!this.at(',')) break;
      this.next();
    }
    const c: ReturnClause = { kind: 'Return', keyword: this.rangeOf(kw), targets, start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
    this.finishClause();
    return c;
  }

  private parseExpect(kw: Token): ExpectClause {
    const values: Literal[] = [];
    // `expect all ties` (then, optionally, the expected answers): every answer tied with the last one listed must be listed.
    let allTies: Range | undefined;
    const w = this.peek();
    if (w.kind === 'ident' && w.value === 'all' && !w.lineStart) {
      this.next();
      const t = this.peek();
      if (t.kind === 'ident' && t.value === 'ties' && !t.lineStart) {
        this.next();
        allTies = { start: w.startPos, end: t.endPos };
      } else this.expected("'ties' after 'expect all'");
    }
    const atValue = () => this.at('string') || this.at('number');
    for (;;) {
      if (allTies && values.length === 0 && !atValue()) break;
      const v = this.tryLiteral();
      if (v) values.push(v);
      else {
        this.expected('an expected answer (a string or number)');
        break;
      }
      if (!this.at(',')) break;
      this.next();
    }
    const c: ExpectClause = { kind: 'Expect', keyword: this.rangeOf(kw), values, ...(allTies ? { allTies } : {}), start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
    this.finishClause();
    return c;
  }

  private parseUsing(kw: Token): UsingClause {
    let strategy: Identifier | undefined;
    const args: StrategyArgument[] = [];
    let parenthesized = false;
    const t = this.peek();
    if ((t.kind === 'ident' && !(ALL_KEYWORDS.has(t.value) && t.lineStart)) || t.kind === 'quotedIdent') strategy = this.identifier(this.next());
    else this.expected('a strategy (gsd, mor, cypher, stem or sage)');
    if (strategy && this.at('(')) {
      parenthesized = true;
      this.next();
      while (!this.at(')')) {
        const a = this.peek();
        if (a.kind !== 'ident' && a.kind !== 'quotedIdent') {
          if (this.isClauseEnd(a) || this.isClauseKeyword(a)) break;
          this.expected('a parameter name');
          this.skipUntil((u) => u.kind === ',' || u.kind === ')' || u.lineStart);
          if (this.at(',')) {
            this.next();
            continue;
          }
          break;
        }
        const name = this.identifier(this.next());
        let value: Literal | undefined;
        if (this.at(':')) {
          this.next();
          value = this.tryLiteral();
          if (!value) this.expected(`a value for '${name.name}'`);
        } else this.expected(`':' after '${name.name}'`);
        args.push({ kind: 'Argument', name, value, start: a.start, end: this.last.end, range: { start: a.startPos, end: this.last.endPos } });
        if (this.at(',')) this.next();
        else if (!this.at(')')) {
          if (this.peek().lineStart || this.at('eof') || this.at('}')) break;
          this.expected("',' or ')'");
          this.skipUntil((u) => u.kind === ',' || u.kind === ')' || u.lineStart);
          if (this.at(',')) this.next();
        }
      }
      if (this.at(')')) this.next();
      else this.errorAtNext(SYNTAX.missingClose, "missing ')' to close the strategy's parameters");
    }
    const c: UsingClause = { kind: 'Using', keyword: this.rangeOf(kw), strategy, args, parenthesized, start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
    this.finishClause();
    return c;
  }

  private parseMatch(kw: Token): MatchClause {
    const patterns: PatternChain[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === '(') patterns.push(this.parsePattern());
      else if (t.kind === ',' && patterns.length > 0) this.next();
      else if (this.isClauseEnd(t) || this.isClauseKeyword(t)) break;
      else {
        const message =
          t.kind === '-' || t.kind === '<' ? 'an edge needs a node (…) on its left' : `expected a pattern such as (a: Movie) -[starred actors]- (b), found ${describe(t)}`;
        this.error(SYNTAX.unexpectedToken, message, this.rangeOf(t));
        this.next();
        this.skipUntil((u) => (u.kind === '(' && u.lineStart) || this.isClauseKeyword(u) || this.isKeyword(u, 'plan'));
      }
    }
    if (patterns.length === 0) this.error(SYNTAX.expected, "expected at least one pattern after 'match'", this.rangeOf(kw));
    return { kind: 'Match', keyword: this.rangeOf(kw), patterns, start: kw.start, end: this.last.end, range: { start: kw.startPos, end: this.last.endPos } };
  }

  private parsePattern(): PatternChain {
    const first = this.peek();
    const nodes: NodePattern[] = [this.parseNode()];
    const edges: EdgePattern[] = [];
    while (this.at('-') || this.at('<')) {
      const edge = this.parseEdge();
      if (this.at('(')) {
        edges.push(edge);
        nodes.push(this.parseNode());
      } else {
        this.expected('a node (…) after the edge');
        break;
      }
    }
    return { kind: 'Pattern', nodes, edges, start: first.start, end: this.last.end, range: { start: first.startPos, end: this.last.endPos } };
  }

  private parseNode(): NodePattern {
    const open = this.next(); // '('
    let variable: Identifier | undefined;
    let category: Identifier | undefined;
    let text: NodeText | undefined;
    let properties: PropertyMap | undefined;
    const t = this.peek();
    if (t.kind === 'ident' || t.kind === 'quotedIdent') {
      if (t.kind === 'ident' && ALL_KEYWORDS.has(t.value)) this.reserved(t);
      variable = this.identifier(this.next());
    }
    if (this.at(':')) {
      this.next();
      const c = this.peek();
      if (c.kind === 'ident' || c.kind === 'quotedIdent') category = this.identifier(this.next());
      else this.expected("a category after ':'");
    }
    if (this.at('=')) {
      const eq = this.next();
      let value: StringLiteral | undefined;
      if (this.at('string')) value = this.parseString();
      else this.expected("the exact text in double quotes after '='");
      text = { kind: 'NodeText', exact: true, value, start: eq.start, end: this.last.end, range: { start: eq.startPos, end: this.last.endPos } };
    } else if (this.at('string')) {
      const value = this.parseString();
      text = { kind: 'NodeText', exact: false, value, start: value.start, end: value.end, range: value.range };
    }
    if (this.at('{')) properties = this.parsePropertyMap();
    if (this.at(')')) this.next();
    else {
      const u = this.peek();
      const stops = (v: Token): boolean =>
        v.kind === ')' || v.kind === '(' || v.kind === '-' || v.kind === '<' || v.kind === '}' || v.kind === ']' || this.isClauseKeyword(v) || v.lineStart;
      if (stops(u) || u.kind === 'eof') this.errorAtNext(SYNTAX.missingClose, "missing ')' to close the node");
      else {
        this.error(SYNTAX.unexpectedToken, `unexpected ${describe(u)} in a node; a node is (variable: Category "text" {key: value})`, this.rangeOf(u));
        this.skipUntil(stops);
        if (this.at(')')) this.next();
      }
    }
    return { kind: 'Node', variable, category, text, properties, start: open.start, end: this.last.end, range: { start: open.startPos, end: this.last.endPos } };
  }

  private parsePropertyMap(): PropertyMap {
    const open = this.next(); // '{'
    const entries: PropertyEntry[] = [];
    while (!this.at('}')) {
      const k = this.peek();
      if (k.kind !== 'ident' && k.kind !== 'quotedIdent') {
        if (k.kind === ')' || k.kind === 'eof' || k.lineStart) break;
        this.expected('a property name');
        this.skipUntil((u) => u.kind === ',' || u.kind === ')' || u.lineStart);
        if (this.at(',')) {
          this.next();
          continue;
        }
        break;
      }
      const key = this.identifier(this.next());
      let value: Literal | undefined;
      if (this.at(':')) {
        this.next();
        value = this.tryLiteral();
        if (!value) this.expected(`a value for '${key.name}'`);
      } else this.expected(`':' after '${key.name}'`);
      entries.push({ kind: 'Property', key, value, start: k.start, end: this.last.end, range: { start: k.startPos, end: this.last.endPos } });
      if (this.at(',')) this.next();
      else if (!this.at('}')) {
        if (this.at(')') || this.peek().lineStart) break;
        this.expected("',' or '}'");
        this.skipUntil((u) => u.kind === ',' || u.kind === ')' || u.lineStart);
        if (this.at(',')) this.next();
      }
    }
    if (this.at('}')) this.next();
    else this.errorAtNext(SYNTAX.missingClose, "missing '}' to close the properties");
    return { kind: 'PropertyMap', entries, start: open.start, end: this.last.end, range: { start: open.startPos, end: this.last.endPos } };
  }

  private parseEdge(): EdgePattern {
    const first = this.peek();
    let pointsLeft = false;
    let pointsRight = false;
    if (this.at('<')) {
      this.next();
      pointsLeft = true;
    }
    if (this.at('-')) this.next();
    else this.expected("'-' after '<'");
    let relation: Relation;
    if (this.at('[')) {
      relation = this.parseRelation();
      if (this.at('-')) this.next();
      else this.expected("'-' after ']'");
    } else if (this.at('-')) {
      const second = this.next();
      relation = { kind: 'UnknownRelation', start: first.start, end: second.end, range: { start: first.startPos, end: second.endPos } };
    } else {
      this.expected("'-' or '[' (an edge is --, -->, <--, -[relation]- …)");
      relation = { kind: 'UnknownRelation', start: first.start, end: this.last.end, range: { start: first.startPos, end: this.last.endPos } };
    }
    if (this.at('>')) {
      this.next();
      pointsRight = true;
    }
    const loc = this.loc(first, this.last);
    let direction: EdgeDirection = pointsRight ? 'right' : pointsLeft ? 'left' : 'none';
    if (pointsLeft && pointsRight) {
      this.error(SYNTAX.twoWayEdge, 'an edge points one way at most: use -[…]-> , <-[…]- or -[…]- (no direction)', loc.range);
      direction = 'none';
    }
    return { kind: 'Edge', direction, relation, ...loc };
  }

  private parseRelation(): Relation {
    const open = this.next(); // '['
    let relation: Relation;
    const t = this.peek();
    if (t.kind === ']') {
      relation = { kind: 'UnknownRelation', start: open.start, end: t.end, range: { start: open.startPos, end: t.endPos } };
    } else if (t.kind === ':') {
      relation = this.parseRelationType();
    } else if (t.kind === 'string') {
      const s = this.parseString();
      relation = { kind: 'RelationPhrase', value: s.value, quoted: true, start: s.start, end: s.end, range: s.range };
    } else if (t.kind === 'ident' || t.kind === 'number') {
      const words: Token[] = [];
      while (this.at('ident') || this.at('number')) words.push(this.next());
      if (this.at(':')) {
        // Cypher habit: -[r:TYPE]-. kgplan edges have no variables; take the type.
        this.error(
          SYNTAX.unexpectedToken,
          `edges have no variables here: write -[:TYPE]- for an exact type (or -[${words.map((w) => w.value).join(' ')}]- for a phrase)`,
          this.loc(words[0]!, words[words.length - 1]!).range,
        );
        relation = this.parseRelationType();
      } else {
        relation = { kind: 'RelationPhrase', value: words.map((w) => w.value).join(' '), quoted: false, start: words[0]!.start, end: words[words.length - 1]!.end, range: { start: words[0]!.startPos, end: words[words.length - 1]!.endPos } };
      }
    } else {
      relation = { kind: 'UnknownRelation', start: open.start, end: open.end, range: { start: open.startPos, end: open.endPos } };
    }
    if (this.at(']')) this.next();
    else {
      const u = this.peek();
      const stops = (v: Token): boolean => v.kind === ']' || v.kind === '(' || v.kind === ')' || v.kind === '}' || v.lineStart;
      if (stops(u) || u.kind === 'eof' || u.kind === '-') this.errorAtNext(SYNTAX.missingClose, "missing ']' to close the relation");
      else {
        const hint = u.kind === 'string' || relation.kind === 'RelationPhrase' ? ' (quote phrases with punctuation: -["co-star"]-)' : '';
        this.error(SYNTAX.unexpectedToken, `unexpected ${describe(u)} in a relation${hint}`, this.rangeOf(u));
        this.skipUntil(stops);
        if (this.at(']')) this.next();
      }
    }
    return relation;
  }

  private parseRelationType(): Relation {
    const colon = this.next(); // ':'
    const t = this.peek();
    if (t.kind === 'ident' || t.kind === 'quotedIdent') {
      const name = this.identifier(this.next());
      return { kind: 'RelationType', name, start: colon.start, end: this.last.end, range: { start: colon.startPos, end: this.last.endPos } };
    }
    this.expected("a relationship type after ':'");
    return { kind: 'RelationType', start: colon.start, end: colon.end, range: { start: colon.startPos, end: colon.endPos } };
  }

  // ── leaves ─────────────────────────────────────────────────────────────────
  private identifier(t: Token): Identifier {
    return { kind: 'Identifier', name: t.value, quoted: t.kind === 'quotedIdent', start: t.start, end: t.end, range: { start: t.startPos, end: t.endPos } };
  }
  private reserved(t: Token): void {
    this.error(SYNTAX.reservedWord, `'${t.value}' is a keyword; write \`${t.value}\` to use it as a name`, this.rangeOf(t));
  }
  private parseString(): StringLiteral {
    const t = this.next();
    return { kind: 'String', value: t.value, start: t.start, end: t.end, range: { start: t.startPos, end: t.endPos } };
  }
  private tryLiteral(): Literal | undefined {
    const t = this.peek();
    if (t.kind === 'string') return this.parseString();
    if (t.kind === 'number') {
      this.next();
      return { kind: 'Number', value: Number(t.value), raw: t.value, start: t.start, end: t.end, range: { start: t.startPos, end: t.endPos } };
    }
    if (t.kind === '-' && this.peek(1).kind === 'number' && this.peek(1).start === t.end) {
      this.next();
      const num = this.next();
      return { kind: 'Number', value: -Number(num.value), raw: '-' + num.value, start: t.start, end: num.end, range: { start: t.startPos, end: num.endPos } };
    }
    if (t.kind === 'ident' && (t.value === 'true' || t.value === 'false')) {
      this.next();
      return { kind: 'Boolean', value: t.value === 'true', start: t.start, end: t.end, range: { start: t.startPos, end: t.endPos } };
    }
    return undefined;
  }
}
