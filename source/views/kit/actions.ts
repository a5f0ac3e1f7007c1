import type {EngineClient} from '../../engine/client.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import type {Action, KeyAction} from '../../store/actions.js';
import type {Binding, Scope, Services} from '../types.js';

// What the actions on a list's rows share: details in a text overlay, the confirmation that lists exact targets,
// and one status line for what a bulk action did and did not do.

// i / enter: `what` names it in the overlay's title and in the error ("inspect volume x: …"); already sanitised.
// `engine`: the row's (several engines), else the first.
export async function showDetails(
  services: Services,
  what: string,
  fetch: (docker: EngineClient['docker']) => Promise<readonly string[]>,
  engine?: string,
): Promise<void> {
  const docker = services.docker(engine);
  if (!docker) return;
  try {
    const lines = await fetch(docker);
    services.dispatch({type: 'overlay.show', overlay: {kind: 'text', title: what, lines, scroll: 0}});
  } catch (error) {
    services.status(`inspect ${what}: ${errorMessage(error)}`, 'error');
  }
}

// A destructive action asks first; `confirm.targets` is exactly what will be touched, and `confirmed` of its
// owner runs on y.
export function askToConfirm(services: Services, confirm: Confirmation): void {
  services.dispatch({type: 'overlay.show', overlay: {kind: 'confirm', confirm}});
}

// d on a list of inspectAndRemove: the confirmation its `confirmed` runs (operation rm, not forced until f).
export function askToRemove(services: Services, confirm: Omit<Confirmation, 'operation' | 'force'>): void {
  askToConfirm(services, {...confirm, operation: 'rm', force: false});
}

// "removed volume a, b", or "not removed: c: reason; removed a" (names and reasons already sanitised).
export function reportDone(
  services: Services,
  verb: {done: string; not: string},
  noun: {one: string; many: string},
  done: readonly string[],
  failed: readonly string[],
): void {
  if (failed.length)
    services.status(
      `${verb.not}: ${failed.join('; ')}${done.length ? `; ${verb.done} ${done.join(', ')}` : ''}`,
      'error',
    );
  else services.status(`${verb.done} ${done.length === 1 ? noun.one : noun.many} ${done.join(', ')}`);
}

// A list whose rows are inspected (enter / i) and removed (d, confirmed; `removeHelp` says what happens to a
// row in use): its key bindings and the view parts that run them.
export function inspectAndRemove(spec: {
  scope: Scope;
  inspect: KeyAction;
  remove: KeyAction;
  removeHelp: string;
  showInspect: (services: Services) => Promise<void>;
  confirmRemove: (services: Services) => void;
  // `engines`: each id's engine, with several engines (the confirmation's).
  runRemove: (
    services: Services,
    ids: readonly string[],
    force: boolean,
    engines?: readonly (string | undefined)[],
  ) => Promise<void>;
}): {
  bindings: readonly Binding[];
  effect: (services: Services, action: Action) => void;
  confirmed: (services: Services, confirm: Confirmation) => void;
} {
  const {scope} = spec;
  return {
    bindings: [
      {scope, keys: ['enter', 'i'], action: spec.inspect, help: 'inspect', footer: true},
      {scope, keys: ['d'], action: spec.remove, help: spec.removeHelp, footer: true, changes: true},
    ],
    effect(services, action) {
      if (action.type === spec.inspect) services.holdKeys('the inspect answer', spec.showInspect(services));
      if (action.type === spec.remove) spec.confirmRemove(services);
    },
    confirmed(services, confirm) {
      if (confirm.operation === 'rm')
        void spec.runRemove(services, confirm.ids, confirm.force ?? false, confirm.engines);
    },
  };
}

// A bulk action's ids grouped by engine (in the order first met), for one pass on each engine's client.
export function idsByEngine(
  ids: readonly string[],
  engines: readonly (string | undefined)[] | undefined,
): Map<string | undefined, string[]> {
  const groups = new Map<string | undefined, string[]>();
  ids.forEach((id, i) => {
    const engine = engines?.[i];
    const group = groups.get(engine);
    if (group) group.push(id);
    else groups.set(engine, [id]);
  });
  return groups;
}

// A key that acts on rows, pressed where there is none (an empty list, a filter matching nothing): said in one line
// rather than nothing happening.
export function nothingSelected(services: Services, verb: string): void {
  services.status(`nothing to ${verb}: no row is selected`);
}
