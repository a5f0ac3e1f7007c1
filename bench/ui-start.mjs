// 1. start → containers on screen (100 running containers); 2. idle CPU; 3. bytes written per arrow key.
// The three share the 100 containers and the last berth instance of the start runs.
import {spawn} from 'node:child_process';
import {readSync} from 'node:fs';
import {performance} from 'node:perf_hooks';
import {
  CLK_TCK,
  cpuTicks,
  fmt,
  log,
  median,
  now,
  openBerth,
  sampleProcess,
  selectedName,
  sleep,
  timeCommand,
} from './ui-lib.mjs';

const NAME_RE = /bb-idle-\d{3}/;

// The smallest Node client: one HTTPS GET /containers/json?all=1 with the same certificates, body to stdout.
export const RAW_GET = `
const fs = require('fs'), path = require('path'), https = require('https'), http = require('http');
const h = process.env.DOCKER_HOST || 'unix:///var/run/docker.sock', d = process.env.DOCKER_CERT_PATH;
const o = {path: '/containers/json?all=1'};
if (h.startsWith('unix://')) o.socketPath = h.slice(7);
else { const u = new URL(h.replace(/^tcp:/, 'http:')); o.hostname = u.hostname; o.port = u.port; }
const tls = process.env.DOCKER_TLS_VERIFY && !o.socketPath;
if (tls) for (const k of ['ca', 'cert', 'key']) o[k] = fs.readFileSync(path.join(d, k + '.pem'));
(tls ? https : http).get(o, r => { r.pipe(process.stdout); r.on('end', () => { if (r.statusCode !== 200) process.exit(1); }); });
`;

// One start, Enter → a bb-idle container on screen; `open` starts berth in its pane (by default as users run it).
export async function startOnce(ctx, name, open = () => openBerth(ctx, name)) {
  const b = await open();
  await sleep(100);
  const t0 = await b.pane.go();
  const seen = await b.pane.waitOutput(NAME_RE, {timeout: 15_000});
  await b.pane.keys('q');
  await sleep(300);
  await b.pane.close();
  return seen - t0;
}

export async function startRuns(ctx) {
  const runs = Number(process.env.BENCH_START_RUNS) || (ctx.quick ? 3 : 5);
  const berth = [];
  const firstFrame = [];
  const dockerPs = [];
  const rawGet = [];
  const listFrame = [];
  // BENCH_BASE=another build's bin/berth.js: started in every round too, for an A/B of the start in one run.
  const base = process.env.BENCH_BASE;
  const baseRuns = [];
  let last;
  // A user's second start onwards: one start first leaves berth's code cache of this build (bin/berth.js); the first
  // start of a build, without it, is the startcache row's "off" side.
  await startOnce(ctx, 'start-warm');
  for (let i = 0; i < runs; i++) {
    // Interleaved, so load from other work on the machine hits every side alike.
    dockerPs.push((await timeCommand('docker', ['ps', '-a'])).ms);
    rawGet.push((await timeCommand(process.execPath, ['-e', RAW_GET])).ms);
    if (base) baseRuns.push(await startOnce({...ctx, berth: base}, `base${i}`));
    const b = await openBerth(ctx, `start${i}`);
    await sleep(100); // the shell is waiting in `read`; let tmux settle before the clock starts
    const t0 = await b.pane.go();
    const seen = await b.pane.waitOutput(NAME_RE, {timeout: 15_000});
    berth.push(seen - t0);
    await b.pane.waitScreen(NAME_RE, {timeout: 2000, what: 'a bb-idle container'});
    // Which of berth's frames put the containers there: the last one written before tmux had the name.
    const events = b.trace.events();
    const ff = events.find(e => e.event === 'first-frame');
    if (ff) {
      firstFrame.push(ff.sinceStart);
      const origin = ff.t - ff.sinceStart;
      const frame = events.filter(e => e.event === 'frame' && e.t <= performance.timeOrigin + seen + 1).at(-1);
      if (frame)
        listFrame.push({
          at: frame.t - origin,
          renderMs: frame.renderMs,
          spawn: seen - t0 - (performance.timeOrigin + seen - origin),
        });
    }
    if (i < runs - 1) {
      await b.pane.keys('q');
      await sleep(300);
      await b.pane.close();
    } else last = b;
  }
  log(
    `start: berth ${berth.map(v => v.toFixed(0)).join(' ')} ms; docker ps -a ${dockerPs.map(v => v.toFixed(0)).join(' ')}; raw GET ${rawGet.map(v => v.toFixed(0)).join(' ')}` +
      (base ? `; base build ${baseRuns.map(v => v.toFixed(0)).join(' ')} ms (median ${fmt(median(baseRuns))})` : ''),
  );
  const m = median(berth);
  const get = median(rawGet);
  ctx.row({
    measure: `start → containers on screen (${ctx.idleCount} running, ${ctx.total} in all; median of ${runs}, after one start)`,
    berth: `${fmt(m)} ms`,
    reference: `node HTTPS GET ${fmt(get)} ms; docker ps -a ${fmt(median(dockerPs))} ms`,
    ratio: `${(m / get).toFixed(2)}× the GET`,
    target: '≤ 2× the GET',
    met: m <= 2 * get,
    note:
      `runs ${berth.map(v => v.toFixed(0)).join(', ')} ms; from berth's trace (medians): Node's process start ${fmt(median(listFrame.map(f => f.spawn)))} ms ` +
      `after the Enter, Ink's first frame ${fmt(median(firstFrame))} ms after process start, the frame with the containers ` +
      `${fmt(median(listFrame.map(f => f.at)))} ms after process start (rendered in ${fmt(median(listFrame.map(f => f.renderMs)), 1)} ms)`,
  });
  return last;
}

