// Start with and without V8's code cache of the bundle (bin/berth.js: vm.Script's cachedData, on every Node), on the
// machine's Node and on Node 24, interleaved with the two references of the start row: `docker ps -a` and the
// smallest Node HTTPS GET of /containers/json, on the same Node as the berth it is compared with. Each berth has a fresh cache directory, filled by one start first
// (a user's second start onwards); NODE_DISABLE_COMPILE_CACHE=1 is the "off" side. From berth's trace: when its
// UI modules were loaded and when the engine first answered, after process start; and berth's CPU time until the
// containers were on screen.
import {execFileSync} from 'node:child_process';
import {mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {CLK_TCK, cpuTicks, fmt, log, median, node24Binary, openBerthWith, sleep, timeCommand} from './ui-lib.mjs';
import {RAW_GET} from './ui-start.mjs';

const NAME_RE = /bb-idle-\d{3}/;

async function startOnce(ctx, name, node, env) {
  const b = await openBerthWith(ctx, name, node, env);
  await sleep(100);
  const t0 = await b.pane.go();
  const seen = await b.pane.waitOutput(NAME_RE, {timeout: 20_000});
  // berth's CPU time by then (10 ms ticks): on a machine busy with other work, steadier than the wall time.
  const cpuMs = (cpuTicks(await b.pane.pid()) * 1000) / CLK_TCK;
  const events = b.trace.events();
  const at = event => events.find(e => e.event === event)?.sinceStart;
  await b.pane.keys('q');
  await sleep(300);
  await b.pane.close();
  return {
    ms: seen - t0,
    cpuMs,
    loaded: at('ui-loaded'),
    answered: at('engine-answered'),
    listed: at('containers-answered'),
  };
}

export async function startCacheRows(ctx) {
  const runs = ctx.quick ? 3 : 7;
  const nodes = [
    ['here', process.execPath],
    ['v24', node24Binary()],
  ];
  const sides = [];
  for (const [which, node] of nodes) {
    const version = execFileSync(node, ['--version'], {encoding: 'utf8'}).trim();
    const cache = join(ctx.dir, `compile-cache-${which}`);
    mkdirSync(cache, {recursive: true});
    for (const on of [false, true]) {
      const env = on ? {XDG_CACHE_HOME: cache} : {XDG_CACHE_HOME: cache, NODE_DISABLE_COMPILE_CACHE: '1'};
      sides.push({which, version, on, env, node, runs: []});
    }
    // Fills the cache.
    await startOnce(ctx, `cache-fill-${which}`, node, {XDG_CACHE_HOME: cache});
  }
  const dockerPs = [];
  // The GET on each Node berth runs on: Node 24 starts ~30 ms sooner than Node 20, for the GET as for berth.
  const rawGet = Object.fromEntries(nodes.map(([which]) => [which, []]));
  for (let i = 0; i < runs; i++) {
    dockerPs.push((await timeCommand('docker', ['ps', '-a'])).ms);
    for (const [which, node] of nodes) rawGet[which].push((await timeCommand(node, ['-e', RAW_GET])).ms);
    const order = i % 2 ? [...sides].reverse() : sides;
    for (const side of order)
      side.runs.push(await startOnce(ctx, `cache-${side.which}-${side.on ? 'on' : 'off'}-${i}`, side.node, side.env));
  }
  const ps = median(dockerPs);
  log(
    `start cache: docker ps -a ${dockerPs.map(v => v.toFixed(0)).join(' ')}; raw GET ${nodes.map(([which]) => `${which} ${rawGet[which].map(v => v.toFixed(0)).join(' ')}`).join('; ')}`,
  );
  const here = median(rawGet.here);
  for (const [which] of nodes) {
    const get = median(rawGet[which]);
    const [off, on] = sides.filter(side => side.which === which);
    const m = side => median(side.runs.map(r => r.ms));
    const phases = side =>
      `CPU ${fmt(median(side.runs.map(r => r.cpuMs)))} ms, modules loaded ${fmt(median(side.runs.map(r => r.loaded ?? NaN)))} ms, ping answered ${fmt(median(side.runs.map(r => r.answered ?? NaN)))} ms, list answered ${fmt(median(side.runs.map(r => r.listed ?? NaN)))} ms after process start`;
    for (const side of [off, on])
      log(
        `start ${side.version} cache ${side.on ? 'on' : 'off'}: ${side.runs.map(r => r.ms.toFixed(0)).join(' ')} ms; ${phases(side)}`,
      );
    ctx.row({
      measure: `start → containers on screen, Node ${on.version}, code cache on (off) (${ctx.idleCount} running, ${ctx.total} in all; median of ${runs})`,
      berth: `${fmt(m(on))} ms (${fmt(m(off))} ms)`,
      reference: `node HTTPS GET on the same Node ${fmt(get)} ms${which === 'here' ? '' : ` (on ${process.version}: ${fmt(here)} ms)`}; docker ps -a ${fmt(ps)} ms`,
      ratio:
        `${(m(on) / get).toFixed(2)}× the GET (${(m(off) / get).toFixed(2)}×)` +
        (which === 'here' ? '' : `; ${(m(on) / here).toFixed(2)}× the ${process.version} GET`) +
        `; ${(m(on) / ps).toFixed(2)}× docker ps`,
      target: '≤ 2× the GET',
      met: m(on) <= 2 * get,
      note: `on: ${phases(on)}; off: ${phases(off)}; runs on ${on.runs.map(r => r.ms.toFixed(0)).join(', ')}, off ${off.runs.map(r => r.ms.toFixed(0)).join(', ')} ms`,
    });
  }
}
