// How berth's cost grows with the list: 100, 1,000, 10,000 and 100,000 containers served by a stand-in engine
// (bench/fake-engine.mjs, its own process: no engine on this machine holds 100,000). At each size: start →
// first container on screen against a bare Node GET of the same /containers/json in the same run, ↓ key → frame
// and filter keystroke → frame (berth's trace), and RSS once the list is shown. Rows for 1,000 and 100,000, and the
// growth table (with a text chart) for docs/benchmarks.md, "Large lists". Run alone: node bench/ui-scale.mjs
// (after node scripts/build.mjs; BENCH_SCALE_SIZES=100,1000 to choose the sizes).
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {berthEnvIn, COLS, fmt, log, median, now, openBerth, ROWS, rssMB, sleep, timeCommand, Tmux} from './ui-lib.mjs';
import {eventCosts, startStandIn} from './ui-event.mjs';

const SIZES = (process.env.BENCH_SCALE_SIZES ?? '100,1000,10000,100000').split(',').map(Number);
const FIRST = /fake-000000 /;

// The smallest Node client: one plain-HTTP GET of the list, body discarded.
const bareGet = host => `
const u = new URL(${JSON.stringify(host.replace(/^tcp:/, 'http:'))});
require('http').get({hostname: u.hostname, port: u.port, path: '/containers/json?all=1'}, r => { r.resume(); });
`;

async function oneSize(ctx, count) {
  const engine = await startStandIn(count);
  const env = {DOCKER_HOST: engine.host, DOCKER_TLS_VERIFY: '', DOCKER_CERT_PATH: '', DOCKER_CONTEXT: ''};
  const saved = ctx.berthEnv;
  ctx.berthEnv = {...saved, ...env};
  try {
    // The stand-in serialises its list on the first request: asked once before anything is timed.
    await timeCommand(process.execPath, ['-e', bareGet(engine.host)]);
    // Seven starts up to 1,000 (a start's wall time varies by tens of milliseconds on a busy 2-core machine, the
    // GET's as much: three gave ratios from 1.6 to 2.2 for one build), fewer where a start takes seconds.
    const runs = count >= 100_000 ? 2 : count >= 10_000 ? 3 : 7;
    const starts = [];
    const gets = [];
    let b;
    for (let i = 0; i < runs; i++) {
      gets.push((await timeCommand(process.execPath, ['-e', bareGet(engine.host)])).ms);
      b = await openBerth(ctx, `scale${count}-${i}`);
      await sleep(100);
      const t0 = await b.pane.go();
      const seen = await b.pane.waitOutput(FIRST, {timeout: 60_000});
      starts.push(seen - t0);
      if (i < runs - 1) {
        await b.pane.keys('q');
        await sleep(300);
        await b.pane.close();
      }
    }
    await sleep(1500);
    const rss = rssMB(await b.pane.pid());
    // ↓ keys: each waits for its frame in the trace.
    const keyFrames = b.trace.keyFrames('down').length;
    for (let i = 0; i < 15; i++) {
      await b.pane.keys('Down');
      await b.trace.waitKeyFrames(keyFrames + i + 1, 'down');
      await sleep(40);
    }
    const keys = b.trace
      .keyFrames('down')
      .slice(keyFrames)
      .map(f => f.keyToFrameMs);
    // The filter, typed a character at a time: every keystroke re-filters the whole list.
    await b.pane.keys('/');
    await sleep(300);
    const typed = b.trace.keyFrames('type').length;
    const text = 'fake-00012';
    for (let i = 0; i < text.length; i++) {
      await b.pane.type(text[i]);
      await b.trace.waitKeyFrames(typed + i + 1, 'type', 10_000);
      await sleep(40);
    }
    const filter = b.trace
      .keyFrames('type')
      .slice(typed)
      .map(f => f.keyToFrameMs);
    await b.pane.keys('Escape');
    await sleep(200);
    // Events from 10,000 rows on (below 2,000 an event reads the whole list again): CPU per event, bench/ui-event.mjs.
    const event = count >= 10_000 ? await eventCosts(b, engine.host, count) : undefined;
    await b.pane.keys('q');
    await sleep(300);
    await b.pane.close();
    const result = {
      count,
      start: median(starts),
      get: median(gets),
      key: median(keys),
      keyMax: Math.max(...keys),
      filter: median(filter),
      filterMax: Math.max(...filter),
      rss,
      event,
    };
    log(`scale ${count}: ${JSON.stringify(result)}`);
    return result;
  } finally {
    ctx.berthEnv = saved;
    engine.stop();
  }
}

// A bar of `value` against `top`, `width` characters at most.
const bar = (value, top, width = 30) => '█'.repeat(Math.max(1, Math.round((value / top) * width)));

