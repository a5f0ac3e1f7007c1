import type {EngineClient} from '../../engine/client.js';
import {contextWords} from '../../command-log.js';
import type {Confirmation} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {Services} from '../types.js';
import {shownSwarmEngine} from './selectors.js';

export const clean = (text: string) => sanitizeLine(text);

// With several engines, the engine the swarm view shows (undefined with one): every request and command goes there.
export const shown = (services: Services) => shownSwarmEngine(services.store.get());
export const fromShown = (services: Services) => {
  const engine = shown(services);
  return engine ? {engine} : {};
};

export function client(services: Services): EngineClient['docker'] | undefined {
  return services.engine(shown(services))?.client?.docker;
}

// A logged docker command on the shown engine's context (with several engines; a context's name is shell-safe).
export const onShown = (services: Services, line: string): string => {
  const engine = shown(services);
  return engine ? line.replace(/^docker /, `docker ${contextWords(engine).join(' ')} `) : line;
};

// A confirmation names the engine the swarm view showed when it was asked: the answer goes there or nowhere.
export const onEngine = (services: Services): Pick<Confirmation, 'engines'> => {
  const engine = shown(services);
  return engine ? {engines: [engine]} : {};
};
