// Parent side of the engine process: starts it lazily, sends one request at a time, enforces a hard
// timeout, cancels by killing the process (the engine cannot be interrupted from outside), notices crashes
// and restarts on the next request.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GraphStoreError, abbreviate } from '../errors';
import { isEngineResponse, type EngineRequest, type EngineResponse } from '../../../contracts/engineWorker';

type RequestBody = EngineRequest extends infer R ? (R extends EngineRequest ? Omit<R, 'id'> : never) : never;

export interface EngineClientOptions {
  readonly databasePath: string;
  readonly readOnly?: boolean;
  readonly threads?: number;
  /** The engine's buffer pool in bytes (absent: the engine's default). */
  readonly bufferPoolBytes?: number;
  /** Override where the worker is (default: dist/engineWorker.js next to the bundle, or worker.ts via tsx). */
  readonly workerPath?: string;
  /** Grace added to a query's timeout before the process is killed (the engine's own timeout is cooperative). */
  readonly killGraceMs?: number;
  /** glibc's MALLOC_ARENA_MAX for the engine process (bufferPool.ts STAGING_MALLOC_ARENAS); one set in the environment wins. */
  readonly mallocArenas?: number;
}

export interface RequestOptions {
  /** Hard limit; 0 or undefined means none (used for open/close). */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** For error messages. */
  readonly description?: string;
}

interface Pending {
  /** Removes the while-queued abort listener once the request runs. */
  unlisten?: () => void;
  readonly body: RequestBody;
  readonly options: RequestOptions;
  readonly resolve: (r: EngineResponse) => void;
  readonly reject: (e: Error) => void;
}

/** Starting the process and opening the database (a WAL replay after a crash included). */
const OPEN_TIMEOUT_MS = 120_000;

type Outcome = { readonly response: EngineResponse } | { readonly error: Error };

interface Running {
  readonly pending: Pending;
  readonly id: number;
  readonly finish: (outcome: Outcome) => void;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
  /** The process the request was sent to (a crash of another one does not concern it). */
  worker?: Worker;
}

interface Worker {
  readonly child: ChildProcess;
  /** Resolves when the worker has said 'ready' and the database is open. */
  readonly opened: Promise<void>;
  exited: boolean;
}

/** Finds the worker: the bundled JS beside this file (dist/), else the TypeScript source run through tsx. */
export function resolveWorker(override?: string): { path: string; execArgv: string[] } {
  const candidates = override ? [override] : [join(__dirname, 'engineWorker.js'), join(__dirname, 'worker.ts'), join(__dirname, 'embedded', 'worker.ts')];
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    // Source checkout (tests): run the TypeScript worker through tsx. The name is a variable so bundlers
    // leave this branch alone (the bundle always finds engineWorker.js).
    const loader = 'tsx';
    if (path.endsWith('.ts')) return { path, execArgv: ['--import', pathToFileURL(require.resolve(loader)).href] };
    return { path, execArgv: [] };
  }
  throw new GraphStoreError('open-failed', `The graph engine worker was not found (looked for ${candidates.join(', ')}).`);
}

export class EngineClient {
  private worker: Worker | undefined;
  private readonly queue: Pending[] = [];
  private running: Running | undefined;
  private nextId = 1;
  /** Resolves when a killed process is really gone (it may still hold the database lock until then). */
  private dying: Promise<void> | undefined;
  private closed = false;
  private closing = false;
  /** How many times an engine process was started (tests watch restarts). */
  starts = 0;
  engineVersion = '';
  /** What opens had to do to recover the database (crash during a checkpoint), oldest first. */
  readonly recoveries: string[] = [];

  constructor(private readonly options: EngineClientOptions) {}

  /** The engine process id, when one runs. */
  get pid(): number | undefined {
    return this.worker && !this.worker.exited ? this.worker.child.pid : undefined;
  }

  request(body: RequestBody, options: RequestOptions = {}): Promise<EngineResponse> {
    if (this.closed || (this.closing && body.type !== 'close')) return Promise.reject(new GraphStoreError('closed', 'The graph store is closed.'));
    if (options.signal?.aborted) return Promise.reject(cancelled(options.description));
    return new Promise((resolve, reject) => {
      const pending: Pending = { body, options, resolve, reject };
      this.queue.push(pending);
      // A queued request that is cancelled just leaves the queue; a running one is handled in pump().
      const onQueuedAbort = () => {
        const i = this.queue.indexOf(pending);
        if (i >= 0) {
          this.queue.splice(i, 1);
          reject(cancelled(options.description));
        }
      };
      options.signal?.addEventListener('abort', onQueuedAbort, { once: true });
      pending.unlisten = () => options.signal?.removeEventListener('abort', onQueuedAbort);
      this.pump();
    });
  }

