import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { graphModel, withGuidance } from '../../../webview/model/graph';
import { candidateLabel, expansionRows, stemSummary } from '../../../webview/model/stemTrace';
import { validateRetrievalResult } from '../../../src/protocol/validate';
import { fixture, rawFixture } from './fixtures';

const schema = JSON.parse(readFileSync(join(__dirname, '../../../schemas/retrieval-result.schema.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

describe('STEM and SAGE results in the inspector', () => {
  it('the fixtures (real runs) pass the JSON Schema and the inspector\'s validator; a broken trace does not', () => {
    for (const name of ['stem', 'sage'] as const) assert.ok(validate(rawFixture(name)), JSON.stringify(validate.errors));
    const broken = structuredClone(rawFixture('stem')) as { stem: { beams: { expansions: { candidates: { kept: unknown }[] }[] }[] } };
    broken.stem.beams[0]!.expansions[0]!.candidates[0]!.kept = 'yes';
    const r = validateRetrievalResult(broken);
    assert.equal(r.ok, false);
    assert.match(r.ok ? '' : r.error, /kept: expected a boolean/);
  });

  it('expansion rows are depth-first: each child right under the expansion it continues', () => {
    const beam = fixture('stem').stem!.beams[0]!;
    const rows = expansionRows(beam);
    assert.equal(rows.length, beam.expansions.length);
    assert.equal(rows[0]!.depth, 0);
    for (let i = 1; i < rows.length; i++) {
      const x = rows[i]!.expansion;
      if (x.parent < 0) continue;
      const parentRow = rows.findIndex((r) => r.expansion.id === x.parent);
      assert.ok(parentRow >= 0 && parentRow < i, `expansion ${x.id} after its parent`);
      assert.equal(rows[i]!.depth, rows[parentRow]!.depth + 1);
    }
    assert.match(stemSummary(fixture('stem').stem!), /^Breadth \(θ = 0.6\)/);
    const c = beam.expansions[0]!.candidates[0]!;
    assert.ok(candidateLabel(c).includes(c.edge.type));
  });

  it('the guidance graph overlays the subgraph view: its other edges are flagged, shared ones are not', () => {
    const r = fixture('stem');
    const plain = graphModel(r.subgraphs);
    const over = withGuidance(plain, r.stem!.guidance.edges);
    const extra = over.edges.filter((e) => e.guidance);
    assert.equal(over.edges.length, plain.edges.length + extra.length);
    const used = new Set(r.subgraphs.flatMap((s) => s.triples.map((t) => `${t.source}|${t.type}|${t.target}`)));
    for (const e of extra) assert.ok(!used.has(e.id));
    assert.ok(r.stem!.guidance.edges.length > 0);
  });
});
