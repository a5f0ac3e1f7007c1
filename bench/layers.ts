// One reading of an image's layers, for bench/layers.mjs: the engine's export stream read through berth's layer
// reader (source/engine/layers/), as view 2's l does, in a process of its own so that its memory is its own.
// Prints one JSON line: the time, the RSS before the read and the peak RSS of the process (VmHWM), and what was
// read.
//
//   node bench-layers.mjs IMAGE   (bundled by bench/layers.mjs with esbuild; the bench env in the environment)
import {readFileSync} from 'node:fs';
import {performance} from 'node:perf_hooks';
import {connectEngine} from '../source/engine/client.js';
import {readEngineImage} from '../source/engine/layers/read-image.js';
import {resolveEngineTarget} from '../source/engine/target.js';

const status = (field: string): number => {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find(l => l.startsWith(`${field}:`));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? NaN) / 1024;
};

const image = process.argv[2];
if (!image) throw new Error('usage: bench-layers.mjs IMAGE');
const client = await connectEngine(resolveEngineTarget({}, process.env));
globalThis.gc?.();
const before = status('VmRSS');
// Where the memory is while the image streams by: the heap (the index) and the buffers outside it (the stream).
let heapPeak = 0;
let externalPeak = 0;
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  heapPeak = Math.max(heapPeak, usage.heapUsed / 2 ** 20);
  externalPeak = Math.max(externalPeak, (usage.external + usage.arrayBuffers) / 2 ** 20);
}, 100);
const start = performance.now();
const cpuBefore = process.cpuUsage();
let progressEvents = 0;
const result = await readEngineImage(client.docker, image, {
  signal: new AbortController().signal,
  onProgress: () => (progressEvents += 1),
});
const ms = performance.now() - start;
const cpu = process.cpuUsage(cpuBefore);
const peak = status('VmHWM');
clearInterval(sampler);
globalThis.gc?.();
const heapAfter = process.memoryUsage().heapUsed / 2 ** 20;
client.close();
console.log(
  JSON.stringify({
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    rssBeforeMB: before,
    peakMB: peak,
    heapAfterMB: heapAfter,
    heapPeakMB: heapPeak,
    externalPeakMB: externalPeak,
    layers: result.layers.length,
    files: result.files,
    entries: result.layers.reduce((sum, layer) => sum + layer.files.length, 0),
    bytes: result.size,
    wasted: result.wasted,
    efficiency: result.efficiency,
    progressEvents,
  }),
);
