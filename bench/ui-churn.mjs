// Churn: 2,000 containers created (one in five started) and removed in batches while berth shows the container list and
// follows a log — 30 minutes of a busy host condensed. Resources after warm-up and at the end must agree (±10%):
// RSS, open file descriptors, sockets (/proc/PID/fd), libuv handles, and the listeners on process, stdin,
// stdout, the store and the log pane (berth's `resources` trace event, on SIGUSR2; source/diagnostics.ts).
//
// A PRIVATE dockerd (test/helpers/private-engine.ts, bundled here): the shared bench engine never sees these
// containers. They are named bbc-<run>-…, and all of them, and the engine, are gone at the end.
import {mkdirSync, readdirSync, readFileSync, readlinkSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {Engine, fmt, log, median, now, Pane, pool, RUN, shellQuote, sleep, Trace} from './ui-lib.mjs';

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
  writeFileSync(join(config, 'berth', 'config.yml'), 'logs:\n  tail: 10000\n');

  const pane = new Pane(ctx.tmux, 'churn');
  const trace = new Trace(join(ctx.dir, 'churn.trace.jsonl'));
  const env = {...ctx.berthEnv, XDG_CONFIG_HOME: config, BERTH_TRACE: trace.file, DOCKER_HOST: dockerd.host};
  // The flags of bin/berth.js's shebang, and --expose-gc so each reading is taken after a collection.
  const entry = join(ctx.berth, '..', '..', 'dist', 'berth.js');
  await pane.open(
    `env -u DOCKER_TLS_VERIFY -u DOCKER_CERT_PATH -u DOCKER_CONTEXT ${shellQuote(process.execPath)} --max-semi-space-size=4 --expose-gc ${shellQuote(entry)}`,
    {env},
  );
  await pane.go();
  const pid = await pane.pid();
  await pane.waitScreen(/API \d+\.\d+/, {what: 'berth connected'});
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

  let made = 0;
  const churn = async count => {
    for (let done = 0; done < count; done += batch) {
      const names = Array.from(
        {length: Math.min(batch, count - done)},
        () => `${prefix}-${String(made++).padStart(5, '0')}`,
      );
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
