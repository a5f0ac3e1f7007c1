// Start against an engine 30 ms away: a TCP proxy in front of the bench engine holds every byte 15 ms each way, as
// an engine on another host would (a remote TLS context, DOCKER_HOST=tcp://…). Containers on screen, against the
// bare HTTPS GET of the list through the same proxy, in the same rounds; BENCH_BASE (another build) as in the start
// row. There the engine's round trips are the start's cost: the first list and the ping are asked at once, as the
// process starts (engine/early-start.ts).
import {createServer, connect} from 'node:net';
import {fmt, log, median, openBerthWith, timeCommand} from './ui-lib.mjs';
import {RAW_GET, startOnce} from './ui-start.mjs';

const ONE_WAY_MS = 15;

function delayProxy(target) {
  const server = createServer(client => {
    const engine = connect(target.port, target.host);
    const pipe = (from, to) => {
      from.on('data', data => setTimeout(() => to.write(data), ONE_WAY_MS));
      from.on('end', () => setTimeout(() => to.end(), ONE_WAY_MS));
      from.on('error', () => to.destroy());
    };
    pipe(client, engine);
    pipe(engine, client);
  });
  return new Promise(resolve => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function startRemoteRows(ctx) {
  const engine = new URL((process.env.DOCKER_HOST ?? '').replace(/^tcp:/, 'http:'));
  if (!engine.port) throw new Error('start through a proxy: DOCKER_HOST is not a tcp:// engine');
  const proxy = await delayProxy({host: engine.hostname, port: Number(engine.port)});
  ctx.cleanup.push(() => proxy.close());
  const host = `tcp://127.0.0.1:${proxy.address().port}`;
  const env = {DOCKER_HOST: host};
  const runs = ctx.quick ? 3 : 7;
  const base = process.env.BENCH_BASE;
  const sides = {berth: [], base: [], get: []};
  for (let i = 0; i < runs; i++) {
    sides.get.push((await timeCommand(process.execPath, ['-e', RAW_GET], env)).ms);
    if (base) {
      const name = `remote-base${i}`;
      sides.base.push(
        await startOnce(ctx, name, () => openBerthWith({...ctx, berth: base}, name, process.execPath, env)),
      );
    }
    const name = `remote${i}`;
    sides.berth.push(await startOnce(ctx, name, () => openBerthWith(ctx, name, process.execPath, env)));
  }
  const list = values => values.map(v => v.toFixed(0)).join(', ');
  log(
    `start 30 ms away: berth ${list(sides.berth)} ms; GET ${list(sides.get)}${base ? `; base ${list(sides.base)}` : ''}`,
  );
  const m = median(sides.berth);
  const get = median(sides.get);
  ctx.row({
    measure: `start → containers on screen, engine 30 ms away (a delaying proxy; ${ctx.idleCount} running; median of ${runs})`,
    berth: `${fmt(m)} ms`,
    reference: `node HTTPS GET through the proxy ${fmt(get)} ms`,
    ratio: `${(m / get).toFixed(2)}× the GET`,
    target: '≤ 2× the GET',
    met: m <= 2 * get,
    note: `runs ${list(sides.berth)} ms${base ? `; the build BENCH_BASE names: ${list(sides.base)} ms (median ${fmt(median(sides.base))})` : ''}`,
  });
}
