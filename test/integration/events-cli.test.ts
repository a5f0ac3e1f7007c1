import {spawnSync} from 'node:child_process';
import {afterAll, describe, expect, test} from 'vitest';
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
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

afterAll(() => {
  try {
    docker(['rm', '-f', name]);
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
