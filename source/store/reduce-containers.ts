import type {Action} from './actions.js';
import {moveCursor, relocate, toggleMark} from './list.js';
import {focusedList} from './focused-list.js';
import type {AppState, ListState} from './state.js';

function updateList(state: AppState, update: (list: ListState, ids: readonly string[]) => ListState): AppState {
  const focused = focusedList(state);
  if (!focused) return state;
  return focused.put(state, update(focused.list, focused.ids));
}

function moveBy(state: AppState, to: (cursor: number, count: number, page: number) => number): AppState {
  return updateList(state, (list, ids) => moveCursor(list, ids, to(list.cursor, ids.length, state.viewportRows), state.viewportRows));
}

export function withFilter(state: AppState, filter: string): AppState {
  const focused = focusedList(state);
  if (!focused) return state;
  const next = focused.put(state, {...focused.list, filter, cursor: 0, scrollTop: 0});
  return updateList(next, (list, ids) => relocate(list, ids, state.viewportRows));
}

// The focused list (cursor, marks, filter) and the containers the engine reported.
export function reduceContainers(state: AppState, action: Action): AppState {
  switch (action.type) {
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
    case 'list.mark': {
      const focused = focusedList(state);
      if (!focused) return state;
      const marked = focused.put(state, toggleMark(focused.list, focused.ids[focused.list.cursor]));
      return moveBy(marked, cursor => cursor + 1);
    }
    case 'overlay.close': {
      // esc with nothing open clears the filter, then the marks.
      const focused = focusedList(state);
      if (!focused) return state;
      if (focused.list.filter) return withFilter(state, '');
      if (focused.list.marked.length) return focused.put(state, {...focused.list, marked: []});
      return state;
    }
    case 'containers.toggleAll': {
      const next = {...state, containers: {...state.containers, runningOnly: !state.containers.runningOnly}};
      return updateList(next, (list, ids) => relocate(list, ids, state.viewportRows));
    }
    case 'containers.toggleSize':
      return {...state, containers: {...state.containers, showSize: !state.containers.showSize}};
    case 'containers.sizes':
      return {...state, containers: {...state.containers, sizes: action.sizes}};
    case 'containers.loaded': {
      const liveIds = new Set(action.items.map(item => item.id));
      const marked = state.containers.list.marked.filter(id => liveIds.has(id));
      const next: AppState = {
        ...state,
        containers: {...state.containers, items: action.items, loaded: true, stale: false, list: {...state.containers.list, marked}},
      };
      if (state.view !== 'containers') return next;
      return updateList(next, (list, ids) => relocate(list, ids, state.viewportRows));
    }
    case 'containers.stale':
      return state.containers.stale ? state : {...state, containers: {...state.containers, stale: true}};
    case 'viewport':
      if (action.rows === state.viewportRows) return state;
      return updateList({...state, viewportRows: action.rows}, (list, ids) => relocate(list, ids, action.rows));
  }
  return state;
}
