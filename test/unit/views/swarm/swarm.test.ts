import {describe, expect, test} from 'vitest';
import {toNodeRow, toSecretRow, toServiceRow, toTaskRow} from '../../../../source/engine/swarm/lists.js';
import {dockerSecretCreateCommand} from '../../../../source/engine/swarm/docker-commands.js';
import {convergence, parseReplicas} from '../../../../source/engine/swarm/operations.js';
import type {AppState} from '../../../../source/store/state.js';
import {DEFAULT_KEYMAP, readonlyKeymap, resolveKey} from '../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {parseScaleArgs} from '../../../../source/views/swarm/scale.js';
import {selectedService, visibleRows} from '../../../../source/views/swarm/selectors.js';
import {reduce, unitConfig as config} from '../../../helpers/app-state.js';

const manager = {state: 'active', manager: true, nodeId: 'n1'};

const services = [
  toServiceRow({
    ID: 'svc-web-0000000',
    Spec: {
      Name: 'web',
      Mode: {Replicated: {Replicas: 2}},
      TaskTemplate: {ContainerSpec: {Image: 'app:1@sha256:abc', Secrets: [{SecretName: 'token'}]}},
    },
    ServiceStatus: {RunningTasks: 1, DesiredTasks: 2},
  }),
  toServiceRow({
    ID: 'svc-agent-00000',
    Spec: {Name: 'agent', Mode: {Global: {}}, TaskTemplate: {ContainerSpec: {Image: 'agent:2'}}},
    ServiceStatus: {RunningTasks: 2, DesiredTasks: 2},
  }),
];
const nodes = [
  toNodeRow(
    {
      ID: 'n1',
      Description: {Hostname: 'vm'},
      Spec: {Role: 'manager', Availability: 'active'},
      Status: {State: 'ready'},
      ManagerStatus: {Leader: true},
    },
    'n1',
  ),
  toNodeRow(
    {ID: 'n2', Description: {Hostname: 'vm'}, Spec: {Role: 'worker', Availability: 'active'}, Status: {State: 'down'}},
    'n1',
  ),
];
const secrets = [toSecretRow({ID: 's1', Spec: {Name: 'token', Labels: {a: 'b'}}})];

function start(): AppState {
  let state = {...DEFAULT_VIEWS.initialState('t', config), viewportRows: 10};
  state = reduce(state, {type: 'swarm.role', role: manager});
  state = reduce(state, {type: 'view.swarm'});
  return reduce(state, {type: 'swarm.loaded', nodes, services, secrets});
}

