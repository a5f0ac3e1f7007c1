import {nothingSelected} from '../kit/actions.js';
import {
  containerEnv,
  containerSizes,
  containersMatching,
  inspectSummary,
  operate,
  type ContainerOperation,
} from '../../engine/containers/operations.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {inspectContainer} from '../../engine/limits/engine-reads.js';
import {errorMessage} from '../../errors.js';
import {DEFAULT_DETACH_KEYS, describeDetachKeys} from '../../engine/exec/detach-keys.js';
import type {Confirmation} from '../../store/state.js';
import {confirmedTargets} from '../kit/targets.js';
import {containerKey} from '../kit/merge-engine-rows.js';
import {perApp} from '../kit/runtime.js';
import type {Busy} from './state.js';
import type {Services} from '../types.js';
import {selectedContainer, targetContainers} from './selectors.js';
import {label, several} from './label.js';
import {runRename} from './rename.js';
import {runUpdate} from './update-form.js';
import {matchingConfirmation, REMOVE_FORCE, type Match, type PatternCommand} from './matching-dialog.js';

const PAST: Record<ContainerOperation, string> = {
  stop: 'stopped',
  start: 'started',
  restart: 'restarted',
  remove: 'removed',
  kill: 'signalled',
  pause: 'paused',
  unpause: 'unpaused',
};

const DOING: Record<ContainerOperation, Busy> = {
  stop: 'stopping',
  start: 'starting',
  restart: 'restarting',
  remove: 'removing',
  kill: 'killing',
  pause: 'pausing',
  unpause: 'unpausing',
};

// What a container operation is asked with: force for remove, the signal for kill.
export type OperationOptions = {force?: boolean; signal?: string};

// The operation under way on each container (by containerKey): the next one on the same container waits for it, so
// a start pressed while a stop still runs starts the container after it stopped, never before.
const underWay = perApp(() => new Map<string, Promise<unknown>>());

export async function runOperation(
  services: Services,
  operation: ContainerOperation,
  targets: readonly {id: string; name: string; engine?: string}[],
  options: OperationOptions = {},
): Promise<void> {
  const running = underWay(services);
  const keys = targets.map(target => containerKey(target));
  const before = keys.flatMap(key => running.get(key) ?? []);
  const work = (async () => {
    if (before.length) {
      const waiting = targets.filter((_t, i) => running.has(keys[i] ?? ''));
      services.status(
        `${operation === 'start' ? 'starting' : DOING[operation]} ${waiting.map(t => label(services, t)).join(', ')} once berth's ${waiting.length === 1 ? 'operation on it ends' : 'operations on them end'}…`,
      );
      await Promise.allSettled(before);
    }
    services.dispatch({type: 'containers.busy', keys, doing: DOING[operation]});
    try {
      await operateOn(services, operation, targets, options);
    } finally {
      services.dispatch({type: 'containers.busy', keys});
    }
  })();
  for (const key of keys) running.set(key, work);
  try {
    await work;
  } finally {
    for (const key of keys) if (running.get(key) === work) running.delete(key);
  }
}

async function operateOn(
  services: Services,
  operation: ContainerOperation,
  targets: readonly {id: string; name: string; engine?: string}[],
  {force = false, signal}: OperationOptions,
): Promise<void> {
  // Each target goes to its own engine; a target whose engine is away fails alone (the others still run).
  if (!several(services) && !services.docker()) return;
  services.status(
    `${operation === 'kill' ? `sending ${signal ?? 'KILL'} to` : DOING[operation]} ${targets.map(t => label(services, t)).join(', ')}…`,
  );
  const failures: string[] = [];
  const done: string[] = [];
  // A few at a time: fast for many containers, without flooding the engine.
  const queue = [...targets];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const name = label(services, next);
      const docker = services.engine(next.engine)?.client?.docker;
      if (!docker) {
        failures.push(`${name}: engine ${next.engine ?? ''} is not connected`);
        continue;
      }
      const context = several(services) ? next.engine : undefined;
      logCommand(
        dockerCommand([
          ...contextWords(context),
          ...(operation === 'remove'
            ? ['rm', ...(force ? ['-f'] : [])]
            : operation === 'kill'
              ? ['kill', '-s', signal ?? 'KILL']
              : [operation]),
          next.name,
        ]),
      );
      try {
        await operate(docker, next.id, operation, {force, signal});
        done.push(name);
      } catch (error) {
        failures.push(`${name}: ${errorMessage(error)}`);
      }
    }
  };
  await Promise.all(Array.from({length: Math.min(4, queue.length)}, worker));
  if (failures.length) {
    const fix =
      operation === 'remove' && !force && failures.some(f => /running|stop the container/i.test(f))
        ? ' (press d again and f in the dialog to force)'
        : '';
    services.status(
      `${operation} failed for ${failures.join('; ')}${fix}${done.length ? `; ${PAST[operation]} ${done.join(', ')}` : ''}`,
      'error',
    );
  } else
    services.status(`${PAST[operation]}${operation === 'kill' ? ` (${signal ?? 'KILL'})` : ''} ${done.join(', ')}`);
}

// A restart stops the process as a stop does (its state in memory, its connections): it asks as stop does.
const VERBS = {stop: 'Stop', remove: 'Remove', restart: 'Restart'} as const;