// 2. Idle CPU with the containers on screen; `docker events` (a process holding the same event stream) alongside.
export async function idleCpu(ctx, b) {
  const seconds = ctx.quick ? 10 : 30;
  const pid = await b.pane.pid();
  await sleep(2000); // let the list settle after start
  const events = spawn('docker', ['events'], {stdio: ['ignore', 'pipe', 'ignore']});
  let eventLines = 0;
  events.stdout.on('data', d => (eventLines += d.toString().split('\n').length - 1));
  ctx.cleanup.push(() => events.kill());
  await sleep(500);
  const framesBefore = b.trace.frames().length;
  const bytesBefore = b.pane.bytes();
  const e0 = cpuTicks(events.pid);
  const t0 = now();
  const s = await sampleProcess(pid, seconds);
  const eventsCpu = (100 * (cpuTicks(events.pid) - e0)) / CLK_TCK / ((now() - t0) / 1000);
  events.kill();
  const frames = b.trace.frames().length - framesBefore;
  const bytes = b.pane.bytes() - bytesBefore;
  ctx.row({
    measure: `idle CPU, ${ctx.idleCount} running containers on screen (${seconds} s)`,
    berth: `${s.cpuPercent.toFixed(2)} % of a core`,
    reference: `docker events ${eventsCpu.toFixed(2)} %`,
    ratio: '',
    target: '≤ 1 %',
    met: s.cpuPercent <= 1,
    note: `${frames} frames and ${fmt(bytes)} bytes written while idle; ${eventLines} engine events in the window (other work on the engine); RSS ${s.rss.at(-1).toFixed(0)} MB`,
  });
}

// 3. Bytes written to the terminal per Down key at 120x40.
// An age under a minute is drawn in seconds ("up 40s"), so a list of containers started moments ago gets a frame every
// second whatever the keys do; the row waits until the bench's containers are a minute old, as a user's mostly are
// (the idle CPU row counts those frames).
const AGES_IN_MINUTES_MS = 62_000;

