import {inspectAndRemove} from '../kit/actions.js';
import {confirmRemove, runRemove, showInspect} from './effects.js';
import {networksList, selectedNetwork} from './list.js';
import {initialNetworks} from './state.js';
import {networksCopy} from './copy.js';

const ROWS = inspectAndRemove({
  scope: 'networks',
  inspect: 'networks.inspect',
  remove: 'networks.remove',
  removeHelp: 'remove (in use: f disconnects)',
  showInspect,
  confirmRemove,
  runRemove,
});

// The networks view (keys 1–6 are Containers, Images, Compose, Registry, Engine, Swarm; 7 Volumes): networks, who is
// connected, remove. The list itself is the kit's: see list.ts.
export const networks = networksList.view({
  copyItems: networksCopy,
  key: '8',
  title: 'Networks',
  scopeTitles: {networks: 'Networks'},
  initial: () => ({networks: initialNetworks()}),
  // USED BY comes from the container list: keys wait for it too.
  ready: state => (state.networks.loaded && state.containers.loaded) || 'the network list',
  effect: ROWS.effect,
  confirmed: ROWS.confirmed,
  bindings: ROWS.bindings,
  itemFields: {
    names: ['Name', 'ID', 'ShortID', 'Driver', 'Scope', 'Subnet'],
    labels: true,
    selected(state) {
      const row = selectedNetwork(state);
      return (
        row && {
          fields: {
            Name: row.name,
            ID: row.id,
            ShortID: row.id.slice(0, 12),
            Driver: row.driver,
            Scope: row.scope,
            Subnet: row.subnet,
          },
          labels: row.labels,
        }
      );
    },
  },
});
