import {logCommand} from '../../command-log.js';
import {dockerRedeployCommand, dockerScaleCommand} from '../../engine/swarm/docker-commands.js';
import {inspectService, listTasks, type ServiceRow, type TaskRow} from '../../engine/swarm/lists.js';
import {convergence, redeployService, scaleService} from '../../engine/swarm/operations.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import {perApp} from '../kit/runtime.js';
import {loadSwarm} from './load.js';
import {selectedService} from './selectors.js';
import {clean, client, fromShown, onShown} from './shown-engine.js';

// -- scale and redeploy, with their progress ----------------------------------------------------------------

type Watch = {serviceId: string; timer?: NodeJS.Timeout; until: number};

// The app's one progress watch.
const watches = perApp(
  () => ({current: undefined as Watch | undefined}),
  self => clearTimeout(self.current?.timer),
);

// The replicas each service was last asked to scale to, and when: +/- counts from there until the list shows it
// (:scale web=3 then + at once went from the list's old count: 0 + 1, a scale down).
const lastAsked = perApp(() => new Map<string, {replicas: number; at: number}>());
// After this long the list is believed even if it disagrees (someone else scaled the service meanwhile).
const ASKED_MS = 30_000;

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
  const asked = {replicas, at: Date.now()};
  lastAsked(services).set(service.id, asked);
  logCommand(onShown(services, dockerScaleCommand(service.name, replicas)));
  services.dispatch({
    type: 'swarm.progress',
    progress: {serviceId: service.id, text: `scaling ${clean(service.name)} to ${replicas}…`, done: false},
  });
  try {
    await scaleService(docker, service.id, replicas);
  } catch (error) {
    if (lastAsked(services).get(service.id) === asked) {
      lastAsked(services).delete(service.id);
      services.dispatch({type: 'swarm.progress', progress: undefined});
    }
    services.status(`scale ${clean(service.name)}: ${clean(errorMessage(error))}`, 'error');
    return;
  }
  // A newer scale of the service was asked meanwhile (the engine takes them in order): its progress is the one shown.
  if (lastAsked(services).get(service.id) !== asked) return;
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
  // Repeated + (or + after :scale) adds to what was asked, not to what the list last said.
  const asked = lastAsked(services).get(service.id);
  const fresh = asked && asked.replicas !== service.desired && Date.now() - asked.at < ASKED_MS;
  const replicas = (fresh ? asked.replicas : service.desired) + step;
  if (replicas < 0) {
    services.status(`${clean(service.name)} has no replicas to take away`, 'error');
    return;
  }
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

export function stopSwarmEffects(services: Services): void {
  stopWatch(services);
}
