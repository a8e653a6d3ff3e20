/**
 * The statements Neo4j's semantic analysis has nothing to say about, recognised without it (issue 29).
 *
 * Neo4j's analysis (TeaVM-compiled Java) costs 30-100 ms a statement; on text2cypher it reports an
 * error or a notification for ~2 % of the statements, and for the rest it only supplies the symbol
 * table (which variable is a node or a relationship, with which labels, where it is used) that the
 * library's schema checks and our per-label property check read. Most few-shot queries are one
 * path `MATCH … [WHERE …] RETURN … [ORDER BY …] [SKIP …] [LIMIT …]`. For that fragment, with the
 * restrictions below, the analysis can be given directly: no errors, no notifications, and the
 * pattern's variables. Anything outside it, or anything we cannot prove clean (an unknown
 * variable, a type clash, aggregation rules, a second pattern, a function outside a short list,
 * comments, backticks, …), returns undefined and goes to Neo4j as before. The library still runs
 * its own parse and its own schema checks on every statement.
 *
 * What "clean" rests on is checked by `test/unit/fewshot/cypherFastPath.test.ts`: on real
 * text2cypher rows, every finding is the same with and without this path, and statements Neo4j
 * rejects are not taken by it.
 */
import type { RawAnalysis, RawLabels, RawSymbol } from './neo4jFrontEnd';

type Kind = 'id' | 'num' | 'str' | 'param' | 'punct';
interface Token {
  readonly k: Kind;
  readonly v: string;
  readonly s: number;
  readonly e: number;
}

class NotClean extends Error {}
const fail = (): never => {
  throw new NotClean();
};

const ESCAPES = new Set(['\\', "'", '"', 'n', 't', 'r', 'b', 'f']);

function tokenize(q: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < q.length) {
    const c = q[i]!;
    if (c === ' ' || c === '\n' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    const s = i;
    if (/[A-Za-z_]/.test(c)) {
      while (i < q.length && /[A-Za-z0-9_]/.test(q[i]!)) i++;
      out.push({ k: 'id', v: q.slice(s, i), s, e: i });
    } else if (/[0-9]/.test(c)) {
      while (i < q.length && /[0-9]/.test(q[i]!)) i++;
      if (q[i] === '.' && /[0-9]/.test(q[i + 1] ?? '')) {
        i++;
        while (i < q.length && /[0-9]/.test(q[i]!)) i++;
      }
      // Exponents, hex/octal, `1.`, `1..2`, leading zeros: not ours.
      if (/[A-Za-z_.]/.test(q[i] ?? '') || (q[s] === '0' && i - s > 1 && !q.slice(s, i).includes('.'))) fail();
      out.push({ k: 'num', v: q.slice(s, i), s, e: i });
    } else if (c === "'" || c === '"') {
      i++;
      while (i < q.length && q[i] !== c) {
        if (q[i] === '\\') {
          const x = q[i + 1] ?? '';
          if (x === 'u' && /^[0-9A-Fa-f]{4}$/.test(q.slice(i + 2, i + 6))) i += 6;
          else if (ESCAPES.has(x)) i += 2;
          else fail();
        } else i++;
      }
      if (i >= q.length) fail();
      i++;
      out.push({ k: 'str', v: q.slice(s, i), s, e: i });
    } else if (c === '$') {
      i++;
      if (!/[A-Za-z_]/.test(q[i] ?? '')) fail();
      while (i < q.length && /[A-Za-z0-9_]/.test(q[i]!)) i++;
      out.push({ k: 'param', v: q.slice(s, i), s, e: i });
    } else if ('()[]{},:.-<>=+*/%'.includes(c)) {
      if ((c === '/' && (q[i + 1] === '/' || q[i + 1] === '*')) || (c === '.' && q[i + 1] === '.')) fail();
      i++;
      out.push({ k: 'punct', v: c, s, e: i });
    } else fail();
  }
  return out;
}

