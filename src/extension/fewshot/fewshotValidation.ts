/**
 * "Validate Few-Shot Files": the language server checks every file matching `kgrag.fewshot.files`
 * (the same checker and schema rule as the editor's few-shot diagnostics; its Cypher front end stays
 * out of the extension host) and the findings go to the Problems panel. Checking reads only, so it
 * also works in Restricted Mode.
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import type { Severity } from '../../core/diagnostics';
import { toVsRange, validateFewShotFiles as askServer } from '../language/requests';

export interface FewShotValidation {
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
  readonly perFile: readonly { readonly uri: string; readonly errors: number; readonly warnings: number }[];
}

function severityOf(s: Severity): vscode.DiagnosticSeverity {
  return s === 'error' ? vscode.DiagnosticSeverity.Error : s === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
}

/**
 * Every problem is listed once: the language server publishes the diagnostics of an open few-shot
 * file itself (as you type), so this collection holds only the files that are not open; a file
 * opened later leaves the collection while open and comes back (as last validated) when closed.
 */
const validated = new Map<string, vscode.Diagnostic[]>();

function isOpen(uri: vscode.Uri): boolean {
  return vscode.workspace.textDocuments.some((d) => d.uri.toString() === uri.toString());
}

export async function validateFewShotFiles(collection: vscode.DiagnosticCollection, log: vscode.LogOutputChannel): Promise<FewShotValidation> {
  const answer = await askServer();
  collection.clear();
  validated.clear();
  const perFile: { uri: string; errors: number; warnings: number }[] = [];
  for (const f of answer.files) {
    const uri = vscode.Uri.parse(f.uri);
    const ds = f.diagnostics.map((d) => {
      const v = new vscode.Diagnostic(toVsRange(d.range), d.message, severityOf(d.severity));
      v.code = d.code;
      v.source = 'kgrag few-shot';
      return v;
    });
    validated.set(uri.toString(), ds);
    if (!isOpen(uri)) collection.set(uri, ds);
    const errors = ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
    const warnings = ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length;
    perFile.push({ uri: uri.toString(), errors, warnings });
    log.info(`few-shot ${vscode.workspace.asRelativePath(uri)}: ${errors} error(s), ${warnings} warning(s)`);
  }
  if (answer.truncated) log.warn(`few-shot validation stopped after ${answer.files.length} files`);
  return { files: perFile.length, errors: perFile.reduce((n, f) => n + f.errors, 0), warnings: perFile.reduce((n, f) => n + f.warnings, 0), perFile };
}

export function registerFewShotValidation(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const collection = vscode.languages.createDiagnosticCollection('kgrag-fewshot');
  context.subscriptions.push(
    collection,
    vscode.workspace.onDidOpenTextDocument((d) => collection.delete(d.uri)),
    vscode.workspace.onDidCloseTextDocument((d) => {
      const ds = validated.get(d.uri.toString());
      if (ds) collection.set(d.uri, ds);
    }),
    registerCommand('kgrag.validateFewShotFiles', async () => {
      let v: FewShotValidation;
      try {
        v = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'KG-RAG: checking few-shot files' }, () => validateFewShotFiles(collection, log));
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        log.error(`few-shot validation failed: ${message}`);
        void vscode.window.showErrorMessage(`KG-RAG: few-shot validation failed: ${message}`);
        return undefined;
      }
      const text = v.files === 0 ? 'no few-shot files match kgrag.fewshot.files' : `${v.files} few-shot file(s): ${v.errors} error(s), ${v.warnings} warning(s)`;
      if (v.errors + v.warnings > 0) {
        void vscode.window.showWarningMessage(`KG-RAG: ${text}.`, 'Show Problems').then((c) => c && vscode.commands.executeCommand('workbench.actions.view.problems'));
      } else void vscode.window.showInformationMessage(`KG-RAG: ${text}.`);
      return v;
    }),
  );
}
