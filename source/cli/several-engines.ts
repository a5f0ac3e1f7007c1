import {connectEngine, type EngineClient} from '../engine/client.js';
import type {EngineSelection} from '../engine/engine-targets.js';
import type {EngineTarget} from '../engine/target.js';
import {errorMessage} from '../errors.js';
import {DEFAULT_ENGINE_TIMEOUTS, firstByteDeadline} from '../engine/limits/timed-agent.js';

export type Connected = {name: string; target: EngineTarget; client: EngineClient};

// The headless commands on several engines (berth ps --all-contexts): every engine asked at once, so the wait is
// the slowest engine's (bounded by the connect timeouts), not the sum. An engine that does not answer is left
// out with one line on stderr; the others are shown.
export async function connectSeveral(
  selection: EngineSelection,
  stderr: NodeJS.WritableStream,
): Promise<{engines: Connected[]; failed: number}> {
  for (const problem of selection.problems) stderr.write(`berth: ${problem}; left out\n`);
  const settled = await Promise.allSettled(
    selection.targets.map(target => withDeadline(connectEngine(target), target)),
  );
  const engines: Connected[] = [];
  let failed = selection.problems.length;
  settled.forEach((result, i) => {
    const target = selection.targets[i];
    if (result.status === 'fulfilled') engines.push({name: target.context, target, client: result.value});
    else {
      failed++;
      stderr.write(`berth: engine ${target.context}: ${errorMessage(result.reason)}; left out\n`);
    }
  });
  return {engines, failed};
}

// An engine that accepts and never answers must not hold the others' output: the connect's own deadline is
// enforced here too (a plain-TCP request can outlive its abort signal), and the command exits when it is done
// (main.ts), whatever sockets such an engine left open.
function withDeadline(connecting: Promise<EngineClient>, target: EngineTarget): Promise<EngineClient> {
  const ms = firstByteDeadline(DEFAULT_ENGINE_TIMEOUTS);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`engine ${target.url}: no answer to GET /version within ${ms / 1000} s`)),
      ms,
    );
    timer.unref();
  });
  connecting
    .then(
      client => client,
      () => undefined,
    )
    .finally(() => clearTimeout(timer))
    .catch(() => {});
  return Promise.race([connecting, deadline]);
}

export function closeAll(engines: readonly Connected[]): void {
  for (const engine of engines) engine.client.close();
}
