import {compareNatural} from '../../text/compare.js';
import {containerKey, sortContainers, type ContainerRow} from '../../engine/containers/rows.js';
import type {AppState} from '../../store/state.js';

export {containerKey};

// Several engines in one list: each engine's rows come from its own list and /events stream, and replace only
// that engine's rows. Running first, then by name, then by engine (two engines may have a `web`).
export function mergeEngineRows(
  items: readonly ContainerRow[],
  engine: string,
  fresh: readonly ContainerRow[],
): ContainerRow[] {
  const merged = [...items.filter(row => row.engine !== engine), ...fresh];
  sortContainers(merged);
  // sortContainers is stable: a same-named pair keeps the engines' order only by chance, so fix it here.
  return merged.sort((a, b) =>
    a.name === b.name && a.state === b.state ? compareNatural(a.engine ?? '', b.engine ?? '') : 0,
  );
}

// `engine:NAME` in the filter narrows the list to one engine; the rest of the filter matches as usual (and
// also matches the engine's name).
export function splitEngineFilter(filter: string): {engine?: string; rest: string} {
  const match = /(?:^|\s)engine:(\S*)/.exec(filter);
  if (!match) return {rest: filter};
  return {engine: match[1], rest: (filter.slice(0, match.index) + filter.slice(match.index + match[0].length)).trim()};
}

// The rows of one engine (a view showing one engine of several: the compose view); with one engine, all of them.
export function engineContainers(state: AppState, engine: string | undefined): readonly ContainerRow[] {
  if (!engine || (state.engines?.length ?? 0) < 2) return state.containers.items;
  return onlyEngine(state.containers.items, engine);
}

const onlyEngineCache = new WeakMap<readonly ContainerRow[], {engine: string; rows: readonly ContainerRow[]}>();
function onlyEngine(items: readonly ContainerRow[], engine: string): readonly ContainerRow[] {
  const cached = onlyEngineCache.get(items);
  if (cached?.engine === engine) return cached.rows;
  const rows = items.filter(row => row.engine === engine);
  onlyEngineCache.set(items, {engine, rows});
  return rows;
}
