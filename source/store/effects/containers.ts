import {containerEnv, containerSizes, containersMatching, inspectSummary, operate, type ContainerOperation} from '../../engine/container-ops.js';
import {logCommand} from '../../command-log.js';
import {errorMessage} from '../../errors.js';
import type {Controller} from '../controller.js';
import {targetContainers} from '../selectors.js';
import type {Confirmation} from '../state.js';

const PAST: Record<ContainerOperation, string> = {stop: 'stopped', start: 'started', restart: 'restarted', remove: 'removed'};

export async function runOperation(controller: Controller, operation: ContainerOperation, ids: readonly string[], names: readonly string[], force = false): Promise<void> {
  const docker = controller.docker();
  if (!docker) return;
  controller.status(`${operation === 'stop' ? 'stopping' : operation === 'remove' ? 'removing' : `${operation}ing`} ${names.join(', ')}…`);
  const failures: string[] = [];
  const done: string[] = [];
  // A few at a time: fast for many containers, without flooding the engine.
  const queue = ids.map((id, i) => ({id, name: names[i]}));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      logCommand(`docker ${operation === 'remove' ? `rm${force ? ' -f' : ''}` : operation} ${next.name}`);
      try {
        await operate(docker, next.id, operation, {force});
        done.push(next.name);
      } catch (error) {
        failures.push(`${next.name}: ${errorMessage(error)}`);
      }
    }
  };
  await Promise.all(Array.from({length: Math.min(4, queue.length)}, worker));
  if (failures.length) {
    const fix = operation === 'remove' && !force && failures.some(f => /running|stop the container/i.test(f)) ? ' (press d again and f in the dialog to force)' : '';
    controller.status(`${operation} failed for ${failures.join('; ')}${fix}${done.length ? `; ${PAST[operation]} ${done.join(', ')}` : ''}`, 'error');
  } else controller.status(`${PAST[operation]} ${done.join(', ')}`);
}

export function confirmOperation(controller: Controller, operation: 'stop' | 'remove'): void {
  const targets = targetContainers(controller.store.get());
  if (!targets.length) return;
  const confirm: Confirmation = {
    title: `${operation === 'stop' ? 'Stop' : 'Remove'} ${targets.length === 1 ? 'this container' : `these ${targets.length} containers`}?`,
    targets: targets.map(t => `${t.name}  (${t.image}, ${t.status})`),
    ids: targets.map(t => t.id),
    names: targets.map(t => t.name),
    operation,
    force: false,
  };
  controller.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

export function confirmed(controller: Controller, confirm: Confirmation): void {
  void runOperation(controller, confirm.operation, confirm.ids, confirm.names, confirm.force);
}

export async function stopMatching(controller: Controller, pattern: string): Promise<void> {
  const docker = controller.docker();
  if (!docker) return;
  const matches = await containersMatching(docker, pattern);
  if (!matches.length) {
    controller.status(`:stop ${pattern}: no container name matches (a trailing * means "starts with")`, 'error');
    return;
  }
  controller.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'confirm',
      confirm: {
        title: `Stop ${matches.length} container${matches.length === 1 ? '' : 's'} matching "${pattern}"?`,
        targets: matches.map(m => `${m.name}  (${m.state})`),
        ids: matches.map(m => m.id),
        names: matches.map(m => m.name),
        operation: 'stop',
        force: false,
      },
    },
  });
}

export async function showEnv(controller: Controller): Promise<void> {
  const target = targetContainers(controller.store.get())[0];
  const docker = controller.docker();
  if (!target || !docker) return;
  try {
    const {name, entries} = await containerEnv(docker, target.id);
    controller.dispatch({type: 'overlay.show', overlay: {kind: 'env', container: name, entries, reveal: false, scroll: 0}});
  } catch (error) {
    controller.status(`environment of ${target.name}: ${errorMessage(error)}`, 'error');
  }
}

export async function showInspect(controller: Controller): Promise<void> {
  const target = targetContainers(controller.store.get())[0];
  const docker = controller.docker();
  if (!target || !docker) return;
  try {
    const info = await docker.getContainer(target.id).inspect();
    controller.dispatch({type: 'overlay.show', overlay: {kind: 'text', title: `inspect ${target.name}`, lines: inspectSummary(info), scroll: 0}});
  } catch (error) {
    controller.status(`inspect ${target.name}: ${errorMessage(error)}`, 'error');
  }
}

export async function loadSizes(controller: Controller): Promise<void> {
  const docker = controller.docker();
  if (!docker || !controller.store.get().containers.showSize) return;
  controller.status('computing container sizes…');
  try {
    controller.dispatch({type: 'containers.sizes', sizes: await containerSizes(docker)});
    controller.status('sizes: writable layer / total (z hides)');
  } catch (error) {
    controller.status(`container sizes: ${errorMessage(error)}`, 'error');
  }
}
