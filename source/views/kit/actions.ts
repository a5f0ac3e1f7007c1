import type {EngineClient} from '../../engine/client.js';
import {errorMessage} from '../../errors.js';
import type {Confirmation} from '../../store/state.js';
import type {Services} from '../types.js';

// What the actions on a list's rows share: details in a text overlay, the confirmation that lists exact targets,
// and one status line for what a bulk action did and did not do.

// i / enter: `what` names it in the overlay's title and in the error ("inspect volume x: …"); already sanitised.
export async function showDetails(
  services: Services,
  what: string,
  fetch: (docker: EngineClient['docker']) => Promise<readonly string[]>,
): Promise<void> {
  const docker = services.docker();
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
