/** Plans of a `.kgp` document with their source maps (the DSL's compilePlans), for lenses, runs and reveals. */
import * as vscode from 'vscode';
import { compilePlans, parseDocument, type CompiledPlan } from '../../core/dsl';
import type { Diagnostic } from '../../core/diagnostics';
import type { Range } from '../../core/text';

export interface DocumentPlans {
  readonly plans: readonly CompiledPlan[];
  readonly diagnostics: readonly Diagnostic[];
}

export function plansOf(text: string): DocumentPlans {
  const parsed = parseDocument(text);
  return { plans: compilePlans(parsed.document).filter((p) => p.graph.name !== ''), diagnostics: parsed.diagnostics };
}

export function toVsRange(r: Range): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

/** Syntax errors inside a plan's own text (those stop it from running). */
export function errorsIn(plan: CompiledPlan, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const r = plan.source.plan;
  return diagnostics.filter((d) => d.severity === 'error' && d.range.start.line >= r.start.line && d.range.start.line <= r.end.line);
}

/** The plan under the cursor, else the document's only plan. */
export function planAt(plans: readonly CompiledPlan[], position: vscode.Position | undefined): CompiledPlan | undefined {
  if (position) {
    const hit = plans.find((p) => toVsRange(p.source.plan).contains(position));
    if (hit) return hit;
  }
  return plans.length === 1 ? plans[0] : undefined;
}
