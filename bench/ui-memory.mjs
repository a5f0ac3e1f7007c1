// Memory rows (docs/benchmarks.md): idle RSS after 30 s with the bench's running containers and with 1,000 more;
// RSS after opening and closing a log pane ten times; start and idle RSS on Node 24 next to the machine's Node.
import {execFileSync} from 'node:child_process';
import {
  fmt,
  log,
  median,
  node24Binary,
  openBerth,
  openBerthWith,
  sampleProcess,
  selectedName,
  sleep,
} from './ui-lib.mjs';

const NAME_RE = /bb-(idle|many)-\d{3}/;

async function idleInstance(ctx, name, {node} = {}) {
  const b = node ? await openBerthWith(ctx, name, node) : await openBerth(ctx, name);
  const t0 = await b.pane.go();
  const seen = await b.pane.waitOutput(NAME_RE, {timeout: 20_000});
  return {b, startMs: seen - t0, pid: await b.pane.pid()};
}

const idleSeconds = ctx => (ctx.quick ? 10 : 30);

// Idle RSS after 30 s, and the log pane opened and closed ten times in the same instance.
export async function memoryRows(ctx) {
  const {b, pid} = await idleInstance(ctx, 'memory');
  const idle = await sampleProcess(pid, idleSeconds(ctx));
  const idleRss = idle.rss.at(-1);
  ctx.row({
    measure: `idle RSS after ${idleSeconds(ctx)} s, ${ctx.idleCount} running containers (${ctx.total} in all)`,
    berth: `${fmt(idleRss, 1)} MB`,
    reference: '',
    ratio: '',
    target: '≤ 70 MB',
    met: idleRss <= 70,
    note: `every second: ${idle.rss.map(v => v.toFixed(0)).join(' ')} MB`,
  });
  // Ten log panes, each on the next container (opening one ends the session of the one before), then esc.
  const name = selectedName(await b.pane.screen());
  for (let i = 0; i < 10; i++) {
    if (i) await b.pane.keys('Down');
    await b.pane.keys('Enter');
    await b.pane.waitScreen(s => s.includes('esc back to the list'), {timeout: 10_000, what: 'the log pane'});
    await sleep(300);
    await b.pane.keys('Escape');
    await b.pane.waitScreen(s => s.includes('enter logs'), {timeout: 5000, what: 'the list focused'});
    await sleep(200);
  }
  const after = await sampleProcess(pid, 10);
  const afterRss = after.rss.at(-1);
  ctx.row({
    measure: `RSS 10 s after 10 log panes opened and left (from ${name ?? 'the selected container'} down)`,
    berth: `${fmt(afterRss, 1)} MB`,
    reference: `idle ${fmt(idleRss, 1)} MB`,
    ratio: `${afterRss - idleRss >= 0 ? '+' : ''}${(afterRss - idleRss).toFixed(1)} MB`,
    target: 'within 5 MB of idle',
    met: Math.abs(afterRss - idleRss) <= 5,
    note: `every second after the last close: ${after.rss.map(v => v.toFixed(0)).join(' ')} MB`,
  });
  await b.pane.keys('q');
  await b.pane.close();
}

// With the 1,000 extra containers of the keys rows on the engine.
export async function manyMemoryRow(ctx) {
  const {b, pid} = await idleInstance(ctx, 'memory-many');
  const s = await sampleProcess(pid, idleSeconds(ctx));
  const rss = s.rss.at(-1);
  ctx.row({
    measure: `idle RSS after ${idleSeconds(ctx)} s, ${ctx.total} containers (${ctx.idleCount} running)`,
    berth: `${fmt(rss, 1)} MB`,
    reference: '',
    ratio: '',
    target: '≤ 90 MB',
    met: rss <= 90,
    note: `every second: ${s.rss.map(v => v.toFixed(0)).join(' ')} MB`,
  });
  await b.pane.keys('q');
  await b.pane.close();
}

// Start and idle RSS on Node 24 and on the machine's Node, interleaved.
export async function node24Rows(ctx) {
  const node24 = node24Binary();
  const version = execFileSync(node24, ['--version'], {encoding: 'utf8'}).trim();
  const runs = ctx.quick ? 3 : 5;
  const starts = {here: [], v24: []};
  const rss = {here: [], v24: []};
  for (let i = 0; i < runs; i++) {
    for (const which of i % 2 ? ['v24', 'here'] : ['here', 'v24']) {
      const {b, startMs, pid} = await idleInstance(ctx, `node-${which}-${i}`, which === 'v24' ? {node: node24} : {});
      starts[which].push(startMs);
      if (i === 0) rss[which].push((await sampleProcess(pid, idleSeconds(ctx))).rss.at(-1));
      await b.pane.keys('q');
      await sleep(300);
      await b.pane.close();
    }
  }
  log(
    `node 24 start ${starts.v24.map(v => v.toFixed(0)).join(' ')} ms; ${process.version} ${starts.here.map(v => v.toFixed(0)).join(' ')} ms`,
  );
  const m24 = median(starts.v24);
  ctx.row({
    measure: `start → containers on screen on Node 24 (${version}; median of ${runs})`,
    berth: `${fmt(m24)} ms`,
    reference: `Node ${process.version}: ${fmt(median(starts.here))} ms`,
    ratio: `${(m24 / median(starts.here)).toFixed(2)}×`,
    target: '≤ 300 ms',
    met: m24 <= 300,
    note: `runs ${starts.v24.map(v => v.toFixed(0)).join(', ')} ms (Node 24), ${starts.here.map(v => v.toFixed(0)).join(', ')} ms (${process.version})`,
  });
  ctx.row({
    measure: `idle RSS after ${idleSeconds(ctx)} s on Node 24 (${version})`,
    berth: `${fmt(rss.v24[0], 1)} MB`,
    reference: `Node ${process.version}: ${fmt(rss.here[0], 1)} MB`,
    ratio: '',
    target: '—',
    met: undefined,
    note: '',
  });
}
