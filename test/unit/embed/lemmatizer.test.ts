// The compact lemmatizer (wink-lexicon's files read as text) gives wink-lemmatizer's own lemmas: every
// base word, every exception, and their inflected forms, as noun, verb and adjective.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { readLemmatizer } from '../../../src/core/embed/lexicon/lemmatizer';

type Lemmatizer = { noun(w: string): string; verb(w: string): string; adjective(w: string): string };

test('lemmatizer: equal to wink-lemmatizer on every base word, every exception and their inflections', () => {
  const wink = require('wink-lemmatizer') as Lemmatizer;
  const compact = readLemmatizer();
  const dir = dirname(require.resolve('wink-lexicon/src/wn-words.js', { paths: [dirname(require.resolve('wink-lemmatizer'))] }));
  const words = new Set<string>();
  for (const m of readFileSync(join(dir, 'wn-words.js'), 'latin1').matchAll(/^words\.(\w+) = /gm)) words.add(m[1]!);
  assert.ok(words.size > 70_000, `${words.size} base words`);
  const forms = new Set<string>(['', 's', 'es', 'ies', 'men', 'xes', 'ves', 'constructor', '__proto__', 'hasOwnProperty', 'Movies', 'café', 'naïve', 'straße', '日本', 'x'.repeat(64)]);
  let i = 0;
  for (const w of words) {
    forms.add(w);
    // Every word's inflections would be 600,000 lookups: every 7th word's, plus every word's plural.
    forms.add(`${w}s`);
    if (i++ % 7 === 0) for (const suffix of ['es', 'ies', 'ed', 'ing', 'er', 'est', 'ses', 'xes', 'zes', 'ves', 'ches', 'shes', 'men']) forms.add(w + suffix);
    if (i % 11 === 0 && w.length > 2) forms.add(w.slice(0, -1));
  }
  for (const f of ['wn-noun-exceptions.js', 'wn-verb-exceptions.js', 'wn-adjective-exceptions.js']) {
    const text = readFileSync(join(dir, f), 'utf8');
    for (const m of text.matchAll(/^exceptions\.(\w+)\s*=/gm)) forms.add(m[1]!);
    for (const m of text.matchAll(/^const \w+\s*=\s*'([^']*)'/gm)) forms.add(m[1]!);
  }
  let compared = 0;
  for (const w of forms) {
    assert.equal(compact.noun(w), wink.noun(w), `noun ${w}`);
    assert.equal(compact.verb(w), wink.verb(w), `verb ${w}`);
    assert.equal(compact.adjective(w), wink.adjective(w), `adjective ${w}`);
    compared++;
  }
  assert.ok(compared > 250_000, `${compared} words compared`);
});
