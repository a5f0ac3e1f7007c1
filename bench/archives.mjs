// Archives: berth save / load / export of a ~1 GiB image (several layers) and a container holding it, next to
// `docker save -o` / `docker load -i` / `docker export -o` in the same run, rounds interleaved (order alternating)
// so the page cache and the machine's load treat both alike. berth runs as a user runs it (bin/berth.js, its
// shebang's node flags); its RSS is sampled from /proc every 100 ms.
// BENCH_ARCHIVE_MB (default 1024; quick 300): the image's size, in BENCH_ARCHIVE_LAYERS (default 4) dd layers.
import {spawn} from 'node:child_process';
import {mkdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {alive, fmt, LABEL_FLAGS, log, median, now, rssMB, run, RUN, shebangOf, sleep} from './ui-lib.mjs';

const sizeOf = path => {
  try {
    return statSync(path).size;
  } catch {
    return 0;
  }
};

// `growing`: a file whose size says the archive is flowing (save: the engine first prepares the archive for
// seconds, with berth idle; RSS steps up once bytes flow, which is not growth).
function timed(file, args, {env, samplePid = false, growing} = {}) {
  return new Promise((resolve, reject) => {
    const start = now();
    const child = spawn(file, args, {stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, ...env}});
    let err = '';
    child.stderr.on('data', d => (err += d));
    const rss = [];
    let sampler;
    if (samplePid) {
      sampler = setInterval(() => {
        if (alive(child.pid))
          rss.push({at: now() - start, mb: rssMB(child.pid), flowing: !growing || sizeOf(growing) > 0});
      }, 100);
    }
    child.on('error', reject);
    child.on('close', code => {
      clearInterval(sampler);
      const ms = now() - start;
      if (code !== 0) reject(new Error(`${file} ${args.join(' ')} exited ${code}: ${err.trim()}`));
      else resolve({ms, rss: rss.filter(s => Number.isFinite(s.mb))});
    });
  });
}

// Flat: while bytes flow (after a second of start-up), the second half's peak is within 10% + 5 MB of the
// first half's.
function rssVerdict(samples) {
  const steady = samples.filter(s => s.at >= 1000 && s.flowing);
  const all = samples.map(s => s.mb);
  const peak = Math.max(...all);
  if (steady.length < 4) return {peak, flat: true, first: peak, second: peak};
  const half = Math.floor(steady.length / 2);
  const first = Math.max(...steady.slice(0, half).map(s => s.mb));
  const second = Math.max(...steady.slice(half).map(s => s.mb));
  return {peak, first, second, flat: second <= first * 1.1 + 5};
}

// Rounds of the reference and berth, the order alternating; `before(who)` runs ahead of every single measure.
async function interleaved(rounds, {docker, berth, before}) {
  const out = {berth: [], docker: [], rss: []};
  for (let i = 0; i < rounds; i++) {
    for (const who of i % 2 === 0 ? ['docker', 'berth'] : ['berth', 'docker']) {
      await before(who);
      await sleep(500);
      if (who === 'docker') out.docker.push((await docker()).ms);
      else {
        const r = await berth();
        out.berth.push(r.ms);
        out.rss.push(rssVerdict(r.rss));
      }
    }
  }
  return out;
}

const seconds = list => list.map(v => (v / 1000).toFixed(2)).join(', ');

