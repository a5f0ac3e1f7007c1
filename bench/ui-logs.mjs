// 5. following a ~5,000 lines/s container; 6. opening a log with 1,000,000 lines of history; 7. keys with a 1 MB line.
import {fmt, log, median, now, openBerth, Pane, rssMB, sampleProcess, sleep, timeCommand} from './ui-lib.mjs';

// 5,000 lines/s, paced by /proc/uptime (centiseconds): every 20 ms the loop prints the lines it owes, so the rate
// holds even when the shell is slow. Line N is "follow N the quick brown fox…" (52-57 bytes).
export const FOLLOW_SCRIPT = `read s _ < /proc/uptime; s=\${s%.*}\${s#*.}; n=0
while :; do
  read u _ < /proc/uptime; u=\${u%.*}\${u#*.}
  t=$(( (u - s) * 50 ))
  if [ $t -gt $n ]; then awk -v a=$((n+1)) -v b=$t 'BEGIN{for(i=a;i<=b;i++) printf "follow %d the quick brown fox jumps over the lazy dog\\n", i}'; n=$t; fi
  usleep 20000
done`;

// The same rate in bursts, as a batch job or a buffered logger writes: 500 lines every 100 ms (the counter advances
// by 500 each tenth of a second of /proc/uptime).
export const FOLLOW_BATCH_SCRIPT = `read s _ < /proc/uptime; s=\${s%.*}\${s#*.}; n=0
while :; do
  read u _ < /proc/uptime; u=\${u%.*}\${u#*.}
  t=$(( (u - s) / 10 * 500 ))
  if [ $t -gt $n ]; then awk -v a=$((n+1)) -v b=$t 'BEGIN{for(i=a;i<=b;i++) printf "follow %d the quick brown fox jumps over the lazy dog\\n", i}'; n=$t; fi
  usleep 20000
done`;

export const HISTORY_LINES = 1_000_000;
// The 1 MB line, then a line of 10,000 zero-width spaces (each shown as an 8-cell marker, ‹U+200B›), then ticks.
export const LONGLINE_SCRIPT = `head -c 1000000 /dev/zero | tr '\\0' x; echo; yes "$(printf '\\342\\200\\213')" | head -n 10000 | tr -d '\\n'; echo; i=0; while :; do i=$((i+1)); echo "tick $i"; usleep 100000; done`;

const FOLLOW_RE = /follow (\d+) the/g;

// Filter the list down to `name` and open its log pane (/ name enter, enter).
async function openLogs(pane, name) {
  await pane.keys('/');
  await pane.type(name);
  await pane.waitScreen(s => s.includes(`filter: ${name}`) && new RegExp(`[●○] ${name}\\b`).test(s), {
    timeout: 10_000,
    what: `${name} in the filtered list`,
  });
  await pane.keys('Enter');
  await sleep(150);
  const t0 = now();
  await pane.keys('Enter');
  return t0;
}

async function containerCounter(ctx, name) {
  const t0 = now();
  const [last] = (await ctx.engine.logTail(name, 1)).slice(-1);
  const t1 = now();
  const m = /follow (\d+) the/.exec(last ?? '');
  return {n: m ? Number(m[1]) : NaN, at: (t0 + t1) / 2, err: (t1 - t0) / 2};
}

function lastOnScreen(screen) {
  let n = NaN;
  for (const m of screen.matchAll(FOLLOW_RE)) n = Number(m[1]);
  return n;
}

// Flat: after 5 s of warm-up, the second half's peak is within 10% (+5 MB) of the first half's. V8 frees in steps,
// so the troughs (lowest sample of each half) are reported too.
function flatness(rss) {
  const warm = rss.slice(Math.min(5, Math.floor(rss.length / 4)));
  const half = Math.floor(warm.length / 2);
  const a = warm.slice(0, half);
  const b = warm.slice(half);
  const first = Math.max(...a);
  const second = Math.max(...b);
  return {first, second, lows: [Math.min(...a), Math.min(...b)], flat: second <= first * 1.1 + 5};
}

