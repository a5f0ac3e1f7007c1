import {compareVolumeRows, listVolumesOnly} from '../../engine/volumes/volumes.js';
import {userNames, volumeUsers} from '../../engine/volumes/usage.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {age} from '../../text/format.js';
import type {ContainerRow} from '../../engine/containers/rows.js';
import {engineList} from '../kit/engine-list.js';
import {perEngine} from '../kit/across-engines.js';
import type {VolumeRow} from './state.js';

// The volumes with the containers that mount each, from the containers view's list: it follows container events, so USED BY
// changes as containers come and go without listing the volumes again.
const withUsers = memoLast((items: readonly VolumeRow[], containers: readonly ContainerRow[]): readonly VolumeRow[] => {
  const users = perEngine(containers, volumeUsers);
  return items.map(row => ({...row, usedBy: users(row).get(row.name) ?? []}));
});

export const volumesList = engineList<VolumeRow>({
  id: 'volumes',
  noun: {one: 'volume', many: 'volumes'},
  slice: state => state.volumes,
  put: (state, volumes) => ({...state, volumes}),
  key: row => row.name,
  rows: (state: AppState) => withUsers(state.volumes.items, state.containers.items),
  filterText: row => [row.name, row.driver, ...row.usedBy.map(user => user.name)],
  columns: [
    // An anonymous volume's name is 64 hex digits: cut, it leaves room for the users and the mountpoint.
    {id: 'name', title: 'VOLUME NAME', cell: row => row.name, required: true, max: 40},
    {id: 'driver', title: 'DRIVER', cell: row => row.driver},
    {id: 'scope', title: 'SCOPE', cell: row => row.scope},
    {
      id: 'created',
      title: 'CREATED',
      cell: row => (row.created === undefined ? '?' : age(row.created)),
      // By age: newest first, as the column reads.
      sort: row => (row.created === undefined ? undefined : -row.created),
    },
    {id: 'used', title: 'USED BY', cell: userNames, min: 8, max: 40, sort: row => row.usedBy.length},
    {id: 'mountpoint', title: 'MOUNTPOINT', cell: row => row.mountpoint, min: 12},
  ],
  order: compareVolumeRows,
  fetch: client => listVolumesOnly(client.docker),
  // USED BY follows the containers view's container list, so only volume events reload this one.
  events: ['volume'],
});

export const volumeRows = volumesList.rows;
export const selectedVolume = volumesList.selected;
export const targetVolumes = volumesList.targets;
