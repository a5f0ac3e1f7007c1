import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import type {Binding, Services, ViewModule} from '../types.js';
import {confirmRemove, loadNetworks, runRemove, showInspect} from './effects.js';
import {networksList, selectedNetwork} from './selectors.js';
import {initialNetworks} from './state.js';
import {NetworksView} from './NetworksView.js';

const BINDINGS: readonly Binding[] = [
  {scope: 'networks', keys: ['enter', 'i'], action: 'networks.inspect', help: 'inspect', footer: true},
  {
    scope: 'networks',
    keys: ['d'],
    action: 'networks.remove',
    help: 'remove (in use: f disconnects)',
    footer: true,
    changes: true,
  },
];

let reloadTimer: NodeJS.Timeout | undefined;

// Network events come in bursts (connect, disconnect, prune): one reload after they settle. USED BY follows view
// 1's container list, which the session refreshes on container events.
function scheduleReload(services: Services): void {
  clearTimeout(reloadTimer);
  reloadTimer = setTimeout(() => void loadNetworks(services), 150);
}

function reduce(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'networks.loaded': {
      const live = new Set(action.items.map(row => row.id));
      const marked = state.networks.list.marked.filter(key => live.has(key));
      const next = {
        ...state,
        networks: {
          ...state.networks,
          items: action.items,
          loaded: true,
          stale: false,
          error: undefined,
          list: {...state.networks.list, marked},
        },
      };
      return state.view === 'networks' ? relocateList(next, networksList(next)) : next;
    }
    case 'networks.failed':
      return {...state, networks: {...state.networks, loaded: true, error: action.error}};
    case 'networks.stale':
      return state.networks.stale ? state : {...state, networks: {...state.networks, stale: true}};
  }
  return state;
}

// View 8 (keys 1–6 are Containers, Images, Compose, Registry, Engine, Swarm; 7 Volumes): networks, who is connected, remove.
export const networks: ViewModule = {
  id: 'networks',
  key: '8',
  title: 'Networks',
  engineBound: true,
  scopeTitles: {networks: 'Networks'},
  initial: () => ({networks: initialNetworks()}),
  ready: state => (state.networks.loaded && state.containers.loaded) || 'the network list',
  reduce,
  effect(services, action, before, after) {
    const opened = before.view !== 'networks' && after.view === 'networks';
    const connected =
      action.type === 'connection' && action.connection.status === 'connected' && after.view === 'networks';
    if (opened || connected || (action.type === 'refresh' && after.view === 'networks')) void loadNetworks(services);
    if (action.type === 'networks.inspect') services.holdKeys('the inspect answer', showInspect(services));
    if (action.type === 'networks.remove') confirmRemove(services);
  },
  confirmed(services, confirm) {
    if (confirm.operation === 'rm') void runRemove(services, confirm.ids, confirm.force ?? false);
  },
  engineEvents: ['network'],
  onEngine(services, update) {
    if (update.kind === 'stale') services.dispatch({type: 'networks.stale'});
    else if (update.kind === 'event' && update.event.Type === 'network' && services.store.get().view === 'networks') {
      // A connect or disconnect changes the containers' network settings without a container event.
      if (update.event.Action === 'connect' || update.event.Action === 'disconnect') services.engine()?.refreshNow();
      scheduleReload(services);
    }
  },
  bindings: BINDINGS,
  list: networksList,
  Body: NetworksView,
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
  close() {
    clearTimeout(reloadTimer);
  },
};
