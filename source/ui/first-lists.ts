import type {EngineStart} from '../engine/early-start.js';
import {settledWithin} from '../util/settled-within.js';

// The first frame waits up to FIRST_LIST_WAIT_MS for the container lists asked for before the UI loaded: a frame
// without them would be followed by another at least 16 ms later (Ink draws at most one frame per 1/60 s), so the
// list would come later than if the first frame had waited. A list reaches the store once its engine's connection
// is made too (from /_ping's answer), so both are waited for: a TLS engine's ping answered just after its list
// would otherwise wait behind the first frame's ~40 ms of work. What has arrived reaches the store in promise
// callbacks, run before the next turn of the event loop.
export const FIRST_LIST_WAIT_MS = 50;

export async function firstLists(connecting: readonly EngineStart[]): Promise<void> {
  await settledWithin(
    Promise.allSettled(connecting.flatMap(start => (start.containers ? [start.client, start.containers] : []))),
    FIRST_LIST_WAIT_MS,
  );
  await new Promise(resolve => setImmediate(resolve));
}
