import {visibleContainerIds} from './selectors.js';
import type {AppState, ListState} from './state.js';

// The list that movement, marks and the filter act on: each view says which of its lists has focus.
export type FocusedList = {
  ids: readonly string[];
  list: ListState;
  put(state: AppState, list: ListState): AppState;
};

type ListProvider = (state: AppState) => FocusedList | undefined;

const providers = new Map<AppState['view'], ListProvider>();

export function registerListProvider(view: AppState['view'], provider: ListProvider): void {
  providers.set(view, provider);
}

registerListProvider('containers', state => ({
  ids: visibleContainerIds(state),
  list: state.containers.list,
  put: (s, list) => (list === s.containers.list ? s : {...s, containers: {...s.containers, list}}),
}));

export function focusedList(state: AppState): FocusedList | undefined {
  return providers.get(state.view)?.(state);
}
