import {execFileSync, spawnSync} from 'node:child_process';
import {rmSync} from 'node:fs';
import {createServer, type Server, type Socket} from 'node:net';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, docker} from '../helpers/bench.js';
import type {PrivateEngine} from '../helpers/private-engine.js';
import {
  benchAndSecondContexts,
  filterTo,
  rowOf,
  startBerthOnContexts,
  startSecondEngine,
} from '../helpers/several-engines.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// berth on two engines at once: the shared TLS bench engine (context "bench") and a private dockerd on its own
// socket (context "second"), from a docker config directory of the test's own. A third context points at a
// port that accepts and never answers ("silent").
const tag = `me${Math.random().toString(36).slice(2, 6)}`;
const onBench = `${tag}-a`;
const onSecond = `${tag}-b`;
// The same name on both engines: two rows, told apart by their engine.
const same = `${tag}-same`;

let second: PrivateEngine;
let configDir: string;
let silent: Server;
const held: Socket[] = [];
const berth = berthPerTest();
let terminal: Terminal | undefined;

const run = (engine: (args: string[]) => string, name: string, line: string) =>
  engine([
    'run',
    '-d',
    '--init',
    '--network',
    'none',
    '--label',
    'berth.test=1',
    '--name',
    name,
    BUSYBOX,
    'sh',
    '-c',
    `echo ${line}; exec sleep 600`,
  ]);

beforeAll(async () => {
  second = await startSecondEngine();
  run(docker, onBench, `hello-from-bench-${tag}`);
  run(docker, same, 'same-on-bench');
  run((args: string[]) => second.docker(args), onSecond, `hello-from-second-${tag}`);
  run((args: string[]) => second.docker(args), same, 'same-on-second');
  silent = createServer(socket => void held.push(socket));
  await new Promise<void>(resolve => silent.listen(0, '127.0.0.1', resolve));
  const port = (silent.address() as {port: number}).port;
  configDir = benchAndSecondContexts(second, [{name: 'silent', host: `tcp://127.0.0.1:${port}`}]);
}, 180_000);

afterAll(async () => {
  try {
    docker(['rm', '-f', onBench, same]);
  } catch {
    // already gone
  }
  for (const socket of held) socket.destroy();
  silent?.close();
  await second?.stop();
  if (configDir) rmSync(configDir, {recursive: true, force: true});
}, 60_000);

function open(args: string[], columns?: number, rows?: number): Terminal {
  terminal = berth.adopt(startBerthOnContexts(configDir, args, columns, rows));
  return terminal;
}

const stateOf = (engine: (args: string[]) => string, name: string) =>
  engine(['inspect', '--format', '{{.State.Status}}', name]).trim();

