import {connectEngine, type EngineClient} from './client.js';
import {listContainers} from './containers/list.js';
import type {ContainerRow} from './containers/rows.js';
import type {EngineTarget} from './target.js';

// An engine's first requests, made before the UI's modules load: the connection (from /_ping) and, as soon as it
// is made, the container list, which then arrives while the modules load; the first frame can hold the containers
// instead of waiting for a request made after it (docs/benchmarks.md, "Start").
export type EngineStart = {
  client: Promise<EngineClient>;
  containers?: Promise<ContainerRow[]>;
};

export function startEngine(target: EngineTarget): EngineStart {
  const client = connectEngine(target);
  const containers = client.then(engine => listContainers(engine.docker));
  // Whoever takes them over reports their failures; until then they must not count as unhandled.
  client.catch(() => {});
  containers.catch(() => {});
  return {client, containers};
}
