import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import type {VolumeRow} from './state.js';

const filterVolumes = memoLast((items: readonly VolumeRow[], filter: string) => {
  if (!filter) return items;
  const match = makeMatcher(filter);
  return items.filter(row => match(row.name) || match(row.driver) || row.usedBy.some(user => match(user.name)));
});

export const visibleVolumes = (state: AppState): readonly VolumeRow[] => filterVolumes(state.volumes.items, state.volumes.list.filter);

const keysOf = memoLast((rows: readonly VolumeRow[]) => rows.map(row => row.name));

export const selectedVolume = (state: AppState): VolumeRow | undefined => visibleVolumes(state)[state.volumes.list.cursor];

// Marked rows, else the selected one.
export function targetVolumes(state: AppState): VolumeRow[] {
  const {marked} = state.volumes.list;
  if (marked.length) return state.volumes.items.filter(row => marked.includes(row.name));
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
