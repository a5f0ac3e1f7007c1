import {execFileSync} from 'node:child_process';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {startPrivateEngine} from '../helpers/private-engine.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// Two docker contexts for the same bench engine (over TLS and over its unix socket) and one nobody answers.
const config = scratchDir('berth-contexts-');
const name = uniqueName('ctx');
const berth = berthPerTest();
let terminal: Terminal | undefined;

beforeAll(() => {
  const env = benchEnv();
  const certs = env.DOCKER_CERT_PATH!;
  const create = (context: string, host: string) =>
    execFileSync('docker', ['context', 'create', context, '--docker', host], {
      env: {PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_CONFIG: config},
      stdio: 'ignore',
    });
  create('bench-tls', `host=tcp://127.0.0.1:2375,ca=${certs}/ca.pem,cert=${certs}/cert.pem,key=${certs}/key.pem`);
  create('bench-socket', `host=unix://${env.BERTH_TESTBED_DIR}/engine/docker.sock`);
  create('nobody', 'host=tcp://127.0.0.1:9');
  runTestContainer(name, ['sh', '-c', 'while :; do echo ctx-line; sleep 1; done'], {label: false});
});
afterAll(() => docker(['rm', '-f', name]));

test('view 5 shows the engine; c switches contexts in place; an unreachable context leaves the current one working', async () => {
  const env = {
    DOCKER_CONFIG: config,
    DOCKER_HOST: undefined,
    DOCKER_TLS_VERIFY: undefined,
    DOCKER_CERT_PATH: undefined,
    DOCKER_CONTEXT: undefined,
  };
  terminal = berth.start({env, columns: 100, rows: 30, args: ['--context', 'bench-tls']});
  await terminal.waitFor(/context bench-tls/);
  terminal.type(`/${name}`);
  terminal.keys('Enter');
  terminal.keys('Enter');
  await terminal.waitFor('ctx-line');
  // Back to the list (in the log pane 5 picks a window), then the engine view.
  terminal.keys('Escape');
  terminal.type('5');
  const view = await terminal.waitFor(/host\s+tcp:\/\/127\.0\.0\.1:2375/);
  expect(view).toMatch(/TLS\s+verified/);
  terminal.type('G');
  await terminal.waitFor(/ApiVersion\s+1\.41/);
  terminal.type('g');

  // Unreachable: the message names the host and the current engine stays.
  terminal.type('c');
  await terminal.waitFor('Docker contexts');
  terminal.keys('Down');
  terminal.keys('Down');
  terminal.keys('Enter');
  const refused = await terminal.waitFor(/still on tcp:\/\/127\.0\.0\.1:2375 \(context bench-tls\)/);
  expect(refused).toMatch(/127\.0\.0\.1:9/);
  terminal.type('1');
  await terminal.waitFor(name);

  // Reachable: every view reloads from the new engine, the log pane closes with a note, the header follows.
  terminal.type(':context bench-socket');
  terminal.keys('Enter');
  await terminal.waitFor(/switched to context bench-socket · log pane closed/);
  await terminal.waitUntil(
    s => /engine unix:\/\/.*docker\.sock/.test(s.split('\n')[0] ?? ''),
    'the header to name the new engine',
  );
  // At 80 columns a socket's long path gives up its middle; the context switched to stays in the header.
  terminal.resize(80, 30);
  await terminal.waitUntil(
    s => /^ berth ─ engine unix:\/\/\S*sock socket · context bench-socket/.test(s.split('\n')[0] ?? ''),
    'the context in the header at 80 columns',
  );
  terminal.resize(100, 30);
  // The switch clears the filter; the bench engine may hold other containers that sort before this one.
  terminal.type(`/${name}`);
  terminal.keys('Enter');
  await terminal.waitFor(name);
  expect(terminal.screen()).not.toMatch(/logs ctx-/);
  terminal.type('5');
  await terminal.waitFor(/host\s+unix:\/\//);
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
});

test('view 5: version, disk usage as docker system df counts it, and a warning for a log without max-size', async () => {
  // An engine of its own: the bench's daemon.json gives every container a max-size, this one gives none.
  const engine = await startPrivateEngine();
  try {
    engine.loadBusybox();
    engine.docker([
      'run',
      '-d',
      '--name',
      'unbounded-log',
      '--network',
      'none',
      BUSYBOX,
      'sh',
      '-c',
      'echo a line; sleep 100000',
    ]);
    terminal = berth.start({
      env: {DOCKER_HOST: engine.host, DOCKER_TLS_VERIFY: undefined, DOCKER_CERT_PATH: undefined},
      columns: 120,
      rows: 60,
    });
    await terminal.waitFor(/API 1\.41/);
    terminal.type('5');
    const screen = await terminal.waitFor(/total \S+, of which \S+ reclaimable/, 20_000);
    const df = engine.docker(['system', 'df', '--format', '{{.Type}} {{.TotalCount}} {{.Active}}']);
    const images = /Images (\d+) (\d+)/.exec(df)!;
    expect(screen).toMatch(new RegExp(`Images\\s+${images[1]}\\s+${images[2]}\\s+\\S+B`));
    expect(screen).toMatch(/storage driver\s+\S+/);
    expect(screen).toMatch(/1 of 1 containers log to json-file without max-size/);
    // A local engine: the log file's size is measured.
    expect(screen).toMatch(/! \d+B\s+unbounded-log\s+json-file/);
    terminal.type('G');
    await terminal.waitFor(/ApiVersion\s+1\.41/);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  } finally {
    await engine.stop();
  }
}, 90_000);
