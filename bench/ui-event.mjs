// One engine event at 100,000 containers → frame: berth's CPU time per event (all its threads, from
// /proc/PID/task/*/schedstat, nanoseconds), median over EVENTS events, each the stand-in's event for one container
// off screen, then a wait for berth's request for that container (its trace) and its frame. Two kinds: in place (an
// exited container dies again: its status changes, its place does not) and moving (a running one stops, or starts
// again: it moves between the running and the exited rows). An idle window as long is measured between them and
// reported beside. bench/ui-scale.mjs adds its rows at 100,000; alone it compares two builds A/B, interleaved:
//   node bench/ui-event.mjs [BASE_DIR]   (BASE_DIR holds another build's bin/ and dist/, e.g. main's)
import {spawn} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs';
import {loadavg, tmpdir} from 'node:os';
import {join} from 'node:path';
import {berthEnvIn, COLS, log, median, openBerth, ROWS, sleep, Tmux} from './ui-lib.mjs';

const EVENTS = 10;
// After berth's request for the container: its answer, the patch and the frame, with room to spare.
const SETTLE_MS = 400;

// CPU time of every thread of a process, in milliseconds.
export function cpuMs(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // A thread that ended meanwhile.
    }
  }
  return ns / 1e6;
}

const post = (host, i, action) =>
  fetch(`${host.replace(/^tcp:/, 'http:')}/fake/event?i=${i}&action=${action}`, {method: 'POST'}).then(r => r.text());

// The trace's answers to berth's lists of one container (the patch's request).
const listedOne = trace => trace.events().filter(e => e.event === 'containers-listed' && e.rows === 1).length;

async function oneEvent(b, pid, host, i, action) {
  const before = listedOne(b.trace);
  const c0 = cpuMs(pid);
  await post(host, i, action);
  const end = performance.now() + 10_000;
  while (listedOne(b.trace) === before) {
    if (performance.now() > end) throw new Error(`no request for container ${i} after its event`);
    await sleep(5);
  }
  await sleep(SETTLE_MS);
  return cpuMs(pid) - c0;
}

async function idleWindow(pid) {
  const c0 = cpuMs(pid);
  await sleep(SETTLE_MS + 20);
  return cpuMs(pid) - c0;
}

// On a berth showing the stand-in's 100,000 containers: {inPlace, moving, idle} medians in ms of CPU, and `first`,
// the first event's (berth makes its index of the rows by ID then).
export async function eventCosts(b, host, count = 100_000) {
  const pid = await b.pane.pid();
  const inPlace = [];
  const moving = [];
  const idle = [];
  // Container i runs when i is a multiple of 5 (bench/fake-engine.mjs); both kinds from past the middle of the list.
  const middle = 5 * Math.floor(count / 10);
  for (let k = 0; k < EVENTS; k++) {
    // Exited, far below the screen: dies again.
    inPlace.push(await oneEvent(b, pid, host, middle + 5 * k + 1, 'die'));
    idle.push(await idleWindow(pid));
    // Running, below the screen among the running ones: stops, then starts again next time.
    moving.push(await oneEvent(b, pid, host, middle + 5 * (k >> 1), k % 2 ? 'start' : 'die'));
  }
  return {first: inPlace[0], inPlace: median(inPlace), moving: median(moving), idle: median(idle)};
}

// The stand-in as a child process; resolves {host, stop}.
export function startStandIn(count) {
  const child = spawn(process.execPath, [new URL('fake-engine.mjs', import.meta.url).pathname, String(count)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.stdout.once('data', data => resolve({host: String(data).trim(), stop: () => child.kill('SIGTERM')}));
  });
}

async function oneRun(ctx, berth, name, host) {
  const b = await openBerth({...ctx, berth}, name);
  await b.pane.go();
  await b.pane.waitOutput(/fake-000000 /, {timeout: 60_000});
  await sleep(2000);
  const costs = await eventCosts(b, host);
  await b.pane.keys('q');
  await sleep(300);
  await b.pane.close();
  return costs;
}

// Alone: this build against BASE_DIR's, ROUNDS rounds, alternately, one stand-in for all.
if (process.argv[1]?.endsWith('ui-event.mjs')) {
  const base = process.argv[2];
  const rounds = Number(process.env.BENCH_EVENT_ROUNDS ?? 3);
  const dir = mkdtempSync(join(tmpdir(), 'berth-event-'));
  const tmux = new Tmux(dir);
  const engine = await startStandIn(100_000);
  const ctx = {
    dir,
    tmux,
    cols: COLS,
    rows: ROWS,
    berthEnv: {
      ...berthEnvIn(dir),
      DOCKER_HOST: engine.host,
      DOCKER_TLS_VERIFY: '',
      DOCKER_CERT_PATH: '',
      DOCKER_CONTEXT: '',
    },
  };
  const builds = [['this', new URL('../bin/berth.js', import.meta.url).pathname]];
  if (base) builds.push(['base', join(base, 'bin/berth.js')]);
  const results = Object.fromEntries(builds.map(([name]) => [name, []]));
  try {
    for (let round = 0; round < rounds; round++)
      for (const [name, berth] of round % 2 ? [...builds].reverse() : builds) {
        const costs = await oneRun(ctx, berth, `event-${name}-${round}`, engine.host);
        log(`${name} round ${round}: ${JSON.stringify(costs)} (load ${loadavg()[0].toFixed(2)})`);
        results[name].push(costs);
      }
    for (const [name, runs] of Object.entries(results))
      log(
        `${name}: one event at 100,000 → frame, CPU ms (medians of ${rounds} runs): in place ${median(runs.map(r => r.inPlace)).toFixed(1)}, first ${median(runs.map(r => r.first)).toFixed(1)}, moving ${median(runs.map(r => r.moving)).toFixed(1)}, idle window ${median(runs.map(r => r.idle)).toFixed(1)}`,
      );
  } finally {
    engine.stop();
    await tmux.killServer();
    rmSync(dir, {recursive: true, force: true});
  }
}