export function growthTable(results) {
  const lines = [
    '| containers | start → first row | bare GET | ↓ key → frame | filter keystroke → frame | event → frame (CPU) | RSS |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      r =>
        `| ${fmt(r.count)} | ${fmt(r.start)} ms | ${fmt(r.get)} ms | ${r.key.toFixed(1)} ms | ${r.filter.toFixed(1)} ms | ${r.event ? `${r.event.inPlace.toFixed(1)} ms` : '—'} | ${fmt(r.rss)} MB |`,
    ),
  ];
  const top = Math.max(...results.map(r => r.rss));
  const chart = results.map(r => `${fmt(r.count).padStart(7)} ${bar(r.rss, top)} ${fmt(r.rss)} MB`);
  const topStart = Math.max(...results.map(r => r.start));
  const startChart = results.map(r => `${fmt(r.count).padStart(7)} ${bar(r.start, topStart)} ${fmt(r.start)} ms`);
  return [
    ...lines,
    '',
    'RSS once the list is shown:',
    '',
    '```',
    ...chart,
    '```',
    '',
    'Start → first row:',
    '',
    '```',
    ...startChart,
    '```',
  ].join('\n');
}

export async function scaleRows(ctx) {
  const results = [];
  for (const count of SIZES) results.push(await oneSize(ctx, count));
  for (const r of results.filter(r => r.count === 1000 || r.count === 100_000)) {
    if (r.count === 1000)
      ctx.row({
        measure: 'start → first row, 1,000 containers (stand-in engine; medians of 7)',
        berth: `${fmt(r.start)} ms`,
        reference: `node GET /containers/json ${fmt(r.get)} ms`,
        ratio: `${(r.start / r.get).toFixed(2)}× GET`,
        target: '≤ 2× GET',
        met: r.start <= 2 * r.get,
        note: '',
      });
    ctx.row({
      measure: `↓ key → frame, ${fmt(r.count)} containers (stand-in engine)`,
      berth: `${r.key.toFixed(1)} ms`,
      reference: '',
      ratio: '',
      target: '≤ 16 ms',
      met: r.key <= 16,
      note: `max ${r.keyMax.toFixed(1)} ms`,
    });
    ctx.row({
      measure: `filter keystroke → frame, ${fmt(r.count)} containers (stand-in engine)`,
      berth: `${r.filter.toFixed(1)} ms`,
      reference: '',
      ratio: '',
      target: '≤ 50 ms',
      met: r.filter <= 50,
      note: `max ${r.filterMax.toFixed(1)} ms`,
    });
    const tenThousand = results.find(other => other.count === 10_000)?.event;
    if (r.count === 100_000 && r.event)
      ctx.row({
        measure: 'one event at 100,000 → frame, CPU of berth (stand-in engine)',
        berth: `${r.event.inPlace.toFixed(1)} ms`,
        reference: tenThousand ? `10,000: ${tenThousand.inPlace.toFixed(1)} ms` : '',
        ratio: tenThousand ? `${(r.event.inPlace / tenThousand.inPlace).toFixed(2)}× 10,000` : '',
        target: '≤ 16 ms',
        met: r.event.inPlace <= 16,
        note: `row off screen, in place; moving ${r.event.moving.toFixed(1)} ms, first ${r.event.first.toFixed(1)} ms`,
      });
    if (r.count === 100_000)
      ctx.row({
        measure: 'RSS with 100,000 containers listed (stand-in engine)',
        berth: `${fmt(r.rss)} MB`,
        reference: '',
        ratio: '',
        target: '≤ 200 MB',
        met: r.rss <= 200,
        note: '',
      });
  }
  log(`growth table:\n${growthTable(results)}`);
  return results;
}

// Alone: a tmux server of its own and the built bin/berth.js.
if (process.argv[1]?.endsWith('ui-scale.mjs')) {
  const dir = mkdtempSync(join(tmpdir(), 'berth-scale-'));
  const tmux = new Tmux(dir);
  const ctx = {
    dir,
    tmux,
    cols: COLS,
    rows: ROWS,
    berth: new URL('../bin/berth.js', import.meta.url).pathname,
    berthEnv: berthEnvIn(dir),
    row: r =>
      log(`${r.measure}: ${r.berth} ${r.reference} ${r.ratio} (target ${r.target}${r.note ? `; ${r.note}` : ''})`),
  };
  const t0 = now();
  try {
    await scaleRows(ctx);
  } finally {
    await tmux.killServer();
    rmSync(dir, {recursive: true, force: true});
    log(`took ${((now() - t0) / 1000).toFixed(0)} s`);
  }
}
