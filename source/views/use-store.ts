import {createContext, useContext, useSyncExternalStore} from 'react';
import type {AppState} from '../store/state.js';
import type {Binding, Services} from './types.js';

// What every component may read: the services (store, config) and the keymap in force.
export type AppContextValue = {services: Services; keymap: readonly Binding[]};

export const AppContext = createContext<AppContextValue | undefined>(undefined);

function useApp(): AppContextValue {
  const value = useContext(AppContext);
  if (!value) throw new Error('berth components need <AppContext.Provider>');
  return value;
}

export const useServices = (): Services => useApp().services;
export const useKeymap = (): readonly Binding[] => useApp().keymap;

// Selectors must return primitives or references already held in the state, or React re-renders forever.
export function useStore<T>(select: (state: AppState) => T): T {
  const {store} = useServices();
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}
