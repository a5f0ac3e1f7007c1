import {getHeapSpaceStatistics, getHeapStatistics, setFlagsFromString} from 'node:v8';
import {runInNewContext} from 'node:vm';
import {trace} from './trace.js';

// Between bursts (a log pane opened, a list of 1,000 containers loaded) V8 promotes objects that live through
// the burst and keeps the old generation's pages committed until its next major collection, which an idle
// process may not reach for minutes: RSS stays up to ~16 MB above idle (bench measure 14). When berth has been
// quiet for a few seconds and the heap has grown 3 MB past what the last collection left, two full collections
// (one frees, the next gives the pages back; below) return them (~10 ms each for berth's ~15 MB heap).
// The young generation is the other idle cost: after start-up it stays at its largest (8 MB with bin/berth.js's
// --max-semi-space-size=4), and V8 shrinks it only in a collection that finds the allocation rate low — averaged
// over the last 5 s — which a collection soon after a burst does not. So after 6 s of quiet, while it is over
// 512 KiB, up to four collections are made, 1 s apart; on Node 20 the first or second gives ~7 MB back after the
// start. After log panes it is left at 1–1.3 MB, and two more collections take it to ~270 KiB (with a 2 MB line
// RSS stayed +6.9 to +8.1 MB over idle after ten panes, +5.2 and +6.7 with this one). Activity starts a new period:
// at most four such collections (~10 ms each) per quiet period, whatever V8 does.
const QUIET_MS = 3000;
const YOUNG_QUIET_MS = 6000;
const CHECK_MS = 1000;
const GROWTH_BYTES = 3 * 1024 * 1024;
const YOUNG_BYTES = 512 * 1024;
const YOUNG_TRIES = 4;
// A full collection's cost grows with the heap: ~10 ms for berth's usual ~15 MB, ~90 ms with 100,000 containers
// listed (a key pressed meanwhile waits for it). Once the last one took longer than COSTLY_MS (five times the usual:
// room for a busy machine), the collector asks for one only after growth of a quarter of the heap (a burst, not an
// event's few megabytes of garbage), and no longer for the young generation (~7 MB against a heap of 100 MB and
// more, for up to four such collections).
const COSTLY_MS = 50;
const COSTLY_GROWTH = 0.25;

let gc: (() => void) | undefined;
let lastActivity = Date.now();
// Heap in use after the last collection berth asked for (0: none yet, the start-up's garbage counts as growth).
let usedAfterLast = 0;
let youngTries = 0;
// A collection frees the old generation's dead objects, and V8 gives their pages back to the system at the next full
// collection (measured on Node 20 and 24: 40 MB of old space resident after one, 5 MB after a second): a collection
// for growth is followed by one more at the next quiet check. Ten log panes opened and left, RSS 10 s after: +8.4 →
// +7.4 MB (with the growth that asks for one down from 6 MB to 3).
let releasePending = false;
let lastMs = 0;

export function noteActivity(): void {
  lastActivity = Date.now();
  youngTries = 0;
}

// V8's own count (process.memoryUsage() would also read /proc for the RSS, every second of an idle berth).
const heapUsed = (): number => getHeapStatistics().used_heap_size;

function youngResident(): number {
  return getHeapSpaceStatistics().find(space => space.space_name === 'new_space')?.physical_space_size ?? 0;
}

// V8's gc(), from a context made with the flag on. Asked for at the first collection, not at start: making a context
// is ~3 ms, which came before the first frame.
function takeGc(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    return runInNewContext('gc') as () => void;
  } catch {
    return undefined;
  } finally {
    // The flag is put back: V8 checks the code cache against a hash of its flags (bin/berth.js), and a flag left
    // changed would make every cache berth writes differ from what the next start compares it with.
    setFlagsFromString('--no-expose-gc');
  }
}

export function startIdleCollector(): () => void {
  if (process.env.BERTH_IDLE_GC === '0') return () => undefined;
  const timer = setInterval(() => {
    const quiet = Date.now() - lastActivity;
    if (quiet < QUIET_MS) return;
    // The next collection's cost, from the last one's and how the heap changed since (containers gone: cheap again).
    const costly = usedAfterLast > 0 && (lastMs * heapUsed()) / usedAfterLast > COSTLY_MS;
    const growth = costly ? Math.max(GROWTH_BYTES, usedAfterLast * COSTLY_GROWTH) : GROWTH_BYTES;
    const reason =
      heapUsed() - usedAfterLast >= growth
        ? 'growth'
        : releasePending
          ? 'release'
          : !costly && youngTries < YOUNG_TRIES && quiet >= YOUNG_QUIET_MS && youngResident() > YOUNG_BYTES
            ? 'young'
            : undefined;
    if (!reason) return;
    if (reason === 'young') youngTries++;
    releasePending = reason === 'growth';
    const young = youngResident();
    gc ??= takeGc();
    if (!gc) return void clearInterval(timer);
    const started = performance.now();
    gc();
    lastMs = performance.now() - started;
    usedAfterLast = heapUsed();
    trace.event({
      event: 'idle-gc',
      reason,
      ms: lastMs,
      youngBefore: young,
      youngAfter: youngResident(),
    });
  }, CHECK_MS);
  timer.unref();
  return () => clearInterval(timer);
}
