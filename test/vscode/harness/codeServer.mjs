// Starts a throw-away code-server: free loopback port, its own process group (so one
// `kill -- -PGID` ends it, its extension hosts and whatever they spawned), and every bit of state
// (user data, extensions, XDG folders, TMPDIR, HOME) inside the run's temp folder.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Settings that keep the workbench quiet and deterministic for tests. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  // Tests open the graph when they mean to (one test turns this on); scripts/bench-click.mjs keeps it on.
  'kgrag.graph.openWithPlans': false,
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'chat.commandCenter.enabled': false,
  'chat.disableAIFeatures': true,
  'editor.minimap.enabled': false,
  'files.autoSave': 'off',
  'window.restoreWindows': 'none',
};

/**
 * `settings` (merged over USER_SETTINGS) and `port` serve scripts/start.mjs, which keeps a
 * persistent state folder instead of a temp one and wants the welcome page back.
 * @param {{ bin: string, tempRoot: string, logFile: string, env?: Record<string, string>, settings?: Record<string, unknown>, port?: number }} options
 * @returns {Promise<{ url: string, port: number, pgid: number, exited: Promise<number | null>, stop: () => Promise<void> }>}
 */
export async function startCodeServer({ bin, tempRoot, logFile, env = {}, settings = {}, port: requestedPort }) {
  const dirs = {
    userData: join(tempRoot, 'user-data'),
    extensions: join(tempRoot, 'extensions'),
    home: join(tempRoot, 'home'),
    config: join(tempRoot, 'xdg-config'),
    data: join(tempRoot, 'xdg-data'),
    cache: join(tempRoot, 'xdg-cache'),
    tmp: join(tempRoot, 'tmp'),
  };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...settings }, null, 2));
  // The extension host of code-server is a remote one: it reads machine-scoped settings (e.g.
  // walkthroughs.openOnInstall) from the server's Machine settings, not from the User file.
  mkdirSync(join(dirs.userData, 'Machine'), { recursive: true });
  writeFileSync(join(dirs.userData, 'Machine', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...settings }, null, 2));

  const port = requestedPort ?? (await freePort());
  const log = createWriteStream(logFile);
  const child = spawn(
    process.execPath,
    [
      bin,
      '--bind-addr', `127.0.0.1:${port}`,
      '--auth', 'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      '--user-data-dir', dirs.userData,
      '--extensions-dir', dirs.extensions,
    ],
    {
      detached: true, // setsid: own session and process group, PGID = child.pid
      stdio: ['ignore', 'pipe', 'pipe'],
      env: serverEnv(dirs, env),
    },
  );
  const pgid = child.pid;
  if (pgid === undefined) throw new Error('code-server did not start');
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  let alive = true;
  exited.then(() => { alive = false; });

  const url = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(url, exited, 60_000, logFile);

  return {
    url,
    port,
    pgid,
    exited,
    async stop() {
      // The group may outlive its leader (extension hosts, language servers): always signal the group.
      killGroup(pgid, 'SIGTERM');
      const stopped = await Promise.race([exited.then(() => true), delay(5000).then(() => false)]);
      if (!stopped || alive) killGroup(pgid, 'SIGKILL');
      await delay(200);
      killGroup(pgid, 'SIGKILL'); // stragglers that ignored SIGTERM
      log.end();
    },
  };
}

function serverEnv(dirs, extra) {
  const env = {
    ...process.env,
    ...extra,
    HOME: dirs.home,
    XDG_CONFIG_HOME: dirs.config,
    XDG_DATA_HOME: dirs.data,
    XDG_CACHE_HOME: dirs.cache,
    TMPDIR: dirs.tmp,
  };
  // code-server reads these; an outer environment (or an outer VS Code) must not change the run.
  for (const key of ['PASSWORD', 'HASHED_PASSWORD', 'PORT', 'VSCODE_PROXY_URI', 'VSCODE_IPC_HOOK_CLI', 'ELECTRON_RUN_AS_NODE', 'NODE_OPTIONS']) delete env[key];
  return env;
}

export function killGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: nothing left in the group
  }
}

async function waitUntilHealthy(url, exited, timeoutMs, logFile) {
  const deadline = Date.now() + timeoutMs;
  let died = false;
  exited.then(() => { died = true; });
  while (Date.now() < deadline) {
    if (died) throw new Error(`code-server exited during start-up (see ${logFile})`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await delay(250);
  }
  throw new Error(`code-server did not answer ${url}/healthz within ${timeoutMs / 1000} s`);
}

export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
