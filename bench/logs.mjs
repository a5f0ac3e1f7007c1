#!/usr/bin/env node
// Following a busy container: what does berth's LogSession cost next to `docker logs -f`?
//
//   node bench/logs.mjs [--seconds 20] [--rate 5000] [--buffer 10000]
//
// Needs the test bench (scripts/testbed.sh). Starts a container printing about --rate lines a second, then
// follows it for --seconds with two processes at once: a node process running LogSession (bundled from the
// sources with esbuild, a subscriber reading the buffer as the pane would) and the docker CLI
// (`docker logs -f --tail 0 > /dev/null`). CPU (user+system, from /proc) and RSS (sampled every 250 ms) of
// each process are measured from outside, the same way for both, and printed as a table with ratios.
// KEEP=1 keeps the bundle directory (its path is in the temp dir, berth-bench-logs-*) for poking at.
import {execFileSync, spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {parseArgs} from 'node:util';
import {build} from 'esbuild';

const {values: flags} = parseArgs({
  options: {
    seconds: {type: 'string', default: '20'},
    rate: {type: 'string', default: '5000'},
    buffer: {type: 'string', default: '10000'},
  },
});
const seconds = Number(flags.seconds);
const rate = Number(flags.rate);
const bufferLines = Number(flags.buffer);
const root = new URL('..', import.meta.url).pathname;
const env = {
  ...process.env,
  ...JSON.parse(execFileSync('bash', [join(root, 'scripts/testbed.sh'), 'env', '--json'], {encoding: 'utf8'})),
};
const docker = args => execFileSync('docker', args, {env, encoding: 'utf8'}).trim();
const TICKS = Number(execFileSync('getconf', ['CLK_TCK'], {encoding: 'utf8'}));
const PAGE = Number(execFileSync('getconf', ['PAGESIZE'], {encoding: 'utf8'}));

// 1. Bundle LogSession with the engine client, as berth ships it (one ESM file; native addons copied beside).
const work = mkdtempSync(join(tmpdir(), 'berth-bench-logs-'));
await build({
  stdin: {
    contents: [
      "export {LogSession} from './source/engine/logs/log-session.ts';",
      "export {connectEngine} from './source/engine/client.ts';",
      "export {resolveEngineTarget} from './source/engine/target.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: join(work, 'log-session.mjs'),
  loader: {'.node': 'copy'},
  // CommonJS dependencies (dockerode, ssh2) expect require, __filename and __dirname (as scripts/build.mjs does).
  banner: {
    js: "import {createRequire} from 'node:module'; import {fileURLToPath} from 'node:url'; const require = createRequire(import.meta.url); const __filename = fileURLToPath(import.meta.url); const __dirname = fileURLToPath(new URL('.', import.meta.url));",
  },
  logLevel: 'warning',
});

// The follower: connects like berth, follows, and reads what changed on each publish like the pane does.
writeFileSync(
  join(work, 'follow.mjs'),
  `import {LogSession, connectEngine, resolveEngineTarget} from './log-session.mjs';
const client = await connectEngine(resolveEngineTarget({}, process.env));
const session = new LogSession(client.docker, {containerId: process.argv[2], window: {tail: 0}, follow: true, bufferLines: ${bufferLines}});
let publishes = 0;
let seen = 0;
session.subscribe(() => {
  publishes++;
  // What the pane reads per frame: the newest screenful.
  for (let i = Math.max(0, session.buffer.length - 50); i < session.buffer.length; i++) seen += session.buffer.get(i).text.length > 0 ? 1 : 0;
});
session.start();
process.on('SIGTERM', () => {
  session.stop();
  client.close();
  const memory = process.memoryUsage();
  process.stdout.write(JSON.stringify({lines: session.buffer.totalPushed, held: session.buffer.length, publishes, status: session.status, heapUsedMB: memory.heapUsed / 1e6, heapTotalMB: memory.heapTotal / 1e6}));
  process.exit(0);
});
`,
);

// 2. A container printing `rate` lines a second, in 10 bursts a second (busybox awk, flushed per burst).
const name = `berth-bench-logs-${process.pid}`;
const perBurst = Math.max(1, Math.round(rate / 10));
const awk = `BEGIN { n = 0; while (1) { for (i = 0; i < ${perBurst}; i++) printf "%s request %d GET /api/v1/items?page=%d 200 0.0042s user-agent=bench\\n", "web", n++, n % 97; fflush(); system("usleep 100000") } }`;
docker([
  'run',
  '-d',
  '--name',
  name,
  '--network',
  'none',
  '--label',
  'berth.test=1',
  'berth-test/busybox:latest',
  'awk',
  awk,
]);

function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}
function rssMB(pid) {
  return (Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE) / 1e6;
}

let measured = false;
try {
  await new Promise(resolve => setTimeout(resolve, 1000));
  // 3. Both followers at once, on the same container.
  const berth = spawn(process.execPath, [join(work, 'follow.mjs'), name], {env, stdio: ['ignore', 'pipe', 'inherit']});
  const cli = spawn('docker', ['logs', '-f', '--tail', '0', name], {env, stdio: ['ignore', 'pipe', 'inherit']});
  let cliLines = 0;
  cli.stdout.on('data', chunk => {
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) cliLines++;
  });
  let berthOutput = '';
  berth.stdout.on('data', chunk => (berthOutput += chunk));
  for (const [label, child] of [
    ['the LogSession follower', berth],
    ['docker logs -f', cli],
  ]) {
    child.on('exit', code => {
      if (!measured) {
        console.error(`${label} exited early (${code}); see its error above`);
        process.exitCode = 1;
      }
    });
  }
  // Start-up (module loading, TLS) is not what is compared: measure from two seconds in.
  await new Promise(resolve => setTimeout(resolve, 2000));
  const start = {berth: cpuSeconds(berth.pid), cli: cpuSeconds(cli.pid), cliLines};
  const rss = {berth: [], cli: []};
  const sampler = setInterval(() => {
    rss.berth.push(rssMB(berth.pid));
    rss.cli.push(rssMB(cli.pid));
  }, 250);
  await new Promise(resolve => setTimeout(resolve, seconds * 1000));
  clearInterval(sampler);
  const cpu = {berth: cpuSeconds(berth.pid) - start.berth, cli: cpuSeconds(cli.pid) - start.cli};
  const received = cliLines - start.cliLines;
  measured = true;
  berth.kill('SIGTERM');
  cli.kill('SIGTERM');
  await new Promise(resolve => berth.on('exit', resolve));
  const report = JSON.parse(berthOutput || '{}');

  const max = values => Math.max(...values);
  const mean = values => values.reduce((a, b) => a + b, 0) / values.length;
  const rows = [
    ['CPU, % of one core', (100 * cpu.berth) / seconds, (100 * cpu.cli) / seconds],
    ['CPU per 1,000 lines, ms', (1000 * cpu.berth) / (received / 1000), (1000 * cpu.cli) / (received / 1000)],
    ['RSS max, MB', max(rss.berth), max(rss.cli)],
    ['RSS mean, MB', mean(rss.berth), mean(rss.cli)],
    // After warming up, a bounded follower stops growing: compare the middle sample with the last.
    [
      'RSS growth in the second half, MB',
      rss.berth.at(-1) - rss.berth[rss.berth.length >> 1],
      rss.cli.at(-1) - rss.cli[rss.cli.length >> 1],
    ],
  ];
  const pad = (text, width) => String(text).padStart(width);
  console.log(
    `following ${name} for ${seconds} s: ~${Math.round(received / seconds)} lines/s seen by docker logs, ${report.lines} lines through LogSession (${report.held} held, ${report.publishes} publishes, ${report.status}; V8 heap ${report.heapUsedMB?.toFixed(1)} MB used of ${report.heapTotalMB?.toFixed(1)} MB at the end)`,
  );
  console.log(`${'metric'.padEnd(34)}${pad('LogSession', 12)}${pad('docker logs', 13)}${pad('ratio', 8)}`);
  for (const [label, ours, theirs] of rows) {
    const ratio = Math.abs(theirs) > 1e-9 ? (ours / theirs).toFixed(2) : '-';
    console.log(`${label.padEnd(34)}${pad(ours.toFixed(1), 12)}${pad(theirs.toFixed(1), 13)}${pad(ratio, 8)}`);
  }
} finally {
  docker(['rm', '-f', name]);
  if (!process.env.KEEP) rmSync(work, {recursive: true, force: true});
}
