// The extension loads, claims .kgp files and activates on them.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, LANGUAGE_ID, activeExtension, closeAllEditors, openFixture } from './helpers';

suite('activation', () => {
  teardown(closeAllEditors);

  test('the extension under development is loaded and contributes the kgplan language', () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `extension ${EXTENSION_ID} not found`);
    const pkg = ext.packageJSON as { contributes?: { languages?: { id: string; extensions?: string[] }[] } };
    const lang = pkg.contributes?.languages?.find((l) => l.id === LANGUAGE_ID);
    assert.ok(lang, 'package.json does not contribute the kgplan language');
    assert.ok(lang.extensions?.includes('.kgp'));
  });

  test('a .kgp file opens in the kgplan language', async () => {
    const { doc } = await openFixture('co_actors.kgp');
    assert.equal(doc.languageId, LANGUAGE_ID);
    assert.ok((await vscode.languages.getLanguages()).includes(LANGUAGE_ID));
  });

  test('opening a .kgp file activates the extension and registers its commands', async () => {
    await openFixture('co_actors.kgp');
    const ext = await activeExtension();
    assert.equal(ext.isActive, true);
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('kgrag.restartLanguageServer'), 'kgrag.restartLanguageServer is not registered');
  });
});
