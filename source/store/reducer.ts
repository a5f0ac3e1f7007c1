import type {Action} from './actions.js';
import {moveCursor, relocate, toggleMark} from './list.js';
import {visibleContainerIds} from './selectors.js';
import {type AppState, type ListState, VIEWS, type ViewId} from './state.js';

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

function updateContainerList(state: AppState, update: (list: ListState, ids: readonly string[]) => ListState): AppState {
  const list = update(state.containers.list, visibleContainerIds(state));
  return list === state.containers.list ? state : {...state, containers: {...state.containers, list}};
}

function moveBy(state: AppState, to: (cursor: number, count: number, page: number) => number): AppState {
  return updateContainerList(state, (list, ids) => moveCursor(list, ids, to(list.cursor, ids.length, state.viewportRows), state.viewportRows));
}

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
    case 'cursor.up':
      return moveBy(state, cursor => cursor - 1);
    case 'cursor.down':
      return moveBy(state, cursor => cursor + 1);
    case 'cursor.pageUp':
      return moveBy(state, (cursor, _count, page) => cursor - Math.max(1, page - 1));
    case 'cursor.pageDown':
      return moveBy(state, (cursor, _count, page) => cursor + Math.max(1, page - 1));
    case 'cursor.home':
      return moveBy(state, () => 0);
    case 'cursor.end':
      return moveBy(state, (_cursor, count) => count - 1);
    case 'list.mark':
      return moveBy(
        {...state, containers: {...state.containers, list: toggleMark(state.containers.list, visibleContainerIds(state)[state.containers.list.cursor])}},
        cursor => cursor + 1,
      );
    case 'help.toggle':
      return {...state, overlay: state.overlay?.kind === 'help' ? undefined : {kind: 'help'}};
    case 'filter.open':
      return {...state, overlay: {kind: 'filter', draft: state.containers.list.filter}};
    case 'command.open':
      return {...state, overlay: {kind: 'command', draft: ''}};
    case 'overlay.draft': {
      const overlay = state.overlay;
      if (overlay?.kind !== 'filter' && overlay?.kind !== 'command') return state;
      const next = {...state, overlay: {...overlay, draft: action.draft}};
      // The list filters as you type.
      return overlay.kind === 'filter' ? withFilter(next, action.draft) : next;
    }
    case 'overlay.submit':
      if (state.overlay?.kind === 'filter') return {...state, overlay: undefined};
      return {...state, overlay: undefined};
    case 'overlay.close':
      if (state.overlay?.kind === 'filter') return withFilter({...state, overlay: undefined}, '');
      if (state.overlay) return {...state, overlay: undefined};
      // esc with nothing open clears the filter, then the marks.
      if (state.containers.list.filter) return withFilter(state, '');
      if (state.containers.list.marked.length) return {...state, containers: {...state.containers, list: {...state.containers.list, marked: []}}};
      return state;
    case 'connection':
      return {...state, connection: action.connection};
    case 'containers.loaded': {
      const liveIds = new Set(action.items.map(item => item.id));
      const marked = state.containers.list.marked.filter(id => liveIds.has(id));
      const next: AppState = {
        ...state,
        containers: {items: action.items, loaded: true, stale: false, list: {...state.containers.list, marked}},
      };
      return updateContainerList(next, (list, ids) => relocate(list, ids, state.viewportRows));
    }
    case 'containers.stale':
      return state.containers.stale ? state : {...state, containers: {...state.containers, stale: true}};
    case 'viewport':
      if (action.rows === state.viewportRows) return state;
      return updateContainerList({...state, viewportRows: action.rows}, (list, ids) => relocate(list, ids, action.rows));
    case 'status':
      return {...state, status: {text: action.text, kind: action.kind, at: Date.now()}};
    case 'app.quit':
    case 'refresh':
      return state;
  }
  return state;
}

function withFilter(state: AppState, filter: string): AppState {
  const next = {...state, containers: {...state.containers, list: {...state.containers.list, filter, cursor: 0, scrollTop: 0}}};
  return updateContainerList(next, (list, ids) => relocate(list, ids, state.viewportRows));
}
