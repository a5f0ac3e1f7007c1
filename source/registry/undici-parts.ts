// The three parts of undici the registry client uses, from undici's own files. Its index loads all of undici —
// fetch, WebSocket, EventSource, the mock agents, the caches — and through the web globals those touch, Node's own
// copy of undici as well: on a 2-core machine ~115 against ~36 ms to load in a bare script and ~8.5 MB more RSS,
// paid on the first `4` (docs/benchmarks.md, "Registry").
import type {Dispatcher, Pool as UndiciPool} from 'undici';
import PoolFile from 'undici/lib/dispatcher/pool.js';
import requestFile from 'undici/lib/api/api-request.js';
import errorsFile from 'undici/lib/core/errors.js';

export type Pool = UndiciPool;
export const Pool = PoolFile;
export const {RequestAbortedError} = errorsFile;

// `Pool#request` is index.js's doing (it copies the request API onto every dispatcher); called on the pool instead.
export const requestOn = (pool: Dispatcher, options: Dispatcher.RequestOptions): Promise<Dispatcher.ResponseData> =>
  requestFile.call(pool, options);
