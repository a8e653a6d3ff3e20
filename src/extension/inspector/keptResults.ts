/**
 * The results the inspector keeps (core/compare's ResultHistory) and whether each one's plan was
 * edited since: on a change to a .kgp document, the plans of the entries that came from it are
 * printed again (through the language server's compiled plans) and compared with the text the
 * entry was run from. Printed, not raw, text: reformatting or a comment is not an edit of the plan.
 */
import * as vscode from 'vscode';
import { ResultHistory, summarize, type HistoryEntry, type NewEntry } from '../../core/compare';
import { printPlanningGraph } from '../../core/dsl';
import type { HistoryEntrySummary } from '../../contracts/inspector/messages';
import { documentPlans } from '../language/requests';

export class KeptResults implements vscode.Disposable {
  readonly history = new ResultHistory();
  /** Entry ids whose plan changed (or went) since they ran. */
  private readonly edited = new Set<string>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly pending = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly subscription: vscode.Disposable;

  constructor(private readonly log?: vscode.LogOutputChannel) {
    this.subscription = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.languageId !== 'kgplan' || e.contentChanges.length === 0) return;
      const key = e.document.uri.toString();
      // Typing fires per keystroke: look once the editing pauses.
      clearTimeout(this.pending.get(key));
      this.pending.set(key, setTimeout(() => {
        this.pending.delete(key);
        void this.recheck(e.document);
      }, 300));
    });
  }

  add(entry: NewEntry): HistoryEntry {
    const added = this.history.add(entry);
    this.changed.fire();
    return added;
  }

  get(id: string): HistoryEntry | undefined {
    return this.history.get(id);
  }

  pin(id: string, pinned: boolean): boolean {
    const ok = this.history.pin(id, pinned);
    if (ok) this.changed.fire();
    return ok;
  }

  planEdited(id: string): boolean {
    return this.edited.has(id);
  }

  summaries(): HistoryEntrySummary[] {
    return this.history.entries().map((e) => summarize(e, this.edited.has(e.id)));
  }

  /** Marks the entries from `document` whose plan text is no longer what they ran. */
  async recheck(document: vscode.TextDocument): Promise<void> {
    const uri = document.uri.toString();
    const entries = this.history.entries().filter((e) => e.source?.uri === uri && e.planText !== undefined);
    if (entries.length === 0) return;
    let printed: Map<string, string>;
    try {
      const { plans } = await documentPlans(document);
      printed = new Map(plans.map((p) => [p.graph.name, printPlanningGraph(p.graph)]));
    } catch (e) {
      this.log?.warn(`inspector: could not re-read the plans of ${document.uri.fsPath} (${e instanceof Error ? e.message : String(e)})`);
      return;
    }
    let any = false;
    for (const e of entries) {
      const edited = printed.get(e.result.plan) !== e.planText;
      if (edited === this.edited.has(e.id)) continue;
      if (edited) this.edited.add(e.id);
      else this.edited.delete(e.id);
      any = true;
    }
    if (any) this.changed.fire();
  }

  dispose(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    this.subscription.dispose();
    this.changed.dispose();
  }
}
