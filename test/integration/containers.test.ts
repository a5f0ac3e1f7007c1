import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {containerEnv, containerSizes, containersMatching, operate} from '../../source/engine/containers/operations.js';
import {listContainers} from '../../source/engine/containers/list.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {BUSYBOX, benchEnv, docker, runTestContainer} from '../helpers/bench.js';

let client: EngineClient;
const NAMES = ['web-1', 'web-2', 'old-web-3', 'wz'];

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  docker(['rm', '-f', ...NAMES]);
  for (const name of ['web-1', 'old-web-3', 'wz']) runTestContainer(name, ['sleep', '600']);
  // web-2 is only created, never started: ":stop" must still list it and treat "already stopped" as success.
  docker([
    'create',
    '--network',
    'none',
    '--label',
    'berth.test=1',
    '--name',
    'web-2',
    '-e',
    'A=1',
    '-e',
    'MULTI=a=b=c',
    '-e',
    'API_TOKEN=t0k3n',
    BUSYBOX,
    'sleep',
    '600',
  ]);
});

afterAll(() => {
  docker(['rm', '-f', ...NAMES]);
  client?.close();
});

describe('containers against the bench engine, the docker CLI as the oracle', () => {
  test(':stop web* finds web-1 and web-2 only, running or created, and stops them', async () => {
    const matches = await containersMatching(client.docker, 'web*');
    expect(matches.map(m => m.name)).toEqual(['web-1', 'web-2']);
    for (const match of matches) await operate(client.docker, match.id, 'stop');
    const states = Object.fromEntries(
      docker(['ps', '-a', '--filter', 'label=berth.test=1', '--format', '{{.Names}} {{.State}}'])
        .trim()
        .split('\n')
        .map(line => line.split(' ') as [string, string]),
    );
    expect(states['web-1']).toBe('exited');
    expect(states['web-2']).toBe('created');
    expect(states['old-web-3']).toBe('running');
    expect(states['wz']).toBe('running');
    expect((await containersMatching(client.docker, 'we*')).map(m => m.name)).toEqual(['web-1', 'web-2']);
    expect((await containersMatching(client.docker, 'wz')).map(m => m.name)).toEqual(['wz']);
    expect(await containersMatching(client.docker, 'web')).toEqual([]);
  });

  test('stopping a stopped container and starting a started one are successes', async () => {
    await operate(client.docker, 'web-2', 'stop');
    await operate(client.docker, 'wz', 'start');
    await expect(operate(client.docker, 'no-such-container-berth', 'stop')).rejects.toThrow(
      /No such container: no-such-container-berth/,
    );
  });

  test('the list equals docker ps -a, and sizes equal docker ps -a -s', async () => {
    // Other test files create and remove containers meanwhile: compare the ones that stay put.
    const steady = (name: string) => name.startsWith('bench-') || NAMES.includes(name);
    const rows = await listContainers(client.docker);
    const oracle = docker(['ps', '-a', '--format', '{{.Names}}']).trim().split('\n').filter(steady).sort();
    expect(
      rows
        .map(r => r.name)
        .filter(steady)
        .sort(),
    ).toEqual(oracle);
    const firstStopped = rows.findIndex(r => r.state !== 'running');
    expect(rows.slice(firstStopped).every(r => r.state !== 'running')).toBe(true);

    const sizes = await containerSizes(client.docker);
    const raw = docker(['ps', '-a', '-s', '--no-trunc', '--format', '{{json .}}'])
      .trim()
      .split('\n')
      .map(line => JSON.parse(line) as {ID: string; Names: string});
    const steadyIds = raw.filter(r => steady(r.Names)).map(r => r.ID);
    const inspected = JSON.parse(docker(['inspect', '--size', ...steadyIds])) as {
      Id: string;
      SizeRw?: number;
      SizeRootFs?: number;
    }[];
    for (const info of inspected) {
      expect(sizes[info.Id]?.rw ?? 0).toBe(info.SizeRw ?? 0);
      expect(sizes[info.Id]?.rootFs).toBe(info.SizeRootFs);
    }
  });

  test('the environment equals inspect, split on the first =, secrets flagged', async () => {
    const {entries} = await containerEnv(client.docker, 'web-2');
    const oracle = JSON.parse(docker(['inspect', '--format', '{{json .Config.Env}}', 'web-2'])) as string[];
    expect(entries.map(e => `${e.key}=${e.value}`)).toEqual(oracle);
    expect(entries.find(e => e.key === 'MULTI')?.value).toBe('a=b=c');
    expect(entries.find(e => e.key === 'API_TOKEN')?.secret).toBe(true);
    expect(entries.find(e => e.key === 'A')?.secret).toBe(false);
  });
});
