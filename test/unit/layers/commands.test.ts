import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { COMMANDS } from '../../../src/extension/commandTable';

const ROOT = resolve(__dirname, '../../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : n.endsWith('.ts') ? [join(dir, n)] : []));
}

test('the commands table is package.json\'s public commands plus internal _-commands', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string }[] } };
  const declared = manifest.contributes.commands.map((c) => c.command).sort();
  const publicIds = Object.entries(COMMANDS).filter(([, c]) => c.public).map(([id]) => id).sort();
  assert.deepEqual(publicIds, declared);
  for (const [id, c] of Object.entries(COMMANDS)) if (!c.public) assert.match(id, /\._[A-Za-z]+$/, id);
});

test('only src/extension/commands.ts calls vscode.commands.registerCommand, and every table id is registered', () => {
  const sources = files(join(ROOT, 'src', 'extension'));
  const callers = sources.filter((f) => readFileSync(f, 'utf8').includes('vscode.commands.registerCommand(')).map((f) => f.slice(ROOT.length + 1));
  assert.deepEqual(callers, ['src/extension/commands.ts']);
  const all = sources.map((f) => readFileSync(f, 'utf8')).join('\n');
  for (const id of Object.keys(COMMANDS)) {
    const planAction = /^kgrag\.(run|explain|profile|inspect)Plan$/.test(id);
    assert.ok(planAction ? all.includes('`kgrag.${action}Plan`') : all.includes(`registerCommand('${id}'`), `${id} is not registered`);
  }
});
