import {BerthError} from '../../errors.js';

// The errors of a bounded read from the engine (bounded-json.ts, and the early list of engine/early-list.ts, which
// reads without dockerode): `where` names the engine ("engine tcp://…"), `what` the answer ("container list").

export function stalledRead(where: string, problem: string): BerthError {
  return new BerthError(
    `${where}: ${problem}; the engine (or a proxy in front of it) is stalled: check dockerd on that host`,
  );
}

export const noAnswer = (what: string, ms: number) => `no answer to the request for the ${what} within ${ms / 1000} s`;
export const stoppedArriving = (what: string, ms: number) =>
  `the ${what} stopped arriving (nothing for ${ms / 1000} s)`;

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

export function tooLargeRead(where: string, what: string, maxBytes: number, fix: string): BerthError {
  return new BerthError(`${where}: the ${what} is larger than ${mib(maxBytes)}, more than berth reads at once; ${fix}`);
}
