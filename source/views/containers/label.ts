import type {Services} from '../types.js';
import type {ChosenContainer} from './state.js';

// With several engines a container is named with its engine (prod/web) in messages and confirmations.
export const several = (services: Services) => services.engines().length > 1;
export const label = (services: Services, target: {name: string; engine?: string}) =>
  several(services) && target.engine ? `${target.engine}/${target.name}` : target.name;

// A dialog's rows for containers chosen when a menu or form opened: each named (with its engine) and described.
export const confirmRows = (services: Services, chosen: readonly ChosenContainer[]) => ({
  targets: chosen.map(t => `${label(services, t)}  (${t.detail})`),
  ids: chosen.map(t => t.id),
  names: chosen.map(t => t.name),
  engines: chosen.map(t => t.engine),
});
