import {memoLast} from './memo.js';
import {makeMatcher} from './list.js';
import type {AppState, ContainerRow} from './state.js';

const filterContainers = memoLast((items: readonly ContainerRow[], runningOnly: boolean, filter: string) => {
  const match = makeMatcher(filter);
  if (!filter && !runningOnly) return items;
  return items.filter(row => (!runningOnly || row.state === 'running') && (!filter || match(row.name) || match(row.image) || match(row.status)));
});

export const visibleContainers = (state: AppState): readonly ContainerRow[] =>
  filterContainers(state.containers.items, state.containers.runningOnly, state.containers.list.filter);

const idsOf = memoLast((rows: readonly ContainerRow[]) => rows.map(row => row.id));
export const visibleContainerIds = (state: AppState): readonly string[] => idsOf(visibleContainers(state));

export function selectedContainer(state: AppState): ContainerRow | undefined {
  return visibleContainers(state)[state.containers.list.cursor];
}

// Bulk actions act on marked rows, else on the selected one.
export function targetContainers(state: AppState): ContainerRow[] {
  const {marked} = state.containers.list;
  if (marked.length > 0) return state.containers.items.filter(row => marked.includes(row.id));
  const selected = selectedContainer(state);
  return selected ? [selected] : [];
}
