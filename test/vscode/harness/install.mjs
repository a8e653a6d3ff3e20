// Installs code-server (which ships a real VS Code) into a cache folder outside the project's
// node_modules, or reuses the one there. Everything comes from the npm registry; the workarounds
// are the ones measured in shared/docs/environment.md ("Real VS Code for tests").
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

export const CODE_SERVER_VERSION = '4.100.3';
/** The only published version; its `rg` stands in for the GitHub download of @vscode/ripgrep@1.15.11. */
const RIPGREP_PACKAGE = '@vscode/ripgrep-linux-x64@1.18.0';
const RIPGREP_CACHE_DIR = 'vscode-ripgrep-cache-1.15.11';
const RIPGREP_ASSET = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';
const MARKER = '.kgrag-install-ok';

export function cacheRoot() {
  return process.env.KGRAG_TEST_CACHE ?? join(homedir(), '.cache', 'kgrag-test');
}

/** @returns {{ bin: string, vscodeVersion: string, installedNow: boolean, seconds: number }} */
export function ensureCodeServer({ log }) {
  const root = cacheRoot();
  const dir = join(root, `code-server-${CODE_SERVER_VERSION}`);
  const pkgDir = join(dir, 'node_modules', 'code-server');
  const started = Date.now();
  let installedNow = false;
  if (!existsSync(join(dir, MARKER))) {
    install(root, dir, log);
    installedNow = true;
  }
  const vscodePkg = JSON.parse(readFileSync(join(pkgDir, 'lib', 'vscode', 'package.json'), 'utf8'));
  return {
    bin: join(pkgDir, 'out', 'node', 'entry.js'),
    vscodeVersion: String(vscodePkg.version),
    installedNow,
    seconds: (Date.now() - started) / 1000,
  };
}

function install(root, dir, log) {
  if (process.arch !== 'x64' || process.platform !== 'linux') {
    throw new Error(`the VS Code harness installs code-server for linux-x64 only (this is ${process.platform}-${process.arch})`);
  }
  const nodeMajor = Number(process.versions.node.split('.')[0]);
  if (nodeMajor !== 20) throw new Error(`code-server ${CODE_SERVER_VERSION} installs on Node 20 only (this is ${process.version})`);
  // Its postinstall compiles kerberos against these (else: `gssapi/gssapi.h: No such file or directory`).
  if (!existsSync('/usr/include/gssapi/gssapi.h') || spawnSync('pkg-config', ['--version']).status !== 0) {
    throw new Error('code-server needs the Debian packages libkrb5-dev and pkg-config: apt-get install -y libkrb5-dev pkg-config (.ci/run does this)');
  }
  log(`installing code-server ${CODE_SERVER_VERSION} into ${dir} (once; ≈ 1–2 min, ≈ 300 MB)…`);
  mkdirSync(root, { recursive: true });
  const work = mkdtempSync(join(root, 'install-'));
  try {
    // 1. ripgrep without GitHub: @vscode/ripgrep's postinstall takes this tarball from $TMPDIR if present.
    const tmp = join(work, 'tmp');
    const rgCache = join(tmp, RIPGREP_CACHE_DIR);
    const rgPack = join(work, 'rg-pack');
    mkdirSync(rgCache, { recursive: true });
    mkdirSync(rgPack, { recursive: true });
    run('npm', ['pack', RIPGREP_PACKAGE, '--pack-destination', rgPack, '--silent'], { cwd: work });
    const tgz = spawnSync('sh', ['-c', 'ls *.tgz'], { cwd: rgPack, encoding: 'utf8' }).stdout.trim();
    run('tar', ['xzf', tgz], { cwd: rgPack });
    run('tar', ['czf', join(rgCache, RIPGREP_ASSET), '-C', join(rgPack, 'package', 'bin'), 'rg'], { cwd: work });

    // 2. code-server itself, into a staging folder renamed into place only when complete.
    const stage = join(work, 'stage');
    mkdirSync(stage);
    writeFileSync(join(stage, 'package.json'), '{ "private": true }\n');
    run('npm', ['install', '--no-audit', '--no-fund', '--no-save', '--unsafe-perm', '--foreground-scripts=false', `code-server@${CODE_SERVER_VERSION}`], {
      cwd: stage,
      env: {
        ...process.env,
        TMPDIR: tmp,
        npm_config_yes: 'true', // node-pty's postinstall runs `npx node-gyp`; this machine's npmrc says yes=false
        npm_config_update_notifier: 'false',
      },
    });
    const rg = join(stage, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
    if (!existsSync(rg)) throw new Error(`code-server installed without ripgrep (${rg} missing)`);
    if (!existsSync(join(stage, 'node_modules', 'code-server', 'lib', 'vscode', 'node_modules', 'node-pty', 'build', 'Release', 'pty.node'))) {
      throw new Error('code-server installed but its native modules were not built (postinstall did not run?)');
    }
    writeFileSync(join(stage, MARKER), `code-server@${CODE_SERVER_VERSION} ${new Date().toISOString()}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(stage, dir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function run(cmd, args, options) {
  const r = spawnSync(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal}):\n${out}`);
  }
  return r;
}
