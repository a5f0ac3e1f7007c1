import {createContext, useContext, useSyncExternalStore} from 'react';
import type {Controller} from '../../store/controller.js';
import type {AppState} from '../../store/state.js';

export const ControllerContext = createContext<Controller | undefined>(undefined);

export function useController(): Controller {
  const controller = useContext(ControllerContext);
  if (!controller) throw new Error('useController outside <ControllerContext.Provider>');
  return controller;
}

// Selectors must return primitives or references already held in the state, or React re-renders forever.
export function useStore<T>(select: (state: AppState) => T): T {
  const {store} = useController();
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
