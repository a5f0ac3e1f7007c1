import {connectEngine, type EngineClient} from '../engine/client.js';
import type {EngineSelection} from '../engine/engine-targets.js';
import type {EngineTarget} from '../engine/target.js';
import {errorMessage} from '../errors.js';

export type Connected = {name: string; target: EngineTarget; client: EngineClient};

// Promise.allSettled that keeps each outcome beside the item it came from (allSettled keeps only the order).
export function settleEach<T, R>(
  items: readonly T[],
  run: (item: T) => Promise<R>,
): Promise<Array<{item: T; result: PromiseSettledResult<R>}>> {
  return Promise.all(
    items.map(item =>
      run(item).then(
        value => ({item, result: {status: 'fulfilled', value} as const}),
        (reason: unknown) => ({item, result: {status: 'rejected', reason} as const}),
      ),
    ),
  );
}

// The headless commands on several engines (berth ps --all-contexts): every engine asked at once, so the wait is
// the slowest engine's (each connect ends at its own deadline, whatever the transport), not the sum. An engine that
// does not answer is left out with one line on stderr; the others are shown.
export async function connectSeveral(
  selection: EngineSelection,
  stderr: NodeJS.WritableStream,
): Promise<{engines: Connected[]; failed: number}> {
  for (const problem of selection.problems) stderr.write(`berth: ${problem}; left out\n`);
  const settled = await settleEach(selection.targets, target => connectEngine(target));
  const engines: Connected[] = [];
  let failed = selection.problems.length;
  for (const {item: target, result} of settled) {
    if (result.status === 'fulfilled') engines.push({name: target.context, target, client: result.value});
    else {
      failed++;
      stderr.write(`berth: engine ${target.context}: ${errorMessage(result.reason)}; left out\n`);
    }
  }
  return {engines, failed};
}

export function closeAll(engines: readonly Connected[]): void {
  for (const engine of engines) engine.client.close();
}
