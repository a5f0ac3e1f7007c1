import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import type {Binding, Services, ViewModule} from '../types.js';
import {confirmRemove, loadVolumes, runRemove, showInspect} from './effects.js';
import {selectedVolume, volumesList} from './selectors.js';
import {initialVolumes} from './state.js';
import {VolumesView} from './VolumesView.js';

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

let reloadTimer: NodeJS.Timeout | undefined;

// Volume events come in bursts (a prune): one reload after they settle. USED BY follows view 1's container
// list, which the session refreshes on container events, so container changes need no reload here.
function scheduleReload(services: Services): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void loadVolumes(services), 150);
}

function reduce(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'volumes.loaded': {
      const live = new Set(action.items.map(row => row.name));
      const marked = state.volumes.list.marked.filter(key => live.has(key));
      const next = {
        ...state,
        volumes: {
          ...state.volumes,
          items: action.items,
          loaded: true,
          stale: false,
          error: undefined,
          list: {...state.volumes.list, marked},
        },
      };
      return state.view === 'volumes' ? relocateList(next, volumesList(next)) : next;
    }
    case 'volumes.failed':
      return {...state, volumes: {...state.volumes, loaded: true, error: action.error}};
    case 'volumes.stale':
      return state.volumes.stale ? state : {...state, volumes: {...state.volumes, stale: true}};
  }
  return state;
}

// View 7 (keys 1–6 are Containers, Images, Compose, Registry, Engine, Swarm): volumes, who mounts them, remove.
export const volumes: ViewModule = {
  id: 'volumes',
  key: '7',
  title: 'Volumes',
  engineBound: true,
  scopeTitles: {volumes: 'Volumes'},
  initial: () => ({volumes: initialVolumes()}),
  ready: state => (state.volumes.loaded && state.containers.loaded) || 'the volume list',
  reduce,
  effect(services, action, before, after) {
    const opened = before.view !== 'volumes' && after.view === 'volumes';
    const connected =
      action.type === 'connection' && action.connection.status === 'connected' && after.view === 'volumes';
    if (opened || connected || (action.type === 'refresh' && after.view === 'volumes')) void loadVolumes(services);
    if (action.type === 'volumes.inspect') services.holdKeys('the inspect answer', showInspect(services));
    if (action.type === 'volumes.remove') confirmRemove(services);
  },
  confirmed(services, confirm) {
    if (confirm.operation === 'rm') void runRemove(services, confirm.ids, confirm.force ?? false);
  },
  engineEvents: ['volume'],
  onEngine(services, update) {
    if (update.kind === 'stale') services.dispatch({type: 'volumes.stale'});
    else if (update.kind === 'event' && update.event.Type === 'volume' && services.store.get().view === 'volumes')
      scheduleReload(services);
  },
  bindings: BINDINGS,
  list: volumesList,
  Body: VolumesView,
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
  close() {
    clearTimeout(reloadTimer);
  },
};
