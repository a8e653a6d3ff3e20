/**
 * Long work (import, index build, runs, tests) behind `withProgress` with a Cancel button. Each
 * operation owns an AbortController whose signal goes into the store and the engine, so cancelling
 * really stops the work (the embedded engine's process is killed mid-query). `kgrag.cancelRunning`
 * cancels whatever is running (also from the status bar while busy).
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';

export interface Operation {
  readonly id: number;
  readonly title: string;
  readonly controller: AbortController;
  /** Progress messages so far (tests and the log read them). */
  readonly messages: string[];
}

const running = new Map<number, Operation>();
let nextId = 1;
const changed = new vscode.EventEmitter<void>();
export const onDidChangeOperations = changed.event;

export function runningOperations(): readonly Operation[] {
  return [...running.values()];
}

export function cancelAll(): number {
  const ops = runningOperations();
  for (const op of ops) op.controller.abort();
  return ops.length;
}

export type Report = (message: string, increment?: number) => void;

/**
 * Runs `work` with a notification that can be cancelled. Resolves to the work's value, or
 * `undefined` when it was cancelled (the user is told); other errors are rethrown.
 */
export async function withCancellableProgress<T>(
  title: string,
  log: vscode.LogOutputChannel,
  work: (signal: AbortSignal, report: Report) => Promise<T>,
  location: vscode.ProgressLocation = vscode.ProgressLocation.Notification,
): Promise<T | undefined> {
  const op: Operation = { id: nextId++, title, controller: new AbortController(), messages: [] };
  running.set(op.id, op);
  changed.fire();
  const started = Date.now();
  log.info(`${title}: started`);
  try {
    return await vscode.window.withProgress({ location, title: `KG-RAG: ${title}`, cancellable: true }, async (progress, token) => {
      token.onCancellationRequested(() => op.controller.abort());
      const report: Report = (message, increment) => {
        op.messages.push(message);
        progress.report({ message, ...(increment !== undefined ? { increment } : {}) });
      };
      try {
        const value = await work(op.controller.signal, report);
        if (op.controller.signal.aborted) throw new Error('cancelled');
        log.info(`${title}: done in ${Date.now() - started} ms`);
        return value;
      } catch (e) {
        if (op.controller.signal.aborted) {
          log.info(`${title}: cancelled after ${Date.now() - started} ms`);
          void vscode.window.setStatusBarMessage(`KG-RAG: ${title} cancelled`, 4000);
          return undefined;
        }
        throw e;
      }
    });
  } finally {
    running.delete(op.id);
    changed.fire();
  }
}

export function registerOperations(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    changed,
    registerCommand('kgrag.cancelRunning', () => {
      const n = cancelAll();
      // Said either way: a command that does nothing visible reads as broken.
      void vscode.window.setStatusBarMessage(n === 0 ? 'KG-RAG: nothing is running' : `KG-RAG: cancelling ${n} operation${n === 1 ? '' : 's'}`, 4000);
      return n;
    }),
  );
}
