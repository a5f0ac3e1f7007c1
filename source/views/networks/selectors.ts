import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import type {NetworkRow} from './state.js';

const filterNetworks = memoLast((items: readonly NetworkRow[], filter: string) => {
  if (!filter) return items;
  const match = makeMatcher(filter);
  return items.filter(row => match(row.name) || match(row.id.slice(0, 12)) || match(row.driver) || match(row.subnet) || row.usedBy.some(user => match(user.name)));
});

export const visibleNetworks = (state: AppState): readonly NetworkRow[] => filterNetworks(state.networks.items, state.networks.list.filter);

const keysOf = memoLast((rows: readonly NetworkRow[]) => rows.map(row => row.id));

export const selectedNetwork = (state: AppState): NetworkRow | undefined => visibleNetworks(state)[state.networks.list.cursor];

// Marked rows, else the selected one.
export function targetNetworks(state: AppState): NetworkRow[] {
  const {marked} = state.networks.list;
  if (marked.length) return state.networks.items.filter(row => marked.includes(row.id));
  const row = selectedNetwork(state);
  return row ? [row] : [];
}

export function networksList(state: AppState): FocusedList {
  return {
    ids: keysOf(visibleNetworks(state)),
    list: state.networks.list,
    put: (s, list) => (list === s.networks.list ? s : {...s, networks: {...s.networks, list}}),
  };
}