const KEYWORDS = new Set(
  ('match where return distinct order by asc desc ascending descending skip limit as and or xor not is null in starts ends with contains true false ' +
    'optional unwind call yield union all create merge set delete detach remove foreach case when then else end exists count collect use from to on ' +
    'shortestpath allshortestpaths any none single reduce filter extract nan inf infinity let finish next load csv headers fieldterminator periodic commit ' +
    'constraint index drop show terminate transactions database databases graph unique key node relationship rel is_normalized normalized type typed nfc nfd nfkc nfkd' +
    ' cypher explain profile nothing').split(' '),
);

type ExprType = 'bool' | 'num' | 'str' | 'list' | 'null' | 'any' | 'node' | 'rel';
interface Expr {
  readonly t: ExprType;
  /** Contains an aggregating function call. */
  readonly agg: boolean;
  /** The whole expression is one aggregating call. */
  readonly topAgg: boolean;
  readonly s: number;
  readonly e: number;
}

/** A name in scope: a pattern variable (with its binding) or a value a WITH projected. */
interface Sym {
  readonly t: ExprType;
  readonly b?: Binding;
}

interface Binding {
  readonly kind: 'Node' | 'Relationship';
  readonly def: number;
  readonly refs: number[];
  readonly labels: string[];
}

const AGGREGATES = new Set(['count', 'sum', 'avg', 'min', 'max', 'collect']);
/** Functions of the fragment: name → accepted argument types and result type. */
const FUNCTIONS: Record<string, { args: readonly ExprType[]; result: ExprType }> = {
  sum: { args: ['num', 'any'], result: 'any' },
  avg: { args: ['num', 'any'], result: 'any' },
  min: { args: ['num', 'str', 'any'], result: 'any' },
  max: { args: ['num', 'str', 'any'], result: 'any' },
  collect: { args: ['num', 'str', 'bool', 'any', 'node', 'rel'], result: 'list' },
  count: { args: ['num', 'str', 'bool', 'any', 'node', 'rel'], result: 'num' },
  tolower: { args: ['str', 'any'], result: 'str' },
  toupper: { args: ['str', 'any'], result: 'str' },
  tostring: { args: ['num', 'str', 'bool', 'any'], result: 'str' },
  tointeger: { args: ['num', 'str', 'any'], result: 'any' },
  tofloat: { args: ['num', 'str', 'any'], result: 'any' },
  size: { args: ['str', 'list', 'any'], result: 'num' },
  round: { args: ['num', 'any'], result: 'any' },
  abs: { args: ['num', 'any'], result: 'any' },
  date: { args: ['str', 'any'], result: 'any' },
  datetime: { args: ['str', 'any'], result: 'any' },
};

class Parser {
  private i = 0;
  readonly vars = new Map<string, Binding>();
  readonly anonymous: { kind: 'Node' | 'Relationship'; def: number; labels: string[] }[] = [];
  /** Uses of pattern variables outside the pattern (their references, once ORDER BY is settled). */
  private uses: { b: Binding; at: number; inOrderBy: boolean }[] = [];
  private inOrderBy = false;
  private inAggregate = false;
  /** The names an expression may use here: the pattern's, then what each WITH projects. */
  private scope = new Map<string, Sym>();

  constructor(
    private readonly q: string,
    private readonly toks: readonly Token[],
  ) {}

  private peek(o = 0): Token | undefined {
    return this.toks[this.i + o];
  }
  private isKw(w: string, o = 0): boolean {
    const t = this.peek(o);
    return t?.k === 'id' && t.v.toLowerCase() === w;
  }
  private isP(p: string, o = 0): boolean {
    const t = this.peek(o);
    return t?.k === 'punct' && t.v === p;
  }
  /** Two punctuation characters written together (`<-`, `->`, `<>`, `<=`, `=~` is not in the fragment). */
  private isPP(a: string, b: string): boolean {
    return this.isP(a) && this.isP(b, 1) && this.peek()!.e === this.peek(1)!.s;
  }
  private kw(w: string): Token {
    if (!this.isKw(w)) fail();
    return this.toks[this.i++]!;
  }
  private p(x: string): Token {
    if (!this.isP(x)) fail();
    return this.toks[this.i++]!;
  }
  private name(): Token {
    const t = this.peek();
    if (t?.k !== 'id' || KEYWORDS.has(t.v.toLowerCase())) fail();
    this.i++;
    return t!;
  }
  private symbolicName(): Token {
    const t = this.peek();
    if (t?.k !== 'id') fail();
    this.i++;
    return t!;
  }

