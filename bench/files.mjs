// The files pane (f on a container): how long a directory takes to list in a running container whose directory
// holds 200,000 files — entering the directory itself (its 200,000 entries; the pane shows the first 2,000) and
// going back up to its parent (whose subtree holds them all) — timed from the key to the listing on screen; and
// copying a directory out (`berth cp`, the function c in the pane runs) next to `docker cp` in the same run,
// rounds interleaved with the order alternating.
// BENCH_FILES_COUNT (default 200000), BENCH_FILES_MB (the copied directory's big file, default 200; quick 50).
import {spawn} from 'node:child_process';
import {mkdirSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {IMAGE, LABEL_FLAGS, log, median, now, openBerth, RUN, run, shebangOf, sleep} from './ui-lib.mjs';

function timed(file, args, env) {
  return new Promise((resolve, reject) => {
    const start = now();
    const child = spawn(file, args, {stdio: ['ignore', 'ignore', 'pipe'], env: {...process.env, ...env}});
    let err = '';
    child.stderr.on('data', d => (err += d));
    child.on('error', reject);
    child.on('close', code =>
      code === 0
        ? resolve(now() - start)
        : reject(new Error(`${file} ${args.join(' ')} exited ${code}: ${err.trim()}`)),
    );
  });
}

const list = values => values.map(v => v.toFixed(0)).join(', ');

export async function filesRows(ctx) {
  const count = Number(process.env.BENCH_FILES_COUNT ?? 200_000);
  const megabytes = Number(process.env.BENCH_FILES_MB ?? (ctx.quick ? 50 : 200));
  const rounds = ctx.quick ? 3 : 7;
  const container = `berth-bench-files-${RUN}`;
  const work = join(ctx.dir, 'files');
  mkdirSync(work, {recursive: true});
  const cleanup = async () => {
    await run('docker', ['rm', '-f', container]).catch(() => undefined);
    rmSync(work, {recursive: true, force: true});
  };
  ctx.cleanup.push(cleanup);

  const t0 = now();
  const setup = [
    `mkdir -p /big/many /data/small && cd /big/many && seq ${count} | xargs touch`,
    `dd if=/dev/urandom of=/data/blob bs=1M count=${megabytes} 2>/dev/null`,
    'cd /data/small && seq 1000 | xargs -n 100 sh -c \'for i; do echo "file $i" > "$i.txt"; done\' sh',
    'touch /tmp/ready && exec sleep 86400',
  ].join(' && ');
  await run('docker', [
    'run',
    '-d',
    '--init',
    '--network',
    'none',
    ...LABEL_FLAGS,
    '--name',
    container,
    '-w',
    '/big',
    IMAGE,
    'sh',
    '-c',
    setup,
  ]);
  for (;;) {
    const ready = await run('docker', ['exec', container, 'test', '-e', '/tmp/ready']).then(
      () => true,
      () => false,
    );
    if (ready) break;
    if (now() - t0 > 600_000) throw new Error('the files container did not get ready in 10 minutes');
    await sleep(1000);
  }
  log(`files: ${count} files in /big/many and ${megabytes} MB in /data, made in ${((now() - t0) / 1000).toFixed(0)} s`);

  // The listing, key to screen.
  const b = await openBerth(ctx, 'files-pane');
  await b.pane.go();
  await b.pane.waitScreen(/API \d/, {timeout: 15_000, what: 'the engine header'});
  await b.pane.type('/');
  await b.pane.type(container);
  await b.pane.keys('Enter');
  await b.pane.waitScreen(new RegExp(`›.*${container}`), {what: 'the container selected'});
  await b.pane.type('f');
  await b.pane.waitScreen(/many\//, {timeout: 15_000, what: 'the pane at /big'});
  const into = [];
  const up = [];
  for (let round = 0; round < rounds; round++) {
    let start = now();
    await b.pane.keys('Enter');
    await b.pane.waitScreen(/2000\+ entries/, {interval: 5, what: 'the listing of /big/many'});
    into.push(now() - start);
    await sleep(300);
    start = now();
    await b.pane.keys('BSpace');
    await b.pane.waitScreen(/:\/big\s[\s\S]*1 entry/, {interval: 5, what: 'the listing of /big'});
    up.push(now() - start);
    await sleep(300);
  }
  await b.pane.keys('q');
  await b.pane.close();
  log(`files: into /big/many ${list(into)} ms; up to /big ${list(up)} ms`);
  // As the other rows: the median against the target; the slowest round is in the note (the first is the
  // directory's first read since it was made, on a machine other work may load).
  const worst = Math.max(...into, ...up);
  ctx.row({
    measure: `list a directory in a running container: ${count.toLocaleString('en')} files in it, and its parent (median of ${rounds}, key to screen)`,
    berth: `${median(into).toFixed(0)} ms into it, ${median(up).toFixed(0)} ms up to the parent`,
    reference: '',
    ratio: '',
    target: '≤ 300 ms',
    met: Math.max(median(into), median(up)) <= 300,
    note: `into /big/many (2,000 shown) ${list(into)} ms; up to /big ${list(up)} ms; slowest ${worst.toFixed(0)} ms`,
  });

  // Copy out: berth cp against docker cp, the destination removed before each.
  const ours = join(work, 'berth');
  const theirs = join(work, 'docker');
  const berthTimes = [];
  const dockerTimes = [];
  const launch = shebangOf(ctx.berth);
  for (let round = 0; round < rounds; round++) {
    for (const who of round % 2 === 0 ? ['docker', 'berth'] : ['berth', 'docker']) {
      rmSync(who === 'docker' ? theirs : ours, {recursive: true, force: true});
      await sleep(500);
      if (who === 'docker') dockerTimes.push(await timed('docker', ['cp', `${container}:/data`, theirs]));
      else
        berthTimes.push(
          await timed(process.execPath, [...launch.flags, ctx.berth, 'cp', '-q', `${container}:/data`, ours], {
            ...ctx.berthEnv,
            ...launch.env,
          }),
        );
    }
  }
  const ratio = median(berthTimes) / median(dockerTimes);
  ctx.row({
    measure: `copy a directory out (${megabytes} MB file and 1,000 small ones; median of ${rounds})`,
    berth: `berth cp ${(median(berthTimes) / 1000).toFixed(2)} s`,
    reference: `docker cp ${(median(dockerTimes) / 1000).toFixed(2)} s`,
    ratio: `${ratio.toFixed(2)}×`,
    target: '≤ 1.2×',
    met: ratio <= 1.2,
    note: `berth cp ${list(berthTimes)} ms; docker cp ${list(dockerTimes)} ms`,
  });
  await cleanup();
  ctx.cleanup.splice(ctx.cleanup.indexOf(cleanup), 1);
}
