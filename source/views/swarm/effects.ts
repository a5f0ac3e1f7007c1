import type {EngineClient} from '../../engine/client.js';
import {contextWords, logCommand} from '../../command-log.js';
import {
  dockerNodeAvailabilityCommand,
  dockerRedeployCommand,
  dockerScaleCommand,
  dockerSecretCreateCommand,
  dockerSecretRmCommand,
  dockerServiceRmCommand,
} from '../../engine/swarm/docker-commands.js';
import {
  inspectService,
  listNodes,
  listSecrets,
  listServices,
  listTasks,
  swarmRole,
  type NodeRow,
  type SecretRow,
  type ServiceRow,
  type TaskRow,
} from '../../engine/swarm/lists.js';
import {ServiceLogPrefixer} from '../../engine/swarm/log-prefix.js';
import {
  convergence,
  createSecret,
  redeployService,
  removeSecret,
  removeService,
  scaleService,
  servicesUsingSecret,
  setNodeAvailability,
  type Availability,
} from '../../engine/swarm/operations.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {showLogs} from '../log-pane/effects.js';
import type {Services} from '../types.js';
import {loader} from '../kit/loader.js';
import {perApp} from '../kit/runtime.js';
import {findService, selectedRow, selectedService, shownSwarmEngine} from './selectors.js';

const clean = (text: string) => sanitizeLine(text);

// With several engines, the engine view 6 shows (undefined with one): every request and command goes there.
const shown = (services: Services) => shownSwarmEngine(services.store.get());
const fromShown = (services: Services) => {
  const engine = shown(services);
  return engine ? {engine} : {};
};

function client(services: Services): EngineClient['docker'] | undefined {
  return services.engine(shown(services))?.client?.docker;
}

// A logged docker command on the shown engine's context (with several engines; a context's name is shell-safe).
const onShown = (services: Services, line: string): string => {
  const engine = shown(services);
  return engine ? line.replace(/^docker /, `docker ${contextWords(engine).join(' ')} `) : line;
};

// /info on every connect: is this engine a swarm manager (view 6 offered) or not. `engine`: with several
// engines, which one (each connects on its own).
export async function loadRole(services: Services, engine?: string): Promise<void> {
  const docker = services.engine(engine)?.client?.docker;
  if (!docker) return;
  const named = engine ? {engine} : {};
  try {
    const role = await swarmRole(docker);
    if (services.engine(engine)?.client?.docker !== docker) return;
    services.dispatch({type: 'swarm.role', role, ...named});
    // On a manager the lists are read at once, in the background: `6` then shows them without waiting for
    // the engine (and reads them again as it opens).
    if (role.manager && engine === shown(services)) void loadSwarm(services);
  } catch {
    services.dispatch({type: 'swarm.role', role: undefined, ...named});
  }
}

// Nodes, services (with running/desired counts) and secrets in one go; the tasks too when they show. One
// load in flight per app; what asks meanwhile gets one more after it (views/kit/loader.ts).
export const swarmLoader = loader(async services => {
  const docker = client(services);
  if (!docker) return;
  const engine = fromShown(services);
  try {
    const state = services.store.get();
    const [nodes, list, secrets] = await Promise.all([
      listNodes(docker, state.swarm.role?.nodeId),
      listServices(docker),
      listSecrets(docker),
    ]);
    if (client(services) !== docker) return;
    services.dispatch({type: 'swarm.loaded', nodes, services: list, secrets, ...engine});
    const tasksOf = services.store.get().swarm.tasksOf;
    if (tasksOf && services.store.get().swarm.list === 'tasks') await loadTasks(services, tasksOf.id);
  } catch (error) {
    if (client(services) !== docker) return;
    const message = errorMessage(error);
    services.dispatch({type: 'swarm.failed', error: message});
    // A manager that was demoted, left the swarm or lost quorum: /info says what it is now.
    if (/not a swarm manager|not part of a swarm|quorum|leader/i.test(message)) void loadRole(services, engine.engine);
  }
});

export const loadSwarm = (services: Services): Promise<void> => swarmLoader.load(services);

export async function loadTasks(services: Services, serviceId: string): Promise<void> {
  const docker = client(services);
  if (!docker) return;
  try {
    const tasks = await listTasks(docker, serviceId);
    if (client(services) === docker)
      services.dispatch({type: 'swarm.tasksLoaded', serviceId, tasks, ...fromShown(services)});
  } catch (error) {
    services.status(`tasks: ${clean(errorMessage(error))}`, 'error');
  }
}

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

// -- scale and redeploy, with their progress ----------------------------------------------------------------

type Watch = {serviceId: string; timer?: NodeJS.Timeout; until: number};

// The app's one progress watch.
const watches = perApp(
  () => ({current: undefined as Watch | undefined}),
  self => clearTimeout(self.current?.timer),
);

// The replicas each service was last asked to scale to (+/- while it converges counts from there), per app.
const lastAsked = perApp(() => new Map<string, number>());

function stopWatch(services: Services): void {
  const self = watches(services);
  clearTimeout(self.current?.timer);
  self.current = undefined;
}