// `batch`: the 500-lines-every-100-ms variant, whose CPU target is tighter (2.5× docker logs -f).
export async function follow(ctx, {batch = false} = {}) {
  const seconds = Number(process.env.BENCH_FOLLOW_SECONDS || (ctx.quick ? 15 : 60));
  const refSeconds = ctx.quick ? 15 : Number(process.env.BENCH_FOLLOW_REF_SECONDS || 30);
  const name = batch ? 'bb-follow-batch' : 'bb-follow';
  const cpuTarget = batch ? 2.5 : 5;
  await ctx.engine.create(name, ['sh', '-c', batch ? FOLLOW_BATCH_SCRIPT : FOLLOW_SCRIPT], {start: true, init: true});
  await sleep(1000);

  // berth: open the log pane and sample CPU, RSS and lag.
  const b = await openBerth(ctx, 'follow');
  await b.pane.go();
  const pid = await b.pane.pid();
  await b.pane.waitScreen(/bb-(idle|many|follow)/, {timeout: 15_000, what: 'the containers list'});
  await openLogs(b.pane, name);
  await b.pane.waitScreen(/follow \d+ the/, {timeout: 10_000, what: 'follow lines'});
  await sleep(1000);
  const rate0 = await containerCounter(ctx, name);
  const lags = [];
  const checkEvery = Math.max(1, Math.floor(seconds / 6));
  const framesBefore = b.trace.frames().length;
  const bytesBefore = b.pane.bytes();
  const s = await sampleProcess(pid, seconds, {
    onSecond: async i => {
      if (i % checkEvery !== 0 || i === seconds) return;
      const ts = now();
      const shown = lastOnScreen(await b.pane.screen());
      const c = await containerCounter(ctx, name);
      lags.push({shown, container: c.n, at: c.at - ts, err: c.err});
    },
  });
  const rate1 = await containerCounter(ctx, name);
  const rate = (rate1.n - rate0.n) / ((rate1.at - rate0.at) / 1000);
  const lagSeconds = lags.map(l => (l.container - l.shown) / rate - l.at / 1000);
  const frames = b.trace.frames().slice(framesBefore);
  const bytes = b.pane.bytes() - bytesBefore;
  await b.pane.keys('Escape');
  await sleep(100);
  await b.pane.keys('q');
  await sleep(200);
  await b.pane.close();

  // reference: docker logs -f (same starting point: the last 200 lines) in a terminal of the same size.
  const r = new Pane(ctx.tmux, 'follow-ref');
  await r.open(`docker logs -f --tail 200 ${name}`, {env: {}});
  await r.go();
  const rpid = await r.pid();
  await r.waitScreen(/follow \d+ the/, {timeout: 10_000, what: 'docker logs output'});
  await sleep(1000);
  const rs = await sampleProcess(rpid, refSeconds);
  await r.close();

  const f = flatness(s.rss);
  const maxRss = Math.max(...s.rss);
  const ratio = s.cpuPercent / rs.cpuPercent;
  const maxLag = Math.max(...lagSeconds);
  log(
    `follow: rate ${rate.toFixed(0)}/s; lags ${lagSeconds.map(l => l.toFixed(2)).join(' ')} s; rss ${s.rss.map(v => v.toFixed(0)).join(' ')}`,
  );
  const header = `follow ${fmt(rate)} lines/s${batch ? ' in 500-line batches every 100 ms' : ''} (${seconds} s; docker logs -f ${refSeconds} s)`;
  ctx.row({
    measure: `${header}: CPU`,
    berth: `${s.cpuPercent.toFixed(1)} % of a core`,
    reference: `docker logs -f ${rs.cpuPercent.toFixed(1)} %`,
    ratio: `${ratio.toFixed(1)}×`,
    target: `≤ ${cpuTarget}× docker logs -f`,
    met: ratio <= cpuTarget,
    note: `${frames.length} frames (${(frames.length / seconds).toFixed(1)}/s), median render ${median(frames.map(x => x.renderMs)).toFixed(1)} ms, ${fmt(bytes / seconds / 1024)} KiB/s to the terminal`,
  });
  ctx.row({
    measure: `${header}: RSS`,
    berth: `max ${maxRss.toFixed(0)} MB`,
    reference: `docker logs -f max ${Math.max(...rs.rss).toFixed(0)} MB`,
    ratio: '',
    target: '≤ 150 MB, flat',
    met: maxRss <= 150 && f.flat,
    note:
      `peak ${f.first.toFixed(0)} MB in the first half, ${f.second.toFixed(0)} MB in the second (${f.flat ? 'flat' : 'growing'}); ` +
      `lowest ${f.lows[0].toFixed(0)} → ${f.lows[1].toFixed(0)} MB; every second: ${s.rss.map(v => v.toFixed(0)).join(' ')}`,
  });
  ctx.row({
    measure: `${header}: newest line on screen behind the container`,
    berth: `max ${maxLag.toFixed(2)} s`,
    reference: '',
    ratio: '',
    target: '≤ 1 s',
    met: maxLag <= 1,
    note: `${lags.length} checks: ${lagSeconds.map(l => l.toFixed(2)).join(', ')} s (±${(Math.max(...lags.map(l => l.err)) / 1000).toFixed(2)} s)`,
  });
  await ctx.engine.remove(name);
}

