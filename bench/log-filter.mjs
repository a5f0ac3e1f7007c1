#!/usr/bin/env node
// The log pane's filter (& in the pane, source/views/kit/log-pane/filter.ts) over a full buffer: how long a filter
// takes to show its lines, against the time of a frame.
//
//   node bench/log-filter.mjs            prints the timings
//   (bench/run.mjs's `filter` step adds them to the benchmark table)
//
// 10,000 lines like a busy service's (timestamps, levels, colour on some, an error now and then) in the session's
// ring buffer; each case is the median of several runs in this process (bundled from the sources with esbuild):
// a new filter (every line matched once), the same filter after 100 new lines pushed the oldest out (what each
// publish of a followed log costs), a `re:` pattern, context lines and `&!`.
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {performance} from 'node:perf_hooks';
import {pathToFileURL} from 'node:url';
import {build} from 'esbuild';
import {BENCH_BUILD} from './bundled.mjs';

const LINES = 10_000;
const ROUNDS = 15;
// A frame at 60 Hz (the pane itself draws at most 20 a second).
const FRAME_MS = 1000 / 60;

async function load() {
  const root = new URL('..', import.meta.url).pathname;
  const work = mkdtempSync(join(tmpdir(), 'berth-bench-filter-'));
  const out = join(work, 'filter.mjs');
  await build({
    stdin: {
      contents: [
        "export {FilteredLines} from './source/views/kit/log-pane/filter.ts';",
        "export {LogBuffer} from './source/engine/logs/log-buffer.ts';",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    ...BENCH_BUILD,
    outfile: out,
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}

const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'INFO', 'DEBUG', 'INFO', 'INFO', 'ERROR'];
function line(i) {
  const level = LEVELS[i % LEVELS.length];
  const coloured = level === 'ERROR' ? `\x1b[31m${level}\x1b[0m` : level;
  const text = `${coloured} request ${i} GET /api/v1/items/${i % 977}?page=${i % 13} took ${(i * 37) % 900} ms user=${i % 311}`;
  return {
    text,
    stream: i % 10 === 9 ? 'stderr' : 'stdout',
    time: `2026-11-28T22:00:${String(i % 60).padStart(2, '0')}.000000000Z`,
  };
}

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function filterTimings() {
  const {FilteredLines, LogBuffer} = await load();
  let next = 0;
  const buffer = new LogBuffer(LINES);
  while (next < LINES) buffer.push(line(next++));
  const cases = [
    {name: 'text', spec: {query: 'error', hide: false, context: 0}},
    {name: 're:', spec: {query: 're:items/9\\d\\d\\?page=(1|2)\\b', hide: false, context: 0}},
    {name: 'context 3', spec: {query: 'error', hide: false, context: 3}},
    {name: '&!', spec: {query: 'debug', hide: true, context: 0}},
  ];
  // One untimed pass of each first: the timings are of the compiled code a user's session runs, not of its warm-up.
  for (const {spec} of cases) new FilteredLines(spec).update(buffer);
  const results = [];
  for (const {name, spec} of cases) {
    const fresh = [];
    const followed = [];
    let shown = 0;
    for (let round = 0; round < ROUNDS; round++) {
      let t0 = performance.now();
      const filter = new FilteredLines(spec).update(buffer);
      fresh.push(performance.now() - t0);
      for (let i = 0; i < 100; i++) buffer.push(line(next++));
      t0 = performance.now();
      filter.update(buffer);
      followed.push(performance.now() - t0);
      shown = filter.length;
    }
    results.push({name, fresh: median(fresh), followed: median(followed), shown});
  }
  return {lines: LINES, frameMs: FRAME_MS, results};
}

export async function filterRows(ctx) {
  const {lines, frameMs, results} = await filterTimings();
  for (const r of results) {
    const worst = Math.max(r.fresh, r.followed);
    ctx.row({
      measure: `log filter (${r.name}) over ${lines.toLocaleString('en')} lines: new filter / after 100 new lines (median of ${ROUNDS})`,
      berth: `${r.fresh.toFixed(1)} / ${r.followed.toFixed(1)} ms`,
      reference: '',
      ratio: '',
      target: `< ${frameMs.toFixed(1)} ms (a frame)`,
      met: worst < frameMs,
      note: `${r.shown.toLocaleString('en')} lines shown`,
    });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const {lines, frameMs, results} = await filterTimings();
  console.log(`log filter over ${lines} lines (frame ${frameMs.toFixed(1)} ms):`);
  for (const r of results)
    console.log(
      `  ${r.name.padEnd(10)} new ${r.fresh.toFixed(2)} ms, after 100 new lines ${r.followed.toFixed(2)} ms, ${r.shown} shown`,
    );
}
