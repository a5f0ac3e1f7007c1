#!/usr/bin/env node
// berth's benchmark suite: drives the built UI in tmux against the test bench engine, measures it from outside
// (/proc, the bytes tmux receives, the screen) and from its BERTH_TRACE, next to a reference measured in the same
// run, and prints (and writes into docs/benchmarks.md) one table. Run it through scripts/bench.sh (npm run bench),
// which starts the bench, builds and passes:
//   BENCH_DIR    scratch directory (traces, pane output, tmux config)
//   BENCH_BERTH  the berth entry point to run (a snapshot of bin/ + dist/, so a rebuild elsewhere cannot race us)
// Settings: BENCH_QUICK=1 (shorter windows, fewer rounds), BENCH_ONLY=start,startcache,idle,bytes,memory,node24,stats,history,longline,
// exec,follow,filter,keys,images,compose,volumes,registry,registrycopy,archives,files,layers,churn,churnstats,swarm,engines,podman,scale (a subset; memory includes its 1,000-container row), BENCH_REGISTRY=0 (skip the registry rows), BENCH_REGISTRY_ROUNDS (default 3, quick 1),
// BENCH_FOLLOW_REF_SECONDS (docker logs -f window, default 30), BENCH_STRICT=1 (exit 1 when a target is missed),
// BENCH_DOCS=0 (do not touch docs/benchmarks.md), BENCH_BASE=another build's bin/berth.js (started in every round of the start row too).
import {execFileSync} from 'node:child_process';
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {cpus, loadavg, totalmem} from 'node:os';
import {join} from 'node:path';
import {bytesPerKey, idleCpu, startRuns} from './ui-start.mjs';
import {createMany, keyToFrame} from './ui-keys.mjs';
import {follow, history, longLine, startHistory} from './ui-logs.mjs';
import {execRoundTrip} from './ui-exec.mjs';
import {registryView} from './ui-registry.mjs';
import {statsRows} from './ui-stats.mjs';
import {imagesView} from './ui-images.mjs';
import {manyMemoryRow, memoryRows, node24Rows} from './ui-memory.mjs';
import {composeRows} from './ui-compose.mjs';
import {volumesView} from './ui-volumes.mjs';
import {archiveRows} from './archives.mjs';
import {filesRows} from './files.mjs';
import {layersRows} from './layers.mjs';
import {churnRow, churnStatsRow} from './ui-churn.mjs';
import {startCacheRows} from './ui-start-cache.mjs';
import {startRemoteRows} from './ui-start-remote.mjs';
import {swarmRows} from './ui-swarm.mjs';
import {enginesRows} from './ui-engines.mjs';
import {podmanRows} from './ui-podman.mjs';
import {scaleRows} from './ui-scale.mjs';
import {filterRows} from './log-filter.mjs';
import {registryCopyRow} from './registry-copy-row.mjs';
import {runBundled} from './bundled.mjs';
import {
  busySince,
  CLK_TCK,
  COLS,
  cpuSnapshot,
  Engine,
  log,
  now,
  pool,
  removeBenchContainers,
  ROWS,
  Tmux,
  waitQuiet,
} from './ui-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const quick = process.env.BENCH_QUICK === '1';
const only = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',')) : undefined;
const wanted = name => !only || only.has(name);
const dir = process.env.BENCH_DIR;
const berth = process.env.BENCH_BERTH;
if (!dir || !berth) {
  console.error('bench/run.mjs: run it through scripts/bench.sh (npm run bench)');
  process.exit(2);
}
if (Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'})) !== CLK_TCK) throw new Error('CLK_TCK is not 100');

const engine = new Engine();
const tmux = new Tmux(dir);
const rows = [];
const errors = [];
const ctx = {
  quick,
  dir,
  berth,
  engine,
  tmux,
  cols: COLS,
  rows: ROWS,
  idleCount: 100,
  manyCount: 1000,
  total: 0,
  cleanup: [],
  // CI=false: Ink draws nothing under CI. FORCE_COLOR=2: CI in the environment also turns chalk's colours off;
  // a user's 256-colour terminal has them, and they are part of the bytes written.
  berthEnv: {
    CI: 'false',
    CONTINUOUS_INTEGRATION: 'false',
    FORCE_COLOR: '2',
    XDG_CONFIG_HOME: join(dir, 'config'),
    XDG_STATE_HOME: join(dir, 'state'),
  },
  row(r) {
    rows.push(r);
    log(`${r.measure}: ${r.berth} (${r.met === true ? 'met' : r.met === false ? 'MISSED' : '-'}) ${r.reference ?? ''}`);
  },
};
mkdirSync(ctx.berthEnv.XDG_CONFIG_HOME, {recursive: true});
mkdirSync(ctx.berthEnv.XDG_STATE_HOME, {recursive: true});

async function count() {
  ctx.total = (await engine.json('GET', '/containers/json?all=1')).length;
}

const quietWait = Number(process.env.BENCH_QUIET_WAIT ?? (quick ? 2 : 5)) * 1000;

async function step(name, fn, {timed = true} = {}) {
  if (aborting || (name !== 'setup' && !wanted(name))) return undefined;
  const t0 = now();
  log(`--- ${name}`);
  const first = rows.length;
  let cpu;
  try {
    if (timed) {
      const busy = await waitQuiet(quietWait);
      if (busy >= 50) log(`the machine is ${busy.toFixed(0)}% busy with other work; measuring anyway`);
    }
    await count();
    cpu = cpuSnapshot();
    return await fn();
  } catch (error) {
    errors.push(name);
    log(`${name} FAILED: ${error.stack ?? error}`);
    rows.push({
      measure: name,
      berth: 'error',
      reference: '',
      ratio: '',
      target: '',
      met: false,
      note: String(error.message).split('\n')[0],
    });
    return undefined;
  } finally {
    const busy = cpu ? busySince(cpu) : NaN;
    for (const r of rows.slice(first)) r.busy = busy;
    log(`--- ${name} took ${((now() - t0) / 1000).toFixed(1)} s; machine ${busy.toFixed(0)}% busy`);
  }
}

async function cleanup() {
  for (const fn of ctx.cleanup.splice(0)) {
    try {
      await fn();
    } catch {
      // best effort: one failed cleanup must not keep the others from running
    }
  }
  await tmux.killServer();
  const t0 = now();
  const n = await removeBenchContainers(engine, {onlyThisRun: true}).catch(e => (log(`cleanup: ${e.message}`), 0));
  log(`removed ${n} containers in ${((now() - t0) / 1000).toFixed(1)} s`);
}

let cleaning;
let aborting = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    aborting = true;
    log(`${signal}: cleaning up`);
    cleaning ??= cleanup().finally(() => process.exit(130));
  });
}

