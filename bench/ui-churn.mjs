// Churn: 2,000 containers created (one in five started) and removed in batches while berth shows the container list and
// follows a log — 30 minutes of a busy host condensed. Resources after warm-up and at the end must agree (±10%):
// RSS, open file descriptors, sockets (/proc/PID/fd), libuv handles, and the listeners on process, stdin,
// stdout, the store and the log pane (berth's `resources` trace event, on SIGUSR2; source/diagnostics.ts).
//
// A PRIVATE dockerd (test/helpers/private-engine.ts, bundled here): the shared bench engine never sees these
// containers. They are named bbc-<run>-…, and all of them, and the engine, are gone at the end.
import {mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Engine, fmt, log, median, now, Pane, pool, RUN, shebangOf, shellQuote, sleep, Trace} from './ui-lib.mjs';

const root = new URL('..', import.meta.url).pathname;

async function privateEngineHelper(dir) {
  const {build} = await import('esbuild');
  const out = join(dir, 'private-engine.mjs');
  await build({
    entryPoints: [join(root, 'test/helpers/private-engine.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: out,
    logLevel: 'warning',
  });
  return import(out);
}

function fds(pid) {
  const all = readdirSync(`/proc/${pid}/fd`);
  let sockets = 0;
  for (const fd of all) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // closed meanwhile
    }
  }
  return {fds: all.length, sockets};
}

const rssOf = pid => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;

// Five readings a second apart; the median of each (a collection may run between two of them).
async function sample(pid, trace) {
  const readings = [];
  for (let i = 0; i < 5; i++) {
    const seen = trace.events().filter(e => e.event === 'resources').length;
    process.kill(pid, 'SIGUSR2');
    const end = now() + 5000;
    let event;
    while (!event && now() < end) {
      await sleep(20);
      event = trace.events().filter(e => e.event === 'resources')[seen];
    }
    if (!event) throw new Error('berth wrote no resources event after SIGUSR2');
    readings.push({...event, procRss: rssOf(pid), ...fds(pid)});
    await sleep(1000);
  }
  const keys = Object.keys(readings[0]).filter(k => typeof readings[0][k] === 'number' && k !== 't');
  return Object.fromEntries(keys.map(k => [k, median(readings.map(r => r[k]))]));
}

// The next `count` names of a run: <prefix>-00000, <prefix>-00001, …
function namer(prefix) {
  let made = 0;
  return count => Array.from({length: count}, () => `${prefix}-${String(made++).padStart(5, '0')}`);
}

// The screen above the alert line: the alert (on, as in a user's berth) names the newest containers that exited
// with an error (each churned container is killed), and those names are not rows.
function listPart(screen) {
  const lines = screen.split('\n');
  const alert = lines.findIndex(line => line.startsWith(' alert:'));
  return (alert === -1 ? lines : lines.slice(0, alert)).join('\n');
}

// berth on the private engine, until it has connected. As bin/berth.js's shebang runs it, and with --expose-gc so
// each reading is taken after a collection.
async function openOnEngine(ctx, name, dockerd, env = {}) {
  const pane = new Pane(ctx.tmux, name);
  const trace = new Trace(join(ctx.dir, `${name}.trace.jsonl`));
  const launch = shebangOf(ctx.berth);
  await pane.open(
    `env -u DOCKER_TLS_VERIFY -u DOCKER_CERT_PATH -u DOCKER_CONTEXT ${[process.execPath, ...launch.flags, '--expose-gc', ctx.berth].map(shellQuote).join(' ')}`,
    {env: {...ctx.berthEnv, ...launch.env, ...env, BERTH_TRACE: trace.file, DOCKER_HOST: dockerd.host}},
  );
  await pane.go();
  const pid = await pane.pid();
  await pane.waitScreen(/API \d+\.\d+/, {what: 'berth connected'});
  return {pane, trace, pid};
}

