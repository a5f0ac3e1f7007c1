import {compareContainers, type ContainerRow} from './list.js';

// A long list brought up to date from an answer about a few of its containers (those events named): each named
// row is taken out, and put back where the list's order wants it (a binary search) when the engine still has it.
// Every other row stays the same object in the same order, so the views measure, filter and draw again only
// what changed; nothing is sorted. `fresh` holds the named containers the engine still has.
export function patchContainers(
  items: readonly ContainerRow[],
  ids: ReadonlySet<string>,
  fresh: readonly ContainerRow[],
): ContainerRow[] {
  const rows = items.filter(row => !ids.has(row.id));
  // Only the containers asked for: an answer that ignored the filter must not add every row a second time.
  for (const row of fresh) if (ids.has(row.id)) rows.splice(insertionPoint(rows, row), 0, row);
  return rows;
}

// The first place whose row sorts after `row`: a new row goes after its equals, as a stable sort puts it.
function insertionPoint(rows: readonly ContainerRow[], row: ContainerRow): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const other = rows[middle];
    if (other && compareContainers(other, row) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
