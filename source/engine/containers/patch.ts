import {rowsSortingAs, splicer} from '../../util/row-changes.js';
import {compareContainers, type ContainerRow} from './rows.js';

// A long list brought up to date from an answer about a few of its containers (those events named): each named
// row is found where the list's order puts it and taken out, and put back where the order wants it now, when the
// engine still has it (binary searches). Every other row stays the same object in the same order, and the new list
// records what changed (source/util/row-changes.ts), so the views filter, sort, key and measure again only those
// rows; nothing is sorted or scanned. `fresh` holds the named containers the engine still has; `current` finds the
// row the list holds for an ID (rowLookup below).
export function patchContainers(
  items: readonly ContainerRow[],
  ids: ReadonlySet<string>,
  fresh: readonly ContainerRow[],
  current: (id: string) => ContainerRow | undefined,
): ContainerRow[] {
  const next = splicer(items, compareContainers);
  for (const id of ids) {
    const row = current(id);
    // An index out of step with the list would leave the old row beside the new one: the list goes over every
    // row then, as it did before there was an index.
    if (row && !next.remove(row)) return patchByScan(items, ids, fresh);
  }
  // Only the containers asked for: an answer that ignored the filter must not add every row a second time.
  for (const row of fresh) if (ids.has(row.id)) next.insert(row);
  return next.done();
}

function patchByScan(
  items: readonly ContainerRow[],
  ids: ReadonlySet<string>,
  fresh: readonly ContainerRow[],
): ContainerRow[] {
  const next = splicer(
    items.filter(row => !ids.has(row.id)),
    compareContainers,
  );
  for (const row of fresh) if (ids.has(row.id)) next.insert(row);
  return next.done();
}

// Where the list holds a container: found by its names — those its events gave it (a rename's old one too) and the
// one the engine answers with — in each state the order knows (binary searches), so no index of every row is
// kept. A container whose events had no name (an engine that sends none), or that none of its names finds (Podman's
// rename event has no old name; a container listed under a link alias), is looked for in every row, unless its
// events created it (`created`): a new container is in no row.
export function rowLookup(
  items: readonly ContainerRow[],
  named: ReadonlyMap<string, readonly string[]>,
  fresh: readonly ContainerRow[],
  created: ReadonlySet<string> = new Set(),
): (id: string) => ContainerRow | undefined {
  const answered = new Map(fresh.map(row => [row.id, row.name]));
  return id => {
    const names = new Set(named.get(id));
    const name = answered.get(id);
    if (name !== undefined) names.add(name);
    if (!names.size) return items.find(row => row.id === id);
    for (const name of names)
      for (const state of ONE_STATE_PER_RANK)
        for (const {row} of rowsSortingAs(items, {name, state}, compareContainers)) if (row.id === id) return row;
    return created.has(id) ? undefined : items.find(row => row.id === id);
  };
}

const ONE_STATE_PER_RANK = ['running', 'paused', 'exited'];

// The names an event gives its container: its name now and, for a rename, the one before (Docker: "/old").
export const eventNames = (attributes: Readonly<Record<string, string>> | undefined): string[] =>
  [attributes?.name, attributes?.oldName?.replace(/^\//, '')].filter((name): name is string => !!name);