  /** Closes the database and ends the process. Pending requests are rejected. */
  async close(): Promise<void> {
    if (this.closed || this.closing) return;
    this.closing = true;
    for (const p of this.queue.splice(0)) p.reject(new GraphStoreError('closed', 'The graph store was closed.'));
    const worker = this.worker;
    if (worker && !worker.exited) {
      const exited = new Promise<void>((r) => worker.child.once('exit', () => r()));
      // Let a running request finish, then ask the worker to close the database cleanly.
      try {
        await this.request({ type: 'close' }, { timeoutMs: 10_000, description: 'close' });
      } catch {
        /* killed below */
      }
      this.closed = true;
      if (!worker.exited) worker.child.disconnect();
      const timer = setTimeout(() => worker.child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    }
    this.closed = true;
  }

  /**
   * An idle engine must not keep the parent's event loop alive (a CLI that forgot close() still exits;
   * the worker then sees 'disconnect' and closes the database). Busy: referenced.
   */
  private setBusy(busy: boolean): void {
    const child = this.worker?.child;
    if (!child || this.worker?.exited) return;
    // The stderr pipe is a socket that holds the loop too.
    const stderr = child.stderr as unknown as { ref?: () => void; unref?: () => void } | null;
    if (busy) {
      child.ref();
      child.channel?.ref();
      stderr?.ref?.();
    } else {
      child.unref();
      child.channel?.unref();
      stderr?.unref?.();
    }
  }

  private pump(): void {
    if (this.running) return;
    if (this.queue.length === 0) {
      this.setBusy(false);
      return;
    }
    const pending = this.queue.shift()!;
    pending.unlisten?.();
    const id = this.nextId++;
    const finish = (outcome: Outcome): void => {
      if (this.running !== running) return;
      this.running = undefined;
      if (running.timer) clearTimeout(running.timer);
      if (running.onAbort) pending.options.signal?.removeEventListener('abort', running.onAbort);
      if ('error' in outcome) pending.reject(outcome.error);
      else pending.resolve(outcome.response);
      queueMicrotask(() => this.pump());
    };
    const running: Running = { pending, id, finish };
    this.running = running;
    const { timeoutMs, signal, description } = pending.options;
    running.onAbort = () => {
      this.kill();
      finish({ error: cancelled(description) });
    };
    signal?.addEventListener('abort', running.onAbort, { once: true });
    // The query's clock starts when the engine has it: starting a process and opening (or replaying)
    // the database is not the query's time (and has its own limit in start()).
    const startClock = () => {
      if (!timeoutMs || timeoutMs <= 0) return;
      running.timer = setTimeout(() => {
        this.kill();
        finish({ error: new GraphStoreError('timeout', `${timedOut(timeoutMs, description)} The engine was stopped and restarts on the next query.`) });
      }, timeoutMs + (this.options.killGraceMs ?? 250));
    };
    this.start().then(
      (worker) => {
        if (this.running !== running) return;
        if (pending.body.type === 'close' && worker === undefined) {
          finish({ response: { type: 'closed', id } });
          return;
        }
        running.worker = worker;
        this.setBusy(true);
        const lost = (e: Error) => finish({ error: new GraphStoreError('crashed', `The graph engine could not be reached (${e.message}). It restarts on the next query.`) });
        try {
          // The process can die between start() and here; the exit handler or this callback reports it.
          worker!.child.send({ ...pending.body, id } as EngineRequest, (e) => e && lost(e));
        } catch (e) {
          lost(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        startClock();
      },
      (error: unknown) => finish({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
  }

  /** Starts the process and opens the database, unless running. 'close' never starts one. */
  private async start(): Promise<Worker | undefined> {
    if (this.worker && !this.worker.exited) {
      await this.worker.opened;
      return this.worker;
    }
    if (this.running?.pending.body.type === 'close') return undefined;
    if (this.dying) await this.dying;
    const { path, execArgv } = resolveWorker(this.options.workerPath);
    const arenas = this.options.mallocArenas;
    const env = arenas !== undefined && process.env.MALLOC_ARENA_MAX === undefined ? { ...process.env, MALLOC_ARENA_MAX: String(arenas) } : process.env;
    const child = fork(path, [], { execArgv, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'json' });
    this.starts++;
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => {
      stderr = (stderr + d.toString()).slice(-2000);
    });
    let openResolve: () => void = () => {};
    let openReject: (e: Error) => void = () => {};
    const opened = new Promise<void>((res, rej) => {
      openResolve = res;
      openReject = rej;
    });
    opened.catch(() => {});
    const worker: Worker = { child, opened, exited: false };
    this.worker = worker;
    child.on('message', (message: unknown) => {
      if (!isEngineResponse(message)) return;
      if (message.type === 'ready') {
        child.send({ type: 'open', id: 0, databasePath: this.options.databasePath, readOnly: this.options.readOnly ?? false, ...(this.options.threads !== undefined ? { threads: this.options.threads } : {}), ...(this.options.bufferPoolBytes !== undefined ? { bufferPoolBytes: this.options.bufferPoolBytes } : {}) });
        return;
      }
      if (message.id === 0) {
        if (message.type === 'opened') {
          this.engineVersion = message.engineVersion;
          if (message.recovery) this.recoveries.push(message.recovery);
          openResolve();
        } else if (message.type === 'error') {
          openReject(new GraphStoreError(message.code === 'locked' ? 'locked' : 'open-failed', describeOpenError(message.message, this.options.databasePath)));
          child.kill('SIGKILL');
        }
        return;
      }
      const running = this.running;
      if (!running || running.id !== message.id) return;
      if (message.type === 'error') {
        const code = message.code === 'not-read-only' ? 'not-read-only' : message.code === 'timeout' ? 'timeout' : 'query-failed';
        // The engine's own limit stops a query with its bare word ("Interrupted."): say what stopped.
        const { timeoutMs, description } = running.pending.options;
        this.running?.finish({ error: new GraphStoreError(code, code === 'timeout' && timeoutMs ? timedOut(timeoutMs, description) : message.message) });
      } else {
        this.running?.finish({ response: message });
      }
    });
    child.on('error', (e) => openReject(new GraphStoreError('open-failed', `The graph engine could not start: ${e.message}`)));
    child.on('exit', (code, signal) => {
      worker.exited = true;
      if (this.worker === worker) this.worker = undefined;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      const detail = stderr.trim() ? ` (${abbreviate(stderr.trim(), 200)})` : '';
      openReject(new GraphStoreError('crashed', `The graph engine stopped while opening the database (${how})${detail}.`));
      const running = this.running?.worker === worker ? this.running : undefined;
      if (running && !this.closed && running.pending.body.type !== 'close') {
        const what = running.pending.options.description ? ` while running: ${abbreviate(running.pending.options.description)}` : '';
        this.running?.finish({ error: new GraphStoreError('crashed', `The graph engine process stopped (${how})${what}. It restarts on the next query.`) });
      } else if (running && running.pending.body.type === 'close') {
        this.running?.finish({ response: { type: 'closed', id: running.id } });
      }
    });
    const openTimer = setTimeout(() => {
      openReject(new GraphStoreError('open-failed', `The graph engine did not open ${this.options.databasePath} within ${OPEN_TIMEOUT_MS / 1000} s.`));
      child.kill('SIGKILL');
    }, OPEN_TIMEOUT_MS);
    try {
      await opened;
    } finally {
      clearTimeout(openTimer);
    }
    return worker;
  }

  /** Kills the process now and forgets it: the next request starts a fresh one once this one is gone. */
  private kill(): void {
    const worker = this.worker;
    if (!worker || worker.exited) return;
    this.worker = undefined;
    const gone = new Promise<void>((r) => worker.child.once('exit', () => r()));
    this.dying = gone.then(() => {
      if (this.dying === dying) this.dying = undefined;
    });
    const dying = this.dying;
    worker.child.kill('SIGKILL');
  }
}

function cancelled(description?: string): GraphStoreError {
  return new GraphStoreError('cancelled', `The query was cancelled${description ? `: ${abbreviate(description)}` : ''}.`);
}

function describeOpenError(message: string, path: string): string {
  if (/lock/i.test(message)) return `The database ${path} is in use by another process (${message}). Close the other KG-RAG Studio window or CLI run, or open it read-only.`;
  return `The database ${path} could not be opened: ${message}`;
}

/** What a query stopped by its time limit says, on either side of the process boundary. */
function timedOut(timeoutMs: number, description: string | undefined): string {
  return `The query timed out after ${timeoutMs} ms${description ? `: ${abbreviate(description)}` : ''}.`;
}
