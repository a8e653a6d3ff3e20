import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { Diagnostic } from '../../../src/core/diagnostics';
import { parseDocument } from '../../../src/core/dsl';
import { STRATEGY_PARAMETERS, parameterDefaultText } from '../../../src/core/plan';
import {
  analyse,
  applyEdits,
  complete,
  definition,
  fixAll,
  foldingRegions,
  hover,
  inlayHints,
  minimalEdit,
  occurrences,
  outline,
  quickFixes,
  renameTarget,
  renameVariable,
  resolveSchemaPath,
  schemaLinks,
  signatureHelp,
} from '../../../src/core/language';
import { range } from '../../../src/core/text';
import { moviesSchema } from './helpers';

const schema = moviesSchema();

const PLAN = `schema "movies.kgschema.json"
plan directors {
  question "who directed Heat"
  match
    (m: Movie "Heat") -[:directed_by]-> (who: Person)
    (m) -[in language]-> (lang)
  return who
  using gsd(k: 3)
}

/* two
   lines */
plan other { match (a) -- (b) return a }
`;

describe('hover', () => {
  const hoverAt = (needle: string, delta = 0) => {
    const a = analyse(PLAN);
    return hover(a, PLAN.indexOf(needle) + delta, schema);
  };
  it('explains a category with the schema facts about its label', () => {
    const h = hoverAt('Movie "Heat"', 1);
    assert.ok(h);
    assert.match(h.markdown, /^\*\*Movie\*\* — label/, 'the label first');
    assert.match(h.markdown, /A film, named by its title/);
    assert.match(h.markdown, /Outgoing: .*directed_by/);
    assert.match(h.markdown, /Soft text "Heat": matched by meaning/);
  });
  it('explains an exact relationship type with its endpoints', () => {
    const h = hoverAt(':directed_by', 2);
    assert.ok(h);
    assert.match(h.markdown, /exact relationship type/);
    assert.match(h.markdown, /\(Movie\)-\[:directed_by\]->\(Person\)/);
    assert.match(h.markdown, /Direction: m → who/);
  });
  it('explains a relation phrase and the schema types it names', () => {
    const h = hoverAt('in language', 1);
    assert.ok(h);
    assert.match(h.markdown, /relation phrase, matched by meaning/);
    assert.match(h.markdown, /in_language/);
  });
  it('explains a variable from its defining occurrence, wherever it is hovered', () => {
    const h = hoverAt('return who', 8);
    assert.ok(h);
    assert.match(h.markdown, /\*\*who\*\* — node of category `Person`/);
    assert.match(h.markdown, /returned as an answer/);
    assert.deepEqual(h.range, range(6, 9, 6, 12));
  });
  it('explains keywords and strategy parameters', () => {
    assert.match(hoverAt('match')?.markdown ?? '', /The pattern/);
    assert.match(hoverAt('k: 3')?.markdown ?? '', /default 3/);
    assert.equal(hoverAt('\n\n/*', 1), undefined);
  });
});

describe('outline, folding, navigation', () => {
  const a = analyse(PLAN);
  it('lists the schema line and plans with their nodes and edges', () => {
    const o = outline(a.parse.document);
    assert.deepEqual(o.map((s) => `${s.kind} ${s.name}`), ['schema schema "movies.kgschema.json"', 'plan directors', 'plan other']);
    const kids = o[1]!.children.map((c) => `${c.kind} ${c.name} ${c.detail}`);
    assert.deepEqual(kids, [
      'node m Movie "Heat"',
      'node who Person',
      'node lang ',
      'edge (m)-[:directed_by]->(who) exact type',
      'edge (m)-[in language]->(lang) phrase',
    ]);
  });
  it('folds plans (keeping the closing brace visible), match clauses and block comments', () => {
    const f = foldingRegions(a.parse.document, PLAN).map((r) => `${r.kind} ${r.startLine}-${r.endLine}`);
    assert.deepEqual(f, ['region 1-7', 'region 3-5', 'comment 10-11']);
  });
  it('goes from a use of a variable to its definition and highlights every mention', () => {
    const use = PLAN.indexOf('(m) -[in') + 1;
    assert.deepEqual(definition(a, use), range(4, 5, 4, 6));
    assert.deepEqual(
      occurrences(a, PLAN.indexOf('return who') + 8).map((o) => [o.range.start.line, o.definition]),
      [[4, true], [6, false]],
    );
  });
});

