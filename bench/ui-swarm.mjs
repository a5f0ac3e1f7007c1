// The swarm view against a two-node swarm of the run's own (scripts/testbed-swarm.sh, removed at the end):
// 1. `6` → the services on screen with 200 services, next to `docker service ls` in the same run;
// 2. following a service of 4 tasks × 1,000 lines/s (tasks on both nodes) next to `docker service logs -f`.
import {execFile} from 'node:child_process';
import {join} from 'node:path';
import {fmt, log, median, now, Pane, pool, RUN, sampleProcess, shellQuote, sleep, Trace} from './ui-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const SERVICES = 200;
// 1,000 lines/s per task, paced by /proc/uptime like the container follow row: "<task> N the quick brown fox…".
const SWARM_FOLLOW_SCRIPT = `read s _ < /proc/uptime; s=\${s%.*}\${s#*.}; n=0
while :; do
  read u _ < /proc/uptime; u=\${u%.*}\${u#*.}
  t=$(( (u - s) * 10 ))
  if [ $t -gt $n ]; then awk -v a=$((n+1)) -v b=$t 'BEGIN{for(i=a;i<=b;i++) printf "swarm %d the quick brown fox jumps over the lazy dog\\n", i}'; n=$t; fi
  usleep 20000
done`;

function sh(file, args, env, {timeout = 300_000, input} = {}) {
  return new Promise((resolve, reject) => {
    const child = execFile(
      file,
      args,
      {env: {...process.env, ...env}, timeout, maxBuffer: 64 * 1024 * 1024, encoding: 'utf8'},
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${file} ${args.join(' ')}: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin.end(input);
  });
}

function timed(file, args, env) {
  const t0 = now();
  return sh(file, args, env).then(() => now() - t0);
}

async function openOn(ctx, name, host) {
  const pane = new Pane(ctx.tmux, name);
  const trace = new Trace(join(ctx.dir, `${name}.trace.jsonl`));
  await pane.open([ctx.berth].map(shellQuote).join(' '), {
    env: {
      ...ctx.berthEnv,
      BERTH_TRACE: trace.file,
      DOCKER_HOST: host,
      DOCKER_TLS_VERIFY: '',
      DOCKER_CERT_PATH: '',
      DOCKER_CONTEXT: '',
    },
  });
  return {pane, trace};
}

export async function swarmRows(ctx) {
  // Short paths: containerd's sockets live under the exec root (unix socket paths are limited to 107 bytes).
  // Ports 28000–31999: below the kernel's ephemeral range, apart from the tests' swarms (test/helpers/swarm.ts).
  const env = {BERTH_SWARM_DIR: `/tmp/bsw-${RUN}`, BERTH_SWARM_PORT: String(28_000 + (Number(RUN) % 2000) * 2)};
  const host = `unix://${env.BERTH_SWARM_DIR}/manager/docker.sock`;
  const cli = {DOCKER_HOST: host, DOCKER_TLS_VERIFY: '', DOCKER_CERT_PATH: '', DOCKER_CONTEXT: ''};
  const dk = args => sh('docker', args, cli);
  const t0 = now();
  ctx.cleanup.push(() => sh('bash', [join(root, 'scripts/testbed-swarm.sh'), 'down'], env));
  await sh('bash', [join(root, 'scripts/testbed-swarm.sh'), 'up'], env);
  log(`swarm up in ${((now() - t0) / 1000).toFixed(1)} s`);

  // 1. 200 services (no replicas: the list is what is measured, not the tasks).
  const names = Array.from({length: SERVICES}, (_, i) => `bsvc-${String(i).padStart(3, '0')}`);
  const t1 = now();
  await pool(names, 6, name =>
    dk([
      'service',
      'create',
      '-d',
      '-q',
      '--name',
      name,
      '--replicas',
      '0',
      'berth-test/busybox:latest',
      'sleep',
      '1000000',
    ]),
  );
  log(`created ${SERVICES} services in ${((now() - t1) / 1000).toFixed(1)} s`);
  const rounds = ctx.quick ? 1 : 3;
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const b = await openOn(ctx, `swarm-view-${round}`, host);
    await b.pane.go();
    await b.pane.waitScreen(/6 Swarm/, {timeout: 15_000, what: 'the Swarm tab'});
    const start = now();
    await b.pane.keys('6');
    await b.pane.waitScreen(/bsvc-000 +replicated +0\/0/, {timeout: 10_000, interval: 5, what: 'the services'});
    times.push(now() - start);
    await b.pane.keys('q');
    await b.pane.close();
  }
  const reference = [];
  for (let round = 0; round < rounds; round++) reference.push(await timed('docker', ['service', 'ls'], cli));
  const berth = median(times);
  const docker = median(reference);
  ctx.row({
    measure: `swarm view, ${SERVICES} services: \`6\` → services on screen (median of ${rounds})`,
    berth: `${berth.toFixed(0)} ms`,
    reference: `docker service ls ${docker.toFixed(0)} ms`,
    ratio: (berth / docker).toFixed(2),
    target: '≤ 200 ms',
    met: berth <= 200,
    note: 'nodes, services (status=true: the engine counts running/desired) and secrets are read in the background as soon as berth knows the engine is a manager, kept current from /events, and read again as `6` opens',
  });
  await dk(['service', 'rm', ...names]);

  // 2. service logs, 4 tasks × 1,000 lines/s, spread over both nodes.
  // berth for 60 s, as the follow rows: whether memory is flat shows only over more than one cycle of V8's old
  // generation, which took longer than 30 s on a slower machine (a 30 s window read its filling as growth).
  const seconds = Number(process.env.BENCH_SWARM_FOLLOW_SECONDS || (ctx.quick ? 15 : 60));
  const refSeconds = Math.min(seconds, 30);
  const svc = 'bswarm-follow';
  await dk([
    'service',
    'create',
    '-d',
    '-q',
    '--name',
    svc,
    '--replicas',
    '4',
    'berth-test/busybox:latest',
    'sh',
    '-c',
    SWARM_FOLLOW_SCRIPT,
  ]);
  for (let i = 0; i < 100; i++) {
    if ((await dk(['service', 'ls', '--filter', `name=${svc}`, '--format', '{{.Replicas}}'])).trim() === '4/4') break;
    await sleep(300);
  }
  const taskIds = (await dk(['service', 'ps', svc, '--filter', 'desired-state=running', '-q', '--no-trunc']))
    .trim()
    .split('\n');
  const nodes = new Set(
    await Promise.all(
      taskIds.map(async id => (await dk(['inspect', '--type', 'task', id, '--format', '{{.NodeID}}'])).trim()),
    ),
  );
  await sleep(1000);
  const b = await openOn(ctx, 'swarm-follow', host);
  await b.pane.go();
  const pid = await b.pane.pid();
  await b.pane.waitScreen(/6 Swarm/, {timeout: 15_000, what: 'the Swarm tab'});
  await b.pane.keys('6');
  await b.pane.waitScreen(/bswarm-follow +replicated +4\/4/, {timeout: 10_000, what: 'the service'});
  await b.pane.keys('l');
  await b.pane.waitScreen(/bswarm-follow\.\d@\S+ \| swarm \d+ the/, {timeout: 15_000, what: 'service log lines'});
  await sleep(1000);
  const framesBefore = b.trace.frames().length;
  const s = await sampleProcess(pid, seconds);
  const frames = b.trace.frames().slice(framesBefore);
  await b.pane.keys('Escape');
  await sleep(100);
  await b.pane.keys('q');
  await sleep(200);
  await b.pane.close();

  const r = new Pane(ctx.tmux, 'swarm-follow-ref');
  await r.open(`docker service logs -f --tail 200 ${svc}`, {env: cli});
  await r.go();
  const rpid = await r.pid();
  await r.waitScreen(/swarm \d+ the/, {timeout: 15_000, what: 'docker service logs output'});
  await sleep(1000);
  const rs = await sampleProcess(rpid, refSeconds);
  await r.close();
  await dk(['service', 'rm', svc]);

  const maxRss = Math.max(...s.rss);
  const warm = s.rss.slice(Math.min(5, Math.floor(s.rss.length / 4)));
  const half = Math.floor(warm.length / 2);
  const first = Math.max(...warm.slice(0, half));
  const second = Math.max(...warm.slice(half));
  const flat = second <= first * 1.1 + 5;
  const ratio = s.cpuPercent / rs.cpuPercent;
  const header = `service logs, 4 tasks × 1,000 lines/s (${seconds} s; docker service logs -f ${refSeconds} s; tasks on ${nodes.size} nodes)`;
  log(
    `swarm follow: berth ${s.cpuPercent.toFixed(1)} %, docker service logs -f ${rs.cpuPercent.toFixed(1)} %; rss ${s.rss.map(v => v.toFixed(0)).join(' ')}`,
  );
  ctx.row({
    measure: `${header}: CPU`,
    berth: `${s.cpuPercent.toFixed(1)} % of a core`,
    reference: `docker service logs -f ${rs.cpuPercent.toFixed(1)} %`,
    ratio: `${ratio.toFixed(1)}×`,
    target: '≤ 5× docker service logs -f',
    met: ratio <= 5,
    note: `${frames.length} frames (${(frames.length / seconds).toFixed(1)}/s)`,
  });
  ctx.row({
    measure: `${header}: RSS`,
    berth: `max ${maxRss.toFixed(0)} MB`,
    reference: `docker service logs -f max ${Math.max(...rs.rss).toFixed(0)} MB`,
    ratio: '',
    target: '≤ 150 MB, flat',
    met: maxRss <= 150 && flat,
    note: `peak ${first.toFixed(0)} MB in the first half, ${second.toFixed(0)} MB in the second (${flat ? 'flat' : 'growing'}); every second: ${s.rss.map(v => v.toFixed(0)).join(' ')}`,
  });
  void fmt;
}
