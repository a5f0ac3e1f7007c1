// The volumes and networks views with many volumes and a few dozen networks: `7`/`8` pressed → the rows on screen (with the
// containers using each, from the container list), next to `docker volume ls` / `docker network ls` in the same run.
import {log, median, now, openBerth, pool, RUN, run, timeCommand} from './ui-lib.mjs';

const VOLUMES = 300;
// The engine's default address pools hold about 30 /16 bridge networks; stay well inside them.
const NETWORKS = 12;

async function measure(ctx, key, pattern, what, rounds) {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const b = await openBerth(ctx, `${what}-view-${round}`);
    await b.pane.go();
    await b.pane.waitScreen(/API \d/, {timeout: 15_000, what: 'the engine header'});
    const start = now();
    await b.pane.keys(key);
    await b.pane.waitScreen(pattern, {timeout: 10_000, interval: 5, what});
    times.push(now() - start);
    await b.pane.keys('q');
    await b.pane.close();
  }
  return times;
}

export async function volumesView(ctx) {
  const prefix = `bbv-${RUN}`;
  const volumes = Array.from({length: VOLUMES}, (_, i) => `${prefix}-${String(i).padStart(3, '0')}`);
  const networks = Array.from({length: NETWORKS}, (_, i) => `${prefix}-n${i}`);
  const t0 = now();
  await pool(volumes, 6, name => run('docker', ['volume', 'create', '--label', `berth.bench.run=${RUN}`, name]));
  await pool(networks, 3, name => run('docker', ['network', 'create', '--label', `berth.bench.run=${RUN}`, name]));
  ctx.cleanup.push(() => pool(volumes, 6, name => run('docker', ['volume', 'rm', name]).catch(() => undefined)));
  ctx.cleanup.push(() => pool(networks, 3, name => run('docker', ['network', 'rm', name]).catch(() => undefined)));
  log(`created ${VOLUMES} volumes and ${NETWORKS} networks in ${((now() - t0) / 1000).toFixed(1)} s`);
  const rounds = ctx.quick ? 1 : 3;
  const rows = [
    {
      key: '7',
      pattern: new RegExp(`${prefix}-000 `),
      what: 'volumes',
      count: `${VOLUMES} volumes`,
      reference: ['volume', 'ls'],
    },
    {
      key: '8',
      pattern: new RegExp(`${prefix}-n0 `),
      what: 'networks',
      count: `${NETWORKS} networks`,
      reference: ['network', 'ls'],
    },
  ];
  for (const row of rows) {
    const times = await measure(ctx, row.key, row.pattern, row.what, rounds);
    const reference = [];
    for (let round = 0; round < rounds; round++) reference.push((await timeCommand('docker', row.reference)).ms);
    const berth = median(times);
    const docker = median(reference);
    log(
      `${row.what} view: ${times.map(t => t.toFixed(0)).join(' ')} ms; docker ${row.reference.join(' ')} ${reference.map(t => t.toFixed(0)).join(' ')} ms`,
    );
    ctx.row({
      measure: `${row.what} view, ${row.count}, ${ctx.total} containers: \`${row.key}\` → rows on screen (median of ${rounds})`,
      berth: `${berth.toFixed(0)} ms`,
      reference: `docker ${row.reference.join(' ')} ${docker.toFixed(0)} ms`,
      ratio: (berth / docker).toFixed(2),
      target: '≤ 200 ms',
      met: berth <= 200,
      note: "USED BY comes from view 1's container list, which berth already has (no second request); the docker command lists names only",
    });
  }
}
