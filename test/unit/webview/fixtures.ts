import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RetrievalResult } from '../../../src/core/retrieve/result';
import { validateRetrievalResult } from '../../../src/protocol/validate';

export type FixtureName = 'gsd' | 'mor' | 'cypher' | 'xss' | 'real-gsd' | 'real-cypher' | 'real-mor' | 'stem' | 'sage';

export function rawFixture(name: FixtureName): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.result.json`), 'utf8'));
}

/** A fixture checked by the same validator the inspector uses. */
export function fixture(name: FixtureName): RetrievalResult {
  const checked = validateRetrievalResult(rawFixture(name));
  if (!checked.ok) throw new Error(`fixture ${name}: ${checked.error}`);
  return checked.value;
}
