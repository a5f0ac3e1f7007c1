// Quick exec round trip: `e` → the container's shell prompt, and `exit` → berth's full frame again, next to
// `docker exec -it` → prompt and `exit` → the host shell's prompt, measured the same way (tmux, polled) in the
// same run against the same container.
import {log, median, now, openBerth, Pane, shellQuote, sleep} from './ui-lib.mjs';

const PROMPT = /^\/ #\s*$/m;
const BERTH_FRAME = /^ berth ─ engine/;

export async function execRoundTrip(ctx) {
  const name = 'bb-exec';
  const rounds = ctx.quick ? 3 : 7;
  await ctx.engine.create(name, ['sleep', '1000000'], {start: true, init: true});
  try {
    const berth = await berthRounds(ctx, name, rounds);
    const docker = await dockerRounds(ctx, name, rounds);
    log(
      `exec: berth e→prompt ${berth.open.map(Math.round).join(' ')} ms, exit→frame ${berth.back.map(Math.round).join(' ')} ms; docker ${docker.open.map(Math.round).join(' ')} / ${docker.back.map(Math.round).join(' ')} ms`,
    );
    const row = (measure, ours, theirs, what) =>
      ctx.row({
        measure: `${measure} (median of ${rounds})`,
        berth: `${median(ours).toFixed(0)} ms`,
        reference: `docker exec -it ${what} ${median(theirs).toFixed(0)} ms`,
        ratio: `${(median(ours) / median(theirs)).toFixed(2)}×`,
        target: '≤ 300 ms',
        met: median(ours) <= 300,
        note: `berth: ${ours.map(v => v.toFixed(0)).join(', ')} ms; docker exec -it: ${theirs.map(v => v.toFixed(0)).join(', ')} ms (tmux, polled every 5 ms)`,
      });
    row('`e` → shell prompt in the container', berth.open, docker.open, '→ prompt');
    row("`exit` → berth's full frame again", berth.back, docker.back, 'exit → host prompt');
  } finally {
    await ctx.engine.remove(name);
  }
}

async function berthRounds(ctx, name, rounds) {
  const b = await openBerth(ctx, 'exec');
  await b.pane.go();
  await b.pane.waitScreen(/API \d/, {timeout: 15_000, what: 'the engine header'});
  await b.pane.keys('/');
  await b.pane.type(name);
  await b.pane.keys('Enter');
  await b.pane.waitScreen(new RegExp(`^›● ${name}\\b`, 'm'), {timeout: 10_000, what: name});
  const open = [];
  const back = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = now();
    await b.pane.keys('e');
    await b.pane.waitScreen(PROMPT, {timeout: 10_000, interval: 5, what: 'the shell prompt'});
    open.push(now() - t0);
    const t1 = now();
    await b.pane.type('exit');
    await b.pane.keys('Enter');
    await b.pane.waitScreen(s => BERTH_FRAME.test(s) && /exited 0/.test(s) && !PROMPT.test(s), {
      timeout: 10_000,
      interval: 5,
      what: "berth's frame",
    });
    back.push(now() - t1);
    await sleep(150);
  }
  await b.pane.keys('q');
  await sleep(200);
  await b.pane.close();
  return {open, back};
}

async function dockerRounds(ctx, name, rounds) {
  const pane = new Pane(ctx.tmux, 'exec-docker');
  await pane.open('sh', {env: {...ctx.berthEnv, PS1: 'host$ '}});
  await pane.go();
  await pane.waitScreen(/^host\$/m, {what: 'the host prompt'});
  const open = [];
  const back = [];
  for (let i = 0; i < rounds; i++) {
    await pane.type("printf '\\033[H\\033[2J'");
    await pane.keys('Enter');
    await pane.waitScreen(s => s.trim() === 'host$', {what: 'a clear screen'});
    const t0 = now();
    await pane.type(`docker exec -it ${shellQuote(name)} /bin/sh`);
    await pane.keys('Enter');
    await pane.waitScreen(PROMPT, {timeout: 10_000, interval: 5, what: 'the shell prompt'});
    open.push(now() - t0);
    const t1 = now();
    await pane.type('exit');
    await pane.keys('Enter');
    await pane.waitScreen(s => /host\$\s*$/.test(s.trimEnd()), {timeout: 10_000, interval: 5, what: 'the host prompt'});
    back.push(now() - t1);
  }
  await pane.close();
  return {open, back};
}