export async function archiveRows(ctx) {
  const megabytes = Number(process.env.BENCH_ARCHIVE_MB ?? (ctx.quick ? 300 : 1024));
  const layers = Number(process.env.BENCH_ARCHIVE_LAYERS ?? 4);
  const rounds = ctx.quick ? 1 : 3;
  const image = `berth-bench-archive-${RUN}:big`;
  const container = `berth-bench-archive-${RUN}`;
  const work = join(ctx.dir, 'archives');
  mkdirSync(work, {recursive: true});
  const launch = shebangOf(ctx.berth);
  const berth = (args, options) =>
    timed(process.execPath, [...launch.flags, ctx.berth, ...args], {env: {...ctx.berthEnv, ...launch.env}, ...options});
  const docker = args => timed('docker', args);
  const rmi = () => run('docker', ['rmi', '-f', image], {timeout: 300_000}).catch(() => undefined);
  const createContainer = () =>
    run('docker', ['create', '--name', container, '--network', 'none', ...LABEL_FLAGS, image, 'true']);
  const cleanup = async () => {
    await run('docker', ['rm', '-f', container]).catch(() => undefined);
    await rmi();
    rmSync(work, {recursive: true, force: true});
  };
  ctx.cleanup.push(cleanup);

  const t0 = now();
  const context = join(work, 'context');
  mkdirSync(context);
  const per = Math.round(megabytes / layers);
  const steps = Array.from(
    {length: layers},
    (_, i) => `RUN dd if=/dev/urandom of=/layer-${i} bs=1M count=${per} 2>/dev/null`,
  );
  writeFileSync(join(context, 'Dockerfile'), [`FROM ${'berth-test/busybox:latest'}`, ...steps, ''].join('\n'));
  await run('docker', ['build', '--network', 'none', '-q', '-t', image, context], {timeout: 900_000});
  await createContainer();
  const size = Number((await run('docker', ['image', 'inspect', '--format', '{{.Size}}', image])).trim());
  log(
    `archives: built ${image} (${fmt(size / 2 ** 20)} MiB in ${layers} layers of random data) in ${((now() - t0) / 1000).toFixed(0)} s`,
  );

  const ours = join(work, 'berth.tar');
  const theirs = join(work, 'docker.tar');
  // Only the file about to be written: the other one is the next phase's input.
  const clear = who => rmSync(who === 'docker' ? theirs : ours, {force: true});

  const save = await interleaved(rounds, {
    before: clear,
    docker: () => docker(['save', '-o', theirs, image]),
    berth: () => berth(['save', image, '-o', ours], {samplePid: true, growing: `${ours}.partial`}),
  });
  const archiveBytes = statSync(ours).size;
  const saveRatio = median(save.berth) / median(save.docker);
  const peak = Math.max(...save.rss.map(r => r.peak));
  const flat = save.rss.every(r => r.flat);
  ctx.row({
    measure: `save a ${fmt(archiveBytes / 2 ** 20)} MiB image (${layers} layers) to a file (median of ${rounds})`,
    berth: `${(median(save.berth) / 1000).toFixed(2)} s, RSS ≤ ${peak.toFixed(0)} MB${flat ? ', flat' : ', GROWING'}`,
    reference: `docker save -o ${(median(save.docker) / 1000).toFixed(2)} s`,
    ratio: `${saveRatio.toFixed(2)}×`,
    target: '≤ 1.1×; RSS ≤ 120 MB and flat',
    met: saveRatio <= 1.1 && peak <= 120 && flat,
    note: `berth ${seconds(save.berth)} s; docker save -o ${seconds(save.docker)} s; RSS first/second half peaks ${save.rss.map(r => `${r.first.toFixed(0)}/${r.second.toFixed(0)}`).join(', ')} MB`,
  });

  // load: the image removed before every load, so both do the whole work
  const load = await interleaved(rounds, {
    before: async () => {
      await run('docker', ['rm', '-f', container]).catch(() => undefined);
      await rmi();
    },
    docker: () => docker(['load', '-q', '-i', theirs]),
    berth: () => berth(['load', '-i', ours], {samplePid: true}),
  });
  const loadRatio = median(load.berth) / median(load.docker);
  ctx.row({
    measure: `load that archive (median of ${rounds}; the image removed before each load)`,
    berth: `${(median(load.berth) / 1000).toFixed(2)} s, RSS ≤ ${Math.max(...load.rss.map(r => r.peak)).toFixed(0)} MB`,
    reference: `docker load -i ${(median(load.docker) / 1000).toFixed(2)} s`,
    ratio: `${loadRatio.toFixed(2)}×`,
    target: '≤ 1.1×',
    met: loadRatio <= 1.1,
    note: `berth ${seconds(load.berth)} s; docker load -i ${seconds(load.docker)} s`,
  });

  // export: a container of that image (its filesystem is the image's ~1 GiB of files)
  await createContainer().catch(() => undefined);
  const exp = await interleaved(rounds, {
    before: clear,
    docker: () => docker(['export', '-o', theirs, container]),
    berth: () => berth(['export', container, '-o', ours], {samplePid: true, growing: `${ours}.partial`}),
  });
  const exportRatio = median(exp.berth) / median(exp.docker);
  ctx.row({
    measure: `export a container with ${fmt(statSync(ours).size / 2 ** 20)} MiB of files (median of ${rounds})`,
    berth: `${(median(exp.berth) / 1000).toFixed(2)} s, RSS ≤ ${Math.max(...exp.rss.map(r => r.peak)).toFixed(0)} MB`,
    reference: `docker export -o ${(median(exp.docker) / 1000).toFixed(2)} s`,
    ratio: `${exportRatio.toFixed(2)}×`,
    target: '≤ 1.1×',
    met: exportRatio <= 1.1,
    note: `berth ${seconds(exp.berth)} s; docker export -o ${seconds(exp.docker)} s`,
  });
  await cleanup();
  ctx.cleanup.splice(ctx.cleanup.indexOf(cleanup), 1);
}
