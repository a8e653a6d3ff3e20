// Streaming graph files: chunked reads give exactly what reading the whole text gives (line numbers,
// bad lines, records), whatever the chunk size; CSV chunks are never cut inside a quoted field.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readChunks } from '../../../src/core/boundedRead';
import { readRecords, streamRecords } from '../../../src/core/graph/import/readers';
import type { ImportFormat } from '../../../src/core/graph/import/records';

const FILES: Record<ImportFormat, string> = {
  triples: '\ufeffThe Vow|directed_by|Michael Sucsy\r\nonly|two\n\n# note\nCafé Müller|written_by|Pina Bäusch\na|b|c|d\nKismet|release_year|1955',
  tsv: 'A\tr\tB\nbad line\nC\tr\tD\n',
  csv: 'name,label,id,note\n"Line\nbreak, ""quoted""",Movie,m1,"x\ny"\nÉlodie,Person,p1,\n"unclosed,Movie,m2,\nlast,Movie,m3,z\n',
  jsonl: '{"head":"a","relation":"r","tail":"b"}\nnot json\n{"name":"Zoë","label":"Person","id":"z"}\n{"source":"z","target":"a","type":"knows"}\n',
};

async function collect(path: string, format: ImportFormat, chunkBytes: number) {
  const records = [];
  const bad = [];
  let lastLine = 0;
  for await (const c of streamRecords(path, format, chunkBytes)) {
    records.push(...c.records);
    bad.push(...c.bad);
    lastLine = Math.max(lastLine, c.lastLine);
  }
  return { records, bad, lastLine };
}

test('streamed reads equal whole-text reads for every format and chunk size (incl. 1 byte)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-stream-'));
  try {
    for (const [format, text] of Object.entries(FILES) as [ImportFormat, string][]) {
      const path = join(dir, `g.${format}`);
      writeFileSync(path, text);
      const whole = readRecords(text, path, format);
      for (const size of [1, 2, 3, 7, 16, 1 << 20]) {
        const s = await collect(path, format, size);
        assert.deepEqual(s.records, whole.records, `${format} @ ${size} bytes: records`);
        assert.deepEqual(s.bad, whole.bad, `${format} @ ${size} bytes: bad lines`);
        assert.equal(s.lastLine, whole.lines, `${format} @ ${size} bytes: lines`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('chunks end after a line feed outside quotes and decode multi-byte characters whole', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-stream-'));
  try {
    const path = join(dir, 'q.csv');
    const text = 'name\n"a\nb"\nç€😀\n"x""\ny"\n';
    writeFileSync(path, text);
    const chunks = [];
    for await (const c of readChunks(path, 'graph', { csvQuotes: true, chunkBytes: 2 })) chunks.push(c);
    assert.equal(chunks.map((c) => c.text).join(''), text);
    assert.deepEqual(chunks.map((c) => c.text), ['name\n', '"a\nb"\n', 'ç€😀\n', '"x""\ny"\n']);
    assert.deepEqual(chunks.map((c) => c.firstLine), [1, 2, 4, 5]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a missing file or a folder is a FileReadError, not a crash', async () => {
  await assert.rejects(collect('/nonexistent/kb.txt', 'triples', 64), { name: 'FileReadError', code: 'ENOENT' });
  await assert.rejects(collect(tmpdir(), 'triples', 64), { name: 'FileReadError', code: 'EISDIR' });
});
