import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_SETTINGS, readSettings } from '../../../src/server/settings';

describe('language settings', () => {
  it('reads the kgrag section', () => {
    assert.deepEqual(readSettings({ schema: { path: 'm.kgschema.json' }, check: { hopLimit: 5, delayMs: 100 } }), { ...DEFAULT_SETTINGS, schemaPath: 'm.kgschema.json', hopLimit: 5, delayMs: 100 });
  });
  it('falls back to defaults and clamps whatever users typed', () => {
    assert.deepEqual(readSettings(undefined), DEFAULT_SETTINGS);
    assert.deepEqual(readSettings({ schema: { path: 7 }, check: { hopLimit: 'three', delayMs: -5 } }), { ...DEFAULT_SETTINGS, delayMs: 0 });
    assert.equal(readSettings({ check: { hopLimit: 1e9 } }).hopLimit, 20);
    assert.equal(readSettings({ check: { hopLimit: 2.6 } }).hopLimit, 3);
  });
});
