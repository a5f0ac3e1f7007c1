// Live stats (the `u` columns): idle CPU and RSS with the CPU/memory columns on, next to the same view without them.
import {fmt, log, now, openBerth, pool, sampleProcess, sleep} from './ui-lib.mjs';

const maxOf = values => Math.max(...values);

async function idleWith(ctx, {name, rows, filter, stats, seconds}) {
  const b = await openBerth(ctx, name);
  await ctx.tmux.cmd('resize-window', '-t', name, '-x', String(ctx.cols), '-y', String(rows));
  await b.pane.go();
  await b.pane.waitScreen(/bb-(idle|run)-\d{3}/, {timeout: 20_000, what: 'the containers list'});
  if (filter) {
    await b.pane.type(`/${filter}`);
    await b.pane.keys('Enter');
  }
  if (stats) {
    await b.pane.type('u');
    await b.pane.waitScreen(/CPU MEM[\s\S]*\d+\.\d%/, {timeout: 30_000, what: 'the CPU column with values'});
  }
  await sleep(3000);
  const pid = await b.pane.pid();
  const framesBefore = b.trace.frames().length;
  const s = await sampleProcess(pid, seconds);
  const frames = b.trace.frames().length - framesBefore;
  await b.pane.keys('q');
  await b.pane.close();
  return {...s, frames};
}

export async function statsRows(ctx) {
  const seconds = ctx.quick ? 10 : 30;
  // bb-idle-000 … bb-idle-050: 51 running containers, all on screen in a 60-row window.
  const filter = 're:^bb-idle-0([0-4][0-9]|50)$';
  const off = await idleWith(ctx, {name: 'stats-off', rows: 60, filter, stats: false, seconds});
  const on = await idleWith(ctx, {name: 'stats-on', rows: 60, filter, stats: true, seconds});
  ctx.row({
    measure: `idle CPU with the CPU/memory columns on, 51 running containers on screen (${ctx.cols}x60, ${seconds} s)`,
    berth: `${on.cpuPercent.toFixed(2)} % of a core`,
    reference: `columns off ${on.cpuPercent >= 0 ? off.cpuPercent.toFixed(2) : '—'} %; lazydocker ~3.6 %`,
    ratio: '',
    target: '≤ 1.5 %',
    met: on.cpuPercent <= 1.5,
    note: `${on.frames} frames in the window with the columns on (one a second at most), ${off.frames} without`,
  });
  ctx.row({
    measure: 'RSS with the CPU/memory columns on, 51 containers',
    berth: `max ${fmt(maxOf(on.rss))} MB`,
    reference: `columns off max ${fmt(maxOf(off.rss))} MB`,
    ratio: '',
    target: '≤ columns off + 10 MB',
    met: maxOf(on.rss) <= maxOf(off.rss) + 10,
  });
  // 500 running containers, a screenful sampled.
  const t0 = now();
  const extra = Array.from({length: 400}, (_, i) => `bb-run-${String(i).padStart(3, '0')}`);
  await pool(extra, 8, name => ctx.engine.create(name, ['sleep', '1000000'], {start: true}));
  log(`started ${extra.length} more containers in ${((now() - t0) / 1000).toFixed(1)} s`);
  let many;
  try {
    many = await idleWith(ctx, {name: 'stats-500', rows: ctx.rows, filter: '', stats: true, seconds});
  } finally {
    // The rows after this one are measured with the usual 100 running containers.
    await pool(extra, 8, name => ctx.engine.remove(name));
  }
  ctx.row({
    measure: `idle CPU with the CPU/memory columns on, 500 running containers, a screenful visible (${ctx.cols}x${ctx.rows}, ${seconds} s)`,
    berth: `${many.cpuPercent.toFixed(2)} % of a core`,
    reference: '',
    ratio: '',
    target: '≤ 2 %',
    met: many.cpuPercent <= 2,
    note: `${many.frames} frames in the window; RSS max ${fmt(maxOf(many.rss))} MB`,
  });
}
