/**
 * The Test Explorer against a baseline: Save Test Baseline records every plan test's answers, ranks,
 * subgraphs and timing (the file `kgrag test --save-baseline` writes); Compare Tests with Baseline,
 * and every run while `kgrag.testing.baseline` is set, compares with it (core/testing/baseline.ts,
 * the CLI's code). The run itself is testController.ts.
 */
import * as vscode from 'vscode';
import { readTextFileSync } from '../../core/boundedRead';
import { baselineText, makeBaseline, parseBaseline, type Baseline } from '../../core/testing';
import { registerCommand } from '../commands';
import { resolveInWorkspace, testingSettings, updateSetting } from '../platform/config';
import type { PlanTestRunSummary, RunRecord } from './testController';

/** What a run does with a baseline. `file` is as the user wrote it (the setting or the command's argument). */
export type BaselineAction = { readonly kind: 'none' } | { readonly kind: 'save'; readonly file: string } | { readonly kind: 'compare'; readonly file: string; readonly baseline: Baseline; readonly slowerThan?: number };

type ReadBaseline = { readonly kind: 'ok'; readonly baseline: Baseline } | { readonly kind: 'error'; readonly message: string };

function readBaseline(file: string): ReadBaseline {
  try {
    return { kind: 'ok', baseline: parseBaseline(readTextFileSync(resolveInWorkspace(file), 'results')) };
  } catch (e) {
    return { kind: 'error', message: e instanceof Error ? e.message : String(e) };
  }
}

function compareWith(file: string, baseline: Baseline): BaselineAction {
  const { slowerThan } = testingSettings();
  return { kind: 'compare', file, baseline, ...(slowerThan !== undefined ? { slowerThan } : {}) };
}

/**
 * An ordinary run compares when `kgrag.testing.baseline` names a baseline. A missing or unreadable
 * file does not stop the tests: the output says why the run was not compared.
 */
export function baselineForRun(output: vscode.OutputChannel): BaselineAction {
  const file = testingSettings().baseline;
  if (file === '') return { kind: 'none' };
  const read = readBaseline(file);
  if (read.kind === 'ok') return compareWith(file, read.baseline);
  output.appendLine(`kgrag.testing.baseline ${file}: ${read.message} — this run is not compared (Save Test Baseline writes one)`);
  return { kind: 'none' };
}

export interface SavedBaseline {
  readonly file: string;
  readonly tests: number;
  readonly summary: PlanTestRunSummary;
}

export function registerBaselineCommands(runAll: (action: BaselineAction) => Promise<RunRecord | undefined>, output: vscode.OutputChannel): vscode.Disposable[] {
  return [
    // A file given as the argument (tests, keybindings) or the setting; else the user picks one, and the setting remembers it.
    registerCommand('kgrag.saveTestBaseline', async (arg?: { readonly file?: string }): Promise<SavedBaseline | undefined> => {
      let file = arg?.file ?? testingSettings().baseline;
      if (file === '') {
        const root = vscode.workspace.workspaceFolders?.[0]?.uri;
        const picked = await vscode.window.showSaveDialog({ title: 'Save Test Baseline', filters: { 'KG-RAG test baseline': ['json'] }, ...(root ? { defaultUri: vscode.Uri.joinPath(root, 'kgrag-baseline.json') } : {}) });
        if (!picked) return undefined;
        file = vscode.workspace.asRelativePath(picked, false);
        await updateSetting('testing.baseline', file);
      }
      const record = await runAll({ kind: 'save', file });
      if (!record) return undefined;
      if (record.entries.length === 0) {
        void vscode.window.showWarningMessage(`KG-RAG: no plan test ran (${record.summary.line}), so no baseline was saved to ${file}.`);
        return undefined;
      }
      await vscode.workspace.fs.writeFile(vscode.Uri.file(resolveInWorkspace(file)), new TextEncoder().encode(baselineText(makeBaseline(record.graph, record.entries))));
      output.appendLine(`baseline of ${record.entries.length} test(s) saved to ${file}`);
      void vscode.window.showInformationMessage(`KG-RAG: baseline of ${record.entries.length} plan test(s) saved to ${file}.`);
      return { file, tests: record.entries.length, summary: record.summary };
    }),
    registerCommand('kgrag.compareTestsWithBaseline', async (arg?: { readonly file?: string }): Promise<PlanTestRunSummary | undefined> => {
      const file = arg?.file ?? testingSettings().baseline;
      if (file === '') {
        void vscode.window.showErrorMessage('KG-RAG: no test baseline to compare with: set kgrag.testing.baseline, or save one first.', 'Save Test Baseline').then((choice) => {
          if (choice) void vscode.commands.executeCommand('kgrag.saveTestBaseline');
        });
        return undefined;
      }
      const read = readBaseline(file);
      if (read.kind === 'error') {
        void vscode.window.showErrorMessage(`KG-RAG: test baseline ${file}: ${read.message}`);
        return undefined;
      }
      const record = await runAll(compareWith(file, read.baseline));
      const verdict = record?.summary.baseline?.lines.at(-1);
      if (!record || !verdict) return record?.summary;
      output.show(true);
      if (record.summary.baseline!.regressions > 0) void vscode.window.showWarningMessage(`KG-RAG: ${verdict} (details in the Testing view and the "KG-RAG Plan Tests" output).`);
      else void vscode.window.showInformationMessage(`KG-RAG: ${verdict}.`);
      return record.summary;
    }),
  ];
}
