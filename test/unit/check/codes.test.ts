import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK } from '../../../src/core/check';
import { SYNTAX } from '../../../src/core/dsl';
import { FILE_CODES } from '../../../src/cli/commands/check';

test('every diagnostic code is unique and documented in docs/diagnostics.md', () => {
  const doc = readFileSync(join(__dirname, '../../../docs/diagnostics.md'), 'utf8');
  const codes = [...Object.values(SYNTAX), ...Object.values(CHECK), ...Object.values(FILE_CODES)];
  assert.equal(new Set(codes).size, codes.length, 'codes are unique');
  for (const code of codes) assert.match(doc, new RegExp(`^\\| ${code} \\|`, 'm'), `${code} is not in docs/diagnostics.md`);
});
