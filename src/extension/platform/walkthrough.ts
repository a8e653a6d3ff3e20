/**
 * The Getting Started walkthrough opens once, on the first activation after install (VS Code
 * opens walkthroughs itself only for Marketplace installs; a .vsix or a dev build got nothing).
 * It respects `workbench.welcomePage.walkthroughs.openOnInstall` and `workbench.startupEditor:
 * none` (a person who turned either off gets nothing, and the walkthrough still opens once
 * should they turn it back on).
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { walkthroughsOpenOnInstall } from './config';

export const WALKTHROUGH_ID = 'kgrag.gettingStarted';
/** globalState key: when the walkthrough was opened (ISO time); set once. */
const SHOWN_KEY = 'kgrag.walkthroughShown';

export async function openWalkthroughOnce(context: vscode.ExtensionContext, settingsAllow = walkthroughsOpenOnInstall()): Promise<boolean> {
  if (context.globalState.get<string>(SHOWN_KEY) !== undefined) return false;
  if (!settingsAllow) return false;
  await context.globalState.update(SHOWN_KEY, new Date().toISOString());
  await vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH_ID}`, false);
  return true;
}

/**
 * Context key the walkthrough's first step completes on (`onContext:`): the workspace holds a .kgp
 * file. Walkthrough completion events know no `workspaceContains:`, so the step stayed unticked in
 * a workspace full of plans.
 */
export const HAS_PLANS_CONTEXT = 'kgrag.workspaceHasPlans';

async function markPlansPresent(): Promise<boolean> {
  const found = (await vscode.workspace.findFiles('**/*.kgp', '**/node_modules/**', 1)).length > 0;
  if (found) await vscode.commands.executeCommand('setContext', HAS_PLANS_CONTEXT, true);
  return found;
}

export function registerWalkthrough(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  void markPlansPresent().catch(() => false);
  const plans = vscode.workspace.createFileSystemWatcher('**/*.kgp', false, true, true);
  context.subscriptions.push(plans, plans.onDidCreate(() => void vscode.commands.executeCommand('setContext', HAS_PLANS_CONTEXT, true)));
  void openWalkthroughOnce(context).then(
    (opened) => opened && log.info('opened the Getting Started walkthrough (first activation)'),
    (e: unknown) => log.warn(`could not open the walkthrough: ${e instanceof Error ? e.message : String(e)}`),
  );
  context.subscriptions.push(
    // Internal (tests): the once-only decision, run again; `reset` forgets that it was shown;
    // `open-as-if-allowed` takes the settings as allowing it (the harness turns them off).
    registerCommand('kgrag._walkthrough', async (action?: 'reset' | 'open' | 'open-as-if-allowed') => {
      if (action === 'reset') await context.globalState.update(SHOWN_KEY, undefined);
      if (action === 'open') return openWalkthroughOnce(context);
      if (action === 'open-as-if-allowed') return openWalkthroughOnce(context, true);
      return context.globalState.get<string>(SHOWN_KEY) ?? null;
    }),
  );
}
