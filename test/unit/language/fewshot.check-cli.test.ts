// `kgrag check --fewshot-format <format>`: a few-shot file whose shape is not detected (a SimGRAG
// JSON example set saved as .txt) is read in the format given; a format that does not exist is a
// usage error naming the formats. Real files in a temporary folder, the real command.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { check } from '../../../src/cli/commands/check';
import { UsageError, type CliIO } from '../../../src/cli/io';
import { FEWSHOT_FORMATS } from '../../../src/core/fewshot';

const EXAMPLES = `[
  {"query": "who directed The Vow", "divided": ["who directed The Vow"], "graph": [["UNKNOWN person", "director of", "The Vow"]]}
]
`;

interface Row {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly code: string;
  readonly message: string;
}

describe('kgrag check --fewshot-format', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kgrag-fewshot-format-'));
    writeFileSync(join(dir, 'examples.txt'), EXAMPLES);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  async function run(args: string[]): Promise<{ code: number; rows: Row[] }> {
    const out: string[] = [];
    const io: CliIO = { out: (t) => out.push(t), err: () => undefined, cwd: dir, env: {} };
    const code = await check([...args, '--format', 'json'], io);
    return { code, rows: (JSON.parse(out.join('\n')) as { diagnostics: Row[] }).diagnostics };
  }

  it('reads a file in the given format instead of detecting it', async () => {
    const detected = await run(['examples.txt']);
    assert.equal(detected.code, 1);
    assert.deepEqual(detected.rows.map((r) => r.code), ['fewshot-unknown-format']);
    assert.match(detected.rows[0]!.message, /--fewshot-format/);

    const forced = await run(['examples.txt', '--fewshot-format', 'simgrag-json']);
    assert.equal(forced.code, 0, JSON.stringify(forced.rows));
    assert.ok(!forced.rows.some((r) => r.code === 'fewshot-unknown-format'));
    const unknown = forced.rows.find((r) => r.code === 'simgrag-unknown-without-id');
    assert.ok(unknown, JSON.stringify(forced.rows.map((r) => r.code)));
    // One-based: line 2, at the "UNKNOWN person" string of the first example's graph.
    assert.equal(unknown.line, 2);
    assert.equal(EXAMPLES.split('\n')[1]!.slice(unknown.column - 1).startsWith('UNKNOWN person"'), true, `column ${unknown.column}`);
    assert.match(unknown.message, /^Example 1 \(index 0\):/);
  });

  it('a format that does not exist is a usage error that names the formats', async () => {
    await assert.rejects(run(['examples.txt', '--fewshot-format', 'simgrag']), (e: unknown) => {
      assert.ok(e instanceof UsageError);
      for (const f of FEWSHOT_FORMATS) assert.ok(e.message.includes(f), f);
      assert.match(e.message, /'simgrag'/);
      return true;
    });
  });
});