// ---------------------------------------------------------------- registry (bench/registry.ts)
async function registryRows() {
  const rounds = process.env.BENCH_REGISTRY_ROUNDS ?? (quick ? '1' : '3');
  const text = await runBundled(ctx, root, 'bench/registry.ts', ['--rounds', rounds]);
  log(text.trim().split('\n').join('\nbench: '));
  const lines = text.split('\n');
  const dash = lines.findIndex(l => /^-+ {2}-+/.test(l));
  if (dash < 0) throw new Error(`bench/registry.ts: no table in its output:\n${text}`);
  for (const line of lines.slice(dash + 1)) {
    if (!line.trim()) break;
    const [listing, conn, first, firstRatio, all, allRatio] = line.trim().split(/ {2,}/);
    const [fb, fr] = first.includes(' / ') ? first.split(' / ') : [];
    const [ab, ar] = all.split(' / ');
    ctx.row({
      measure: `registry ${listing}, ${conn} connections (median of ${rounds})`,
      berth: fb ? `first page ${fb} ms, all ${ab} ms` : `all ${ab} ms`,
      reference: fb ? `bare undici loop: ${fr} ms, ${ar} ms` : `bare undici loop: ${ar} ms`,
      ratio: fb ? `${firstRatio} / ${allRatio}` : allRatio,
      target: 'all pages ≤ 1.3× bare',
      met: Number(allRatio) <= 1.3,
      note: '',
    });
  }
}

