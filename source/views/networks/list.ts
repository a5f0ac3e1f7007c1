import {compareNetworkRows, listNetworksOnly} from '../../engine/networks/networks.js';
import {networkUsers, userNames, usersOfNetwork} from '../../engine/volumes/usage.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {age} from '../../text/format.js';
import type {ContainerRow} from '../../engine/containers/rows.js';
import {engineList} from '../kit/engine-list.js';
import {perEngine} from '../kit/across-engines.js';
import type {NetworkRow} from './state.js';

// The networks with the containers connected to each, from the containers view's list (kept current by container events).
const withUsers = memoLast(
  (items: readonly NetworkRow[], containers: readonly ContainerRow[]): readonly NetworkRow[] => {
    const users = perEngine(containers, networkUsers);
    return items.map(row => ({...row, usedBy: usersOfNetwork(users(row), row.id, row.name)}));
  },
);

export const networksList = engineList<NetworkRow>({
  id: 'networks',
  noun: {one: 'network', many: 'networks'},
  slice: state => state.networks,
  put: (state, networks) => ({...state, networks}),
  key: row => row.id,
  rows: (state: AppState) => withUsers(state.networks.items, state.containers.items),
  filterText: row => [row.name, row.id.slice(0, 12), row.driver, row.subnet, ...row.usedBy.map(user => user.name)],
  // ID and SCOPE only from 100 columns: at 80 the name, the whole subnet (192.168.128.0/20) and the users matter
  // more.
  columns: [
    {id: 'name', title: 'NETWORK', cell: row => row.name, required: true, max: 40},
    {id: 'id', title: 'ID', cell: row => row.id.slice(0, 12), from: 100},
    {id: 'driver', title: 'DRIVER', cell: row => row.driver, required: true},
    {id: 'scope', title: 'SCOPE', cell: row => row.scope, from: 100},
    {
      id: 'created',
      title: 'CREATED',
      cell: row => (row.created === undefined ? '?' : age(row.created)),
      // By age: newest first, as the column reads.
      sort: row => (row.created === undefined ? undefined : -row.created),
    },
    {id: 'subnet', title: 'SUBNET', cell: row => row.subnet || '-'},
    // USED BY takes what the others leave.
    {id: 'used', title: 'USED BY', cell: userNames, min: 8, priority: 20, sort: row => row.usedBy.length},
  ],
  dim: row => row.predefined,
  order: compareNetworkRows,
  fetch: client => listNetworksOnly(client.docker),
  events: ['network'],
});

export const networkRows = networksList.rows;
export const selectedNetwork = networksList.selected;
export const targetNetworks = networksList.targets;