export async function startHistory(ctx) {
  await ctx.engine.create('bb-history', ['seq', '1', String(HISTORY_LINES)], {start: true});
}

export async function history(ctx) {
  const name = 'bb-history';
  const end = now() + 120_000;
  for (;;) {
    const c = await ctx.engine.inspect(name);
    if (c.State.Status === 'exited') break;
    if (now() > end) throw new Error(`${name} still ${c.State.Status} after 120 s`);
    await sleep(250);
  }
  const last = (await ctx.engine.logTail(name, 1))[0];
  if (last !== String(HISTORY_LINES)) throw new Error(`${name}: last log line is ${last}, not ${HISTORY_LINES}`);
  const ref = [];
  for (let i = 0; i < 3; i++) ref.push((await timeCommand('docker', ['logs', '--tail', '200', name])).ms);

  // A fresh berth for every open: after esc the pane keeps the lines, so a second enter would redraw nothing.
  const runs = ctx.quick ? 2 : 3;
  const opens = [];
  let rssBefore;
  let rss10;
  for (let i = 0; i < runs; i++) {
    const b = await openBerth(ctx, `history${i}`);
    await b.pane.go();
    const pid = await b.pane.pid();
    await b.pane.waitScreen(/bb-(idle|many|history)/, {timeout: 15_000, what: 'the containers list'});
    await sleep(500);
    if (i === 0) rssBefore = rssMB(pid);
    const from = b.pane.bytes();
    const t0 = await openLogs(b.pane, name);
    const seen = await b.pane.waitOutput(/\b1000000\b/, {fromByte: from, timeout: 15_000});
    opens.push(seen - t0);
    await b.pane.waitScreen(/^.*\b1000000\s*$/m, {timeout: 5000, what: 'the last history line'});
    if (i === 0) {
      await sleep(10_000);
      rss10 = rssMB(pid);
    }
    await b.pane.keys('q');
    await sleep(200);
    await b.pane.close();
  }
  const m = median(opens);
  log(`history: opens ${opens.map(v => v.toFixed(0)).join(' ')} ms`);
  ctx.row({
    measure: `open logs with ${fmt(HISTORY_LINES)} lines of history: enter → lines on screen (median of ${runs})`,
    berth: `${fmt(m)} ms`,
    reference: `docker logs --tail 200 ${fmt(median(ref))} ms`,
    ratio: `${(m / median(ref)).toFixed(2)}×`,
    target: '≤ 500 ms',
    met: m <= 500,
    note: `opens ${opens.map(v => v.toFixed(0)).join(', ')} ms, each in a fresh berth`,
  });
  ctx.row({
    measure: `RSS 10 s after opening ${fmt(HISTORY_LINES)} lines`,
    berth: `${rss10.toFixed(0)} MB`,
    reference: `${rssBefore.toFixed(0)} MB before opening`,
    ratio: '',
    target: 'bounded (≤ 150 MB)',
    met: rss10 <= 150,
    note: '',
  });
}

