// How much pattern the `cypher` strategy hands to an engine. The engine plans a MATCH by enumerating
// join orders, which grows with the pattern's cycles: on the movie sample, a clique of 5 unknown nodes
// (6 independent cycles) ran 11 s, 7 nodes (15) hit the 30 s timeout, and 12 nodes (55) crashed the
// planner with "unordered_map::at". Trees and chains (0 cycles) and the few cycles real questions
// have stay far below the bound. One rule, used by the checker (KGP227) and by run.

/** Most independent cycles (relations − nodes + connected parts) a `cypher` plan may have. */
export const MAX_CYPHER_CYCLES = 6;

/** Independent cycles of a pattern graph: E − V + C (union–find over the endpoints). */
export function patternCycles(nodes: readonly string[], edges: readonly (readonly [string, string])[]): number {
  const parent = new Map<string, string>();
  for (const n of nodes) parent.set(n, n);
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r) ?? r;
    parent.set(x, r);
    return r;
  };
  let cycles = 0;
  for (const [a, b] of edges) {
    if (!parent.has(a)) parent.set(a, a);
    if (!parent.has(b)) parent.set(b, b);
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) cycles++;
    else parent.set(ra, rb);
  }
  return cycles;
}

/** Why the `cypher` strategy refuses this pattern, or undefined. */
export function cypherPatternProblem(nodes: readonly string[], edges: readonly (readonly [string, string])[]): string | undefined {
  const cycles = patternCycles(nodes, edges);
  if (cycles <= MAX_CYPHER_CYCLES) return undefined;
  return `the pattern has ${cycles} independent cycles (${edges.length} relations among ${nodes.length} nodes); the cypher strategy compiles at most ${MAX_CYPHER_CYCLES} (the engine's planner grows with each: a 12-node clique crashed it); drop relations that close cycles, or use gsd`;
}