  statement(): void {
    do {
      this.kw('match');
      this.pattern();
      for (const [name, b] of this.vars) this.scope.set(name, { t: b.kind === 'Node' ? 'node' : 'rel', b });
      if (this.isKw('where')) {
        this.i++;
        this.predicate();
      }
    } while (this.isKw('match'));
    while (this.isKw('with')) {
      this.i++;
      this.projection(false);
      if (this.isKw('where')) {
        this.i++;
        this.predicate();
      }
    }
    this.kw('return');
    this.projection(true);
    if (this.i !== this.toks.length) fail();
    for (const u of this.uses) u.b.refs.push(u.at);
  }

  private predicate(): void {
    const w = this.expr();
    if (w.agg || (w.t !== 'bool' && w.t !== 'any')) fail();
  }

  /** `WITH …` or `RETURN …`: items, ORDER BY, SKIP, LIMIT; afterwards only what it projects is in scope. */
  private projection(isReturn: boolean): void {
    if (this.isP('*')) fail();
    const distinct = this.isKw('distinct');
    if (distinct) this.i++;
    const next = new Map<string, Sym>();
    const columns = new Set<string>();
    const items: { text: string; aliased: boolean; from: number; to: number }[] = [];
    let anyAgg = false;
    do {
      const from = this.i;
      const x = this.expr();
      const to = this.i;
      if (x.agg && !x.topAgg) fail(); // an aggregate inside a larger expression: grouping rules
      anyAgg ||= x.agg;
      const text = this.q.slice(x.s, x.e);
      let column = text;
      if (this.isKw('as')) {
        this.i++;
        const a = this.name();
        if (this.vars.has(a.v) || next.has(a.v)) fail();
        if (x.t === 'node' || x.t === 'rel') fail(); // a new name for a pattern variable
        next.set(a.v, { t: x.t });
        column = a.v;
      } else if (to - from === 1 && this.scope.has(text)) {
        next.set(text, this.scope.get(text)!); // a variable carried on
      } else if (!isReturn) fail(); // WITH expressions must be aliased
      if (columns.has(column)) fail();
      columns.add(column);
      items.push({ text: squash(text), aliased: column !== text, from, to });
    } while (this.isP(',') && ++this.i);
    if (this.isKw('order')) {
      this.i++;
      this.kw('by');
      this.inOrderBy = true;
      const outer = this.scope;
      this.scope = new Map([...outer, ...next]);
      const orderFrom = this.i;
      do {
        const at = this.i;
        const x = this.expr();
        if (x.agg || x.t === 'node' || x.t === 'rel' || x.t === 'null') fail();
        if (distinct || anyAgg) {
          // Only what the projection keeps: a name it projects, or the very text of an unaliased column.
          const one = x.e === this.toks[at]!.e && next.has(this.toks[at]!.v);
          if (!one && !items.some((it) => !it.aliased && it.text === squash(this.q.slice(x.s, x.e)))) fail();
        }
        if (this.isKw('asc') || this.isKw('desc') || this.isKw('ascending') || this.isKw('descending')) this.i++;
      } while (this.isP(',') && ++this.i);
      this.inOrderBy = false;
      this.scope = outer;
      this.projectedInOrderBy(items, orderFrom, this.i);
    }
    if (this.isKw('skip')) {
      this.i++;
      this.count();
    }
    if (this.isKw('limit')) {
      this.i++;
      this.count();
    }
    this.scope = next;
  }

