// `kgrag run --context`: stdout is exactly the text the LM tool gives a model (core/context), for
// the result `kgrag run --json` prints; the size goes to stderr; a bad format is a usage error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../../../src/cli/main';
import { modelContext } from '../../../src/core/context';
import { validateRetrievalResult } from '../../../src/contracts/inspector/validate';
import { captureIO } from '../../support/cliCapture';
import { SAMPLE_TRIPLES } from '../../support/sampleSession';

const KGP = resolve(__dirname, '../../fixtures/workspace/co_actors.kgp');

test('kgrag run --context prints the model context of the run, its size on stderr', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-run-context-'));
  try {
    const db = join(dir, 'db');
    assert.equal(await main(['import', SAMPLE_TRIPLES, '--db', db], captureIO(dir)), 0);
    const json = captureIO(dir);
    assert.equal(await main(['run', KGP, '--db', db, '--plan', 'co_actor_languages', '--json'], json), 0);
    const checked = validateRetrievalResult(JSON.parse(json.stdout.join('')));
    assert.ok(checked.ok);
    for (const format of ['simgrag', 'triples'] as const) {
      const io = captureIO(dir);
      assert.equal(await main(['run', KGP, '--db', db, '--plan', 'co_actor_languages', '--context', format], io), 0);
      const want = modelContext(checked.value, { format });
      assert.equal(io.stdout.join(''), want.text + '\n');
      assert.match(io.stderr.join('\n'), new RegExp(`co_actor_languages: ≈ ${want.tokens.tokens} tokens \\(estimated as characters ÷ 4, not a model's tokenizer\\), ${want.graphs} evidence graphs, ${want.triples} triples`));
    }
    const bad = captureIO(dir);
    assert.equal(await main(['run', KGP, '--db', db, '--context', 'xml'], bad), 2);
    assert.match(bad.stderr.join('\n'), /--context must be simgrag or triples, not xml/);
    assert.equal(await main(['run', KGP, '--db', db, '--context', 'simgrag', '--json'], captureIO(dir)), 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
