import {describe, expect, test} from 'vitest';
import {toImageRows} from '../../../../source/engine/images/list.js';
import {toNetworkRow} from '../../../../source/engine/networks/networks.js';
import {toNodeRow, toSecretRow, toServiceRow} from '../../../../source/engine/swarm/lists.js';
import {toVolumeRow} from '../../../../source/engine/volumes/volumes.js';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import type {Action} from '../../../../source/store/actions.js';
import type {AppState} from '../../../../source/store/state.js';
import {reduceApp} from '../../../../source/ui/reducer.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import type {CopyMenu} from '../../../../source/views/types.js';

// What y offers on each view's selected row: each item by its action, the text as it would be copied.
const config = {
  logBufferLines: 1,
  logTail: 1,
  shells: [],
  readonly: false,
  registries: ['https://r.example:5000'],
  registryOptions: {},
};
const reduce = (state: AppState, ...actions: Action[]) =>
  actions.reduce((s, action) => reduceApp(DEFAULT_VIEWS, s, action), state);
const start = () => ({...DEFAULT_VIEWS.initialState('t', config), viewportRows: 10});
const docker = (words: readonly string[], engine?: string) =>
  ['docker', ...(engine ? ['--context', engine] : []), ...words].join(' ');
function menu(state: AppState): {what: string; items: Record<string, string>} | undefined {
  const found: CopyMenu | undefined = DEFAULT_VIEWS.active(state)?.copyItems?.(state, docker);
  return found && {what: found.what, items: Object.fromEntries(found.items.map(i => [i.action, i.text]))};
}

