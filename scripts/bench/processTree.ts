// Runs a command and measures it as a person would feel it: wall time, CPU time of the command and
// every process it starts (GNU time's rusage covers waited children: the engine worker), and the
// peak of the RSS summed over the whole process tree (polled from /proc every 100 ms).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Measured {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly peakRssMb: number;
}

function children(pid: number): number[] {
  try {
    const out: number[] = [];
    for (const tid of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/)) if (tid) out.push(Number(tid));
    return out;
  } catch {
    return [];
  }
}

function rssKb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

function treeRssKb(root: number): number {
  let sum = 0;
  const stack = [root];
  while (stack.length > 0) {
    const p = stack.pop()!;
    sum += rssKb(p);
    stack.push(...children(p));
  }
  return sum;
}

export function measure(command: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<Measured> {
  const marker = '@@kgrag-time@@';
  const t0 = performance.now();
  const child = spawn('/usr/bin/time', ['-f', `${marker} %U %S`, command, ...args], { cwd: options.cwd, env: options.env ?? process.env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let peak = 0;
  const timer = setInterval(() => {
    if (child.pid !== undefined) peak = Math.max(peak, treeRssKb(child.pid));
  }, 100);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(timer);
      const wallMs = performance.now() - t0;
      const m = new RegExp(`${marker} ([\\d.]+) ([\\d.]+)`).exec(stderr);
      const cpuMs = m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN;
      resolve({ code: code ?? 1, stdout, stderr: stderr.replace(new RegExp(`${marker}.*\\n?`), ''), wallMs, cpuMs, peakRssMb: peak / 1024 });
    });
  });
}