export function confirmOperation(services: Services, operation: keyof typeof VERBS): void {
  const targets = targetContainers(services.store.get());
  if (!targets.length) return nothingSelected(services, operation);
  const confirm: Confirmation = {
    title: `${VERBS[operation]} ${targets.length === 1 ? 'this container' : `these ${targets.length} containers`}?`,
    // With several engines each target says which engine it is on.
    targets: targets.map(t => `${label(services, t)}  (${t.image}, ${t.status})`),
    ids: targets.map(t => t.id),
    names: targets.map(t => t.name),
    engines: targets.map(t => t.engine),
    owner: 'containers',
    operation,
    ...(operation === 'remove' ? {force: false, forceLabels: REMOVE_FORCE} : {}),
  };
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

// A / :attach: the warning first (ctrl-c goes to the process, which may stop it), then the real terminal.
export function confirmAttach(
  services: Services,
  row: {id: string; name: string; state: string; engine?: string},
  detachKeys = services.config.detachKeys ?? DEFAULT_DETACH_KEYS,
): void {
  if (row.state !== 'running') {
    services.status(`attach to ${row.name}: the container is ${row.state}, not running; start it first (S)`, 'error');
    return;
  }
  const keys = describeDetachKeys(detachKeys);
  services.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'confirm',
      confirm: {
        title: `Attach to the main process of ${row.name}?`,
        targets: [
          `${row.name}: your keys go to its main process, not to a new shell`,
          'ctrl-c goes to the process (it may stop, and the container with it)',
          `${keys} detaches and returns to berth; the container keeps running`,
        ],
        ids: [row.id],
        names: [row.name],
        engines: [row.engine],
        owner: 'containers',
        operation: 'attach',
        local: true,
        extra: {detachKeys},
      },
    },
  });
}

// The operations a dialog asks about (d, s, the : commands on patterns).
const CONFIRMED: readonly ContainerOperation[] = ['stop', 'remove', 'start', 'restart', 'kill'];

export function confirmed(services: Services, confirm: Confirmation): void {
  if (confirm.operation === 'attach') {
    const detachKeys = confirm.extra?.detachKeys;
    const [target] = confirmedTargets(confirm);
    if (target)
      services.leaveUi({
        type: 'attach',
        engine: target.engine,
        attach: {containerId: target.id, containerName: target.name, detachKeys},
      });
    return;
  }
  if (confirm.operation === 'rename') return void runRename(services, confirm);
  if (confirm.operation === 'update') return void runUpdate(services, confirm);
  const operation = CONFIRMED.find(op => op === confirm.operation);
  if (!operation) return;
  void runOperation(services, operation, confirmedTargets(confirm), {
    force: confirm.force,
    signal: confirm.extra?.signal,
  });
}

// `:stop web*` and its kin: every container whose name matches, on every engine, listed in a dialog first.
export async function operateMatching(services: Services, command: PatternCommand, pattern: string): Promise<void> {
  let matches: Match[];
  if (several(services)) {
    // Every engine that is connected is asked at once; one that is away is said, not waited for.
    const sessions = services.engines();
    const away = sessions.filter(session => !session.client).map(session => session.name);
    const lists = await Promise.all(
      sessions.map(async session =>
        session.client
          ? (await containersMatching(session.client.docker, pattern)).map(m => ({...m, engine: session.name}))
          : [],
      ),
    );
    matches = lists.flat();
    if (away.length)
      services.status(
        `:${command.name} ${pattern}: engine ${away.join(', ')} not connected; its containers are not in the list`,
        'error',
      );
  } else {
    const docker = services.docker();
    if (!docker) return;
    matches = await containersMatching(docker, pattern);
  }
  if (!matches.length) {
    services.status(
      `:${command.name} ${pattern}: no container name matches (a trailing * means "starts with")`,
      'error',
    );
    return;
  }
  services.dispatch({
    type: 'overlay.show',
    overlay: {kind: 'confirm', confirm: matchingConfirmation(command, pattern, matches, m => label(services, m))},
  });
}

export async function showEnv(services: Services): Promise<void> {
  // One container: the one under the cursor (marks are for the actions that take several).
  const target = selectedContainer(services.store.get());
  const docker = target && services.docker(target.engine);
  if (!target || !docker) return;
  try {
    const {name, entries} = await containerEnv(docker, target.id);
    services.dispatch({
      type: 'overlay.show',
      overlay: {kind: 'env', container: name, entries, reveal: false, scroll: 0},
    });
  } catch (error) {
    services.status(`environment of ${target.name}: ${errorMessage(error)}`, 'error');
  }
}

export async function showInspect(services: Services): Promise<void> {
  const target = selectedContainer(services.store.get());
  const docker = target && services.docker(target.engine);
  if (!target || !docker) return;
  try {
    // Bounded: an inspect result larger than engine/limits allows is an explained error, not a stall.
    const info = await inspectContainer(docker, target.id);
    services.dispatch({
      type: 'overlay.show',
      overlay: {kind: 'text', title: `inspect ${label(services, target)}`, lines: inspectSummary(info), scroll: 0},
    });
  } catch (error) {
    services.status(`inspect ${target.name}: ${errorMessage(error)}`, 'error');
  }
}

export async function loadSizes(services: Services): Promise<void> {
  const docker = services.docker();
  if (!docker || !services.store.get().containers.showSize) return;
  services.status('computing container sizes…');
  try {
    // Every connected engine's (sizes are by container ID).
    const others = services
      .engines()
      .slice(1)
      .flatMap(session => (session.client ? [session.client.docker] : []));
    const all = await Promise.all([docker, ...others].map(engine => containerSizes(engine)));
    services.dispatch({
      type: 'containers.sizes',
      sizes: Object.assign({}, ...all) as Record<string, {rw?: number; rootFs?: number}>,
    });
    services.status('sizes: writable layer / total (z hides)');
  } catch (error) {
    services.status(`container sizes: ${errorMessage(error)}`, 'error');
  }
}
