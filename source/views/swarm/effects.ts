import {confirmedTargets} from '../kit/targets.js';
import {logCommand} from '../../command-log.js';
import {
  dockerNodeAvailabilityCommand,
  dockerSecretCreateCommand,
  dockerSecretRmCommand,
  dockerServiceRmCommand,
} from '../../engine/swarm/docker-commands.js';
import {listTasks, type NodeRow, type SecretRow, type ServiceRow, type TaskRow} from '../../engine/swarm/lists.js';
import {ServiceLogPrefixer} from '../../engine/swarm/log-prefix.js';
import {
  createSecret,
  removeSecret,
  removeService,
  servicesUsingSecret,
  setNodeAvailability,
  type Availability,
} from '../../engine/swarm/operations.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import {showLogs} from '../kit/log-pane/effects.js';
import type {Services} from '../types.js';
import {findService, selectedRow, selectedService} from './selectors.js';
import {loadSwarm} from './load.js';
import {redeploy} from './scale.js';
import {clean, client, onEngine, onShown, shown} from './shown-engine.js';

// l: a service's logs (every task on every node, each line prefixed service.slot@node), or one task's.
export function openSwarmLogs(services: Services): void {
  const state = services.store.get();
  const docker = client(services);
  if (!docker) return;
  if (state.swarm.list === 'services') {
    const service = selectedRow<ServiceRow>(state, 'services');
    if (!service) return;
    const prefixer = new ServiceLogPrefixer(docker, service.id, service.name);
    void prefixer.refresh();
    showLogs(services, {
      id: service.id,
      name: `service ${service.name}`,
      source: {kind: 'service', id: service.id},
      rewrite: prefixer.rewrite,
      resolve: prefixer.resolve,
      owner: 'swarm',
      engine: shown(services),
    });
    return;
  }
  if (state.swarm.list === 'tasks') {
    const task = selectedRow<TaskRow>(state, 'tasks');
    const of = state.swarm.tasksOf;
    if (!task || !of) return;
    const prefixer = new ServiceLogPrefixer(docker, of.id, of.name, state.swarm.tasks);
    showLogs(services, {
      id: task.id,
      name: `task ${of.name}.${task.slot ?? task.shortId}`,
      source: {kind: 'task', id: task.id},
      rewrite: prefixer.rewrite,
      resolve: prefixer.resolve,
      owner: 'swarm',
      engine: shown(services),
    });
    return;
  }
  services.status(
    state.swarm.list === 'nodes' ? 'l follows a service or a task: press s for the services' : 'secrets have no logs',
    'error',
  );
}

// -- removals and node availability (confirmed) -------------------------------------------------------------

export async function confirmRemove(services: Services): Promise<void> {
  const state = services.store.get();
  const docker = client(services);
  if (!docker) return;
  if (state.swarm.list === 'secrets') {
    const secret = selectedRow<SecretRow>(state, 'secrets');
    if (!secret) return;
    const users = await servicesUsingSecret(docker, secret).catch(() => []);
    if (users.length) {
      services.status(
        `secret ${clean(secret.name)} is in use by ${users.map(clean).join(', ')}: remove it from ${users.length === 1 ? 'that service' : 'those services'} first`,
        'error',
      );
      return;
    }
    const confirm: Confirmation = {
      owner: 'swarm',
      operation: 'secret-rm',
      title: 'Remove this secret?',
      targets: [`secret ${clean(secret.name)} (${secret.shortId})`],
      ids: [secret.id],
      names: [secret.name],
      ...onEngine(services),
    };
    services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
    return;
  }
  const service = selectedService(state);
  if (!service) return;
  const tasks = await listTasks(docker, service.id).catch(() => [] as TaskRow[]);
  const live = tasks.filter(task => task.desiredState === 'running');
  const nodes = new Map(state.swarm.nodes.map(node => [node.id, node]));
  const confirm: Confirmation = {
    owner: 'swarm',
    operation: 'service-rm',
    title: `Remove service ${clean(service.name)} and its ${live.length} task${live.length === 1 ? '' : 's'}?`,
    targets: [
      `service ${clean(service.name)} (${service.shortId}) ${service.mode} ${service.running}/${service.desired}`,
      ...live.map(
        task =>
          `  task ${clean(service.name)}.${task.slot ?? task.shortId} ${task.shortId} on ${task.nodeId.slice(0, 12)}${nodes.get(task.nodeId)?.hostname ? ` (${clean(nodes.get(task.nodeId)!.hostname)})` : ''} ${task.state}`,
      ),
    ],
    ids: [service.id],
    names: [service.name],
    ...onEngine(services),
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

export function confirmAvailability(services: Services, availability: Availability): void {
  const node = selectedRow<NodeRow>(services.store.get(), 'nodes');
  if (!node) return;
  if (node.availability === availability) {
    services.status(`node ${node.shortId} is already ${availability}`);
    return;
  }
  const what = {
    active: 'Make this node active (tasks may be placed on it)?',
    pause: 'Pause this node (no new tasks; running ones stay)?',
    drain: 'Drain this node (its tasks move to other nodes)?',
  }[availability];
  services.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'confirm',
      confirm: {
        owner: 'swarm',
        operation: `node-${availability}`,
        title: what,
        targets: [
          `node ${node.id.slice(0, 12)} ${clean(node.hostname)} ${node.role} ${node.state} (now ${node.availability})`,
        ],
        ids: [node.id],
        names: [node.hostname],
        ...onEngine(services),
      },
    },
  });
}

