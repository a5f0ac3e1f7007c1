import type {Binding} from '../types.js';
import {confirmRemove, runRemove, showInspect} from './effects.js';
import {selectedVolume, volumesList} from './list.js';
import {initialVolumes} from './state.js';

const BINDINGS: readonly Binding[] = [
  {scope: 'volumes', keys: ['enter', 'i'], action: 'volumes.inspect', help: 'inspect', footer: true},
  {
    scope: 'volumes',
    keys: ['d'],
    action: 'volumes.remove',
    help: 'remove (in use: refused)',
    footer: true,
    changes: true,
  },
];

// View 7 (keys 1–6 are Containers, Images, Compose, Registry, Engine, Swarm): volumes, who mounts them, remove.
// The list itself (loading, events, cursor, filter, marks, columns) is the kit's: see list.ts.
export const volumes = volumesList.view({
  key: '7',
  title: 'Volumes',
  scopeTitles: {volumes: 'Volumes'},
  initial: () => ({volumes: initialVolumes()}),
  // USED BY comes from the container list: keys wait for it too.
  ready: state => (state.volumes.loaded && state.containers.loaded) || 'the volume list',
  effect(services, action) {
    if (action.type === 'volumes.inspect') services.holdKeys('the inspect answer', showInspect(services));
    if (action.type === 'volumes.remove') confirmRemove(services);
  },
  confirmed(services, confirm) {
    if (confirm.operation === 'rm') void runRemove(services, confirm.ids, confirm.force ?? false);
  },
  bindings: BINDINGS,
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
