import {containerKey, mergeEngineRows} from '../kit/merge-engine-rows.js';
import type {Action} from '../../store/actions.js';
import {withLoadedRows} from '../kit/targets.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import {containersList, selectedContainer} from './selectors.js';
import {defaultArchivePath} from '../kit/archives/reducer.js';

// The containers the engine reported, the view's toggles, and its two overlays (environment, E form).
export function reduceContainers(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'archive.exportPrompt': {
      if (state.view !== 'containers' || state.archives.job) return state;
      const row = selectedContainer(state);
      if (!row) return state;
      return {
        ...state,
        overlay: {
          kind: 'archivePath',
          draft: defaultArchivePath(row.name),
          operation: 'export',
          targets: [row.name],
          // The rows carry their engine even with one; the prompt names it only with several.
          ...(row.engine && (state.engines?.length ?? 0) > 1 ? {engine: row.engine} : {}),
        },
      };
    }
    case 'containers.busy': {
      const busy = {...state.containers.busy};
      for (const key of action.keys) {
        if (action.doing) busy[key] = action.doing;
        else delete busy[key];
      }
      return {...state, containers: {...state.containers, busy}};
    }
    case 'containers.toggleAll':
      return relocate({...state, containers: {...state.containers, runningOnly: !state.containers.runningOnly}});
    case 'containers.toggleStats':
      return {
        ...state,
        containers: {...state.containers, stats: {...state.containers.stats, on: !state.containers.stats.on}},
      };
    case 'containers.usage': {
      const next = {
        ...state,
        containers: {
          ...state.containers,
          stats: {...state.containers.stats, usage: action.usage, version: action.version},
        },
      };
      // Sorted by usage, a sample reorders the rows: the cursor stays on its row.
      return ['cpu', 'mem'].includes(state.sorts.containers?.column ?? '') ? relocate(next) : next;
    }
    case 'containers.statsPane': {
      const row = selectedContainer(state);
      if (!row) return state;
      return {...state, overlay: {kind: 'stats', id: row.id, name: row.name, engine: row.engine}};
    }
    case 'containers.top':
      return state.overlay?.kind === 'stats' && state.overlay.id === action.id
        ? {...state, overlay: {...state.overlay, top: action.top ?? state.overlay.top, topError: action.error}}
        : state;
    case 'containers.toggleSize':
      return {...state, containers: {...state.containers, showSize: !state.containers.showSize}};
    case 'containers.sizes':
      return {...state, containers: {...state.containers, sizes: action.sizes}};
    case 'containers.loaded': {
      // With several engines, one engine's list replaces that engine's rows only.
      const items = action.engine ? mergeEngineRows(state.containers.items, action.engine, action.items) : action.items;
      const next: AppState = {...state, containers: withLoadedRows(state.containers, items, containerKey)};
      return state.view === 'containers' ? relocate(next) : next;
    }
    case 'containers.stale':
      // One engine of several gone: its rows are marked through state.engines; the others stay live.
      if (action.engine) return state;
      return state.containers.stale ? state : {...state, containers: {...state.containers, stale: true}};
    case 'env.reveal':
      return state.overlay?.kind === 'env'
        ? {...state, overlay: {...state.overlay, reveal: !state.overlay.reveal}}
        : state;
  }
  return state;
}

function relocate(state: AppState): AppState {
  return relocateList(state, containersList(state));
}
