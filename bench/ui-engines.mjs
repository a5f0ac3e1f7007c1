// Several engines at once: the time from start to the first rows with `--context A --context B` against
// `--context A` alone, same run, interleaved. B is either a port that accepts and never answers (it must cost
// nothing) or a second live connection (the bench engine again, over its unix socket: both engines' rows).
import {createHash} from 'node:crypto';
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {join} from 'node:path';
import {fmt, log, median, openBerth, sleep} from './ui-lib.mjs';

const NAME = 'bb-engines-000';
const NAME_RE = /bb-engines-000/;

export function contextsDir(dir, contexts) {
  for (const {name, host, tls} of contexts) {
    const digest = createHash('sha256').update(name).digest('hex');
    mkdirSync(join(dir, 'contexts/meta', digest), {recursive: true});
    writeFileSync(
      join(dir, 'contexts/meta', digest, 'meta.json'),
      JSON.stringify({Name: name, Metadata: {}, Endpoints: {docker: {Host: host, SkipTLSVerify: false}}}),
    );
    if (tls) {
      const to = join(dir, 'contexts/tls', digest, 'docker');
      mkdirSync(to, {recursive: true});
      for (const file of ['ca.pem', 'cert.pem', 'key.pem']) copyFileSync(join(tls, file), join(to, file));
    }
  }
  writeFileSync(join(dir, 'config.json'), '{}\n');
}

export async function enginesRows(ctx) {
  await ctx.engine.create(NAME, ['sleep', '1000000'], {start: true});
  const held = [];
  const silent = createServer(socket => void held.push(socket));
  await new Promise(resolve => silent.listen(0, '127.0.0.1', resolve));
  const config = join(ctx.dir, 'engines-config');
  contextsDir(config, [
    {name: 'bench', host: process.env.DOCKER_HOST, tls: process.env.DOCKER_CERT_PATH},
    {name: 'silent', host: `tcp://127.0.0.1:${silent.address().port}`},
    ...(process.env.BERTH_TESTBED_SOCKET ? [{name: 'socket', host: process.env.BERTH_TESTBED_SOCKET}] : []),
  ]);
  const variants = {
    one: ['--context', 'bench'],
    silent: ['--context', 'bench', '--context', 'silent'],
    ...(process.env.BERTH_TESTBED_SOCKET ? {two: ['--context', 'bench', '--context', 'socket']} : {}),
  };
  const times = Object.fromEntries(Object.keys(variants).map(key => [key, []]));
  const runs = ctx.quick ? 3 : 5;
  // A session that outlives each berth's, so the tmux server is not shutting down when the next one opens.
  await ctx.tmux.cmd('new-session', '-d', '-s', 'engines-keep', '-x', '20', '-y', '5', 'sleep 3600');
  const env = {...ctx.berthEnv, DOCKER_CONFIG: config, DOCKER_HOST: '', DOCKER_TLS_VERIFY: '', DOCKER_CERT_PATH: ''};
  try {
    for (let i = 0; i < runs; i++) {
      // Interleaved, so load from other work on the machine hits every variant alike.
      for (const [key, args] of Object.entries(variants)) {
        const b = await openBerth({...ctx, berthEnv: env}, `engines-${key}-${i}`, args);
        await sleep(100);
        const t0 = await b.pane.go();
        const seen = await b.pane.waitOutput(NAME_RE, {timeout: 15_000});
        times[key].push(seen - t0);
        await b.pane.keys('q');
        await sleep(300);
        await b.pane.close();
      }
    }
  } finally {
    await ctx.tmux.cmd('kill-session', '-t', 'engines-keep').catch(() => {});
    for (const socket of held) socket.destroy();
    silent.close();
  }
  log(
    `engines: ${Object.entries(times)
      .map(([key, values]) => `${key} ${values.map(v => v.toFixed(0)).join(' ')} ms`)
      .join('; ')}`,
  );
  const one = median(times.one);
  const row = (key, what) =>
    ctx.row({
      measure: `start → first rows, --context A --context B (${what}) vs --context A (median of ${runs})`,
      berth: `${fmt(median(times[key]))} ms`,
      reference: `--context A ${fmt(one)} ms`,
      ratio: `${(median(times[key]) / one).toFixed(2)}×`,
      note: 'A is the bench engine over TLS; the machine is shared with other work (see the busy figure)',
    });
  row('silent', 'B accepts and never answers');
  if (times.two) row('two', 'B is the same engine over its unix socket: twice the rows');
}