  /**
   * Neo4j reads an ORDER BY expression that a RETURN column computes as that column: in
   * `RETURN a.roles ORDER BY size(a.roles)` the second `a` is a use of the column `a.roles`, not of
   * `a`, so it is not among `a`'s references. Done for property columns (`v.p`, which cannot be part
   * of a longer match); a longer column expression found in ORDER BY is left to Neo4j.
   */
  private projectedInOrderBy(items: readonly { from: number; to: number }[], from: number, to: number): void {
    const same = (a: number, b: number, n: number): boolean => {
      for (let k = 0; k < n; k++) {
        const x = this.toks[a + k]!;
        const y = this.toks[b + k]!;
        if (x.k !== y.k || x.v !== y.v) return false;
      }
      return true;
    };
    for (const it of items) {
      const n = it.to - it.from;
      if (n === 1) continue; // a variable column is the variable itself
      for (let j = from; j + n <= to; j++) {
        if (!same(it.from, j, n)) continue;
        const property = n === 3 && this.toks[it.from]!.k === 'id' && this.toks[it.from + 1]!.v === '.';
        if (!property) fail();
        const at = this.toks[j]!.s;
        this.uses = this.uses.filter((u) => !(u.inOrderBy && u.at === at));
      }
    }
  }

  private count(): void {
    const t = this.peek();
    if (t?.k === 'param' || (t?.k === 'num' && /^[0-9]{1,9}$/.test(t.v))) this.i++;
    else fail();
  }

  /** The variables of the path being read (to see whether a MATCH's comma-separated parts connect). */
  private partNames = new Set<string>();

  private pattern(): void {
    const parts: Set<string>[] = [];
    do {
      this.partNames = new Set();
      this.node();
      while (this.isP('-') || this.isP('<')) {
        this.rel();
        this.node();
      }
      parts.push(this.partNames);
    } while (this.isP(',') && ++this.i);
    // Parts that share no variable make Neo4j note a cartesian product: not ours.
    const joined = new Set(parts[0]);
    let rest = parts.slice(1);
    for (let grew = true; grew && rest.length > 0; ) {
      const next = rest.filter((part) => ![...part].some((n) => joined.has(n)));
      grew = next.length < rest.length;
      for (const part of rest) if (!next.includes(part)) for (const n of part) joined.add(n);
      rest = next;
    }
    if (rest.length > 0) fail();
  }

  private bind(kind: 'Node' | 'Relationship', open: number, v: Token | undefined, labels: string[]): void {
    if (!v) {
      this.anonymous.push({ kind, def: open, labels });
      return;
    }
    this.partNames.add(v.v);
    const seen = this.vars.get(v.v);
    if (!seen) {
      this.vars.set(v.v, { kind, def: v.s, refs: [v.s], labels });
      return;
    }
    // A node met again (a join): Neo4j keeps the labels written at one of its places; written at
    // two, it combines them, which is left to Neo4j. A relationship met again is an error.
    if (seen.kind !== 'Node' || kind !== 'Node' || (labels.length > 0 && seen.labels.length > 0)) fail();
    seen.labels.push(...labels);
    seen.refs.push(v.s);
  }

  private node(): void {
    const open = this.p('(');
    const v = this.peek()?.k === 'id' && !this.isP(':') ? this.name() : undefined;
    const labels: string[] = [];
    while (this.isP(':')) {
      this.i++;
      labels.push(this.symbolicName().v);
    }
    if (this.isP('{')) this.properties();
    this.p(')');
    this.bind('Node', open.s, v, labels);
  }

  private rel(): void {
    const start = this.peek()!.s;
    let left = false;
    if (this.isP('<')) {
      if (!this.isPP('<', '-')) fail();
      left = true;
      this.i += 2;
    } else this.p('-');
    let v: Token | undefined;
    const types: string[] = [];
    if (this.isP('[')) {
      this.i++;
      if (this.peek()?.k === 'id') v = this.name();
      if (this.isP(':')) {
        this.i++;
        types.push(this.symbolicName().v);
      }
      if (this.isP('{')) this.properties();
      this.p(']');
    }
    if (this.isPP('-', '>')) {
      if (left) fail();
      this.i += 2;
    } else this.p('-');
    this.bind('Relationship', start, v, types);
  }

