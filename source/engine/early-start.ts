import type {EngineClient} from './client.js';
import {earlyList, type EarlyList} from './early-list.js';
import type {EngineTarget} from './target.js';
import type {EngineTimeouts} from './limits/timed-agent.js';
import {BerthError} from '../errors.js';
import {settledWithin} from '../util/settled-within.js';

// An engine's first request, made as the process starts, before dockerode and the UI's modules load: the container
// list, with Node's own http(s) (early-list.ts). Its answer arrives while the modules load, the connection is made
// from its headers once dockerode is there, and the first frame can hold the containers instead of waiting for
// requests made after the modules (docs/benchmarks.md, "Start"). Where it cannot be made early (SSH) or fails, it
// is made again through dockerode, as any other.
export type EngineStart = {
  client: Promise<EngineClient>;
  containers?: Promise<EarlyList>;
  // When every engine's early request has left (for TLS, after the handshake), or WIRE_WAIT_MS have passed.
  sent?: Promise<unknown>;
  // When these requests were made (Date.now()): events from before it are no news (events/before-start.ts).
  startedAt?: number;
};

// Loading modules holds the main thread for tens of milliseconds (on Node 22 and later the UI's in one stretch,
// dockerode's in ~10 ms): the early requests' TLS handshakes would wait behind them. So modules load once the
// requests have left, or after at most WIRE_WAIT_MS (an engine far away must not hold the start up).
const WIRE_WAIT_MS = 20;

// The early request, as messages name it (`connected, but no answer to GET /containers/json within 15 s`).
const EARLY_LIST = 'GET /containers/json';

// Every engine's early requests leave before any engine's connection loads dockerode: an engine over a unix
// socket answers within milliseconds, and loading dockerode then would hold a TLS engine's handshakes still under
// way (with Podman as a second engine, the bench engine's rows came 40–100 ms later).
// `timeouts`: the deadlines of the early requests and the connection (shorter in tests).
export function startEngines(targets: readonly EngineTarget[], timeouts?: EngineTimeouts): EngineStart[] {
  const startedAt = Date.now();
  const requests = targets.map(target => ({target, early: earlyList(target, timeouts)}));
  const leaving = requests.flatMap(({early}) => (early ? [early.sent] : []));
  const sent = settledWithin(Promise.all(leaving), WIRE_WAIT_MS);
  return requests.map(({target, early}) => {
    const client = sent
      .then(() => import('./client.js'))
      .then(({connectEngine}) =>
        connectEngine(target, {...(early ? {answered: {headers: early.headers, what: EARLY_LIST}} : {}), timeouts}),
      );
    const listed = async (): Promise<EarlyList> => {
      const [engine, {listContainers}] = await Promise.all([client, import('./containers/list.js')]);
      return {rows: await listContainers(engine.docker)};
    };
    // What the engine itself did (no answer, too long a list: a BerthError) stands; an answer berth could not read
    // is asked again through dockerode.
    const containers = early
      ? early.answer.catch((error: unknown) => (error instanceof BerthError ? Promise.reject(error) : listed()))
      : listed();
    // Whoever takes them over reports their failures; until then they must not count as unhandled.
    client.catch(() => {});
    containers.catch(() => {});
    return {client, containers, sent, startedAt};
  });
}
