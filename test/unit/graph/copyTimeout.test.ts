// A COPY's time limit grows with its rows (the fixed 10 minutes cut a 9.5M-edge COPY at load ≈ 30).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyTimeoutMs } from '../../../src/core/graph/import/bulkLoader';

test('COPY time limit: 10 minutes plus 1 ms per row, capped at the largest timer delay', () => {
  assert.equal(copyTimeoutMs(0), 600_000);
  assert.equal(copyTimeoutMs(9_518_954), 600_000 + 9_518_954);
  assert.ok(copyTimeoutMs(9_518_954) > 2 * 600_000, 'the 10M graph\'s largest COPY gets far more than the old 10 minutes');
  assert.equal(copyTimeoutMs(5e9), 0x7fffffff);
});
