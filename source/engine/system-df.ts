import type Docker from 'dockerode';
import {dial} from './client.js';

// Engines before 23.0 refuse a second /system/df while one runs ("a disk usage operation is already running",
// HTTP 500). berth asks for it from three places (image shared sizes, prune previews, the engine view), and other clients
// ask too: concurrent asks from berth share one request, and a refusal caused by someone else's is retried.
const BUSY = /disk usage operation is already running/i;
const RETRY_MS = 250;

const inFlight = new WeakMap<Docker, Map<string, Promise<unknown>>>();

export type DfOptions = {types?: string[]; signal?: AbortSignal; timeoutMs?: number};

export function systemDf(docker: Docker, options: DfOptions = {}): Promise<unknown> {
  const key = (options.types ?? []).join(',');
  let requests = inFlight.get(docker);
  if (!requests) inFlight.set(docker, (requests = new Map<string, Promise<unknown>>()));
  const shared = requests.get(key);
  if (shared) return shared;
  const request = askUntilFree(docker, options).finally(() => requests.delete(key));
  requests.set(key, request);
  return request;
}

async function askUntilFree(docker: Docker, options: DfOptions): Promise<unknown> {
  // /system/df walks every layer and volume: slow on big engines, so it gets a long time limit of its own.
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (let attempt = 1; ; attempt++) {
    try {
      return await dial(docker, {
        path: '/system/df?',
        method: 'GET',
        options: options.types ? {type: options.types} : {},
        timeoutMs: Math.max(1, deadline - Date.now()),
        signal: options.signal,
      });
    } catch (error) {
      const busy = BUSY.test(error instanceof Error ? error.message : String(error));
      if (!busy || options.signal?.aborted || Date.now() + RETRY_MS * attempt > deadline) throw error;
      await new Promise(resolve => setTimeout(resolve, Math.min(RETRY_MS * attempt, 2_000)));
    }
  }
}