describe('y: what each list offers', () => {
  test('images: ID, name, a digest reference where there is one, run, inspect, remove', () => {
    const [tagged] = toImageRows(
      {
        Id: `sha256:${'a'.repeat(64)}`,
        Created: 1,
        Size: 1,
        RepoTags: ['app:1'],
        RepoDigests: [`app@sha256:${'d'.repeat(64)}`],
      },
      0,
    );
    const [untagged] = toImageRows({Id: `sha256:${'b'.repeat(64)}`, Created: 0, Size: 1, RepoTags: []}, 0);
    if (!tagged || !untagged) throw new Error('toImageRows made no row');
    const state = reduce(start(), {type: 'view.images'}, {type: 'images.loaded', items: [tagged, untagged]});
    expect(menu(state)).toEqual({
      what: 'image app:1',
      items: {
        'copy.id': `sha256:${'a'.repeat(64)}`,
        'copy.name': 'app:1',
        'copy.digest': `app@sha256:${'d'.repeat(64)}`,
        'copy.runCommand': 'docker run --rm -it app:1',
        'copy.inspectCommand': 'docker image inspect app:1',
        'copy.removeCommand': 'docker rmi app:1',
      },
    });
    const second = menu(reduce(state, {type: 'cursor.down'}));
    expect(Object.keys(second?.items ?? {})).not.toContain('copy.name');
  });

  test('volumes and networks: names, the mountpoint, IDs; no remove command for the engine’s own networks', () => {
    const volume = toVolumeRow(
      {Name: 'data', Driver: 'local', Mountpoint: '/var/lib/docker/volumes/data/_data'},
      new Map(),
    );
    const volumes = reduce(
      start(),
      {type: 'view.volumes'},
      {type: 'containers.loaded', items: []},
      {
        type: 'volumes.loaded',
        items: [volume],
      },
    );
    expect(menu(volumes)?.items).toEqual({
      'copy.name': 'data',
      'copy.path': '/var/lib/docker/volumes/data/_data',
      'copy.inspectCommand': 'docker volume inspect data',
      'copy.removeCommand': 'docker volume rm data',
    });
    const networks = reduce(
      volumes,
      {type: 'view.networks'},
      {
        type: 'networks.loaded',
        items: [
          toNetworkRow({Id: 'n-bridge', Name: 'bridge'}, new Map()),
          toNetworkRow({Id: 'n-front', Name: 'front'}, new Map()),
        ],
      },
    );
    expect(menu(networks)?.items).toEqual({
      'copy.id': 'n-bridge',
      'copy.name': 'bridge',
      'copy.inspectCommand': 'docker network inspect bridge',
    });
    expect(menu(reduce(networks, {type: 'cursor.down'}))?.items['copy.removeCommand']).toBe('docker network rm front');
  });

  test('several engines: the commands name the row’s own engine', () => {
    const volume = {
      ...toVolumeRow({Name: 'data', Driver: 'local', Mountpoint: '/var/lib/docker/volumes/data/_data'}, new Map()),
      engine: 'second',
    };
    const volumes = reduce(
      start(),
      {type: 'view.volumes'},
      {type: 'containers.loaded', items: []},
      {type: 'volumes.loaded', items: [volume]},
    );
    expect(menu(volumes)?.items['copy.removeCommand']).toBe('docker --context second volume rm data');
  });

  test('compose: a project by name and directory with its commands; in its services, the container', () => {
    const container: ContainerRow = {
      id: 'c'.repeat(64),
      name: 'shop-web-1',
      image: 'shop-web',
      state: 'running',
      status: 'Up',
      ports: '',
      created: 0,
      compose: {
        project: 'shop',
        service: 'web',
        workingDir: '/srv/shop',
        configFiles: ['/srv/shop/compose.yaml'],
        oneoff: false,
      },
    };
    const state = reduce(start(), {type: 'view.compose'}, {type: 'containers.loaded', items: [container]});
    expect(menu(state)).toMatchObject({
      what: 'project shop',
      items: {
        'copy.name': 'shop',
        'copy.logsCommand': 'docker compose --project-name shop logs -f',
        'copy.removeCommand': 'docker compose --project-name shop down',
      },
    });
    // With compose v1 (docker-compose), the commands are docker-compose's.
    const v1 = {
      ...state,
      compose: {...state.compose, runner: {program: 'docker-compose', version: '1.29.2', kind: 'v1'}},
    };
    expect(menu(v1 as typeof state)).toMatchObject({
      items: {
        'copy.logsCommand': 'docker-compose --project-name shop logs -f',
        'copy.removeCommand': 'docker-compose --project-name shop down',
      },
    });
    const services = reduce(state, {type: 'compose.open'});
    expect(services.compose.open).toBe('shop');
    expect(menu(services)).toMatchObject({what: 'container shop-web-1', items: {'copy.id': 'c'.repeat(64)}});
  });

  test('registry: host/repository, then a tag as a reference, its digest once read, and the pull command', () => {
    let state = reduce(
      start(),
      {type: 'view.registry'},
      {type: 'registry.loading', level: 'repositories'},
      {
        type: 'registry.page',
        level: 'repositories',
        items: ['apps/web'],
      },
    );
    expect(menu(state)?.items).toEqual({'copy.name': 'r.example:5000/apps/web'});
    state = reduce(
      state,
      {type: 'registry.loading', level: 'tags', repository: 'apps/web'},
      {type: 'registry.page', level: 'tags', repository: 'apps/web', items: ['1.1']},
    );
    expect(menu(state)?.items).toEqual({
      'copy.name': 'r.example:5000/apps/web',
      'copy.reference': 'r.example:5000/apps/web:1.1',
      'copy.runCommand': 'docker pull r.example:5000/apps/web:1.1',
    });
    state = reduce(state, {
      type: 'registry.details',
      details: {
        key: 'https://r.example:5000 apps/web:1.1',
        data: {
          repository: 'apps/web',
          tag: '1.1',
          digest: 'sha256:abc',
          mediaType: 'm',
          kind: 'image',
          manifestSize: 1,
          platforms: [],
        },
      },
    });
    expect(menu(state)?.items['copy.digest']).toBe('r.example:5000/apps/web@sha256:abc');
  });

  test('swarm: the list that shows — services, nodes by ID, secrets (never a value)', () => {
    const services = [
      toServiceRow({
        ID: 'svc-web-0000000',
        Spec: {Name: 'web', Mode: {Replicated: {Replicas: 1}}, TaskTemplate: {ContainerSpec: {Image: 'app:1'}}},
      }),
    ];
    const nodes = [
      toNodeRow({ID: 'n1', Description: {Hostname: 'vm'}, Spec: {Role: 'manager'}, Status: {State: 'ready'}}, 'n1'),
    ];
    const secrets = [toSecretRow({ID: 's1', Spec: {Name: 'token'}})];
    let state = reduce(
      start(),
      {type: 'swarm.role', role: {state: 'active', manager: true, nodeId: 'n1'}},
      {type: 'view.swarm'},
      {type: 'swarm.loaded', nodes, services, secrets},
    );
    expect(menu(state)?.items).toEqual({
      'copy.id': 'svc-web-0000000',
      'copy.name': 'web',
      'copy.image': 'app:1',
      'copy.logsCommand': 'docker service logs -f web',
      'copy.inspectCommand': 'docker service inspect web',
      'copy.removeCommand': 'docker service rm web',
    });
    state = reduce(state, {type: 'swarm.show', list: 'nodes'});
    expect(menu(state)?.items).toEqual({
      'copy.id': 'n1',
      'copy.name': 'vm',
      'copy.inspectCommand': 'docker node inspect n1',
    });
    state = reduce(state, {type: 'swarm.show', list: 'secrets'});
    expect(menu(state)?.items).toEqual({
      'copy.id': 's1',
      'copy.name': 'token',
      'copy.inspectCommand': 'docker secret inspect token',
      'copy.removeCommand': 'docker secret rm token',
    });
  });
});
