import {inspectAndRemove} from '../kit/actions.js';
import {confirmRemove, runRemove, showInspect} from './effects.js';
import {selectedVolume, volumesList} from './list.js';
import {initialVolumes} from './state.js';
import {volumesCopy} from './copy.js';

const ROWS = inspectAndRemove({
  scope: 'volumes',
  inspect: 'volumes.inspect',
  remove: 'volumes.remove',
  removeHelp: 'remove (in use: refused)',
  showInspect,
  confirmRemove,
  runRemove,
});

// The volumes view (keys 1–6 are Containers, Images, Compose, Registry, Engine, Swarm): volumes, who mounts them, remove.
// The list itself (loading, events, cursor, filter, marks, columns) is the kit's: see list.ts.
export const volumes = volumesList.view({
  copyItems: volumesCopy,
  key: '7',
  title: 'Volumes',
  scopeTitles: {volumes: 'Volumes'},
  initial: () => ({volumes: initialVolumes()}),
  // USED BY comes from the container list: keys wait for it too.
  ready: state => (state.volumes.loaded && state.containers.loaded) || 'the volume list',
  effect: ROWS.effect,
  confirmed: ROWS.confirmed,
  bindings: ROWS.bindings,
  itemFields: {
    names: ['Name', 'Driver', 'Scope', 'Mountpoint'],
    labels: true,
    selected(state) {
      const row = selectedVolume(state);
      return (
        row && {
          fields: {Name: row.name, Driver: row.driver, Scope: row.scope, Mountpoint: row.mountpoint},
          labels: row.labels,
        }
      );
    },
  },
});
