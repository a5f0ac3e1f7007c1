// Layers: reading a ~1 GB image of ~100,000 files as view 2's l does (bench/layers.ts, berth's layer reader over
// the engine's export stream, in a process of its own started with bin/berth.js's node flags) next to
// `docker save IMAGE > /dev/null` in the same run, rounds interleaved (order alternating).
// BENCH_LAYERS_MB (default 1024; quick 300) in BENCH_LAYERS_FILES files (default 100,000; quick 30,000) of random
// data, in four COPY layers, then a RUN that deletes a directory and rewrites a file (waste to find).
import {randomBytes} from 'node:crypto';
import {spawn} from 'node:child_process';
import {mkdirSync, openSync, closeSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {BENCH_BUILD} from './bundled.mjs';
import {IMAGE, log, median, now, run, RUN, shebangOf, sleep} from './ui-lib.mjs';

const root = new URL('..', import.meta.url).pathname;
const LAYERS = 4;
const PER_DIRECTORY = 500;

function exitCode(child) {
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  });
}

async function dockerSave(image) {
  const devNull = openSync('/dev/null', 'w');
  try {
    const start = now();
    const child = spawn('docker', ['save', image], {stdio: ['ignore', devNull, 'pipe']});
    let err = '';
    child.stderr.on('data', d => (err += d));
    const code = await exitCode(child);
    if (code !== 0) throw new Error(`docker save exited ${code}: ${err.trim()}`);
    return now() - start;
  } finally {
    closeSync(devNull);
  }
}

async function berthRead(bundle, image) {
  // As bin/berth.js's shebang runs berth, and with --expose-gc so the reader measures its RSS after a collection.
  const launch = shebangOf(join(root, 'bin', 'berth.js'));
  const child = spawn(process.execPath, [...launch.flags, '--expose-gc', bundle, image], {
    cwd: root,
    env: {...process.env, ...launch.env},
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', d => (out += d));
  child.stderr.on('data', d => (err += d));
  const code = await exitCode(child);
  if (code !== 0) throw new Error(`bench/layers.ts exited ${code}: ${err.trim() || out.trim()}`);
  return JSON.parse(out.trim().split('\n').at(-1));
}

export async function layersRows(ctx) {
  const megabytes = Number(process.env.BENCH_LAYERS_MB ?? (ctx.quick ? 300 : 1024));
  const files = Number(process.env.BENCH_LAYERS_FILES ?? (ctx.quick ? 30_000 : 100_000));
  const rounds = ctx.quick ? 1 : 3;
  const image = `berth-bench-layers-${RUN}:big`;
  const work = join(ctx.dir, 'layers');
  const bundle = join(root, 'node_modules/.cache/berth/bench-layers.mjs');
  const cleanup = async () => {
    await run('docker', ['rmi', '-f', image], {timeout: 300_000}).catch(() => undefined);
    rmSync(work, {recursive: true, force: true});
  };
  ctx.cleanup.push(cleanup);
  const {build} = await import('esbuild');
  await build({
    ...BENCH_BUILD,
    entryPoints: [join(root, 'bench/layers.ts')],
    outfile: bundle,
  });

  const t0 = now();
  const size = Math.max(1, Math.round((megabytes * 2 ** 20) / files));
  const perLayer = Math.ceil(files / LAYERS);
  for (let layer = 0; layer < LAYERS; layer++) {
    for (let n = 0; n < perLayer; n++) {
      const directory = join(work, `d${layer}`, `s${Math.floor(n / PER_DIRECTORY)}`);
      if (n % PER_DIRECTORY === 0) mkdirSync(directory, {recursive: true});
      writeFileSync(join(directory, `f${n % PER_DIRECTORY}`), randomBytes(size));
    }
  }
  const copies = Array.from({length: LAYERS}, (_, i) => `COPY d${i} /d${i}`);
  writeFileSync(
    join(work, 'Dockerfile'),
    [`FROM ${IMAGE}`, ...copies, `RUN rm -r /d${LAYERS - 1}/s0 && cp /d0/s0/f0 /d1/s0/f0`, ''].join('\n'),
  );
  await run('docker', ['build', '--network', 'none', '-q', '-t', image, work], {timeout: 1_800_000});
  rmSync(work, {recursive: true, force: true});
  const bytes = Number((await run('docker', ['image', 'inspect', '--format', '{{.Size}}', image])).trim());
  log(
    `layers: built ${image} (${(bytes / 2 ** 20).toFixed(0)} MiB, ${files} files of ${size} B) in ${((now() - t0) / 1000).toFixed(0)} s`,
  );

  const ours = [];
  const theirs = [];
  for (let i = 0; i < rounds; i++) {
    for (const who of i % 2 === 0 ? ['docker', 'berth'] : ['berth', 'docker']) {
      await sleep(500);
      if (who === 'docker') theirs.push(await dockerSave(image));
      else ours.push(await berthRead(bundle, image));
    }
  }
  const ms = median(ours.map(r => r.ms));
  const ratio = ms / median(theirs);
  const extra = Math.max(...ours.map(r => r.peakMB - r.rssBeforeMB));
  const last = ours.at(-1);
  ctx.row({
    measure: `layers of a ${(bytes / 2 ** 20).toFixed(0)} MiB image of ${last.files.toLocaleString('en-US')} files (${last.layers} layers) from the engine's export stream (median of ${rounds})`,
    berth: `${(ms / 1000).toFixed(2)} s, +${extra.toFixed(0)} MB RSS over the ${Math.min(...ours.map(r => r.rssBeforeMB)).toFixed(0)} MB before`,
    reference: `docker save > /dev/null ${(median(theirs) / 1000).toFixed(2)} s`,
    ratio: `${ratio.toFixed(2)}×`,
    target: '≤ 1.2×; < 60 MB extra',
    met: ratio <= 1.2 && extra < 60,
    note: `berth ${ours.map(r => (r.ms / 1000).toFixed(2)).join(', ')} s (CPU ${ours.map(r => (r.cpuMs / 1000).toFixed(1)).join(', ')} s); docker save ${theirs.map(t => (t / 1000).toFixed(2)).join(', ')} s; heap peak ${Math.max(...ours.map(r => r.heapPeakMB)).toFixed(0)} MB, ${last.heapAfterMB.toFixed(0)} MB kept (the index) after a collection; buffers outside the heap up to ${Math.max(...ours.map(r => r.externalPeakMB)).toFixed(0)} MB (stream chunks awaiting collection); wasted ${last.wasted} B, efficiency ${(last.efficiency * 100).toFixed(4)}%`,
  });
  await cleanup();
}