describe('quick fixes', () => {
  const fix = (title: string, r: ReturnType<typeof range>, newText: string, preferred?: boolean) => ({ title, edits: [{ range: r, newText }], ...(preferred ? { preferred } : {}) });
  const diags: Diagnostic[] = [
    { range: range(0, 4, 0, 9), severity: 'error', code: 'a', message: 'unknown', fixes: [fix('Change to Movie', range(0, 4, 0, 9), 'Movie', true), fix('Change to Genre', range(0, 4, 0, 9), 'Genre')] },
    { range: range(2, 0, 2, 3), severity: 'warning', code: 'b', message: 'far away', fixes: [fix('x', range(2, 0, 2, 3), 'yyy', true)] },
    { range: range(0, 4, 0, 9), severity: 'error', code: 'c', message: 'same place', fixes: [fix('overlap', range(0, 5, 0, 6), 'Z', true)] },
  ];
  it('offers the fixes of diagnostics under the cursor', () => {
    const q = quickFixes(diags, range(0, 6, 0, 6));
    assert.deepEqual(q.map((x) => [x.title, x.preferred, x.diagnostic.code]), [['Change to Movie', true, 'a'], ['Change to Genre', false, 'a'], ['overlap', true, 'c']]);
    assert.deepEqual(quickFixes(diags, range(1, 0, 1, 2)), []);
  });
  it('fix-all takes each preferred fix and skips overlapping ones', () => {
    const text = '(a: Movei)\n\nabc\n';
    assert.equal(applyEdits(text, fixAll(diags)), '(a: Movie)\n\nyyy\n');
  });
});

describe('formatting edits', () => {
  it('turns a reformatted text into one minimal edit that reproduces it', () => {
    const cases: [string, string][] = [
      ['plan a {match (x)}', 'plan a {\n  match (x)\n}\n'],
      ['same', 'same'],
      ['a\r\nb', 'a\r\nc'],
      ['x😀y', 'x😁y'],
      ['', 'plan a {}\n'],
    ];
    for (const [before, after] of cases) {
      const edits = minimalEdit(before, after);
      assert.equal(applyEdits(before, edits), after);
      if (before === after) assert.deepEqual(edits, []);
    }
    const [edit] = minimalEdit('plan a {\n  match   (x)\n}\n', 'plan a {\n  match (x)\n}\n');
    assert.deepEqual(edit?.range, range(1, 8, 1, 10));
  });
});

describe('schema resolution', () => {
  it('prefers the file\'s schema line, relative to the file, over the setting', () => {
    const doc = parseDocument(PLAN).document;
    const s = resolveSchemaPath(doc, '/ws/plans/a.kgp', 'other.json', '/ws');
    assert.equal(s.kind, 'file');
    assert.equal(s.kind === 'file' && s.path, '/ws/plans/movies.kgschema.json');
    const none = parseDocument('plan p { match (a) }').document;
    assert.deepEqual(resolveSchemaPath(none, '/ws/a.kgp', 'schemas/m.json', '/ws'), { kind: 'setting', path: '/ws/schemas/m.json' });
    assert.deepEqual(resolveSchemaPath(none, '/ws/a.kgp', '  ', '/ws'), { kind: 'none' });
  });
});

