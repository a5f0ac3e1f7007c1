import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import type {VolumeRow} from './state.js';

import {volumeUsers} from '../../engine/volumes/usage.js';
import type {ContainerRow} from '../containers/state.js';

// The volumes with the containers that mount each, from view 1's list: it follows container events, so USED BY
// changes as containers come and go without listing the volumes again.
const withUsers = memoLast((items: readonly VolumeRow[], containers: readonly ContainerRow[]): readonly VolumeRow[] => {
  const users = volumeUsers(containers);
  return items.map(row => ({...row, usedBy: users.get(row.name) ?? []}));
});

export const volumeRows = (state: AppState): readonly VolumeRow[] =>
  withUsers(state.volumes.items, state.containers.items);

const filterVolumes = memoLast((items: readonly VolumeRow[], filter: string) => {
  if (!filter) return items;
  const match = makeMatcher(filter);
  return items.filter(row => match(row.name) || match(row.driver) || row.usedBy.some(user => match(user.name)));
});

export const visibleVolumes = (state: AppState): readonly VolumeRow[] =>
  filterVolumes(volumeRows(state), state.volumes.list.filter);

const keysOf = memoLast((rows: readonly VolumeRow[]) => rows.map(row => row.name));

export const selectedVolume = (state: AppState): VolumeRow | undefined =>
  visibleVolumes(state)[state.volumes.list.cursor];

// Marked rows, else the selected one.
export function targetVolumes(state: AppState): VolumeRow[] {
  const {marked} = state.volumes.list;
  if (marked.length) return volumeRows(state).filter(row => marked.includes(row.name));
  const row = selectedVolume(state);
  return row ? [row] : [];
}

export function volumesList(state: AppState): FocusedList {
  return {
    ids: keysOf(visibleVolumes(state)),
    list: state.volumes.list,
    put: (s, list) => (list === s.volumes.list ? s : {...s, volumes: {...s.volumes, list}}),
  };
}
