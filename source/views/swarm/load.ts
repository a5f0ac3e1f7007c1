import {listNodes, listSecrets, listServices, listTasks, swarmRole} from '../../engine/swarm/lists.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import {loader} from '../kit/loader.js';
import {clean, client, fromShown, shown} from './shown-engine.js';

// /info on every connect: is this engine a swarm manager (the swarm view offered) or not. `engine`: with several
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
