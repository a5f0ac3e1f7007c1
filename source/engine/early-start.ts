import type {EngineClient} from './client.js';
import {earlyList, type EarlyList} from './early-list.js';
import type {EngineTarget} from './target.js';

// An engine's first requests, made before the UI's modules load: the container list at once (early-list.ts, Node's
// own http), and beside it the connection (/_ping, through dockerode, loaded meanwhile). The list then arrives while
// the modules load, and the first frame can hold the containers instead of waiting for a request made after it
// (docs/benchmarks.md, "Start"). Where the early list cannot be had, the list follows the connection, as any list.
export type EngineStart = {
  client: Promise<EngineClient>;
  containers?: Promise<EarlyList>;
};

export function startEngine(target: EngineTarget): EngineStart {
  const early = earlyList(target);
  const client = import('./client.js').then(({connectEngine}) => connectEngine(target));
  const listed = async (): Promise<EarlyList> => {
    const [engine, {listContainers}] = await Promise.all([client, import('./containers/list.js')]);
    return {rows: await listContainers(engine.docker)};
  };
  const containers = early ? early.catch(listed) : listed();
  // Whoever takes them over reports their failures; until then they must not count as unhandled.
  client.catch(() => {});
  containers.catch(() => {});
  return {client, containers};
}