// ---------------------------------------------------------------- table and docs
const mark = m => (m === true ? 'yes' : m === false ? '**no**' : '—');
function table(list) {
  const header = ['measure', 'berth', 'reference (same run)', 'ratio', 'target', 'met?'];
  const body = list.map(r => [r.measure, r.berth, r.reference || '—', r.ratio || '—', r.target || '—', mark(r.met)]);
  const esc = s => String(s).replace(/\|/g, '\\|');
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...body.map(c => `| ${c.map(esc).join(' | ')} |`),
  ].join('\n');
}
function plain(list) {
  const header = ['measure', 'berth', 'reference', 'ratio', 'target', 'met?'];
  const body = list.map(r => [
    r.measure,
    r.berth,
    r.reference || '-',
    r.ratio || '-',
    r.target || '-',
    r.met === true ? 'yes' : r.met === false ? 'NO' : '-',
  ]);
  const widths = header.map((h, i) => Math.min(i === 0 ? 70 : 44, Math.max(h.length, ...body.map(c => c[i].length))));
  const cut = (s, w) => (s.length > w ? `${s.slice(0, w - 1)}…` : s.padEnd(w));
  return [header, widths.map(w => '-'.repeat(w)), ...body]
    .map(c => c.map((s, i) => cut(s, widths[i])).join(' | '))
    .join('\n');
}

function machine(version) {
  const node = process.version;
  const cpu = cpus()[0]?.model?.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map(l => l.toFixed(1))
    .join(' ');
  return {
    line: `${execFileSync('nproc', {encoding: 'utf8'}).trim()} CPUs (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${node}, Docker ${version.Version} (API ${version.ApiVersion}) over ${process.env.DOCKER_HOST}${process.env.DOCKER_TLS_VERIFY ? ' with TLS' : ''}`,
    load,
  };
}

function writeDocs(text) {
  const file = join(root, 'docs/benchmarks.md');
  let doc;
  try {
    doc = readFileSync(file, 'utf8');
  } catch {
    doc = '# Benchmarks\n\n<!-- results:start -->\n<!-- results:end -->\n';
  }
  const start = '<!-- results:start -->';
  const end = '<!-- results:end -->';
  if (!doc.includes(start) || !doc.includes(end)) doc += `\n${start}\n${end}\n`;
  doc = doc.slice(0, doc.indexOf(start) + start.length) + `\n${text}\n` + doc.slice(doc.indexOf(end));
  writeFileSync(file, doc);
}

