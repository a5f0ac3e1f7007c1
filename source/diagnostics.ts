import {getHeapSpaceStatistics, writeHeapSnapshot} from 'node:v8';
import {trace} from './trace.js';

// Resource counts for the churn bench (bench/ui-churn.mjs): with BERTH_TRACE set, SIGUSR2 writes one `resources`
// event — memory, libuv handles, and the listeners on the emitters and stores that live as long as berth does.
// A count that grows while containers come and go is a leak. Nothing is installed without BERTH_TRACE.
const counters = new Map<string, () => number>();

export function countResource(name: string, count: () => number): void {
  counters.set(name, count);
}

type ProcessInternals = {_getActiveHandles?: () => unknown[]; _getActiveRequests?: () => unknown[]};

function emitterListeners(emitter: NodeJS.EventEmitter): number {
  return emitter.eventNames().reduce((sum, name) => sum + emitter.listenerCount(name), 0);
}

// Run under `node --expose-gc` (the churn bench does), the heap is collected first: what is left is what berth
// holds, not garbage waiting for the next collection.
export function resourceSnapshot(): Record<string, number> {
  (globalThis as {gc?: () => void}).gc?.();
  const memory = process.memoryUsage();
  const internals = process as unknown as ProcessInternals;
  const snapshot: Record<string, number> = {
    rss: memory.rss,
    heapUsed: memory.heapUsed,
    heapTotal: memory.heapTotal,
    external: memory.external,
    handles: internals._getActiveHandles?.().length ?? -1,
    requests: internals._getActiveRequests?.().length ?? -1,
    processListeners: emitterListeners(process),
    stdinListeners: emitterListeners(process.stdin),
    stdoutListeners: emitterListeners(process.stdout),
  };
  // Resident pages per V8 heap space: where committed-but-free memory sits (docs/benchmarks.md, "Memory").
  for (const space of getHeapSpaceStatistics()) snapshot[`resident_${space.space_name}`] = space.physical_space_size;
  for (const [name, count] of counters) {
    try {
      snapshot[name] = count();
    } catch {
      snapshot[name] = -1;
    }
  }
  return snapshot;
}

// BERTH_HEAP_SNAPSHOTS=DIR also writes a V8 heap snapshot there on each SIGUSR2, to compare two of them when a
// count grows (what kind of object, held by what).
export function installResourceTrace(): void {
  if (!trace.enabled) return;
  const snapshots = process.env.BERTH_HEAP_SNAPSHOTS;
  let taken = 0;
  process.on('SIGUSR2', () => {
    const resources = resourceSnapshot();
    const file = snapshots ? `${snapshots}/berth-${process.pid}-${++taken}.heapsnapshot` : undefined;
    trace.event({event: 'resources', ...resources, ...(file ? {snapshot: file} : {})});
    // After the event: a snapshot takes seconds, and the counts are read already. Not import('node:v8'): the bundle
    // runs as a vm.Script, which has no dynamic import (berth crashed here).
    if (file) writeHeapSnapshot(file);
  });
}