export async function churnRow(ctx) {
  const total = Number(process.env.BENCH_CHURN_COUNT ?? (ctx.quick ? 400 : 2000));
  const warmup = Math.min(200, Math.floor(total / 5));
  const batch = 50;
  const {startPrivateEngine} = await privateEngineHelper(ctx.dir);
  const t0 = now();
  const dockerd = await startPrivateEngine();
  ctx.cleanup.push(() => dockerd.stop());
  dockerd.loadBusybox();
  log(`private engine ${dockerd.host} up in ${((now() - t0) / 1000).toFixed(1)} s`);
  const engine = new Engine({socketPath: dockerd.socket, tls: false});
  ctx.cleanup.push(() => engine.close());
  const prefix = `bbc-${RUN}`;
  const logger = `${prefix}-log`;
  // 12,000 lines at once, then 20 a second: with `logs.tail: 10000` the pane's buffer (10,000 lines) is full
  // from the start, so its steady state is what is measured, not a buffer filling up.
  await engine.create(
    logger,
    [
      'sh',
      '-c',
      'i=0; while [ $i -lt 12000 ]; do i=$((i+1)); echo "churn log line $i"; done; while :; do i=$((i+1)); echo "churn log line $i"; sleep 0.05; done',
    ],
    {start: true},
  );
  const config = join(ctx.dir, 'churn-config');
  mkdirSync(join(config, 'berth'), {recursive: true});
  // View 9 keeps the newest events.bufferLines events (5,000 by default): the churn's ~3.5 events per container
  // filled it through the run, ~2 MB of heap by design (heap snapshots: the growth was event records). With the
  // smallest ring it is full after the warm-up, and what grows is what a container leaves behind.
  writeFileSync(join(config, 'berth', 'config.yml'), 'logs:\n  tail: 10000\nevents:\n  bufferLines: 100\n');

  const {pane, trace, pid} = await openOnEngine(ctx, 'churn', dockerd, {XDG_CONFIG_HOME: config});
  // Follow the logger's log, then show the whole list beside it.
  await pane.type('/');
  await pane.type(logger);
  await pane.keys('Enter');
  await pane.waitScreen(new RegExp(`filter: ${logger}`), {what: 'the filter'});
  await pane.waitScreen(s => !/^ \/ /m.test(s) && s.includes('enter logs'), {what: 'the filter prompt to close'});
  await pane.keys('Enter');
  await pane.waitScreen(new RegExp(`logs ${logger} · follow`), {what: 'the log pane'});
  await pane.waitScreen(/churn log line \d+/, {what: 'log lines'});
  await pane.waitScreen(/\d\d,\d{3} lines/, {what: 'the buffer to fill', timeout: 30_000});
  await pane.keys('Escape');
  await sleep(300);
  await pane.keys('Escape');
  await pane.waitScreen(s => !s.includes('filter:'), {what: 'the filter to clear'});

  const nextNames = namer(prefix);
  const churn = async count => {
    for (let done = 0; done < count; done += batch) {
      const names = nextNames(Math.min(batch, count - done));
      // Every fifth one started too (start and die events, a process that exits at once), all removed.
      const ids = await pool(names, 6, (name, i) => engine.create(name, ['true'], {start: i % 5 === 0}));
      await pool(ids, 6, id => engine.remove(id));
    }
  };
  const settle = async () => {
    // The list shows the logger alone again and the events have stopped.
    await pane.waitScreen(s => !s.includes(`${prefix}-0`) && s.includes(logger), {
      what: 'the churned containers to leave the list',
      timeout: 30_000,
    });
    await sleep(3000);
  };

  const tw = now();
  await churn(warmup);
  await settle();
  const before = await sample(pid, trace);
  log(`warm-up: ${warmup} containers in ${((now() - tw) / 1000).toFixed(1)} s; ${JSON.stringify(before)}`);
  const tc = now();
  await churn(total - warmup);
  const churnSeconds = (now() - tc) / 1000;
  await settle();
  const after = await sample(pid, trace);
  log(`end: ${total} containers; ${JSON.stringify(after)}`);
  const screen = await pane.screen();
  const following = new RegExp(`logs ${logger} · follow`).test(screen) && /churn log line \d+/.test(screen);
  await pane.keys('q');
  await pane.close();

  // Nothing of the run stays on the engine, then the engine goes.
  const left = (await engine.list({name: [prefix]})).filter(c => c.Names.some(n => n.startsWith(`/${prefix}`)));
  await pool(
    left.map(c => c.Id),
    6,
    id => engine.remove(id),
  );
  const remaining = (await engine.list({name: [prefix]})).length;
  engine.close();
  await dockerd.stop();
  if (remaining) throw new Error(`${remaining} churn containers could not be removed`);

  // A leak grows with the churn: each reading may end at most 10% above its warm-up value; a count may also be
  // one more (a keep-alive socket to the engine is open at one reading and idle-closed at the other). Ending
  // lower is no leak, and is shown as it is.
  const within = (a, b) => b <= a * 1.1 || b <= a + 1;
  const measures = [
    ['RSS', 'procRss', v => `${fmt(v / 2 ** 20, 1)} MB`],
    ['heap used', 'heapUsed', v => `${fmt(v / 2 ** 20, 1)} MB`],
    ['open fds', 'fds', v => fmt(v)],
    ['sockets', 'sockets', v => fmt(v)],
    ['libuv handles', 'handles', v => fmt(v)],
    ['process listeners', 'processListeners', v => fmt(v)],
    ['stdin listeners', 'stdinListeners', v => fmt(v)],
    ['stdout listeners', 'stdoutListeners', v => fmt(v)],
    ['store listeners', 'storeListeners', v => fmt(v)],
    ['log pane listeners', 'logPaneListeners', v => fmt(v)],
  ];
  const leaks = measures.filter(([, key]) => !within(before[key], after[key])).map(([label]) => label);
  const rate = (total - warmup) / churnSeconds;
  ctx.row({
    measure: `churn: ${fmt(total)} containers created (1 in 5 started) and removed (batches of ${batch}, private engine) while berth lists and follows a log; after warm-up (${warmup}) → end`,
    berth: measures.map(([label, key, show]) => `${label} ${show(before[key])} → ${show(after[key])}`).join('; '),
    reference: `${fmt(rate, 1)} containers/s; follow ${following ? 'still live' : '**lost**'} at the end`,
    ratio: `RSS ${fmt(after.procRss / before.procRss, 2)}×`,
    target: 'none grows by more than 10% (a count: or by one)',
    met: leaks.length === 0 && following,
    note: leaks.length ? `grew more than 10%: ${leaks.join(', ')}` : 'nothing grew beyond its warm-up value + 10%',
  });
}

