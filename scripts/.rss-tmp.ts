// Peak RSS of a fresh CLI run: the node process alone and the whole tree (with the engine), polled every 50 ms.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
const rss = (pid: number): number => { try { return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0); } catch { return 0; } };
const kids = (pid: number): number[] => { try { return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number); } catch { return []; } };
const tree = (root: number): number => { let s = 0; const st = [root]; while (st.length) { const p = st.pop()!; s += rss(p); st.push(...kids(p)); } return s; };
const t0 = performance.now();
const child = spawn('node', ['/work/askstore/bin/kgrag', ...process.argv.slice(2)], { stdio: ['ignore', 'pipe', 'pipe'] });
let out = ''; let err = '';
child.stdout.on('data', (d) => (out += d)); child.stderr.on('data', (d) => (err += d));
let cli = 0; let all = 0;
const timer = setInterval(() => { cli = Math.max(cli, rss(child.pid!)); all = Math.max(all, tree(child.pid!)); }, 50);
child.on('close', (code) => { clearInterval(timer); console.log(out.split('\n').filter((l) => /placement|store:|ms$|match|weak|answers?:/.test(l)).join('\n')); if (err) console.log('stderr:', err.slice(0, 500)); console.log(`exit ${code}; wall ${((performance.now() - t0) / 1000).toFixed(1)} s; peak RSS CLI ${(cli / 1024).toFixed(0)} MB, CLI + engine ${(all / 1024).toFixed(0)} MB`); });
