/**
 * The extension's questions to the language server about documents (src/contracts/lsp.ts): the
 * server owns parsing, so the extension host never parses a plan or reads a schema itself.
 */
import * as vscode from 'vscode';
import { DOCUMENT_PLANS_REQUEST, VALIDATE_FEWSHOT_REQUEST, type DocumentPlan, type DocumentPlansParams, type DocumentPlansResult, type ValidateFewShotResult } from '../../contracts/lsp';
import type { Range } from '../../core/text';
import { languageServerReady } from './client';

/** A document's plans with their source maps as Maps, and the schema it uses. */
export interface DocumentPlans {
  readonly plans: readonly PlanOfDocument[];
  readonly schemaFile?: vscode.Uri;
  readonly relationAliases: ReadonlyMap<string, readonly string[]>;
}

export interface PlanOfDocument extends Omit<DocumentPlan, 'variables' | 'edges'> {
  readonly variables: ReadonlyMap<string, Range>;
  readonly edges: ReadonlyMap<string, Range>;
}

export async function documentPlans(document: Pick<vscode.TextDocument, 'uri' | 'getText'>): Promise<DocumentPlans> {
  const client = await languageServerReady();
  const params: DocumentPlansParams = { uri: document.uri.toString(), text: document.getText() };
  const r = await client.sendRequest<DocumentPlansResult>(DOCUMENT_PLANS_REQUEST, params);
  return {
    plans: r.plans.map((p) => ({ ...p, variables: new Map(p.variables), edges: new Map(p.edges) })),
    ...(r.schema.path !== undefined ? { schemaFile: vscode.Uri.file(r.schema.path) } : {}),
    relationAliases: new Map(r.schema.aliases),
  };
}

export async function validateFewShotFiles(): Promise<ValidateFewShotResult> {
  const client = await languageServerReady();
  return client.sendRequest<ValidateFewShotResult>(VALIDATE_FEWSHOT_REQUEST, {});
}

export function toVsRange(r: Range): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

/** The plan under the cursor, else the document's only plan. */
export function planAt(plans: readonly PlanOfDocument[], position: vscode.Position | undefined): PlanOfDocument | undefined {
  if (position) {
    const hit = plans.find((p) => toVsRange(p.range).contains(position));
    if (hit) return hit;
  }
  return plans.length === 1 ? plans[0] : undefined;
}
