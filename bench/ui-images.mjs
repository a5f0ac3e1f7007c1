// The images view with 500 images: `2` pressed → the newest images on screen, next to `docker images` in the same run.
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {execFileSync} from 'node:child_process';
import {log, median, now, openBerth, pool, RUN, run, timeCommand} from './ui-lib.mjs';

const COUNT = 500;

// 500 distinct images, cheaply: one tiny tar imported 500 times (same layer, a config and ID of its own each).
async function makeImages(repo) {
  const dir = mkdtempSync(join(tmpdir(), 'berth-bench-images-'));
  writeFileSync(join(dir, 'file'), 'bench\n');
  execFileSync('tar', ['-cf', join(dir, 'layer.tar'), '-C', dir, 'file']);
  const tar = readFileSync(join(dir, 'layer.tar'));
  rmSync(dir, {recursive: true, force: true});
  const tags = Array.from({length: COUNT}, (_, i) => `${repo}:${String(i).padStart(3, '0')}`);
  await pool(tags, 6, tag => run('docker', ['import', '-', tag], {input: tar}));
  return tags;
}

export async function imagesView(ctx) {
  const repo = `berth-bench-img-${RUN}`;
  const t0 = now();
  const tags = await makeImages(repo);
  ctx.cleanup.push(() => pool(tags, 6, tag => run('docker', ['rmi', tag]).catch(() => undefined)));
  log(`imported ${COUNT} images in ${((now() - t0) / 1000).toFixed(1)} s`);
  const rounds = ctx.quick ? 1 : 3;
  const times = [];
  for (let round = 0; round < rounds; round++) {
    const b = await openBerth(ctx, `images-view-${round}`);
    await b.pane.go();
    await b.pane.waitScreen(/API \d/, {timeout: 15_000, what: 'the engine header'});
    const start = now();
    await b.pane.keys('2');
    await b.pane.waitScreen(new RegExp(`${repo} +\\d{3} `), {timeout: 10_000, interval: 5, what: 'the newest images'});
    times.push(now() - start);
    await b.pane.keys('q');
    await b.pane.close();
  }
  const reference = [];
  for (let round = 0; round < rounds; round++) reference.push((await timeCommand('docker', ['images'])).ms);
  const berth = median(times);
  const docker = median(reference);
  log(
    `images view: ${times.map(t => t.toFixed(0)).join(' ')} ms; docker images ${reference.map(t => t.toFixed(0)).join(' ')} ms`,
  );
  ctx.row({
    measure: `images view, ${COUNT} images: \`2\` → images on screen (median of ${rounds})`,
    berth: `${berth.toFixed(0)} ms`,
    reference: `docker images ${docker.toFixed(0)} ms`,
    ratio: (berth / docker).toFixed(2),
    target: '≤ 200 ms',
    met: berth <= 200,
    note: 'the engine lists the images and the containers (for the USED column) in parallel; shared sizes are not asked for',
  });
}