describe('view 6 Swarm', () => {
  test('offered only on an active manager; a lost role takes it away', () => {
    const plain = DEFAULT_VIEWS.initialState('t', config);
    expect(DEFAULT_VIEWS.available(plain).map(view => view.id)).not.toContain('swarm');
    expect(reduce(plain, {type: 'view.swarm'}).view).not.toBe('swarm');
    const worker = reduce(plain, {type: 'swarm.role', role: {state: 'active', manager: false}});
    expect(DEFAULT_VIEWS.available(worker).map(view => view.id)).not.toContain('swarm');
    const state = start();
    expect(state.view).toBe('swarm');
    const demoted = reduce(state, {type: 'swarm.role', role: {state: 'inactive', manager: false}});
    expect(demoted.view).toBe('containers');
  });

  test('rows from the engine: counts, short image, secrets named, nodes by ID, never a value', () => {
    expect(services[0]).toMatchObject({
      name: 'web',
      mode: 'replicated',
      running: 1,
      desired: 2,
      image: 'app:1',
      secrets: ['token'],
    });
    expect(services[1]).toMatchObject({mode: 'global', running: 2, desired: 2});
    expect(nodes.map(node => [node.id, node.state, node.managerStatus, node.self])).toEqual([
      ['n1', 'ready', 'Leader', true],
      ['n2', 'down', '', false],
    ]);
    expect(secrets[0]).toEqual({
      id: 's1',
      shortId: 's1',
      name: 'token',
      createdAt: '',
      updatedAt: '',
      labels: {a: 'b'},
    });
    expect(
      toTaskRow({ID: 't1', Slot: 3, NodeID: 'n2', DesiredState: 'running', Status: {State: 'failed', Err: 'boom'}}),
    ).toMatchObject({slot: 3, state: 'failed', error: 'boom'});
  });

  test('s n x [ ] switch lists; enter shows the tasks, esc goes back; keys follow the list', () => {
    let state = start();
    expect(state.swarm.list).toBe('services');
    expect(activeScopes(DEFAULT_VIEWS, state)[0]).toBe('swarmServices');
    const key = (name: string) => resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), name);
    expect(key('+')).toBe('swarm.scaleUp');
    expect(key('l')).toBe('swarm.logs');
    expect(key('n')).toBe('swarm.showNodes');
    state = reduce(state, {type: 'swarm.showNodes'});
    expect(key('D')).toBe('swarm.nodeDrain');
    expect(key('+')).toBeUndefined();
    state = reduce(state, {type: 'swarm.nextList'});
    expect(state.swarm.list).toBe('secrets');
    expect(key('c')).toBe('swarm.createSecret');
    state = reduce(state, {type: 'swarm.nextList'});
    expect(state.swarm.list).toBe('services');
    // The movement keys move in the list that shows (rows as the engine layer sorted them).
    state = reduce(state, {type: 'cursor.down'});
    expect(selectedService(state)?.name).toBe('agent');
    state = reduce(state, {type: 'cursor.up'});
    expect(selectedService(state)?.name).toBe('web');
    state = reduce(state, {type: 'swarm.enter'});
    expect(state.swarm).toMatchObject({list: 'tasks', tasksOf: {id: 'svc-web-0000000', name: 'web'}});
    expect(selectedService(state)?.name).toBe('web');
    expect(key('escape')).toBe('swarm.back');
    state = reduce(state, {
      type: 'swarm.tasksLoaded',
      serviceId: 'svc-web-0000000',
      tasks: [
        toTaskRow({ID: 't2', Slot: 2, NodeID: 'n2', CreatedAt: '2'}),
        toTaskRow({ID: 't1', Slot: 1, NodeID: 'n1', CreatedAt: '1'}),
      ],
    });
    expect(visibleRows(state).map(row => row.id)).toEqual(['t2', 't1']);
    // Tasks of another service that arrive late are not shown.
    expect(reduce(state, {type: 'swarm.tasksLoaded', serviceId: 'other', tasks: []}).swarm.tasks).toHaveLength(2);
    state = reduce(state, {type: 'swarm.back'});
    expect(state.swarm.list).toBe('services');
  });

  test('--readonly hides every change: scale, remove, redeploy, availability, secrets', () => {
    const readonly = readonlyKeymap(DEFAULT_KEYMAP);
    for (const action of [
      'swarm.scaleUp',
      'swarm.scaleDown',
      'swarm.remove',
      'swarm.redeploy',
      'swarm.nodeDrain',
      'swarm.createSecret',
    ]) {
      expect(
        readonly.some(binding => binding.action === action),
        action,
      ).toBe(false);
    }
    expect(readonly.some(binding => binding.action === 'swarm.logs')).toBe(true);
  });

  test('replicas and :scale arguments: whole numbers ≥ 0 only', () => {
    expect(parseScaleArgs(['web=3', 'a=b=0'])).toEqual([
      {service: 'web', replicas: '3'},
      {service: 'a=b', replicas: '0'},
    ]);
    expect(() => parseScaleArgs([])).toThrow(/SERVICE=N/);
    expect(() => parseScaleArgs(['web'])).toThrow(/SERVICE=N/);
    for (const bad of ['-1', 'x', '1.5', '']) expect(() => parseReplicas(bad)).toThrow(/whole number/);
    expect(() => parseReplicas('100001')).toThrow(/at most/);
  });

  test('convergence counts what the orchestrator wants running', () => {
    const task = (desired: string, state: string) =>
      toTaskRow({ID: `${desired}${state}`, DesiredState: desired, Status: {State: state}});
    expect(
      convergence([task('running', 'running'), task('running', 'starting'), task('shutdown', 'running')], 2),
    ).toMatchObject({running: 1, pending: 1, done: false});
    expect(
      convergence([task('running', 'running'), task('running', 'running'), task('shutdown', 'shutdown')], 2),
    ).toMatchObject({running: 2, done: true});
  });

  test('the command log line of a secret never holds its value', () => {
    expect(dockerSecretCreateCommand('token')).toBe('docker secret create token -');
    expect(dockerSecretCreateCommand('token', './key.pem')).toBe('docker secret create token ./key.pem');
  });
});
