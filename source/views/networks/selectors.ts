import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import type {NetworkRow} from './state.js';

import {networkUsers, usersOfNetwork} from '../../engine/volumes/usage.js';
import type {ContainerRow} from '../containers/state.js';

// The networks with the containers connected to each, from view 1's list (kept current by container events).
const withUsers = memoLast(
  (items: readonly NetworkRow[], containers: readonly ContainerRow[]): readonly NetworkRow[] => {
    const users = networkUsers(containers);
    return items.map(row => ({...row, usedBy: usersOfNetwork(users, row.id, row.name)}));
  },
);

export const networkRows = (state: AppState): readonly NetworkRow[] =>
  withUsers(state.networks.items, state.containers.items);

const filterNetworks = memoLast((items: readonly NetworkRow[], filter: string) => {
  if (!filter) return items;
  const match = makeMatcher(filter);
  return items.filter(
    row =>
      match(row.name) ||
      match(row.id.slice(0, 12)) ||
      match(row.driver) ||
      match(row.subnet) ||
      row.usedBy.some(user => match(user.name)),
  );
});

export const visibleNetworks = (state: AppState): readonly NetworkRow[] =>
  filterNetworks(networkRows(state), state.networks.list.filter);

const keysOf = memoLast((rows: readonly NetworkRow[]) => rows.map(row => row.id));

export const selectedNetwork = (state: AppState): NetworkRow | undefined =>
  visibleNetworks(state)[state.networks.list.cursor];

// Marked rows, else the selected one.
export function targetNetworks(state: AppState): NetworkRow[] {
  const {marked} = state.networks.list;
  if (marked.length) return networkRows(state).filter(row => marked.includes(row.id));
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
