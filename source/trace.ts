import {appendFileSync} from 'node:fs';

// BERTH_TRACE=FILE writes JSON lines of timings for the benchmarks; nothing is written without it.
const file = process.env.BERTH_TRACE;
const start = performance.timeOrigin;
let pendingKey: {name: string; at: number} | undefined;
let firstFrame = false;

function write(event: Record<string, unknown>): void {
  if (!file) return;
  try {
    appendFileSync(file, `${JSON.stringify({t: Math.round((performance.now() + start) * 1000) / 1000, ...event})}\n`);
  } catch {
    // Tracing must never break the UI.
  }
}

export const trace = {
  enabled: Boolean(file),
  event: write,
  keyPressed(name: string): void {
    if (file) pendingKey = {name, at: performance.now()};
  },
  // Called from Ink's onRender: a frame was written.
  frame(renderTime: number, extra?: Record<string, unknown>): void {
    if (!file) return;
    const now = performance.now();
    if (!firstFrame) {
      firstFrame = true;
      // CPU time as well as wall time: on a busy machine the wall time of one start varies by tens of milliseconds.
      const cpu = process.cpuUsage();
      write({
        event: 'first-frame',
        sinceStart: Math.round(now),
        cpuMs: Math.round((cpu.user + cpu.system) / 1000),
        ...extra,
      });
    }
    const event: Record<string, unknown> = {event: 'frame', renderMs: Math.round(renderTime * 100) / 100, ...extra};
    if (pendingKey) {
      event.key = pendingKey.name;
      event.keyToFrameMs = Math.round((now - pendingKey.at) * 100) / 100;
      pendingKey = undefined;
    }
    write(event);
  },
};
