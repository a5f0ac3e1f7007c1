import {spawnSync} from 'node:child_process';
import {afterAll, describe, expect, test} from 'vitest';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
import {berthBehindProxy} from '../helpers/berth-behind-proxy.js';
import {scratchDir} from '../helpers/scratch.js';

// berth events as a user runs it (bin/berth.js after `node scripts/build.mjs`), against docker events.
const state = scratchDir('berth-events-cli-');
function berth(args: string[]) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...benchEnv()},
    timeout: 30_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

const name = uniqueName('berth-events-cli');
const lostName = uniqueName('berth-events-lost');

afterAll(() => {
  for (const container of [name, lostName])
    try {
      docker(['rm', '-f', container]);
    } catch {
      // Already gone.
    }
});

describe('berth events', () => {
  test('--since --until, plain and --json, print what docker events prints for the same window', async () => {
    const since = String(Math.floor(Date.now() / 1000) - 1);
    docker(['run', '-d', '--name', name, BUSYBOX, 'sleep', '600']);
    docker(['stop', '-t', '0', name]);
    docker(['rm', name]);
    await new Promise(resolve => setTimeout(resolve, 1100));
    const until = String(Math.floor(Date.now() / 1000));
    const window = ['--since', since, '--until', until];
    const json = berth(['events', ...window, '--json']);
    expect(json.code).toBe(0);
    const theirs = docker(['events', ...window, '--format', '{{json .}}']);
    expect(json.stdout.trimEnd()).toBe(theirs.trimEnd());
    const plain = berth(['events', ...window, '--filter', `container=${name}`]);
    expect(plain.code).toBe(0);
    expect(plain.stdout.trimEnd()).toBe(docker(['events', ...window, '--filter', `container=${name}`]).trimEnd());
    const actions = plain.stdout
      .trim()
      .split('\n')
      .map(line => line.split(' ')[2]);
    expect(actions).toEqual(expect.arrayContaining(['create', 'start', 'kill', 'die', 'stop', 'destroy']));
    expect(actions.indexOf('create')).toBeLessThan(actions.indexOf('start'));
    expect(actions.indexOf('die')).toBeLessThan(actions.indexOf('destroy'));
    const dies = berth(['events', ...window, '--filter', `container=${name}`, '--filter', 'event=die', '--json']);
    expect(
      dies.stdout
        .trim()
        .split('\n')
        .map(line => (JSON.parse(line) as {Action: string}).Action),
    ).toEqual(['die']);
  });

  test('the engine lost mid-stream: one line naming it, the reason, and the command that goes on from there', async () => {
    // --since: the create is shown even when the stream opens after it (a loaded machine).
    const since = String(Math.floor(Date.now() / 1000) - 1);
    const run = await berthBehindProxy(['events', '--since', since, '--filter', `container=${lostName}`], state);
    try {
      docker(['create', '--name', lostName, BUSYBOX, 'true']);
      await run.waitFor('stdout', / container create /);
      await run.proxy.close();
      expect(await run.exited).toBe(1);
      const lines = run.stderr().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        new RegExp(
          `^berth: engine ${run.proxy.url('tcp')}: connection lost \\(.+\\): the engine stopped or restarted, or the network ` +
            'dropped; once it is back, berth events --since \\d+\\.\\d{9} goes on after the last event shown$',
        ),
      );
      // The command it gives goes on after the last event shown: the create is not shown again, the rm is.
      const resume = /--since (\S+)/.exec(lines[0] ?? '')?.[1] ?? '';
      docker(['rm', lostName]);
      const until = String(Math.floor(Date.now() / 1000) + 1);
      await new Promise(resolve => setTimeout(resolve, 1100));
      const next = berth(['events', '--since', resume, '--until', until, '--filter', `container=${lostName}`]);
      expect(
        next.stdout
          .trim()
          .split('\n')
          .map(line => line.split(' ')[2]),
      ).toEqual(['destroy']);
    } finally {
      await run.stop();
    }
  });

  test('a bad --filter or flag is a usage error (exit 2), an engine not there exit 1', () => {
    const filter = berth(['events', '--filter', 'nokey']);
    expect(filter.code).toBe(2);
    expect(filter.stderr).toContain('give KEY=VALUE');
    expect(berth(['events', '--since', 'yesterday']).code).toBe(2);
    expect(berth(['events', '--all']).code).toBe(2);
    const gone = spawnSync('node', ['bin/berth.js', 'events', '--until', '0s'], {
      encoding: 'utf8',
      env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, DOCKER_HOST: 'tcp://127.0.0.1:1'},
      timeout: 30_000,
    });
    expect(gone.status).toBe(1);
  });
});

// `berth events | head -1`: the reader goes away after a line; berth ends quietly, as docker events does (a write
// after that raised EPIPE with a stack trace). The engine keeps 256 events: the last ten minutes have some.
test('berth events whose reader goes away ends with 0 and no stack trace', () => {
  docker(['run', '--rm', '--network', 'none', BUSYBOX, 'true']);
  const result = spawnSync(
    'bash',
    ['-c', 'set -o pipefail; node bin/berth.js events --since 10m --until 0s | head -c 1 >/dev/null'],
    {encoding: 'utf8', env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...benchEnv()}},
  );
  expect(result.stderr).not.toMatch(/EPIPE|at /);
  expect(result.status).toBe(0);
});