  private properties(): void {
    this.p('{');
    const keys = new Set<string>();
    if (!this.isP('}')) {
      do {
        const k = this.symbolicName();
        if (keys.has(k.v)) fail();
        keys.add(k.v);
        this.p(':');
        const neg = this.isP('-');
        if (neg) this.i++;
        const t = this.peek();
        if (t?.k === 'num' || (!neg && (t?.k === 'str' || t?.k === 'param' || this.isKw('true') || this.isKw('false')))) this.i++;
        else fail();
      } while (this.isP(',') && ++this.i);
    }
    this.p('}');
  }

  expr(): Expr {
    return this.binary(['or'], () => this.binary(['xor'], () => this.binary(['and'], () => this.not())));
  }

  private binary(ops: readonly string[], next: () => Expr): Expr {
    let x = next();
    while (ops.some((o) => this.isKw(o))) {
      this.i++;
      const y = next();
      for (const z of [x, y]) if (z.t !== 'bool' && z.t !== 'any') fail();
      x = { t: 'bool', agg: x.agg || y.agg, topAgg: false, s: x.s, e: y.e };
    }
    return x;
  }

  private not(): Expr {
    if (this.isKw('not')) {
      const s = this.toks[this.i++]!.s;
      const x = this.not();
      if (x.t !== 'bool' && x.t !== 'any') fail();
      return { t: 'bool', agg: x.agg, topAgg: false, s, e: x.e };
    }
    return this.comparison();
  }

  private comparison(): Expr {
    const x = this.additive();
    const done = (y: Expr): Expr => {
      if (this.atComparison()) fail(); // chained comparisons
      return { t: 'bool', agg: x.agg || y.agg, topAgg: false, s: x.s, e: y.e };
    };
    const entity = (t: ExprType): boolean => t === 'node' || t === 'rel';
    if (this.isKw('is')) {
      this.i++;
      if (this.isKw('not')) this.i++;
      const n = this.kw('null');
      return done({ t: 'null', agg: false, topAgg: false, s: n.s, e: n.e });
    }
    if (this.isPP('<', '>') || this.isP('=')) {
      this.i += this.isP('=') ? 1 : 2;
      if (this.isP('~')) fail();
      const y = this.additive();
      if (entity(x.t) !== entity(y.t) || x.t === 'null' || y.t === 'null') fail();
      return done(y);
    }
    if (this.isP('<') || this.isP('>')) {
      this.i += this.isP('=', 1) && this.peek()!.e === this.peek(1)!.s ? 2 : 1;
      const y = this.additive();
      const ok = (t: ExprType): boolean => t === 'num' || t === 'str' || t === 'any';
      if (!ok(x.t) || !ok(y.t) || (x.t !== 'any' && y.t !== 'any' && x.t !== y.t)) fail();
      return done(y);
    }
    if ((this.isKw('starts') || this.isKw('ends')) && this.isKw('with', 1)) this.i += 2;
    else if (this.isKw('contains')) this.i++;
    else if (this.isKw('in')) {
      this.i++;
      const y = this.additive();
      if (entity(x.t) || x.t === 'null' || (y.t !== 'list' && y.t !== 'any')) fail();
      return done(y);
    } else return x;
    const y = this.additive();
    for (const z of [x, y]) if (z.t !== 'str' && z.t !== 'any') fail();
    return done(y);
  }

  private atComparison(): boolean {
    return this.isP('=') || this.isP('<') || this.isP('>') || ['is', 'in', 'contains', 'starts', 'ends'].some((w) => this.isKw(w));
  }

  private additive(): Expr {
    let x = this.multiplicative();
    while (this.isP('+') || this.isP('-')) {
      this.i++;
      x = this.arithmetic(x, this.multiplicative());
    }
    return x;
  }

  private multiplicative(): Expr {
    let x = this.unary();
    while (this.isP('*') || this.isP('/') || this.isP('%')) {
      this.i++;
      x = this.arithmetic(x, this.unary());
    }
    return x;
  }

  private arithmetic(x: Expr, y: Expr): Expr {
    for (const z of [x, y]) if (z.t !== 'num' && z.t !== 'any') fail();
    return { t: x.t === 'num' && y.t === 'num' ? 'num' : 'any', agg: x.agg || y.agg, topAgg: false, s: x.s, e: y.e };
  }