// ---------------------------------------------------------------- main
const started = now();
const version = await engine.version();
const stale = await removeBenchContainers(engine);
if (stale) log(`removed ${stale} containers left by an earlier run`);
const loadAtStart = loadavg()[0];
try {
  await step(
    'setup',
    async () => {
      // The idle containers are for the UI rows; a run of only other rows does without them.
      if (
        ![
          'start',
          'startcache',
          'startremote',
          'idle',
          'bytes',
          'memory',
          'node24',
          'stats',
          'history',
          'longline',
          'exec',
          'follow',
          'keys',
        ].some(wanted)
      )
        return;
      const t0 = now();
      if (wanted('history')) await startHistory(ctx);
      const names = Array.from({length: ctx.idleCount}, (_, i) => `bb-idle-${String(i).padStart(3, '0')}`);
      await pool(names, 6, name => engine.create(name, ['sleep', '1000000'], {start: true}));
      log(`started ${ctx.idleCount} containers in ${((now() - t0) / 1000).toFixed(1)} s`);
      ctx.idleStartedAt = now();
    },
    {timed: false},
  );
  let b;
  await step('start', async () => {
    b = await startRuns(ctx);
  });
  if (b) {
    await step('idle', () => idleCpu(ctx, b));
    await step('bytes', () => bytesPerKey(ctx, b));
    await b.pane.keys('q');
    await b.pane.close();
  }
  await step('startcache', () => startCacheRows(ctx));
  await step('startremote', () => startRemoteRows(ctx));
  await step('memory', () => memoryRows(ctx));
  await step('node24', () => node24Rows(ctx));
  await step('stats', () => statsRows(ctx));
  await step('history', () => history(ctx));
  await step('longline', () => longLine(ctx));
  await step('exec', () => execRoundTrip(ctx));
  await step('follow', () => follow(ctx));
  await step('follow', () => follow(ctx, {batch: true}));
  await step('filter', () => filterRows(ctx));
  await step('images', () => imagesView(ctx));
  await step('compose', () => composeRows(ctx));
  await step('volumes', () => volumesView(ctx));
  await step('keys', async () => {
    await createMany(ctx, ctx.manyCount);
    await count();
    await keyToFrame(ctx);
  });
  await step('memory', async () => {
    if (!wanted('keys')) await createMany(ctx, ctx.manyCount);
    await count();
    await manyMemoryRow(ctx);
  });
  await step('archives', () => archiveRows(ctx));
  await step('files', () => filesRows(ctx));
  await step('layers', () => layersRows(ctx));
  // On a private engine of its own (bench/ui-churn.mjs); BENCH_CHURN_COUNT sets the number (default 2,000).
  await step('churn', () => churnRow(ctx));
  // The same with the stats columns on (BENCH_CHURN_STATS_COUNT, default 2,000; 10,000 for the long row).
  await step('churnstats', () => churnStatsRow(ctx));
  await step('swarm', () => swarmRows(ctx));
  await step('engines', () => enginesRows(ctx));
  await step('podman', () => podmanRows(ctx));
  // 100 to 100,000 containers from a stand-in engine (bench/fake-engine.mjs): the growth table in docs/benchmarks.md.
  await step('scale', () => scaleRows(ctx));
  await cleanup();
  if (process.env.BENCH_REGISTRY !== '0') {
    await step('registry', registryRows, {timed: false});
    await step('registryview', () => registryView(ctx));
    await step('registrycopy', () => registryCopyRow(ctx, {root, quick}), {timed: false});
  }
} finally {
  await cleanup();
  engine.close();
}

const m = machine(version);
const minutes = ((now() - started) / 60_000).toFixed(1);
const date = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
const notes = rows.map(
  r =>
    `- **${r.measure}**: ${[r.note, Number.isFinite(r.busy) ? `machine ${r.busy.toFixed(0)}% busy (all cores, all processes) during the measure` : ''].filter(Boolean).join('; ')}`,
);
const report = [
  `Run ${date}${quick ? ' (BENCH_QUICK=1)' : ''} on ${m.line}; berth's build from this checkout; terminal ${COLS}x${ROWS} (tmux);`,
  `load average ${loadAtStart.toFixed(1)} at the start, ${m.load} at the end; ${minutes} min in all.`,
  '',
  table(rows),
  '',
  ...notes,
].join('\n');

console.log(`\n${plain(rows)}\n`);
console.log(notes.join('\n'));
console.log(`\n${m.line}; load ${loadAtStart.toFixed(1)} → ${m.load}; ${minutes} min`);
if (process.env.BENCH_DOCS !== '0') {
  writeDocs(report);
  log('results written to docs/benchmarks.md');
}
const missed = rows.filter(r => r.met === false).length;
if (errors.length) {
  log(`failed: ${errors.join(', ')}`);
  process.exitCode = 1;
} else if (missed && process.env.BENCH_STRICT === '1') process.exitCode = 1;
