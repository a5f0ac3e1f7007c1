import type {Action} from './actions.js';
import {reduceContainers} from './reduce-containers.js';
import {reduceLogs} from './reduce-logs.js';
import {reduceOverlay} from './reduce-overlay.js';
import {reduceRegistry} from './reduce-registry.js';
import {type AppState, VIEWS, type ViewId} from './state.js';

const availableViews = () => VIEWS.filter(view => view.available).map(view => view.id);

function showView(state: AppState, view: ViewId): AppState {
  if (!availableViews().includes(view) || state.view === view) return state;
  return {...state, view, overlay: undefined};
}

function cycleView(state: AppState, step: number): AppState {
  const views = availableViews();
  const index = views.indexOf(state.view);
  return showView(state, views[(index + step + views.length) % views.length]);
}

// Each part of the state has its own reducer; the first one that changes the state wins.
export function reduce(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'view.show':
      return showView(state, action.view);
    case 'view.containers':
    case 'view.images':
    case 'view.compose':
    case 'view.registry':
    case 'view.engine':
      return showView(state, action.type.slice('view.'.length) as ViewId);
    case 'view.next':
      return cycleView(state, 1);
    case 'view.previous':
      return cycleView(state, -1);
    case 'connection':
      return {...state, connection: action.connection};
    case 'status':
      return {...state, status: {text: action.text, kind: action.kind, at: Date.now()}};
  }
  if (action.type.startsWith('cursor.')) {
    // Movement goes to whatever has focus: a scrollable overlay, the log pane, or the list.
    if (state.overlay?.kind === 'env' || state.overlay?.kind === 'text') return reduceOverlay(state, action);
    if (state.focus === 'logs' && state.logs) return reduceLogs(state, action);
    return reduceContainers(state, action);
  }
  if (action.type === 'overlay.close' && !state.overlay) return reduceContainers(state, action);
  const overlaid = reduceOverlay(state, action);
  if (overlaid !== state) return overlaid;
  const logged = reduceLogs(state, action);
  if (logged !== state) return logged;
  const registry = reduceRegistry(state, action);
  if (registry !== state) return registry;
  return reduceContainers(state, action);
}
