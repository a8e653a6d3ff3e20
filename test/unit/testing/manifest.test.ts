// The workflow's manifest contributions agree with the code: every contributed command is
// registered, sits in the one category and in some menu; menus and walkthroughs refer to real
// commands and files; every setting the workflow reads is declared with a description.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '../../..');
interface Manifest {
  contributes: {
    commands: { command: string; title: string; category?: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    walkthroughs: { id: string; steps: { id: string; media: { markdown?: string }; description: string; completionEvents?: string[] }[] }[];
    configuration: { properties: Record<string, { description?: string; markdownDescription?: string; default?: unknown }> };
    views: Record<string, { id: string }[]>;
    viewsContainers: Record<string, { id: string; icon: string }[]>;
  };
}
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as Manifest;

function sources(dir: string): string {
  return readdirSync(dir)
    .map((f) => join(dir, f))
    .map((p) => (statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? readFileSync(p, 'utf8') : ''))
    .join('\n');
}
const extensionCode = sources(join(root, 'src/extension'));
const registered = new Set([...extensionCode.matchAll(/registerCommand\(\s*[`'"]([\w.]+)[`'"]/g)].map((m) => m[1]!));
// kgrag.${action}Plan for each plan action.
for (const a of ['run', 'explain', 'profile', 'inspect']) if (/registerCommand\(`kgrag\.\$\{action\}Plan`/.test(extensionCode)) registered.add(`kgrag.${a}Plan`);

test('every contributed command is registered by the extension and in the one category', () => {
  const cmds = manifest.contributes.commands;
  assert.ok(cmds.length >= 20);
  for (const c of cmds) {
    assert.ok(registered.has(c.command), `${c.command} is contributed but never registered`);
    assert.equal(c.category, 'KG-RAG Studio', `${c.command} is in category ${String(c.category)}`);
  }
  assert.equal(new Set(cmds.map((c) => c.command)).size, cmds.length, 'a command is contributed twice');
});

test('menus name contributed commands; the workflow commands each appear in a menu besides the palette', () => {
  const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
  const inMenus = new Set<string>();
  for (const [menu, entries] of Object.entries(manifest.contributes.menus)) {
    for (const e of entries) {
      assert.ok(contributed.has(e.command), `${menu} names ${e.command}, which is not contributed`);
      if (menu !== 'commandPalette') inMenus.add(e.command);
    }
  }
  const workflow = ['kgrag.chooseGraph', 'kgrag.importGraphFile', 'kgrag.buildIndex', 'kgrag.runPlan', 'kgrag.explainPlan', 'kgrag.profilePlan', 'kgrag.inspectPlan', 'kgrag.inspectQuestion', 'kgrag.runAllPlanTests', 'kgrag.schema.insert', 'kgrag.openSampleWorkspace', 'kgrag.validateFewShotFiles'];
  for (const c of workflow) assert.ok(inMenus.has(c), `${c} is in no menu`);
  const palette = new Map(manifest.contributes.menus['commandPalette']!.map((e) => [e.command, e.when]));
  for (const c of ['kgrag.runPlan', 'kgrag.importGraphFile', 'kgrag.inspectQuestion']) assert.match(palette.get(c) ?? '', /isWorkspaceTrusted/, `${c} shows in the palette in Restricted Mode`);
});

test('the walkthrough steps have their markdown and name real commands', () => {
  const w = manifest.contributes.walkthroughs.find((x) => x.id === 'kgrag.gettingStarted');
  assert.ok(w);
  const contributed = new Set(manifest.contributes.commands.map((c) => c.command));
  for (const s of w.steps) {
    assert.ok(s.media.markdown && existsSync(join(root, s.media.markdown)), `${s.id}: ${String(s.media.markdown)} is missing`);
    for (const m of s.description.matchAll(/\(command:([\w.]+)\)/g)) assert.ok(contributed.has(m[1]!), `${s.id} links ${m[1]}`);
    // The events walkthrough steps complete on; anything else (e.g. workspaceContains:) never fires.
    for (const e of s.completionEvents ?? []) assert.match(e, /^(onCommand|onContext|onView|onSettingChanged|onLink|onEvent|onStepSelected|extensionInstalled):|^onStepSelected$/, `${s.id}: ${e} is not a walkthrough completion event`);
    for (const m of (s.completionEvents ?? []).join('\n').matchAll(/^onCommand:([\w.]+)$/gm)) assert.ok(contributed.has(m[1]!), `${s.id} completes on ${m[1]}`);
  }
  for (const c of manifest.contributes.viewsContainers['activitybar'] ?? []) assert.ok(existsSync(join(root, c.icon)), `${c.icon} is missing`);
});

test('every setting the extension reads is declared with a description (src/extension/platform/config.ts reads them all)', () => {
  const code = sources(join(root, 'src/extension'));
  const read = new Set([...code.matchAll(/\bread\('([\w.]+)'/g)].map((m) => `kgrag.${m[1]}`));
  assert.equal([...code.matchAll(/getConfiguration\(/g)].length, 3, 'getConfiguration outside platform/config.ts');
  assert.ok(read.size >= 10, `found ${read.size} settings`);
  for (const key of read) {
    const p = manifest.contributes.configuration.properties[key];
    assert.ok(p, `${key} is read but not declared`);
    assert.ok((p.description ?? p.markdownDescription ?? '').length > 20, `${key} has no description`);
  }
});
