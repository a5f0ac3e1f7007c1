import {BerthError} from '../../errors.js';

// The bounds of one container list, apart from the reader (bounded-json.ts) so the early list
// (engine/early-list.ts) keeps them without loading dockerode. These bounds are far above what a working engine
// sends and far below what hurts.
// The container list: ~120,000 containers at 1.6 KB a row. It is parsed element by element as it arrives
// (readBoundedJsonArray), so the bound is on the bytes read, not on memory held.
export const MAX_CONTAINER_LIST_BYTES = 192 * 1024 * 1024;
// Rows kept from one container list (the UI draws a window of it; filtering stays within a keystroke's time):
// 100,000 fit in ~130 MB of RSS (docs/benchmarks.md, "Large lists").
export const MAX_CONTAINER_ROWS = 120_000;

// What a user can do about a list past those bounds.
export const LIST_FIX = 'remove stopped containers (docker container prune) or point berth at a smaller engine';

// `where`: "engine tcp://…", as the messages name it.
export function tooManyContainers(where: string, count: number, maxRows = MAX_CONTAINER_ROWS): BerthError {
  return new BerthError(
    `${where}: the container list has ${count} containers, more than the ${maxRows} berth shows; ${LIST_FIX}`,
  );
}