export async function bytesPerKey(ctx, b) {
  const presses = 20;
  const {pane, trace} = b;
  if (ctx.idleStartedAt !== undefined) await sleep(Math.max(0, ctx.idleStartedAt + AGES_IN_MINUTES_MS - now()));
  await pane.settle(100);
  // One key first, not counted: berth keeps no clock, so the ages on screen are as of the last frame, and the first
  // frame after a quiet minute redraws every age that moved (~2.9 KB, once: it was the one key that decided the mean).
  const warm = trace.keyFrames().length;
  await pane.keys('Down');
  await trace.waitKeyFrames(warm + 1);
  await pane.settle(100);
  const start = pane.bytes();
  const framesBefore = trace.frames().length;
  const keyFramesBefore = trace.keyFrames().length;
  let previous = selectedName(await pane.screen());
  if (!previous) throw new Error(`bytes per key: no selected container in the details pane:\n${await pane.screen()}`);
  const per = [];
  const chunks = [];
  for (let i = 0; i < presses; i++) {
    const before = pane.bytes();
    await pane.keys('Down');
    const moved = await pane.waitScreen(
      s => {
        const n = selectedName(s);
        return n && n !== previous ? n : undefined;
      },
      {timeout: 5000, interval: 10, what: `selection to move from ${previous}`},
    );
    previous = moved;
    await trace.waitKeyFrames(keyFramesBefore + i + 1);
    const after = await pane.settle(40);
    per.push(after - before);
    const chunk = Buffer.alloc(after - before);
    readSync(pane.fd, chunk, 0, chunk.length, before);
    chunks.push(chunk.toString('utf8'));
  }
  // What a key's bytes are: lines rewritten (each ends with erase-to-end-of-line), SGR colour codes, cursor moves.
  const lines = median(chunks.map(c => c.split('\x1b[K').length - 1));
  const sgr = chunks.reduce((n, c) => n + (c.match(/\x1b\[[0-9;]*m/g) ?? []).join('').length, 0) / presses;
  const moves = chunks.reduce((n, c) => n + (c.match(/\x1b\[\d*[ABEG]/g) ?? []).join('').length, 0) / presses;
  const total = (await pane.settle(100)) - start;
  const otherFrames = trace.frames().length - framesBefore - presses;
  const avg = total / presses;
  ctx.row({
    measure: `bytes written per ↓ key at ${ctx.cols}x${ctx.rows} (${presses} presses)`,
    berth: `${fmt(avg)} B`,
    reference: '',
    ratio: '',
    target: '≤ 300 B',
    met: avg <= 300,
    note:
      `median ${fmt(median(per))} B, max ${fmt(Math.max(...per))} B per key; a key rewrites ${lines} whole lines (median); per key ` +
      `${fmt(sgr)} B are SGR colour codes and ${fmt(moves)} B cursor moves; ${otherFrames > 0 ? otherFrames : 0} frames not caused by a key in the window`,
  });
  await bytesPastBottom(ctx, b);
}

// The first container row on screen (the list's window top).
const firstRow = screen => /^[ ›][●○‖]\S?\s*(\S+)/m.exec(screen)?.[1];

// ↓ at the last row on screen scrolls the list by one: the terminal moves the rows (DL/IL, scroll-lines.js in the Ink
// patch) and two rows are written, where the whole list was rewritten before.
async function bytesPastBottom(ctx, b) {
  const {pane} = b;
  const presses = 10;
  let previous = selectedName(await pane.screen());
  const top = firstRow(await pane.screen());
  const press = async () => {
    await pane.keys('Down');
    previous = await pane.waitScreen(
      s => {
        const n = selectedName(s);
        return n && n !== previous ? n : undefined;
      },
      {timeout: 5000, interval: 10, what: `selection to move from ${previous}`},
    );
  };
  // Down to the bottom of the window: the first press that moves the window's top.
  for (let i = 0; i < 200 && firstRow(await pane.screen()) === top; i++) await press();
  if (firstRow(await pane.screen()) === top) throw new Error('bytes past the bottom: the list never scrolled');
  const per = [];
  for (let i = 0; i < presses; i++) {
    const before = await pane.settle(60);
    const firstBefore = firstRow(await pane.screen());
    await press();
    await pane.waitScreen(s => firstRow(s) !== firstBefore, {
      timeout: 5000,
      interval: 10,
      what: 'the window to scroll',
    });
    per.push((await pane.settle(60)) - before);
  }
  const med = median(per);
  ctx.row({
    measure: `bytes written per ↓ key one row past the bottom of the list at ${ctx.cols}x${ctx.rows} (${presses} presses)`,
    berth: `${fmt(med)} B (median)`,
    reference: '',
    ratio: '',
    target: '≤ 600 B (the list is not rewritten)',
    met: med <= 600,
    note: `per key: ${per.map(n => fmt(n)).join(', ')} B`,
  });
}