// Churn with the stats columns on: containers created and started, 25 alive at a time, each on screen until its
// row shows a CPU figure (its first stats read), one in five restarted, all removed, while berth shows the list
// filtered to them with `u` on. Heap (after a collection) and RSS after a warm-up and at the end, and the growth
// per 1,000 containers; at the end six more stay and the list must show exactly what the engine lists.
// BENCH_CHURN_STATS_COUNT sets the number (default 2,000; quick 300; the long row is 10,000).
export async function churnStatsRow(ctx) {
  const total = Number(process.env.BENCH_CHURN_STATS_COUNT ?? (ctx.quick ? 300 : 2000));
  const warmup = Math.min(200, Math.floor(total / 5));
  const batch = 25;
  const {startPrivateEngine} = await privateEngineHelper(ctx.dir);
  const dockerd = await startPrivateEngine();
  ctx.cleanup.push(() => dockerd.stop());
  dockerd.loadBusybox();
  const engine = new Engine({socketPath: dockerd.socket, tls: false});
  ctx.cleanup.push(() => engine.close());
  const prefix = `bbs-${RUN}`;
  const {pane, trace, pid} = await openOnEngine(ctx, 'churn-stats', dockerd);
  await pane.type(`/${prefix}`);
  await pane.keys('Enter');
  await pane.waitScreen(new RegExp(`filter: ${prefix}`), {what: 'the filter'});
  await pane.type('u');
  await pane.waitScreen(/CPU\s+MEM/, {what: 'the stats columns'});

  const nextNames = namer(prefix);
  const churn = async count => {
    for (let done = 0; done < count; done += batch) {
      const names = nextNames(Math.min(batch, count - done));
      const ids = await pool(names, 6, name => engine.create(name, ['sleep', '100000'], {init: true, start: true}));
      // Until every row shows a CPU figure: each container was read at least once.
      await pane.waitScreen(
        screen => names.every(name => screen.split('\n').some(line => line.includes(name) && /\d+\.\d%/.test(line))),
        {what: `CPU figures on ${names[0]}…`, timeout: 30_000},
      );
      await pool(
        ids.filter((_, i) => i % 5 === 0),
        6,
        id => engine.json('POST', `/containers/${id}/restart?t=0`),
      );
      await pool(ids, 6, id => engine.remove(id));
    }
  };
  const settle = async () => {
    await pane.waitScreen(s => !listPart(s).includes(`${prefix}-`), {
      what: 'the churned containers to leave',
      timeout: 30_000,
    });
    await sleep(3000);
  };
  await churn(warmup);
  await settle();
  const before = await sample(pid, trace);
  const tc = now();
  await churn(total - warmup);
  const churnSeconds = (now() - tc) / 1000;
  await settle();
  const after = await sample(pid, trace);
  log(`churn with stats: ${total} containers; before ${JSON.stringify(before)}; after ${JSON.stringify(after)}`);

  // Six stay, three running: the list shows what the engine lists, names and states.
  const last = Array.from({length: 6}, (_, i) => `${prefix}-end${i}`);
  await pool(last, 6, (name, i) => engine.create(name, ['sleep', '100000'], {init: true, start: i < 3}));
  const listed = (await engine.list({name: [prefix]}))
    .map(c => `${c.Names[0].slice(1)} ${c.State === 'running' ? 'running' : 'created'}`)
    .sort()
    .join();
  const shown = s =>
    listPart(s)
      .split('\n')
      .flatMap(line => {
        const m = new RegExp(`(${prefix}-\\S+)`).exec(line);
        return m ? [`${m[1]} ${line.includes('●') ? 'running' : 'created'}`] : [];
      })
      .sort()
      .join();
  let same = true;
  try {
    await pane.waitScreen(s => shown(s) === listed, {what: 'the list to be the engine list', timeout: 15_000});
  } catch {
    same = false;
  }
  await pane.keys('q');
  await pane.close();
  const left = await engine.list({name: [prefix]});
  await pool(
    left.map(c => c.Id),
    6,
    id => engine.remove(id),
  );
  engine.close();
  await dockerd.stop();

  const mb = v => `${fmt(v / 2 ** 20, 1)} MB`;
  const heap = after.heapUsed - before.heapUsed;
  const rss = after.procRss - before.procRss;
  const per = (total - warmup) / 1000;
  ctx.row({
    measure: `churn with stats on: ${fmt(total)} containers started (25 alive, 1 in 5 restarted) and removed while berth lists them with CPU and MEM (private engine); after warm-up (${warmup}) → end`,
    berth: `heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)}; RSS ${mb(before.procRss)} → ${mb(after.procRss)}`,
    reference: `${fmt((total - warmup) / churnSeconds, 1)} containers/s; per 1,000 churned: heap ${fmt(heap / per / 1024)} KB, RSS ${fmt(rss / per / 1024)} KB`,
    ratio: `heap ${fmt(after.heapUsed / before.heapUsed, 2)}×`,
    target: 'heap ≤ +3 MB, RSS ≤ +10 MB; the list is the engine list',
    met: heap <= 3 * 2 ** 20 && rss <= 10 * 2 ** 20 && same,
    note: same ? 'the list equals the engine list at the end' : '**the list differs from the engine list at the end**',
  });
}
