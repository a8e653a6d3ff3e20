// npm run bench:import — imports the full MetaQA kb.txt (129,235 triples) into a temp folder through the
// `kgrag import` command, re-imports it (dedupe path), exports it, then runs `kgrag query --profile`
// of a 2-hop query and prints the plan's row counts. Target: import < 30 s on the 2-core dev machines.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { main } from '../src/cli/main';
import type { CliIO } from '../src/cli/io';
import { EmbeddedStore } from '../src/core/graph/embedded/embeddedStore';
import type { PlanTree } from '../src/core/graph/graphStore';

const KB = resolve(process.argv[2] ?? join(__dirname, '../../shared/data/metaqa/kb.txt'));
const TWO_HOP = 'MATCH (m:Movie)-[:directed_by]->(d:Person)<-[:directed_by]-(other:Movie) WHERE m.name = $title RETURN DISTINCT other.name AS film';

function capture(): { io: CliIO; out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t) => out.push(t), err: (t) => err.push(t), cwd: process.cwd(), env: process.env }, out, err };
}

function printPlan(p: PlanTree, depth = 0): void {
  const metrics = [p.rows !== undefined ? `rows=${p.rows}` : '', p.timeMs !== undefined ? `time=${p.timeMs.toFixed(3)}ms` : ''].filter(Boolean).join(' ');
  console.log(`${'  '.repeat(depth)}${p.operator}  ${metrics}`);
  for (const c of p.children) printPlan(c, depth + 1);
}

async function bench(): Promise<number> {
  if (!existsSync(KB)) {
    console.error(`bench:import: ${KB} not found (pass the path to MetaQA kb.txt)`);
    return 2;
  }
  const dir = mkdtempSync(join(tmpdir(), 'kgrag-bench-import-'));
  const db = join(dir, 'db');
  try {
    let t = performance.now();
    let c = capture();
    const code = await main(['import', KB, '--db', db, '--json', '--quiet'], c.io);
    const importMs = performance.now() - t;
    if (code !== 0) {
      console.error(c.err.join('\n'));
      return 3;
    }
    const s = JSON.parse(c.out.join('\n')) as { linesRead: number; nodesCreated: number; edgesCreated: number; relationshipTypes: string[]; labels: string[]; badLines: unknown[] };
    console.log(`import ${KB}`);
    console.log(`  wall time (kgrag import): ${(importMs / 1000).toFixed(2)} s   (target < 30 s)`);
    console.log(`  triples read: ${s.linesRead}, nodes: ${s.nodesCreated}, edges: ${s.edgesCreated}, bad lines: ${s.badLines.length}`);
    console.log(`  labels: ${s.labels.join(', ')}`);
    console.log(`  relationship types (${s.relationshipTypes.length}): ${s.relationshipTypes.join(', ')}`);

    t = performance.now();
    c = capture();
    await main(['import', KB, '--db', db, '--json', '--quiet'], c.io);
    const again = JSON.parse(c.out.join('\n')) as { nodesCreated: number; edgesCreated: number };
    console.log(`re-import (dedupe): ${((performance.now() - t) / 1000).toFixed(2)} s, created ${again.nodesCreated} nodes / ${again.edgesCreated} edges`);

    const store = new EmbeddedStore({ folder: db, readOnly: true });
    try {
      t = performance.now();
      let nodes = 0;
      let edges = 0;
      for await (const chunk of store.exportGraph()) {
        if (chunk.kind === 'nodes') nodes += chunk.nodes.length;
        else edges += chunk.edges.length;
      }
      console.log(`exportGraph: ${nodes} nodes, ${edges} edges in ${((performance.now() - t) / 1000).toFixed(2)} s`);
    } finally {
      await store.close();
    }

    c = capture();
    t = performance.now();
    await main(['query', '--db', db, '--profile', '--json', '--param', 'title=Inception', TWO_HOP], c.io);
    const q = JSON.parse(c.out.join('\n')) as { rows: unknown[]; plan: PlanTree | null; timeMs: number };
    console.log(`kgrag query --profile (2-hop, "Inception" → director → other films): ${q.rows.length} rows, engine ${q.timeMs.toFixed(1)} ms, command ${(performance.now() - t).toFixed(0)} ms`);
    if (q.plan) printPlan(q.plan, 1);
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

bench().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : String(e));
    process.exitCode = 3;
  },
);
