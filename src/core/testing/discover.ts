import { compilePlans, parseDocument } from '../dsl';
import type { PlanningGraph } from '../plan/planningGraph';
import type { Range } from '../text';
import { isPlanTest } from './evaluate';

/** A plan test found in a `.kgp` text, with where its plan is (for the Test Explorer and CLI lines). */
export interface DiscoveredPlanTest {
  readonly plan: PlanningGraph;
  readonly range: Range;
  /** The plan's name range, when it has one. */
  readonly nameRange?: Range;
  /** The `expect` clause: where a failure is anchored. */
  readonly expectRange?: Range;
}

export interface DiscoveredTests {
  readonly tests: readonly DiscoveredPlanTest[];
  /** Parse errors (1-based lines); plans with errors in them are not tests. */
  readonly problems: readonly { readonly line: number; readonly message: string }[];
}

/** Every plan of a `.kgp` text that has an `expect` clause. Never throws. */
export function discoverPlanTests(text: string): DiscoveredTests {
  const parsed = parseDocument(text);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  const compiled = compilePlans(parsed.document);
  const inside = (r: Range, line: number) => line >= r.start.line && line <= r.end.line;
  const tests = compiled
    .filter((c) => isPlanTest(c.graph) && c.graph.name !== '' && !errors.some((e) => inside(c.source.plan, e.range.start.line)))
    .map((c) => ({ plan: c.graph, range: c.source.plan, ...(c.source.name ? { nameRange: c.source.name } : {}), ...(c.decl.expect ? { expectRange: c.decl.expect.range } : {}) }));
  return { tests, problems: errors.map((d) => ({ line: d.range.start.line + 1, message: d.message })) };
}