// Polls the service's tasks until they converge on what was asked (or `limitMs` passes), showing how far
// they are; the tasks list and the counts follow. One watch at a time: a newer scale or update replaces it.
function watchProgress(
  services: Services,
  service: {id: string; name: string},
  what: string,
  check: (tasks: readonly TaskRow[], row: ServiceRow | undefined) => {text: string; done: boolean},
  limitMs = 120_000,
): void {
  stopWatch(services);
  const self = watches(services);
  const current: Watch = {serviceId: service.id, until: Date.now() + limitMs};
  self.current = current;
  const tick = async () => {
    const docker = client(services);
    if (!docker || self.current !== current) return;
    try {
      const [tasks, inspected] = await Promise.all([
        listTasks(docker, service.id),
        inspectService(docker, service.id).catch(() => undefined),
      ]);
      if (self.current !== current) return;
      const row = inspected?.row;
      const {text, done} = check(tasks, row);
      services.dispatch({type: 'swarm.progress', progress: {serviceId: service.id, text: `${what}: ${text}`, done}});
      if (services.store.get().swarm.tasksOf?.id === service.id)
        services.dispatch({type: 'swarm.tasksLoaded', serviceId: service.id, tasks, ...fromShown(services)});
      void loadSwarm(services);
      if (done || Date.now() > current.until) {
        if (!done)
          services.status(
            `${what}: not converged after ${Math.round(limitMs / 60_000)} min (${text}); see the tasks (enter)`,
            'error',
          );
        self.current = undefined;
        setTimeout(() => {
          if (!self.current && services.store.get().swarm.progress?.serviceId === service.id)
            services.dispatch({type: 'swarm.progress', progress: undefined});
        }, 5000).unref?.();
        return;
      }
    } catch (error) {
      services.dispatch({
        type: 'swarm.progress',
        progress: {serviceId: service.id, text: `${what}: ${clean(errorMessage(error))}`, done: true},
      });
      self.current = undefined;
      return;
    }
    current.timer = setTimeout(() => void tick(), 500);
  };
  current.timer = setTimeout(() => void tick(), 200);
}

export async function scaleTo(services: Services, service: ServiceRow, replicas: number): Promise<void> {
  const docker = client(services);
  if (!docker) return;
  if (service.mode !== 'replicated') {
    services.status(`${clean(service.name)} is a ${service.mode} service: only replicated services scale`, 'error');
    return;
  }
  logCommand(onShown(services, dockerScaleCommand(service.name, replicas)));
  services.dispatch({
    type: 'swarm.progress',
    progress: {serviceId: service.id, text: `scaling ${clean(service.name)} to ${replicas}…`, done: false},
  });
  try {
    await scaleService(docker, service.id, replicas);
  } catch (error) {
    services.dispatch({type: 'swarm.progress', progress: undefined});
    services.status(`scale ${clean(service.name)}: ${clean(errorMessage(error))}`, 'error');
    return;
  }
  services.status(`scaling ${clean(service.name)} to ${replicas}`);
  watchProgress(services, service, `scale ${clean(service.name)} → ${replicas}`, tasks => {
    const c = convergence(tasks, replicas);
    return {
      text: `${c.running}/${replicas} running${c.pending ? `, ${c.pending} starting` : ''}${c.done ? ' ✓' : ''}`,
      done: c.done,
    };
  });
}

export function scaleBy(services: Services, step: number): void {
  const service = selectedService(services.store.get());
  if (!service) return;
  const progress = services.store.get().swarm.progress;
  // Repeated + while a scale runs adds to what was asked, not to what runs.
  const base =
    progress && !progress.done && progress.serviceId === service.id && lastAsked(services).get(service.id) !== undefined
      ? lastAsked(services).get(service.id)!
      : service.desired;
  const replicas = base + step;
  if (replicas < 0) {
    services.status(`${clean(service.name)} has no replicas to take away`, 'error');
    return;
  }
  lastAsked(services).set(service.id, replicas);
  void scaleTo(services, service, replicas);
}

export function parseScaleArgs(args: readonly string[]): {service: string; replicas: string}[] {
  if (!args.length) throw new Error('give SERVICE=N, e.g. :scale web=3');
  return args.map(arg => {
    const at = arg.lastIndexOf('=');
    if (at <= 0) throw new Error(`"${arg}": give SERVICE=N, e.g. :scale web=3`);
    return {service: arg.slice(0, at), replicas: arg.slice(at + 1)};
  });
}

export async function redeploy(services: Services, service: ServiceRow): Promise<void> {
  const docker = client(services);
  if (!docker) return;
  logCommand(onShown(services, dockerRedeployCommand(service.name)));
  try {
    await redeployService(docker, service.id);
  } catch (error) {
    services.status(`redeploy ${clean(service.name)}: ${clean(errorMessage(error))}`, 'error');
    return;
  }
  services.status(`redeploying ${clean(service.name)} (rolling update)`);
  watchProgress(
    services,
    service,
    `redeploy ${clean(service.name)}`,
    (tasks, row) => {
      const state = row?.updateState ?? '';
      const c = convergence(tasks, row?.desired ?? service.desired);
      const done = (state === 'completed' || state === '') && c.done;
      const failed = /rollback|paused/.test(state);
      return {
        text: `${state || 'updating'}${row?.updateMessage ? ` (${clean(row.updateMessage)})` : ''}, ${c.running}/${row?.desired ?? service.desired} running${done ? ' ✓' : ''}`,
        done: done || failed,
      };
    },
    15 * 60_000,
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

// A confirmation names the engine view 6 showed when it was asked: the answer goes there or nowhere.
const onEngine = (services: Services): Pick<Confirmation, 'engines'> => {
  const engine = shown(services);
  return engine ? {engines: [engine]} : {};
};

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
  const [id] = confirm.ids;
  const [name] = confirm.names;
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

export function stopSwarmEffects(services: Services): void {
  stopWatch(services);
}
