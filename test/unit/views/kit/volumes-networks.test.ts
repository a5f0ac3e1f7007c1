import {describe, expect, test} from 'vitest';
import {toNetworkRow} from '../../../../source/engine/networks/networks.js';
import {networkUsers, volumeUsers, type ContainerUse} from '../../../../source/engine/volumes/usage.js';
import {toVolumeRow} from '../../../../source/engine/volumes/volumes.js';
import {DEFAULT_KEYMAP, resolveKey} from '../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {targetNetworks} from '../../../../source/views/networks/list.js';
import {targetVolumes, volumeRows} from '../../../../source/views/volumes/list.js';
import {toContainerRow} from '../../../../source/engine/containers/rows.js';
import type Docker from 'dockerode';
import {reduce, unitConfig as config} from '../../../helpers/app-state.js';

const info = (id: string, name: string, state: string, mounts: string[], networks: Record<string, string>) =>
  ({
    Id: id,
    Names: [`/${name}`],
    State: state,
    Mounts: mounts.map(mount => ({
      Type: mount.startsWith('/') ? 'bind' : 'volume',
      Name: mount.startsWith('/') ? undefined : mount,
      Source: mount,
    })),
    NetworkSettings: {
      Networks: Object.fromEntries(Object.entries(networks).map(([net, netId]) => [net, {NetworkID: netId}])),
    },
  }) as unknown as Docker.ContainerInfo;

const infos = [
  info('c1', 'web', 'running', ['data', '/host'], {front: 'n1'}),
  info('c2', 'db', 'exited', ['data', 'db'], {front: ''}),
  info('c3', 'tool', 'created', [], {none: 'n0'}),
];

describe('who uses a volume or a network', () => {
  test('volumes: named mounts only, each container once, by name', () => {
    const users = volumeUsers(infos);
    expect(users.get('data')?.map(u => u.name)).toEqual(['db', 'web']);
    expect(users.get('db')?.map(u => u.name)).toEqual(['db']);
    expect(users.has('/host')).toBe(false);
    expect(toVolumeRow({Name: 'data', Driver: 'local', CreatedAt: '2026-01-01T00:00:00Z'}, users)).toMatchObject({
      created: 1767225600,
      usedBy: [{name: 'db'}, {name: 'web'}],
    });
  });

  test('networks: by ID or by name (a stopped container may carry no ID yet); predefined ones marked', () => {
    const users = networkUsers(infos);
    const front = toNetworkRow(
      {Id: 'n1', Name: 'front', Driver: 'bridge', IPAM: {Config: [{Subnet: '10.0.0.0/24', Gateway: '10.0.0.1'}]}},
      users,
    );
    expect(front).toMatchObject({subnet: '10.0.0.0/24', gateway: '10.0.0.1', predefined: false});
    expect(front.usedBy.map(u => `${u.name} ${u.state}`)).toEqual(['db exited', 'web running']);
    expect(toNetworkRow({Id: 'n0', Name: 'none'}, users)).toMatchObject({predefined: true, usedBy: [{name: 'tool'}]});
  });
});

describe('views 7 and 8', () => {
  const start = reduce(reduce({...DEFAULT_VIEWS.initialState('t', config), viewportRows: 5}, {type: 'view.volumes'}), {
    type: 'containers.loaded',
    items: infos.map(toContainerRow),
  });
  const users = new Map<string, ContainerUse[]>();
  const loaded = reduce(start, {
    type: 'volumes.loaded',
    items: ['a', 'data', 'db'].map(name => toVolumeRow({Name: name, Driver: 'local'}, users)),
  });

  test('7 and 8 are their tab keys; i/enter inspect and d remove only there; d is hidden with --readonly', () => {
    expect(start.view).toBe('volumes');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, start), '8')).toBe('view.networks');
    const scopes = activeScopes(DEFAULT_VIEWS, start);
    expect(scopes[0]).toBe('volumes');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'd')).toBe('volumes.remove');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'enter')).toBe('volumes.inspect');
    const networks = reduce(start, {type: 'view.networks'});
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, networks), 'i')).toBe('networks.inspect');
    expect(DEFAULT_KEYMAP.find(b => b.action === 'volumes.remove')?.changes).toBe(true);
    expect(DEFAULT_KEYMAP.find(b => b.action === 'networks.remove')?.changes).toBe(true);
  });

  test("USED BY comes from view 1's container list and follows it", () => {
    expect(volumeRows(loaded).map(row => `${row.name}:${row.usedBy.map(u => u.name).join(',')}`)).toEqual([
      'a:',
      'data:db,web',
      'db:db',
    ]);
    const fewer = reduce(loaded, {type: 'containers.loaded', items: infos.slice(0, 1).map(toContainerRow)});
    expect(volumeRows(fewer).map(row => row.usedBy.length)).toEqual([0, 1, 0]);
  });

  test('marks act on rows and survive a reload while the row is there; the filter matches users', () => {
    let state = reduce(loaded, {type: 'list.mark'});
    state = reduce(state, {type: 'list.mark'});
    expect(targetVolumes(state).map(row => row.name)).toEqual(['a', 'data']);
    state = reduce(state, {
      type: 'volumes.loaded',
      items: ['data', 'db'].map(name => toVolumeRow({Name: name, Driver: 'local'}, users)),
    });
    expect(targetVolumes(state).map(row => row.name)).toEqual(['data']);
    const filtered = reduce(reduce(reduce(loaded, {type: 'filter.open'}), {type: 'overlay.draft', draft: 'web'}), {
      type: 'overlay.submit',
    });
    expect(targetVolumes(filtered).map(row => row.name)).toEqual(['data']);
    const nets = reduce(reduce(loaded, {type: 'view.networks'}), {
      type: 'networks.loaded',
      items: [toNetworkRow({Id: 'n1', Name: 'front'}, networkUsers(infos))],
    });
    expect(targetNetworks(nets).map(row => row.name)).toEqual(['front']);
  });
});
