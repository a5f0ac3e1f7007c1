import {diskUsage, engineInfoFacts, logHygiene} from '../../engine/engine-info/index.js';
import {errorMessage} from '../../errors.js';
import type {Services} from '../types.js';
import {perApp} from '../kit/runtime.js';

// The engine whose facts this app is loading: a switch to another engine starts its own load.
const loads = perApp(() => ({loading: undefined as {client: unknown} | undefined}));

// The facts the engine view shows beyond /version: each part on its own, so a slow /system/df or a refused inspect
// leaves the others on screen with the reason for the missing one.
export function loadEngineFacts(services: Services): void {
  const client = services.engine()?.client;
  const self = loads(services);
  if (!client || self.loading?.client === client) return;
  services.dispatch({type: 'engine.loading'});
  const target = client.target;
  const errors: string[] = [];
  const part = <T>(what: string, work: Promise<T>) =>
    work.catch(error => {
      errors.push(`${what}: ${errorMessage(error)}`);
      return undefined;
    });
  const mine = {client};
  self.loading = mine;
  void Promise.all([
    part('/info', engineInfoFacts(client.docker, target)),
    part('/system/df', diskUsage(client.docker)),
    part('log settings', logHygiene(client.docker, target)),
  ]).then(([info, disk, hygiene]) => {
    if (self.loading === mine) self.loading = undefined;
    if (services.engine()?.client === client) services.dispatch({type: 'engine.loaded', info, disk, hygiene, errors});
  });
}
