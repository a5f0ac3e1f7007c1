import {setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';

// Between bursts (a log pane opened, a list of 1,000 containers loaded) V8 promotes objects that live through
// the burst and keeps the old generation's pages committed until its next major collection, which an idle
// process may not reach for minutes: RSS stays up to ~16 MB above idle (bench measure 14). When berth has been
// quiet for a few seconds and the heap has grown well past what the last collection left, one full collection
// gives those pages back (~10 ms for berth's ~15 MB heap). Growth, not free room, is the signal: the young
// generation alone keeps megabytes committed and free, and collecting for it would cost CPU while idle.
const QUIET_MS = 3000;
const CHECK_MS = 2000;
const GROWTH_BYTES = 6 * 1024 * 1024;

let gc: (() => void) | undefined;
let lastActivity = Date.now();
// Heap in use after the last collection berth asked for (0: none yet, the start-up's garbage counts as growth).
let usedAfterLast = 0;

export function noteActivity(): void {
  lastActivity = Date.now();
}

export function startIdleCollector(): () => void {
  if (process.env.BERTH_IDLE_GC === '0') return () => undefined;
  try {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc') as () => void;
  } catch {
    return () => undefined;
  }
  const timer = setInterval(() => {
    if (Date.now() - lastActivity < QUIET_MS) return;
    if (process.memoryUsage().heapUsed - usedAfterLast < GROWTH_BYTES) return;
    gc?.();
    usedAfterLast = process.memoryUsage().heapUsed;
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