  private unary(): Expr {
    if (this.isP('-')) {
      const s = this.toks[this.i++]!.s;
      const x = this.unary();
      if (x.t !== 'num' && x.t !== 'any') fail();
      return { ...x, topAgg: false, s };
    }
    return this.atom();
  }

  private atom(): Expr {
    const t = this.peek() ?? fail();
    const leaf = (type: ExprType): Expr => {
      this.i++;
      return { t: type, agg: false, topAgg: false, s: t.s, e: t.e };
    };
    if (t.k === 'num') return leaf('num');
    if (t.k === 'str') return leaf('str');
    if (t.k === 'param') return leaf('any');
    if (this.isKw('true') || this.isKw('false')) return leaf('bool');
    if (this.isKw('null')) return leaf('null');
    if (this.isP('(')) {
      this.i++;
      const x = this.expr();
      const close = this.p(')');
      return { ...x, topAgg: false, s: t.s, e: close.e };
    }
    if (this.isP('[')) {
      this.i++;
      if (!this.isP(']')) {
        do {
          const x = this.expr();
          if (x.agg || x.t === 'node' || x.t === 'rel') fail();
        } while (this.isP(',') && ++this.i);
      }
      const close = this.p(']');
      return { t: 'list', agg: false, topAgg: false, s: t.s, e: close.e };
    }
    if (t.k === 'id' && this.isP('(', 1)) return this.call();
    const v = this.name();
    const sym = this.scope.get(v.v) ?? fail();
    if (sym.b) this.uses.push({ b: sym.b, at: v.s, inOrderBy: this.inOrderBy });
    if (this.isP('.')) {
      this.i++;
      const prop = this.symbolicName();
      if (!sym.b || this.isP('.')) fail(); // properties of pattern variables only
      return { t: 'any', agg: false, topAgg: false, s: v.s, e: prop.e };
    }
    return { t: sym.t, agg: false, topAgg: false, s: v.s, e: v.e };
  }

  private call(): Expr {
    const f = this.toks[this.i]!;
    const name = f.v.toLowerCase();
    const sig = FUNCTIONS[name] ?? fail();
    const agg = AGGREGATES.has(name);
    if (agg && this.inAggregate) fail(); // nested aggregation
    this.i += 2;
    let close: Token;
    if (name === 'count' && this.isP('*')) {
      this.i++;
      close = this.p(')');
    } else {
      if (agg && this.isKw('distinct')) this.i++;
      this.inAggregate = agg || this.inAggregate;
      const x = this.expr();
      this.inAggregate = this.inAggregate && !agg;
      if (x.agg || !sig.args.includes(x.t)) fail();
      close = this.p(')');
    }
    return { t: sig.result, agg, topAgg: agg, s: f.s, e: close.e };
  }
}

function squash(s: string): string {
  return s.replace(/\s+/g, ' ');
}

function labelTree(labels: readonly string[]): RawLabels {
  return { condition: 'and', children: labels.map((value) => ({ value })) };
}

/**
 * Neo4j's analysis of `statement`, when it is in the fragment above and provably clean; else undefined.
 * Offsets are relative to `statement`, as Neo4j's own.
 */
export function cleanStatementAnalysis(statement: string, cypherVersion: string): RawAnalysis | undefined {
  if (cypherVersion !== 'CYPHER 5') return undefined;
  try {
    const parser = new Parser(statement, tokenize(statement));
    parser.statement();
    const symbolTable: RawSymbol[] = [];
    for (const [variable, b] of parser.vars) symbolTable.push({ variable, definitionPosition: b.def, types: [b.kind], references: b.refs, labels: labelTree(b.labels) });
    parser.anonymous.forEach((a, n) => symbolTable.push({ variable: `  UNNAMED${n}`, definitionPosition: a.def, types: [a.kind], references: [a.def], labels: labelTree(a.labels) }));
    return { errors: [], notifications: [], symbolTable };
  } catch {
    // Not clean, or anything unforeseen (a stack overflow on deep nesting): Neo4j decides. Never
    // throw: the library swallows exceptions from the analysis and would report nothing at all.
    return undefined;
  }
}
