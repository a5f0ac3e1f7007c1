// 4. key → frame with 1,000 more (created, not started) containers in the list.
import {fmt, log, median, now, openBerth, pool, quantile, selectedName, sleep} from './ui-lib.mjs';

export async function createMany(ctx, count) {
  const t0 = now();
  const names = Array.from({length: count}, (_, i) => `bb-many-${String(i).padStart(4, '0')}`);
  await pool(names, 8, name => ctx.engine.create(name, ['sleep', '1000000']));
  log(`created ${count} containers in ${((now() - t0) / 1000).toFixed(1)} s`);
}

export async function keyToFrame(ctx) {
  const presses = 30;
  const b = await openBerth(ctx, 'keys');
  await b.pane.go();
  // Wait for the full list: the last of the created containers is in the engine's list before berth starts.
  await b.pane.waitScreen(/bb-(idle|many)-\d+/, {timeout: 20_000, what: 'the containers list'});
  await sleep(1500);
  const before = b.trace.keyFrames().length;
  let previous = selectedName(await b.pane.screen());
  const external = [];
  for (let i = 0; i < presses; i++) {
    const t0 = now();
    await b.pane.keys('Down');
    previous = await b.pane.waitScreen(
      s => {
        const n = selectedName(s);
        return n && n !== previous ? n : undefined;
      },
      {timeout: 5000, interval: 5, what: `selection to move from ${previous}`},
    );
    external.push(now() - t0);
    await b.trace.waitKeyFrames(before + i + 1);
    await sleep(30);
  }
  const frames = b.trace.keyFrames().slice(before);
  const k = frames.map(f => f.keyToFrameMs);
  const r = frames.map(f => f.renderMs);
  const m = median(k);
  log(`key→frame ms: ${k.join(' ')}`);
  ctx.row({
    measure: `↓ key → frame, ${fmt(ctx.total)} containers (median of ${presses})`,
    berth: `${m.toFixed(1)} ms`,
    reference: '',
    ratio: '',
    target: '≤ 50 ms',
    met: m <= 50,
    note: `p90 ${quantile(k, 0.9).toFixed(1)} ms, max ${Math.max(...k).toFixed(1)} ms; Ink render ${median(r).toFixed(1)} ms (median); key sent → selection on screen ${median(external).toFixed(0)} ms (tmux, polled)`,
  });
  await b.pane.keys('q');
  await sleep(200);
  await b.pane.close();
}