export async function runConfirmed(services: Services, confirm: Confirmation): Promise<void> {
  const docker = client(services);
  if (!docker) return;
  if (confirm.engines?.[0] !== shown(services)) {
    services.status(
      `view 6 shows ${shown(services) ?? 'another engine'} now: nothing was done on ${confirm.engines?.[0] ?? 'the engine'}`,
      'error',
    );
    return;
  }
  const [target] = confirmedTargets(confirm);
  if (!target) return;
  const {id, name} = target;
  try {
    if (confirm.operation === 'service-rm') {
      logCommand(onShown(services, dockerServiceRmCommand(name)));
      await removeService(docker, id);
      services.status(`removed service ${clean(name)}`);
      if (services.store.get().swarm.tasksOf?.id === id) services.dispatch({type: 'swarm.back'});
    } else if (confirm.operation === 'secret-rm') {
      logCommand(onShown(services, dockerSecretRmCommand(name)));
      await removeSecret(docker, {id, name});
      services.status(`removed secret ${clean(name)}`);
    } else if (confirm.operation.startsWith('node-')) {
      const availability = confirm.operation.slice(5) as Availability;
      logCommand(onShown(services, dockerNodeAvailabilityCommand(id.slice(0, 12), availability)));
      await setNodeAvailability(docker, id, availability);
      services.status(`node ${id.slice(0, 12)} is now ${availability}`);
    } else if (confirm.operation === 'redeploy') {
      const service = findService(services.store.get(), id);
      if (service) await redeploy(services, service);
    }
  } catch (error) {
    services.status(clean(errorMessage(error)), 'error');
  }
  void loadSwarm(services);
}

export function confirmRedeploy(services: Services, service: ServiceRow): void {
  services.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'confirm',
      confirm: {
        owner: 'swarm',
        operation: 'redeploy',
        title: `Redeploy ${clean(service.name)} (a rolling restart of every task)?`,
        targets: [`service ${clean(service.name)} (${service.shortId}) ${service.running}/${service.desired} running`],
        ids: [service.id],
        names: [service.name],
        ...onEngine(services),
      },
    },
  });
}

// -- secrets ------------------------------------------------------------------------------------------------

// The value typed in the masked prompt: sent once, then gone (the overlay closes; the buffer is zeroed).
export async function createSecretFrom(
  services: Services,
  name: string,
  value: Buffer,
  file?: string,
): Promise<boolean> {
  const docker = client(services);
  if (!docker) {
    value.fill(0);
    return false;
  }
  logCommand(onShown(services, dockerSecretCreateCommand(name, file)));
  try {
    await createSecret(docker, name, value);
    services.status(`created secret ${clean(name)}`);
    void loadSwarm(services);
    return true;
  } catch (error) {
    services.status(clean(errorMessage(error)), 'error');
    return false;
  }
}