describe('snippets', () => {
  const snippets = JSON.parse(readFileSync(resolve(__dirname, '../../../snippets/kgplan.code-snippets'), 'utf8')) as Record<string, { prefix: string[]; body: string[] }>;
  it('expand (placeholders at their defaults) to text the parser accepts without errors', () => {
    for (const [name, s] of Object.entries(snippets)) {
      const body = s.body.join('\n').replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
      const text = /^\(/.test(body) ? `plan t {\n  match\n    ${body}\n}` : body;
      const errors = parseDocument(text).diagnostics.filter((d) => d.severity === 'error');
      assert.deepEqual(errors.map((d) => d.message), [], `${name}:\n${text}`);
    }
  });
  it('has one plan skeleton per strategy', () => {
    const bodies = Object.values(snippets).map((s) => s.body.join('\n'));
    for (const strategy of ['gsd', 'mor', 'cypher']) assert.ok(bodies.some((b) => b.includes(`using ${strategy}(`)), strategy);
  });
});

describe('strategy documentation', () => {
  it('hover on every argument of every strategy says what the one parameter table says', () => {
    for (const [kind, params] of Object.entries(STRATEGY_PARAMETERS)) {
      for (const p of params) {
        const value = p.type === 'enum' ? JSON.stringify(p.values[0]) : p.type === 'boolean' ? 'true' : '2';
        const text = `plan p {\n  match (a: Movie "Heat") -- (b)\n  return b\n  using ${kind}(${p.name}: ${value})\n}\n`;
        const h = hover(analyse(text), text.indexOf(`${p.name}:`) + 1, schema)?.markdown ?? '';
        assert.ok(h.includes(p.description), `${kind}.${p.name}: ${h}`);
        const def = parameterDefaultText(p);
        if (def !== undefined) assert.ok(h.includes(`default ${def}`), `${kind}.${p.name}: ${h}`);
      }
    }
  });
});

describe('rename', () => {
  const text = 'plan p {\n  match\n    (film: Movie) -- (who: Person)\n    (film) -- (x)\n  return film\n}\nplan q { match (film) return film }\n';
  it('renames every mention of a variable in its plan only', () => {
    const a = analyse(text);
    const r = renameVariable(a, text.indexOf('(film) --') + 2, 'movie');
    assert.equal(r.kind, 'ok');
    const out = applyEdits(text, r.kind === 'ok' ? r.edits : []);
    assert.equal(out, text.replace(/film/g, 'movie').replace('plan q { match (movie) return movie }', 'plan q { match (film) return film }'));
    assert.deepEqual(renameTarget(a, text.indexOf('return film') + 8), { name: 'film', range: range(4, 9, 4, 13) });
  });
  it('quotes names that need it and refuses to merge two variables', () => {
    const a = analyse(text);
    const r = renameVariable(a, text.indexOf('who'), 'the person');
    assert.equal(r.kind === 'ok' && r.edits[0]!.newText, '`the person`');
    const merge = renameVariable(a, text.indexOf('who'), 'film');
    assert.equal(merge.kind, 'error');
    assert.equal(renameTarget(a, text.indexOf('Movie')), undefined, 'a category is not a variable');
  });
});

describe('schema path completion', () => {
  it('offers the host\'s schema files inside `schema "…"`, replacing the string\'s content', () => {
    const text = 'schema "mo"\nplan p { match (a) }\n';
    const a = analyse(text);
    const items = complete(a, text.indexOf('mo"') + 2, undefined, { schemaFiles: () => ['movies.kgschema.json', 'sub/other.kgschema.json'] });
    assert.deepEqual(items.map((i) => i.label), ['movies.kgschema.json', 'sub/other.kgschema.json']);
    assert.deepEqual(items[0]!.range, range(0, 8, 0, 10));
    assert.deepEqual(complete(analyse('plan p { question "mo" }'), 20, undefined, { schemaFiles: () => ['x.kgschema.json'] }), [], 'other strings get nothing');
  });
});

describe('signature help', () => {
  const sig = (textWithCursor: string) => {
    const offset = textWithCursor.indexOf('|');
    return signatureHelp(analyse(textWithCursor.replace('|', '')), offset);
  };
  it('shows the strategy parameters with defaults and marks the one being written', () => {
    const s = sig('plan p {\n  match (a)\n  using gsd(k: 3, |\n}');
    assert.ok(s);
    assert.equal(s.label, 'gsd(k: count = 3, nodeCandidates: count = 16, relationCandidates: count = 16, exhaustive: boolean = false, injective: boolean, match: "injective" | "anchors-distinct" | "homomorphic" = "anchors-distinct", typeCandidates: count = 1, budgetMs: count = 5000, notFoundDistance: number = 0)');
    assert.equal(s.activeParameter, 1);
    assert.equal(sig('plan p { match (a) using gsd(exhaustive: tr|) }')?.activeParameter, 3, 'by name, not by position');
    assert.equal(sig('plan p { match (a) using gsd(injective: fa|) }')?.activeParameter, 4);
    assert.equal(sig('plan p { match (a) using mor(|) }')?.parameters.length, 5);
  });
  it('is silent outside a strategy call', () => {
    assert.equal(sig('plan p { match (a|) }'), undefined);
    assert.equal(sig('plan p { match (a) using gsd(k: 3)| }'), undefined);
    assert.equal(sig('plan p { match (a) using magic(|) }'), undefined);
  });
});

describe('inlay hints and links', () => {
  it('show a variable\'s category where it is not written, and the type a phrase names', () => {
    const text = 'plan p {\n  match\n    (f: Movie) -[starred actors]- (a: Person)\n    (f) -[directed by]-> (d) -[weird words]- (a)\n}\n';
    const a = analyse(text);
    const hints = inlayHints(a, schema).map((h) => `${h.position.line}:${h.position.character}${h.label}`);
    assert.deepEqual(hints.sort(), ['2:31 ≈ starred_actors', '3:21 ≈ directed_by', '3:6: Movie', '3:47: Person'].sort());
    assert.deepEqual(inlayHints(a, undefined).map((h) => h.label).sort(), [': Movie', ': Person'], 'without a schema only categories');
    assert.deepEqual(inlayHints(a, schema, range(2, 0, 2, 80)).map((h) => h.label), [' ≈ starred_actors'], 'only the visible range');
  });
  it('link the schema path, without its quotes', () => {
    const text = 'schema "movies.kgschema.json"\nschema "open\n';
    assert.deepEqual(schemaLinks(analyse(text)), [
      { range: range(0, 8, 0, 28), path: 'movies.kgschema.json' },
      { range: range(1, 8, 1, 12), path: 'open' },
    ]);
  });
});
