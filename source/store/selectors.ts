import {makeMatcher} from './list.js';
import type {AppState, ContainerRow} from './state.js';

// Memoised on the inputs' identity so React's useSyncExternalStore sees a stable array.
function memo<A, B, R>(compute: (a: A, b: B) => R): (a: A, b: B) => R {
  let lastA: A | undefined;
  let lastB: B | undefined;
  let last: R | undefined;
  let primed = false;
  return (a, b) => {
    if (!primed || a !== lastA || b !== lastB) {
      last = compute(a, b);
      lastA = a;
      lastB = b;
      primed = true;
    }
    return last as R;
  };
}

const filterContainers = memo((items: readonly ContainerRow[], key: string) => {
  const runningOnly = key.startsWith('1');
  const filter = key.slice(1);
  const match = makeMatcher(filter);
  if (!filter && !runningOnly) return items;
  return items.filter(row => (!runningOnly || row.state === 'running') && (!filter || match(row.name) || match(row.image) || match(row.status)));
});

export const visibleContainers = (state: AppState): readonly ContainerRow[] =>
  filterContainers(state.containers.items, `${state.containers.runningOnly ? 1 : 0}${state.containers.list.filter}`);

const idsOf = memo((rows: readonly ContainerRow[], _unused: undefined) => rows.map(row => row.id));
export const visibleContainerIds = (state: AppState): readonly string[] => idsOf(visibleContainers(state), undefined);

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
