// A full garbage collection on demand, for the few places that know a large heap of garbage has just
// been left behind and a larger live peak is about to come (docs/ask.md, "The CLI within 300 MB"):
// V8 collects its old generation by its own timing, and at MetaQA ×40 that timing decided ≈ 60 MB of
// the CLI's peak. Node exposes `gc` only with --expose-gc; the flag set at run time makes a fresh
// context's `gc` callable. Should that ever fail, nothing is collected and nothing else changes.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | null | undefined;

/** Collects the whole heap now (≈ 50–100 ms for a heap of 100 MB). */
export function fullCollection(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      const gc: unknown = runInNewContext('gc');
      collect = typeof gc === 'function' ? (gc as () => void) : null;
    } catch {
      collect = null;
    }
  }
  collect?.();
}
