import {type CreateRequest} from '../../engine/images/create.js';
import type {RunRequest} from '../../engine/exec/run-interactive.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {imagesNamed, missingMessage} from './named.js';
import {runCreate} from './create.js';

// :create and :run with several engines: IMAGE is looked up on every engine and the container made on the one
// that has it. On two or more, which one is not guessed: the row's key says it (c and r act on the row's
// engine). undefined: nothing to do (said on the status line).
export async function engineWithImage(
  services: Services,
  command: {name: string; key: string},
  image: string,
): Promise<{engine?: string} | undefined> {
  const named = await imagesNamed(services, [image]);
  if (!named) return undefined;
  if (named.missing.length) {
    services.status(`:${command.name}: ${missingMessage(named, true)}`, 'error');
    return undefined;
  }
  const engines = named.found.map(found => found.engine ?? '?');
  if (engines.length > 1) {
    services.status(
      `:${command.name}: image ${sanitizeLine(image)} is on engines ${engines.join(', ')}; select its row in view 2 and press ${command.key} (it acts on the row's engine)`,
      'error',
    );
    return undefined;
  }
  return {engine: named.found[0]?.engine};
}

export async function createOnEngineOfImage(services: Services, request: CreateRequest): Promise<void> {
  const on = await engineWithImage(services, {name: 'create', key: 'c'}, request.image);
  if (on) await runCreate(services, request, on.engine);
}

// :run IMAGE with several engines: on the engine that has it, with the terminal (as r on its row).
export async function runOnEngineOfImage(services: Services, run: RunRequest): Promise<void> {
  const on = await engineWithImage(services, {name: 'run', key: 'r'}, run.image);
  if (on) services.leaveUi({type: 'run', run, ...(on.engine ? {engine: on.engine} : {})});
  // The keys typed after :run …⏎ were for the container's terminal, never for berth.
  else services.dropHeldKeys('the container');
}
