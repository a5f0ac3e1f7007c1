import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {listNetworks, removeNetwork} from '../../source/engine/networks/networks.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {listVolumes, removeVolume} from '../../source/engine/volumes/volumes.js';

// What `docker network inspect` prints, as far as these tests read it.
type NetworkInspect = {Id: string; Driver: string; Scope: string; IPAM: {Config: {Subnet: string}[] | null}};
import {benchEnv, BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
import {at} from '../helpers/found.js';

// Volumes and networks against the bench engine, with the docker CLI as the oracle for "used by".
let client: EngineClient;
const base = uniqueName('berth-vn');
const used = `${base}-used`;
const free = `${base}-free`;
const net = `${base}-net`;
const idle = `${base}-idle`;
const runner = `${base}-runner`;
const stopped = `${base}-stopped`;

const quiet = (args: string[]) => {
  try {
    docker(args);
  } catch {
    // Already gone.
  }
};

const oracle = (filter: string) =>
  docker(['ps', '-a', '--filter', filter, '--format', '{{.Names}}']).split('\n').filter(Boolean).sort();

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  docker(['volume', 'create', used]);
  docker(['volume', 'create', free]);
  docker(['network', 'create', net]);
  docker(['network', 'create', idle]);
  docker(['run', '-d', '--name', runner, '--network', net, '-v', `${used}:/data`, BUSYBOX, 'sleep', '600']);
  docker(['create', '--name', stopped, '-v', `${used}:/other`, BUSYBOX, 'true']);
  docker(['network', 'connect', net, stopped]);
});

afterAll(() => {
  quiet(['rm', '-f', runner, stopped]);
  quiet(['volume', 'rm', used, free]);
  quiet(['network', 'rm', net, idle]);
  client?.close();
});

describe('volumes', () => {
  test('USED BY matches docker ps --filter volume=…; fields as docker volume inspect', async () => {
    const rows = await listVolumes(client.docker);
    for (const name of [used, free]) {
      const row = rows.find(r => r.name === name);
      expect(row, name).toBeDefined();
      expect(row!.usedBy.map(user => user.name).sort()).toEqual(oracle(`volume=${name}`));
      const inspect = at(
        JSON.parse(docker(['volume', 'inspect', name])) as {
          Driver: string;
          Scope: string;
          Mountpoint: string;
          CreatedAt: string;
        }[],
        0,
      );
      expect(row).toMatchObject({driver: inspect.Driver, scope: inspect.Scope, mountpoint: inspect.Mountpoint});
      expect(row!.created).toBe(Math.floor(Date.parse(inspect.CreatedAt) / 1000));
    }
    expect(
      rows
        .find(r => r.name === used)!
        .usedBy.map(user => `${user.name} ${user.state}`)
        .sort(),
    ).toEqual([`${runner} running`, `${stopped} created`]);
  });

  test('removing a volume in use is refused naming the containers (even forced); an unused one goes', async () => {
    for (const force of [false, true]) {
      const refused = await removeVolume(client.docker, used, force);
      expect(refused.ok).toBe(false);
      if (!refused.ok) {
        expect(refused.reason).toContain(`${runner} (running)`);
        expect(refused.reason).toContain(`${stopped} (created)`);
      }
    }
    expect(docker(['volume', 'ls', '-q']).split('\n')).toContain(used);
    expect(await removeVolume(client.docker, free, false)).toEqual({name: free, ok: true});
    expect(docker(['volume', 'ls', '-q']).split('\n')).not.toContain(free);
  });
});

describe('networks', () => {
  test('USED BY matches docker ps --filter network=…; subnet as docker network inspect', async () => {
    // Other test files start and remove containers on none and host meanwhile: what the oracle saw before and
    // after berth's list must be there, and nothing the oracle saw at neither time.
    const names = [net, idle, 'none', 'host'];
    const before = new Map(names.map(name => [name, oracle(`network=${name}`)]));
    const rows = await listNetworks(client.docker);
    for (const name of names) {
      const row = rows.find(r => r.name === name);
      expect(row, name).toBeDefined();
      const after = oracle(`network=${name}`);
      const got = row!.usedBy.map(user => user.name).sort();
      const earlier = before.get(name)!;
      expect(got).toEqual(expect.arrayContaining(earlier.filter(n => after.includes(n))));
      expect(got.filter(n => !earlier.includes(n) && !after.includes(n))).toEqual([]);
      if (name === net || name === idle) expect(got).toEqual(after);
      const inspect = at(JSON.parse(docker(['network', 'inspect', name])) as NetworkInspect[], 0);
      expect(row).toMatchObject({
        id: inspect.Id,
        driver: inspect.Driver,
        scope: inspect.Scope,
        subnet: (inspect.IPAM.Config ?? []).map(c => c.Subnet).join(', '),
      });
    }
    expect(rows.find(r => r.name === 'host')!.predefined).toBe(true);
    expect(rows.find(r => r.name === net)!.predefined).toBe(false);
  });

  test('a network with a running container is refused naming it; disconnecting first removes it; predefined ones stay', async () => {
    const rows = await listNetworks(client.docker);
    const row = rows.find(r => r.name === net)!;
    const refused = await removeNetwork(client.docker, row, []);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.reason).toContain(`${runner} (running)`);
    expect(
      (
        await removeNetwork(
          client.docker,
          rows.find(r => r.name === 'host')!,
          [],
        )
      ).ok,
    ).toBe(false);
    expect(
      await removeNetwork(
        client.docker,
        rows.find(r => r.name === idle)!,
        [],
      ),
    ).toEqual({name: idle, ok: true, disconnected: []});
    const forced = await removeNetwork(client.docker, row, row.usedBy);
    expect(forced).toEqual({name: net, ok: true, disconnected: [runner, stopped].sort()});
    expect(docker(['network', 'ls', '--format', '{{.Name}}']).split('\n')).not.toContain(net);
    // The container keeps running, off the network.
    expect(docker(['inspect', '--format', '{{.State.Running}}', runner]).trim()).toBe('true');
  });
});
