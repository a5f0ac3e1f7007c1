import {splicer} from '../../util/row-changes.js';
import {compareContainers, type ContainerRow} from './list.js';

// A long list brought up to date from an answer about a few of its containers (those events named): each named
// row is found where the list's order puts it and taken out, and put back where the order wants it now, when the
// engine still has it (binary searches). Every other row stays the same object in the same order, and the new list
// records what changed (source/util/row-changes.ts), so the views filter, sort, key and measure again only those
// rows; nothing is sorted or scanned. `fresh` holds the named containers the engine still has; `current` finds the
// row the list holds for an ID (the session's index of it).
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
