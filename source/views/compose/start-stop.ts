import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {containerKey} from '../../engine/containers/rows.js';
import {operate} from '../../engine/containers/operations.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import type {Services} from '../types.js';
import {shownComposeEngine, projectNamed} from './selectors.js';

// s / S: the project's containers stopped or started through the Engine API — works without the files, with
// any compose (what `compose stop|start` would touch: the project's containers, by their labels).
export function confirmStop(services: Services, projectName: string): void {
  const state = services.store.get();
  const project = projectNamed(state, projectName);
  const engine = shownComposeEngine(state);
  const running =
    project?.containers.filter(
      row => row.state === 'running' || row.state === 'restarting' || row.state === 'paused',
    ) ?? [];
  if (!project || !running.length) {
    services.status(`${projectName}: no running container to stop`, 'error');
    return;
  }
  const confirm: Confirmation = {
    owner: 'compose',
    operation: 'stop',
    title: `Stop the ${running.length} running container${running.length === 1 ? '' : 's'} of ${project.name}?`,
    targets: running.map(row => `${row.name}  (${row.compose?.service ?? ''}, ${row.status})`),
    ids: running.map(row => row.id),
    names: running.map(row => row.name),
    ...(engine ? {engines: running.map(() => engine)} : {}),
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

export async function operateProject(
  services: Services,
  operation: 'stop' | 'start',
  ids: readonly string[],
  names: readonly string[],
  // With several engines: the engine the containers are on (the one the compose view showed when they were picked).
  engine?: string,
): Promise<void> {
  const docker = services.docker(engine);
  if (!docker) return;
  if (!ids.length) {
    services.status(`no container to ${operation}`, 'error');
    return;
  }
  services.status(`${operation === 'stop' ? 'stopping' : 'starting'} ${names.join(', ')}…`);
  const failures: string[] = [];
  // As the containers view's own operations: the rows say it, and the alerts know the ends are berth's.
  const keys = ids.map(id => containerKey({id, ...(engine ? {engine} : {})}));
  services.dispatch({type: 'containers.busy', keys, doing: operation === 'stop' ? 'stopping' : 'starting'});
  await Promise.all(
    ids.map(async (id, i) => {
      logCommand(dockerCommand([...contextWords(engine), operation, names[i] ?? id]));
      try {
        await operate(docker, id, operation);
      } catch (error) {
        failures.push(`${names[i]}: ${errorMessage(error)}`);
      }
    }),
  );
  services.dispatch({type: 'containers.busy', keys});
  if (failures.length) services.status(`${operation} failed for ${failures.join('; ')}`, 'error');
  else services.status(`${operation === 'stop' ? 'stopped' : 'started'} ${names.join(', ')}`);
}

export function startProject(services: Services, projectName: string): void {
  const state = services.store.get();
  const project = projectNamed(state, projectName);
  const stopped = project?.containers.filter(row => row.state === 'exited' || row.state === 'created') ?? [];
  if (!project?.containers.length) {
    services.status(`${projectName} has no containers yet (u creates them)`, 'error');
    return;
  }
  void operateProject(
    services,
    'start',
    stopped.map(row => row.id),
    stopped.map(row => row.name),
    shownComposeEngine(state),
  );
}