export async function longLine(ctx) {
  const name = 'bb-longline';
  const presses = 6;
  const b = await openBerth(ctx, 'longline');
  await b.pane.go();
  await b.pane.waitScreen(/bb-(idle|many)/, {timeout: 15_000, what: 'the containers list'});
  // Filter first, so the log opens a moment after the container starts and the 1 MB line is still on screen
  // (ticks push it off after ~3.5 s).
  await b.pane.keys('/');
  await b.pane.type(name);
  await sleep(200);
  await ctx.engine.create(name, ['sh', '-c', LONGLINE_SCRIPT], {start: true, init: true});
  await b.pane.waitScreen(new RegExp(`[●○] ${name}\\b`), {timeout: 10_000, interval: 10, what: name});
  await b.pane.keys('Enter');
  await sleep(50);
  await b.pane.keys('Enter');
  const LONG = /x{40}/;
  await b.pane.waitScreen(s => LONG.test(s) && s.includes('‹U+200B›‹U+200B›') && /tick \d+/.test(s), {
    timeout: 10_000,
    interval: 10,
    what: 'the long lines and ticks',
  });
  const before = b.trace.keyFrames('t').length;
  const external = [];
  let visible = 0;
  for (let i = 0; i < presses; i++) {
    const on = i % 2 === 0;
    const t0 = now();
    await b.pane.keys('t');
    const s = await b.pane.waitScreen(sc => /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z tick/.test(sc) === on && sc, {
      timeout: 5000,
      interval: 5,
      what: `timestamps ${on ? 'on' : 'off'}`,
    });
    external.push(now() - t0);
    if (LONG.test(s)) visible++;
    await b.trace.waitKeyFrames(before + i + 1, 't');
    await sleep(50);
  }
  const keyFrames = b.trace.keyFrames('t').slice(before);
  const k = keyFrames.map(f => f.keyToFrameMs);
  const all = b.trace.frames();
  // How long since the previous frame when the key came: Ink renders at most every 50 ms (maxFps 20).
  const gaps = keyFrames.map(f => {
    const i = all.indexOf(all.find(x => x.t === f.t));
    return i > 0 ? f.t - f.keyToFrameMs - all[i - 1].t : NaN;
  });
  await b.pane.keys('Escape');
  await sleep(100);
  await b.pane.keys('q');
  await sleep(200);
  await b.pane.close();
  await ctx.engine.remove(name);
  const m = median(k);
  log(`longline: key→frame ${k.join(' ')} ms; external ${external.map(v => v.toFixed(0)).join(' ')} ms`);
  ctx.row({
    measure: `\`t\` key → frame with a 1,000,000-character line in the log (median of ${presses})`,
    berth: `${m.toFixed(1)} ms`,
    reference: '',
    ratio: '',
    target: '≤ 100 ms',
    met: m <= 100,
    note:
      `each: ${k.map(v => v.toFixed(0)).join(', ')} ms, rendered in ${keyFrames.map(f => f.renderMs.toFixed(0)).join(', ')} ms, ` +
      `key ${gaps.map(v => v.toFixed(0)).join(', ')} ms after the previous frame; key sent → screen changed ${median(external).toFixed(0)} ms ` +
      `(tmux, polled); long line on screen at ${visible} of ${presses} presses`,
  });
}
