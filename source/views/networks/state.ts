import type {NetworkRow} from '../../engine/networks/networks.js';
import {emptyList, type ListState} from '../../store/list.js';

export type {NetworkRow};

export type NetworksState = {
  items: readonly NetworkRow[];
  loaded: boolean;
  stale: boolean;
  error?: string;
  list: ListState;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    networks: NetworksState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.networks': {};
    'networks.loaded': {items: readonly NetworkRow[]};
    'networks.failed': {error: string};
    'networks.stale': {};
    'networks.inspect': {};
    'networks.remove': {};
  }
}

export const initialNetworks = (): NetworksState => ({items: [], loaded: false, stale: false, list: emptyList()});
