/**
 * "Validate Few-Shot Files": every file matching `kgrag.fewshot.files` is checked by `kgrag check`
 * (src/core/fewshot behind the CLI bundle, in a child process: its Cypher front end is ~25 MB,
 * which the extension host should not load) and the findings go to the Problems panel. Checking
 * reads only, so it also works in Restricted Mode.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as vscode from 'vscode';
import { resolveInWorkspace } from './settings';

interface CliDiagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly severity: 'error' | 'warning' | 'info' | 'hint';
  readonly code?: string;
  readonly message: string;
}

function isCliDiagnostic(v: unknown): v is CliDiagnostic {
  if (typeof v !== 'object' || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r['file'] === 'string' && typeof r['line'] === 'number' && typeof r['column'] === 'number' && typeof r['message'] === 'string' && typeof r['severity'] === 'string';
}

export interface FewShotValidation {
  readonly files: number;
  readonly errors: number;
  readonly warnings: number;
  readonly perFile: readonly { readonly uri: string; readonly errors: number; readonly warnings: number }[];
}

function runCheck(cli: string, cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // ELECTRON_RUN_AS_NODE: in desktop VS Code the extension host's executable is Electron.
    execFile(process.execPath, [cli, 'check', ...args, '--format', 'json'], { cwd, env: { ...process.env, ELECTRON_RUN_AS_NODE: '1' }, timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      // Exit 1 means "findings": the JSON is on stdout all the same.
      if (error && !stdout) reject(new Error(stderr.trim() || error.message));
      else resolve(stdout);
    });
  });
}

function severityOf(s: CliDiagnostic['severity']): vscode.DiagnosticSeverity {
  return s === 'error' ? vscode.DiagnosticSeverity.Error : s === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
}

export async function validateFewShotFiles(context: vscode.ExtensionContext, collection: vscode.DiagnosticCollection, log: vscode.LogOutputChannel): Promise<FewShotValidation> {
  const globs = vscode.workspace.getConfiguration('kgrag').get<string[]>('fewshot.files', []);
  const seen = new Map<string, vscode.Uri>();
  for (const g of globs) for (const uri of await vscode.workspace.findFiles(g, '**/{node_modules,.kgrag,.git}/**', 500)) seen.set(uri.fsPath, uri);
  collection.clear();
  if (seen.size === 0) return { files: 0, errors: 0, warnings: 0, perFile: [] };
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? process.cwd();
  const schema = vscode.workspace.getConfiguration('kgrag').get<string>('schema.path', '');
  const cli = context.asAbsolutePath('dist/cli.js');
  if (!existsSync(cli)) throw new Error('few-shot validation runs the kgrag CLI (dist/cli.js), which this installation lacks; run `kgrag check <files>` from a checkout instead');
  const out = await runCheck(cli, root, [...seen.keys(), ...(schema ? ['--schema', resolveInWorkspace(schema)] : [])]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(out);
  } catch {
    throw new Error(`kgrag check answered without JSON: ${out.slice(0, 200)}`);
  }
  const list = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>)['diagnostics'] : undefined;
  const diagnostics = Array.isArray(list) ? list.filter(isCliDiagnostic) : [];
  const byFile = new Map<string, vscode.Diagnostic[]>([...seen.keys()].map((k) => [k, []]));
  for (const d of diagnostics) {
    const file = resolveInWorkspace(d.file);
    const docLine = Math.max(0, d.line - 1);
    const col = Math.max(0, d.column - 1);
    // The CLI prints a start position; the finding is shown over the word there.
    const v = new vscode.Diagnostic(new vscode.Range(docLine, col, docLine, col + 1), d.message, severityOf(d.severity));
    if (d.code) v.code = d.code;
    v.source = 'kgrag few-shot';
    (byFile.get(file) ?? byFile.set(file, []).get(file)!).push(v);
  }
  const perFile: { uri: string; errors: number; warnings: number }[] = [];
  for (const [file, ds] of byFile) {
    const uri = seen.get(file) ?? vscode.Uri.file(file);
    collection.set(uri, ds);
    const errors = ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length;
    const warnings = ds.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).length;
    perFile.push({ uri: uri.toString(), errors, warnings });
    log.info(`few-shot ${vscode.workspace.asRelativePath(uri)}: ${errors} error(s), ${warnings} warning(s)`);
  }
  return { files: seen.size, errors: perFile.reduce((n, f) => n + f.errors, 0), warnings: perFile.reduce((n, f) => n + f.warnings, 0), perFile };
}

export function registerFewShotValidation(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  const collection = vscode.languages.createDiagnosticCollection('kgrag-fewshot');
  context.subscriptions.push(
    collection,
    vscode.commands.registerCommand('kgrag.validateFewShotFiles', async () => {
      let v: FewShotValidation;
      try {
        v = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'KG-RAG: checking few-shot files' }, () => validateFewShotFiles(context, collection, log));
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
