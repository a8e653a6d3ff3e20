// WordMeaning's per-word tests answer from a memo (`remembered`): asked twice, a word gets the same
// answer as a fresh reader gives, including "no reason" (undefined) and 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { WordNet } from '../../../src/core/embed/lexicon/wordnet';
import { WordMeaning } from '../../../src/core/ask/meaning';

test('WordMeaning: per-word tests read twice answer as a fresh reader does', () => {
  const wordNet = WordNet.fromPackage();
  const kept = new WordMeaning(wordNet);
  const words = ['hear', 'film', 'know', 'directed', 'castmates', 'mate', 'at_work', 'sort_of', 'screnplay', 'kindly', 'select', 'written', ''];
  for (let round = 0; round < 2; round++)
    for (const w of words) {
      const fresh = new WordMeaning(wordNet);
      assert.equal(kept.definedByKnowing(w), fresh.definedByKnowing(w), `definedByKnowing ${w}`);
      assert.equal(kept.verbSenses(w), fresh.verbSenses(w), `verbSenses ${w}`);
      for (const test of ['knows', 'isNoun', 'isVerbForm', 'isFellow', 'knowing', 'isAdjective', 'isAdverb', 'onlyModifier', 'isBaseVerb', 'isParticiple', 'holdsAsWritten'] as const)
        assert.equal(kept[test](w), fresh[test](w), `${test} ${w}`);
    }
  // The answers differ by word, so a memo keyed wrongly would fail above: check some do.
  assert.equal(typeof kept.definedByKnowing('hear'), 'string');
  assert.equal(kept.definedByKnowing('film'), undefined);
  assert.equal(kept.verbSenses('screnplay'), 0);
  assert.ok(kept.verbSenses('direct') > 0);
  assert.notEqual(kept.isNoun('film'), kept.isNoun('directed'));
});
