/**
 * Secrets live only in VS Code's SecretStorage (the OS keychain): the Neo4j password and the HTTP
 * planner's API key. Never in settings, never in logs.
 */
import * as vscode from 'vscode';

export const NEO4J_PASSWORD_KEY = 'kgrag.neo4j.password';
export const PLANNER_API_KEY = 'kgrag.planner.apiKey';

export type SecretName = typeof NEO4J_PASSWORD_KEY | typeof PLANNER_API_KEY;

export class Secrets {
  constructor(private readonly storage: vscode.SecretStorage) {}

  get(name: SecretName): Thenable<string | undefined> {
    return this.storage.get(name);
  }

  store(name: SecretName, value: string): Thenable<void> {
    return this.storage.store(name, value);
  }

  delete(name: SecretName): Thenable<void> {
    return this.storage.delete(name);
  }

  /** Asks for a secret (masked input) and stores it; an empty answer deletes it. Returns true when changed. */
  async prompt(name: SecretName, title: string): Promise<boolean> {
    const value = await vscode.window.showInputBox({ title, password: true, ignoreFocusOut: true, prompt: 'Stored in VS Code SecretStorage (the OS keychain), never in settings. Leave empty to remove it.' });
    if (value === undefined) return false;
    if (value === '') await this.storage.delete(name);
    else await this.storage.store(name, value);
    return true;
  }
}