describe('several engines in one berth', () => {
  test('both engines in one list with the right ENGINE; events of either show at once; a marked pair stops on both', async () => {
    const t = open(['--context', 'bench', '--context', 'second']);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    await filterTo(t, tag);
    await t.waitUntil(
      s =>
        Boolean(rowOf(s, onBench, 'bench') && rowOf(s, onSecond, 'second')) &&
        Boolean(rowOf(s, same, 'bench') && rowOf(s, same, 'second')),
      'the rows of both engines, the same name twice',
      20_000,
    );
    expect(t.screen()).toMatch(/engines bench, second/);

    // An event on either engine shows at once (each engine's own /events stream).
    const newer = `${tag}-new`;
    run((args: string[]) => second.docker(args), newer, 'new');
    await t.waitUntil(s => Boolean(rowOf(s, newer, 'second')), 'the new container of the second engine', 5000);
    docker(['stop', '-t', '0', same]);
    await t.waitUntil(
      s => /○/.test(rowOf(s, same, 'bench') ?? '') && /●/.test(rowOf(s, same, 'second') ?? ''),
      'the bench row of the same name stopped, the second one running',
      5000,
    );

    // Mark one row of each engine and stop both: the confirmation names each with its engine.
    await filterTo(t, `re:${tag}-(a|b)$`);
    await t.waitUntil(s => Boolean(rowOf(s, onBench, 'bench') && rowOf(s, onSecond, 'second')), 'the pair', 5000);
    t.keys('Space');
    t.keys('Down');
    t.keys('Space');
    t.type('s');
    const confirm = await t.waitFor(/Stop these 2 containers\?/);
    expect(confirm).toContain(`bench/${onBench}`);
    expect(confirm).toContain(`second/${onSecond}`);
    t.type('y');
    await t.waitUntil(
      s => /○/.test(rowOf(s, onBench, 'bench') ?? '') && /○/.test(rowOf(s, onSecond, 'second') ?? ''),
      'both stopped',
      30_000,
    );
    expect(stateOf(docker, onBench)).toBe('exited');
    expect(stateOf((args: string[]) => second.docker(args), onSecond)).toBe('exited');
    docker(['start', onBench]);
    second.docker(['start', onSecond]);
    second.docker(['rm', '-f', newer]);

    // The engine view lists every engine side by side: connection, version, TLS expiry, disk use.
    t.type('5');
    const engines = await t.waitUntil(
      s => /Engines \(2; /.test(s) && /^\s+second\s+connected\s+Docker .*\d+(\.\d+)?[kMG]?B \(/m.test(s),
      'the engines table with the disk use of both',
      20_000,
    );
    expect(engines).toMatch(/^\s+bench\s+connected\s+Docker .* TLS\s+\d{4}-\d{2}-\d{2} \(\d+ days\)/m);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('logs and exec on a row of the second engine; engine:NAME narrows to one engine (80x24)', async () => {
    const t = open(['--context', 'bench', '--context', 'second'], 80, 24);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    await filterTo(t, `engine:second ${tag}`);
    await t.waitUntil(s => Boolean(rowOf(s, onSecond, 'second')), 'the second engine row', 20_000);
    expect(rowOf(t.screen(), onBench, 'bench')).toBeUndefined();
    await filterTo(t, `engine:second ${onSecond}`);
    await t.waitUntil(s => Boolean(rowOf(s, onSecond, 'second')), 'only that row', 5000);
    t.keys('Enter');
    await t.waitFor(`hello-from-second-${tag}`, 10_000);
    // Every title and message about a container names its engine when there are several.
    expect(t.screen()).toContain(`logs second/${onSecond}`);
    t.keys('Escape');
    t.type('e');
    await t.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt', 15_000);
    t.type('hostname; echo $((6*7))');
    t.keys('Enter');
    await t.waitFor(/^42$/m);
    t.type('exit');
    t.keys('Enter');
    await t.waitFor(/ENGINE\s+NAME/, 10_000);
    await t.waitFor(`in second/${onSecond} exited 0`, 10_000);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('L on marked rows of both engines: one pane, each line prefixed engine/name', async () => {
    const t = open(['--context', 'bench', '--context', 'second']);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    await filterTo(t, same);
    await t.waitUntil(s => Boolean(rowOf(s, same, 'bench') && rowOf(s, same, 'second')), 'both rows', 20_000);
    t.keys('Space');
    t.keys('Down');
    t.keys('Space');
    await t.waitFor('2 marked');
    t.type('L');
    const screen = await t.waitUntil(
      s => /bench\/\S+-same +\| same-on-bench/.test(s) && /second\/\S+-same +\| same-on-second/.test(s),
      'a line of each engine, prefixed with its engine',
      20_000,
    );
    expect(screen).toMatch(/logs 2 containers/);
    // A change on one engine (a container made there) brings that engine's list alone: the other engine's
    // container in the pane is still there, and the pane must not call it removed.
    const extra = `${same}-x`;
    docker(['create', '--label', 'berth.test=1', '--name', extra, BUSYBOX, 'true']);
    try {
      const after = await t.waitUntil(s => s.includes(extra), 'the new row on the bench engine', 20_000);
      await new Promise(resolve => setTimeout(resolve, 500));
      expect(after + t.screen()).not.toMatch(/container removed/);
    } finally {
      docker(['rm', '-f', extra]);
    }
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('one engine killed: its rows are marked, the other keeps working; its rows come back with it', async () => {
    const t = open(['--context', 'bench', '--context', 'second']);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    await filterTo(t, tag);
    await t.waitUntil(s => Boolean(rowOf(s, onBench, 'bench') && rowOf(s, onSecond, 'second')), 'both rows', 20_000);
    await second.kill();
    await t.waitUntil(
      s => /second DOWN/.test(s) && /×/.test(rowOf(s, onSecond, 'second') ?? ''),
      'the second engine down, its rows marked',
      20_000,
    );
    // Still listed (not hidden), and the bench engine's rows, events and logs keep working.
    expect(rowOf(t.screen(), onBench, 'bench')).toMatch(/●/);
    expect(t.screen()).not.toMatch(/reconnecting…|retrying (in|now)/);
    docker(['restart', '-t', '0', same]);
    await filterTo(t, onBench);
    await t.waitUntil(s => Boolean(rowOf(s, onBench, 'bench')), 'the bench row', 5000);
    t.keys('Enter');
    await t.waitFor(`hello-from-bench-${tag}`, 10_000);
    t.keys('Escape');
    t.keys('Escape');
    await filterTo(t, tag);

    await second.startAgain();
    await t.waitUntil(
      s =>
        !/second DOWN/.test(s) &&
        Boolean(rowOf(s, onSecond, 'second')) &&
        !/×/.test(rowOf(s, onSecond, 'second') ?? ''),
      'the second engine back, its rows live',
      60_000,
    );
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 180_000);

  test('an engine that accepts and never answers delays nothing, is DOWN at its deadline, and is tried again', async () => {
    const connectionsBefore = held.length;
    const started = Date.now();
    const t = open(['--context', 'bench', '--context', 'silent']);
    // Keys typed before the UI is up would meet the terminal's line editing (ctrl-u), not berth's prompt.
    await t.waitFor('1 Containers', 10_000);
    await filterTo(t, onBench);
    await t.waitUntil(s => Boolean(rowOf(s, onBench, 'bench')), 'the bench row', 10_000);
    const elapsed = Date.now() - started;
    // The silent engine's connect takes its first-byte deadline; the bench rows do not wait for it.
    expect(elapsed).toBeLessThan(8000);
    expect(t.screen()).toMatch(/silent \(connecting\)|silent DOWN/);
    // The first-byte deadline (15 s) of its first request, the container list, ends the silent engine's connect,
    // whatever a garbage collection did meanwhile (berth's idle collector runs one a few seconds after start): the
    // header names it DOWN, with the reason (after the name, without the URL the name stands for).
    await t.waitFor('silent: connected, but no answer to GET /containers/json within 15 s', 25_000);
    expect(Date.now() - started).toBeLessThan(25_000);
    expect(rowOf(t.screen(), onBench, 'bench')).toBeTruthy();
    // Then it is tried again after its backoff (1 s): a new connection reaches the silent port.
    const attempts = held.length - connectionsBefore;
    expect(attempts).toBeGreaterThanOrEqual(1);
    const retryBy = Date.now() + 10_000;
    while (held.length - connectionsBefore <= attempts && Date.now() < retryBy)
      await new Promise(resolve => setTimeout(resolve, 100));
    expect(held.length - connectionsBefore).toBeGreaterThan(attempts);
    expect(t.screen()).toMatch(/silent DOWN/);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 90_000);
});

// berth ps on several engines: docker ps with an ENGINE column, and the engine that does not answer left out.
test('berth ps --all-contexts [--json] lists every answering engine with an ENGINE column', () => {
  const env: NodeJS.ProcessEnv = {...process.env, DOCKER_CONFIG: configDir};
  for (const name of ['DOCKER_HOST', 'DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH', 'DOCKER_CONTEXT']) delete env[name];
  const out = execFileSync('node', ['bin/berth.js', 'ps', '--context', 'bench', '--context', 'second'], {
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  expect(out.split('\n')[0]).toMatch(/^ENGINE\s+CONTAINER ID\s+IMAGE/);
  expect(out).toMatch(new RegExp(`^bench\\s.*\\s${onBench}$`, 'm'));
  expect(out).toMatch(new RegExp(`^second\\s.*\\s${onSecond}$`, 'm'));
  const json = JSON.parse(
    execFileSync('node', ['bin/berth.js', 'ps', '--context', 'bench', '--context', 'second', '--json'], {
      env,
      encoding: 'utf8',
    }),
  ) as {engine: string; name: string}[];
  expect(
    json
      .filter(row => row.name === same)
      .map(row => row.engine)
      .sort(),
  ).toEqual(['bench', 'second']);

  // --all-contexts: the engines that answer are the list (silent is left out with its line, exit 0).
  const all = spawnSync('node', ['bin/berth.js', 'ps', '--all-contexts'], {env, encoding: 'utf8'});
  expect(all.status, all.stderr).toBe(0);
  expect(all.stderr).toMatch(/^berth: engine silent: .*; left out$/m);
  expect(all.stdout).toMatch(new RegExp(`^second\\s.*\\s${onSecond}$`, 'm'));
  // Named with --context, an engine left out makes it exit 1 (the others are still listed).
  const named = spawnSync('node', ['bin/berth.js', 'ps', '--context', 'second', '--context', 'silent'], {
    env,
    encoding: 'utf8',
  });
  expect(named.status).toBe(1);
  expect(named.stdout).toContain(onSecond);

  // stats lists running containers: whatever the tests before did to them (a stop, the engine killed), these run.
  docker(['start', onBench]);
  second.docker(['start', onSecond]);
  const stats = spawnSync(
    'node',
    ['bin/berth.js', 'stats', '--context', 'bench', '--context', 'second', '--no-stream'],
    {
      env,
      encoding: 'utf8',
    },
  );
  expect(stats.status, stats.stderr).toBe(0);
  expect(stats.stdout.split('\n')[0]).toMatch(/^ENGINE\s+CONTAINER ID\s+NAME\s+CPU %/);
  expect(stats.stdout).toMatch(new RegExp(`^second\\s+\\w{12}\\s+${onSecond}\\s+\\d`, 'm'));
  expect(stats.stdout).toMatch(new RegExp(`^bench\\s+\\w{12}\\s+${onBench}\\s+\\d`, 'm'));
}, 120_000);
