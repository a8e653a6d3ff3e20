import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { contentSecurityPolicy, inspectorHtml, makeNonce } from '../../../src/extension/inspector/html';
import { blankCommentsAndStrings, findRevealRange, identifierAt, planBody } from '../../../src/extension/inspector/reveal';

describe('inspectorHtml', () => {
  const input = { cspSource: 'https://x.vscode-cdn.net', nonce: 'abcDEF123', scriptUri: 'https://x.vscode-cdn.net/m/inspector.js', styleUri: 'https://x.vscode-cdn.net/m/inspector.css' };
  const html = inspectorHtml(input);

  it('carries the strict CSP: nothing by default, scripts only by nonce', () => {
    const csp = contentSecurityPolicy(input.cspSource, input.nonce);
    assert.equal(
      csp,
      "default-src 'none'; img-src https://x.vscode-cdn.net data:; style-src https://x.vscode-cdn.net 'nonce-abcDEF123'; script-src 'nonce-abcDEF123'; font-src https://x.vscode-cdn.net",
    );
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${csp.replace(/'/g, "'")}">`));
    assert.ok(!/unsafe-inline|unsafe-eval/.test(html));
  });

  it('loads exactly one script, with the nonce, and no inline handlers or inline script', () => {
    assert.deepEqual(html.match(/<script[^>]*>/g), ['<script nonce="abcDEF123" src="https://x.vscode-cdn.net/m/inspector.js">']);
    assert.ok(!/\son[a-z]+=/i.test(html));
    assert.match(html, /<link id="__________cytoscape_stylesheet" rel="stylesheet" nonce="abcDEF123" href="https:\/\/x\.vscode-cdn\.net\/m\/inspector\.css">/);
  });

  it('escapes attribute values', () => {
    const evil = inspectorHtml({ ...input, scriptUri: 'x"><script>alert(1)</script>' });
    assert.ok(!evil.includes('<script>alert(1)'));
    assert.ok(evil.includes('x&quot;&gt;&lt;script&gt;'));
  });

  it('makes 32-character alphanumeric nonces that differ', () => {
    const a = makeNonce();
    const b = makeNonce();
    assert.match(a, /^[A-Za-z0-9]{32}$/);
    assert.notEqual(a, b);
  });
});

const KGP = `// plans for the inspector tests
schema "movies.kgschema.json"
plan other {
  match (vow: Movie "x") -[a]- (b)
}
/* plan co_actor_languages { (vow: decoy) } */
plan co_actor_languages {
  question "what languages are the films (vow: in a string) share"
  match
    (vow: Movie "The Vow") -[starred actors]- (actor: Person)   // (actor: in a comment)
    (film: Movie) -[starred actors]- (actor)
    (film) -[in language]-> (lang: Language "french")
  return lang
  using gsd(k: 3)
}
`;

describe('findRevealRange (fallback reveal)', () => {
  const at = (r: { start: number; end: number } | undefined) => (r ? KGP.slice(r.start, r.end) : undefined);
  const line = (r: { start: number } | undefined) => (r ? KGP.slice(0, r.start).split('\n').length : -1);

  it('finds the defining (variable in the named plan, skipping other plans, comments and strings', () => {
    const vow = findRevealRange(KGP, { plan: 'co_actor_languages', variable: 'vow' });
    assert.equal(at(vow), 'vow');
    assert.equal(line(vow), 10);
    assert.equal(line(findRevealRange(KGP, { plan: 'co_actor_languages', variable: 'actor' })), 10);
    assert.equal(line(findRevealRange(KGP, { plan: 'co_actor_languages', variable: 'lang' })), 12);
    assert.equal(line(findRevealRange(KGP, { plan: 'other', variable: 'vow' })), 4);
    assert.equal(findRevealRange(KGP, { plan: 'co_actor_languages', variable: 'vo' }), undefined);
    assert.equal(findRevealRange(KGP, { plan: 'co_actor_languages', variable: 'nobody' }), undefined);
  });

  it('finds the N-th relationship pattern for edge ids', () => {
    assert.equal(at(findRevealRange(KGP, { plan: 'co_actor_languages', edgeId: 'e0' })), '-[starred actors]-');
    const e1 = findRevealRange(KGP, { plan: 'co_actor_languages', edgeId: 'e1' });
    assert.equal(at(e1), '-[starred actors]-');
    assert.equal(line(e1), 11);
    assert.equal(at(findRevealRange(KGP, { plan: 'co_actor_languages', edgeId: 'e2' })), '-[in language]->');
    assert.equal(findRevealRange(KGP, { plan: 'co_actor_languages', edgeId: 'e3' }), undefined);
    assert.equal(findRevealRange(KGP, { plan: 'co_actor_languages', edgeId: 'r1' }), undefined);
  });

  it('handles chains and arrow-only edges', () => {
    const text = 'plan p { match (a)-[r1]-(b)-[r2]->(c) (c) --> (d) (d) <-- (e) }';
    assert.deepEqual(
      ['e0', 'e1', 'e2', 'e3'].map((e) => {
        const r = findRevealRange(text, { plan: 'p', edgeId: e });
        return r && text.slice(r.start, r.end);
      }),
      ['-[r1]-', '-[r2]->', '-->', '<--'],
    );
  });

  it('planBody spans the braces; blanking keeps offsets', () => {
    const b = planBody(KGP, 'co_actor_languages');
    assert.ok(KGP.slice(b.start, b.end).startsWith('plan co_actor_languages {'));
    assert.ok(KGP.slice(b.start, b.end).endsWith('}'));
    assert.equal(blankCommentsAndStrings(KGP).length, KGP.length);
    assert.equal(blankCommentsAndStrings('"ab').length, 3);
    assert.equal(blankCommentsAndStrings('a "x" // c').replace(/ /g, '·'), 'a·"·"·····');
  });

  it('identifierAt reads the word under the cursor', () => {
    const i = KGP.indexOf('(film: Movie)') + 3;
    assert.equal(identifierAt(KGP, i), 'film');
    assert.equal(identifierAt(KGP, KGP.indexOf('(film: Movie)')), undefined);
    assert.equal(identifierAt('(1abc)', 2), undefined);
  });
});
