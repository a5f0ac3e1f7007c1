// Podman next to Docker: Podman answers GET /version in 300–400 ms (its /_ping and /containers/json in under 10),
// so berth connects from /_ping's headers and reads /version after the list. Rows: `berth ps` against `docker ps -a`
// on a Podman service of the bench's own; and the start with the bench engine and Podman together, where the bench
// engine's rows must not wait for Podman's.
import {execFileSync, spawn, spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {contextsDir} from './ui-engines.mjs';
import {fmt, IMAGE, log, median, openBerth, sleep, timeCommand} from './ui-lib.mjs';

const ULIMITS = ['--ulimit', 'nofile=1024:1024', '--ulimit', 'nproc=1024:1024'];

async function startPodman() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pod-'));
  const socket = join(dir, 'podman.sock');
  const base = ['--root', join(dir, 'root'), '--runroot', join(dir, 'run'), '--cgroup-manager', 'cgroupfs'];
  const podman = args => execFileSync('podman', [...base, '--events-backend', 'file', ...args], {encoding: 'utf8'});
  const image = execFileSync('docker', ['save', IMAGE], {maxBuffer: 256 * 1024 * 1024});
  execFileSync('podman', [...base, 'load', '-q'], {input: image, stdio: ['pipe', 'ignore', 'pipe']});
  const child = spawn(
    'podman',
    [...base, '--events-backend', 'file', 'system', 'service', '--time=0', `unix://${socket}`],
    {
      detached: true,
      stdio: 'ignore',
    },
  );
  child.unref();
  const stop = () => {
    try {
      podman(['rm', '-af', '-t', '0']);
    } catch {
      // nothing left, or the service is gone already
    }
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      // exited
    }
    spawnSync('pkill', ['-9', '-f', `${dir}/`]);
    spawnSync('sh', ['-c', `grep -o ' ${dir}[^ ]*' /proc/mounts | sort -r | xargs -r -n1 umount -l`]);
    rmSync(dir, {recursive: true, force: true, maxRetries: 3});
  };
  const deadline = Date.now() + 20_000;
  while (!existsSync(socket) || spawnSync('curl', ['-sf', '--unix-socket', socket, 'http://pod/_ping']).status !== 0) {
    if (Date.now() > deadline) {
      stop();
      throw new Error('podman system service did not answer within 20 s');
    }
    await sleep(100);
  }
  return {host: `unix://${socket}`, podman, stop};
}

export async function podmanRows(ctx) {
  if (spawnSync('podman', ['--version']).status !== 0) return log('podman: not installed, rows skipped');
  const pod = await startPodman();
  try {
    for (let i = 0; i < 3; i++)
      pod.podman(['run', '-d', '--name', `aa-pod-${i}`, ...ULIMITS, IMAGE, 'sleep', '100000']);
    const runs = ctx.quick ? 3 : 7;
    const berthPs = [];
    const dockerPs = [];
    // -H names the engine for both (it wins over DOCKER_HOST).
    for (let i = 0; i < runs; i++) {
      berthPs.push((await timeCommand(ctx.berth, ['ps', '-H', pod.host])).ms);
      dockerPs.push((await timeCommand('docker', ['-H', pod.host, 'ps', '-a'])).ms);
    }
    log(
      `podman ps: berth ${berthPs.map(v => v.toFixed(0)).join(' ')} ms; docker ${dockerPs.map(v => v.toFixed(0)).join(' ')} ms`,
    );
    ctx.row({
      measure: `berth ps on a Podman 4.3 service vs docker ps -a (median of ${runs}, interleaved)`,
      berth: `${fmt(median(berthPs))} ms`,
      reference: `${fmt(median(dockerPs))} ms`,
      ratio: `+${fmt(median(berthPs) - median(dockerPs))} ms`,
      target: '≤ +500 ms',
      met: median(berthPs) - median(dockerPs) <= 500,
      note: "berth's part is mostly Node's start; Podman's slow /version is read only by berth version and view 5",
    });
    // The two-engine starts spread over ~100 ms on this kind of machine (200–330 ms either way): with 7 of each the
    // medians' ratio ranged 0.94–1.35× from one run to the next; with 21 of each, 1.04×.
    await bothEngines(ctx, pod, ctx.quick ? 3 : 21);
  } finally {
    pod.stop();
  }
}

// Time to the bench engine's first rows with Podman as a second engine, against the bench engine alone.
async function bothEngines(ctx, pod, runs) {
  const config = join(ctx.dir, 'podman-config');
  contextsDir(config, [
    {name: 'bench', host: process.env.DOCKER_HOST, tls: process.env.DOCKER_CERT_PATH},
    {name: 'pod', host: pod.host},
  ]);
  // Named to sort before the run's other running containers (bb-idle-*), so its row is on the first screen.
  await ctx.engine.create('aa-pod-bench', ['sleep', '1000000'], {start: true});
  const env = {...ctx.berthEnv, DOCKER_CONFIG: config, DOCKER_HOST: '', DOCKER_TLS_VERIFY: '', DOCKER_CERT_PATH: ''};
  const times = {one: [], both: [], pod: []};
  await ctx.tmux.cmd('new-session', '-d', '-s', 'podman-keep', '-x', '20', '-y', '5', 'sleep 3600');
  try {
    for (let i = 0; i < runs; i++) {
      for (const [key, args] of [
        ['one', ['--context', 'bench']],
        ['both', ['--context', 'bench', '--context', 'pod']],
      ]) {
        const b = await openBerth({...ctx, berthEnv: env}, `podman-${key}-${i}`, args);
        await sleep(100);
        const t0 = await b.pane.go();
        times[key].push((await b.pane.waitOutput(/aa-pod-bench/, {timeout: 15_000})) - t0);
        if (key === 'both') times.pod.push((await b.pane.waitOutput(/aa-pod-2/, {timeout: 15_000})) - t0);
        await b.pane.keys('q');
        await sleep(300);
        await b.pane.close();
      }
    }
  } finally {
    await ctx.tmux.cmd('kill-session', '-t', 'podman-keep').catch(() => {});
  }
  log(
    `podman engines: ${Object.entries(times)
      .map(([k, v]) => `${k} ${v.map(x => x.toFixed(0)).join(' ')}`)
      .join('; ')} ms`,
  );
  const one = median(times.one);
  ctx.row({
    measure: `start → the bench engine's first rows, with Podman as a second engine vs alone (median of ${runs})`,
    berth: `${fmt(median(times.both))} ms (Podman's rows at ${fmt(median(times.pod))} ms)`,
    reference: `alone ${fmt(one)} ms`,
    ratio: `${(median(times.both) / one).toFixed(2)}×`,
    target: '≤ 1.3×',
    met: median(times.both) <= one * 1.3,
    note: 'each engine connects and lists on its own; Podman over its unix socket, the bench engine over TLS',
  });
}
