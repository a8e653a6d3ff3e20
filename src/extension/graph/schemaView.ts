/**
 * The Schema view: the connected graph's labels (with counts and property keys), relationship
 * types (with their endpoint labels) and property keys. "Insert into Plan" writes the item as
 * kgplan text at the cursor of the active .kgp editor (a snippet with placeholders).
 */
import * as vscode from 'vscode';
import { registerCommand } from '../commands';
import { countText, GROUP_TITLES, insertText, schemaChildren, variableFor, type SchemaNode } from './schemaItems';
import type { Connection } from './connection';
import { requireTrust } from '../platform/trust';

class SchemaTree implements vscode.TreeDataProvider<SchemaNode> {
  private readonly changed = new vscode.EventEmitter<SchemaNode | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** Set when the view is shown: its first expand opens the graph. */
  openOnExpand = true;
  constructor(private readonly connection: Connection) {}

  refresh(): void {
    this.changed.fire(undefined);
  }

  /**
   * Children as the view asks for them. Expanding the view before any graph is open opens the
   * active graph (progress in the view itself), so the first expand shows the schema — no
   * Refresh needed. Not after an explicit Disconnect or a failure (the view says why), and never
   * in Restricted Mode: then the welcome content (package.json viewsWelcome) offers Connect.
   */
  async getChildren(node?: SchemaNode): Promise<SchemaNode[]> {
    let schema = this.connection.connected?.schema;
    if (!schema && node === undefined && this.openOnExpand && vscode.workspace.isTrusted && this.connection.health.state === 'not-connected') {
      // Once per showing of the view: a refresh after a disconnect does not reopen the graph.
      this.openOnExpand = false;
      schema = await vscode.window
        .withProgress({ location: { viewId: 'kgrag.schema' }, title: `Opening ${this.connection.activeGraph().label}` }, () => this.connection.ensure())
        .then((c) => c.schema, () => undefined);
    }
    if (!schema) return [];
    return schemaChildren(schema, node);
  }

  /** The tree as it stands, without opening anything (tests). */
  childrenNow(node?: SchemaNode): SchemaNode[] {
    const schema = this.connection.connected?.schema;
    return schema ? schemaChildren(schema, node) : [];
  }

  getTreeItem(node: SchemaNode): vscode.TreeItem {
    const C = vscode.TreeItemCollapsibleState;
    switch (node.kind) {
      case 'group': {
        const item = new vscode.TreeItem(GROUP_TITLES[node.group], node.count > 0 ? C.Expanded : C.None);
        item.description = String(node.count);
        item.contextValue = 'group';
        return item;
      }
      case 'label': {
        const item = new vscode.TreeItem(node.name, node.properties.length > 0 ? C.Collapsed : C.None);
        item.iconPath = new vscode.ThemeIcon('symbol-class');
        item.description = node.count !== undefined ? countText(node.count, 'node') : undefined;
        item.contextValue = 'insertable';
        item.tooltip = `Label ${node.name} — insert (${variableFor(node.name)}: ${node.name})`;
        return item;
      }
      case 'relationshipType': {
        const item = new vscode.TreeItem(node.name, node.endpoints.length > 0 ? C.Collapsed : C.None);
        item.iconPath = new vscode.ThemeIcon('arrow-right');
        item.description = [node.endpoints.map((e) => `${e.from}→${e.to}`).join(', '), node.count !== undefined ? countText(node.count, 'edge') : ''].filter(Boolean).join('  ');
        item.contextValue = 'insertable';
        return item;
      }
      case 'endpoint': {
        const item = new vscode.TreeItem(`(${node.from}) -[:${node.type}]-> (${node.to})`, C.None);
        item.iconPath = new vscode.ThemeIcon('git-commit');
        item.contextValue = 'insertable';
        return item;
      }
      case 'propertyKey': {
        const item = new vscode.TreeItem(node.name, C.None);
        item.iconPath = new vscode.ThemeIcon('symbol-property');
        item.contextValue = 'insertable';
        return item;
      }
      case 'message': {
        const item = new vscode.TreeItem(node.text, C.None);
        item.iconPath = new vscode.ThemeIcon('info');
        item.command = vscode.workspace.isTrusted ? { command: 'kgrag.connect', title: 'Connect' } : undefined;
        return item;
      }
    }
  }
}

/** Inserts a schema item into the active (or given) .kgp editor at its cursor. */
export async function insertIntoPlan(node: SchemaNode | undefined, editor = vscode.window.activeTextEditor): Promise<boolean> {
  const text = node ? insertText(node) : undefined;
  if (!text) return false;
  const target = editor?.document.languageId === 'kgplan' ? editor : vscode.window.visibleTextEditors.find((e) => e.document.languageId === 'kgplan');
  if (!target) {
    void vscode.window.showWarningMessage('KG-RAG: open a .kgp file to insert schema items into a plan.');
    return false;
  }
  return target.insertSnippet(new vscode.SnippetString(text));
}

export function registerSchemaView(context: vscode.ExtensionContext, connection: Connection): void {
  const tree = new SchemaTree(connection);
  const view = vscode.window.createTreeView('kgrag.schema', { treeDataProvider: tree, showCollapseAll: true });
  context.subscriptions.push(
    view,
    view.onDidChangeVisibility((e) => {
      if (!e.visible || connection.connected) return;
      tree.openOnExpand = true;
      tree.refresh();
    }),
    connection.onDidChange(() => {
      tree.refresh();
      const h = connection.health;
      view.description = connection.activeGraph().label;
      view.message = h.state === 'restricted' ? 'Restricted Mode: trust the workspace to connect.' : h.state === 'error' ? `Cannot open ${connection.activeGraph().label}: ${h.message}` : undefined;
    }),
    registerCommand('kgrag.showSchema', async () => {
      await vscode.commands.executeCommand('kgrag.schema.focus');
      if (!connection.connected && requireTrust('Showing the graph schema')) await vscode.commands.executeCommand('kgrag.connect');
      tree.refresh();
      return connection.connected?.schema;
    }),
    registerCommand('kgrag.schema.refresh', async () => {
      if (connection.connected && requireTrust('Refreshing the schema')) await vscode.commands.executeCommand('kgrag.connect');
      tree.refresh();
    }),
    registerCommand('kgrag.schema.insert', (node?: SchemaNode) => insertIntoPlan(node ?? view.selection[0])),
    // Internal: the tree as the view shows it (tests).
    registerCommand('kgrag.schema._tree', () => {
      const walk = (n?: SchemaNode): unknown[] => tree.childrenNow(n).map((c) => ({ node: c, label: tree.getTreeItem(c).label, children: walk(c) }));
      return walk();
    }),
  );
}
