// Issue 19, item 1: a few-shot file checked against a schema it does not belong to (MoR's Amazon set
// under the movie schema) gets one file-level finding instead of one error per use, and its
// structural defects are still reported; a file of the schema's own graph keeps its per-use errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkFewShotFile, FEWSHOT_CODES } from '../../../src/core/fewshot';
import { parseSchemaFile } from '../../../src/core/schema/schemaFile';
import { fewshotSchemaSetting } from '../../../src/server/fewshot';

const moviesPath = join(__dirname, '../../../samples/movies/movies.kgschema.json');
const movies = parseSchemaFile(readFileSync(moviesPath, 'utf8'), moviesPath).schema!;
const AMAZON = join(__dirname, '../../../../shared/data/fewshot/mor/amazon_1000.json');

test('amazon_1000.json under the movie schema: the line-12846 defect and one file-level warning, not 1,826 errors', () => {
  const ds = checkFewShotFile(AMAZON, readFileSync(AMAZON, 'utf8'), { schema: movies });
  assert.deepEqual(ds.map((d) => [d.code, d.range.start.line + 1]), [
    [FEWSHOT_CODES.foreignSchema, 2],
    ['mor-malformed-metapath', 12846],
  ]);
  assert.match(ds[0]!.message, /match none of the schema's labels .*: category, product, brand\. It belongs to another graph: set its schema/);
  assert.match(ds[1]!.message, /^Example 907 \(index 906\)/);
  // Without a schema, and with its own: the defect alone.
  assert.deepEqual(checkFewShotFile(AMAZON, readFileSync(AMAZON, 'utf8')).map((d) => d.code), ['mor-malformed-metapath']);
});

test('a MoR file of the movie graph with one wrong type keeps its per-use error (most types known)', () => {
  const examples = [
    { query: 'films of Heat director', answer: { Metapath: 'movie -> person -> movie', Restriction: { movie: ['Heat'] } } },
    { query: 'actors of Heat', answer: { Metapath: 'movie -> person', Restriction: { movie: ['Heat'] } } },
    { query: 'gadgets of Heat', answer: { Metapath: 'movie -> gadget', Restriction: { movie: ['Heat'] } } },
  ];
  const ds = checkFewShotFile('movies.mor.json', JSON.stringify(examples, null, 1), { schema: movies });
  assert.equal(ds.filter((d) => d.code === FEWSHOT_CODES.foreignSchema).length, 0);
  const unknown = ds.filter((d) => d.code === FEWSHOT_CODES.unknownCategory);
  assert.equal(unknown.length, 1);
  assert.match(unknown[0]!.message, /^Example 3: "gadget" is not an entity type of the schema/);
});

test('kgrag.fewshot.schemas: the first glob that matches the file (workspace-relative or absolute) gives its schema', () => {
  const schemas = { '**/mor/amazon*.json': 'amazon.kgschema.json', '**/*.json': 'other.kgschema.json' };
  assert.equal(fewshotSchemaSetting('/ws/fewshot/mor/amazon_1000.json', ['/ws'], schemas), 'amazon.kgschema.json');
  assert.equal(fewshotSchemaSetting('/ws/fewshot/simgrag/x.json', ['/ws'], schemas), 'other.kgschema.json');
  assert.equal(fewshotSchemaSetting('/ws/fewshot/x.prompt.txt', ['/ws'], schemas), undefined);
  assert.equal(fewshotSchemaSetting('/ws/a.json', ['/ws'], undefined), undefined);
});
