/**
 * The checker's entry point: parse diagnostics (KGP1xx) + structure (KGP2xx) + schema (KGP3xx).
 * Never throws; linear in the document's size (a 5,000-line file checks in a few milliseconds —
 * scripts/bench-check.ts measures it).
 */
import type { Diagnostic } from '../diagnostics';
import { parseDocument, type KgpDocument } from '../dsl';
import type { GraphSchema } from '../schema/graphSchema';
import { SchemaIndex } from '../schema/schemaIndex';
import { CHECK } from './codes';
import { DEFAULT_HOP_LIMIT } from './hops';
import { planScope } from './planScope';
import { checkAgainstSchema } from './schemaChecks';
import { checkStructure } from './structure';

export interface PlanCheckOptions {
  /** Check categories, exact types, directions and property keys against this schema. */
  readonly schema?: GraphSchema;
  /** Warn (KGP216) when a node lies more than this many hops from a target (default 3). */
  readonly hopLimit?: number;
}

/** Parses and checks a `.kgp` text; diagnostics sorted by position. */
export function checkDocument(text: string, options: PlanCheckOptions = {}): Diagnostic[] {
  const { document, diagnostics } = parseDocument(text);
  return sortDiagnostics([...diagnostics, ...checkAst(document, options)]);
}

/** The KGP2xx/KGP3xx checks of an already parsed document (for callers that keep the parse). */
export function checkAst(document: KgpDocument, options: PlanCheckOptions = {}): Diagnostic[] {
  const out: Diagnostic[] = [];
  try {
    const hopLimit = options.hopLimit !== undefined && Number.isFinite(options.hopLimit) && options.hopLimit >= 0 ? Math.floor(options.hopLimit) : DEFAULT_HOP_LIMIT;
    const index = options.schema ? new SchemaIndex(options.schema) : undefined;
    document.schemas.forEach((s, i) => {
      if (i > 0) out.push({ range: s.range, severity: 'warning', code: CHECK.duplicateSchema, message: "only the first 'schema' line is used; remove this one" });
    });
    document.graphs.forEach((g, i) => {
      // A blank pin would silently mean "any graph"; say so at the string itself.
      if (g.value && g.value.value.trim() === '') out.push({ range: g.value.range, severity: 'error', code: CHECK.emptyGraph, message: "the 'graph' line names no graph: give a graph name or a database folder" });
      else if (i > 0) out.push({ range: g.range, severity: 'warning', code: CHECK.duplicateGraph, message: "only the first 'graph' line is used; remove this one" });
    });
    const planNames = new Map<string, true>();
    for (const plan of document.plans) {
      if (plan.name) {
        if (planNames.has(plan.name.name)) out.push({ range: plan.name.range, severity: 'error', code: CHECK.duplicatePlan, message: `a plan named '${plan.name.name}' is already defined in this file` });
        planNames.set(plan.name.name, true);
      }
      const scope = planScope(plan);
      checkStructure(scope, { hopLimit }, out);
      if (index) checkAgainstSchema(scope, index, out);
    }
  } catch (e) {
    // A checker bug must not take the editor or the CLI down; report it where people will see it.
    out.push({ range: document.range, severity: 'error', code: 'KGP299', message: `internal checker error: ${e instanceof Error ? e.message : String(e)}` });
  }
  return out;
}

export function sortDiagnostics(ds: Diagnostic[]): Diagnostic[] {
  return ds.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
