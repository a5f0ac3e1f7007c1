import type {NetworkRow} from '../../engine/networks/networks.js';
import {emptyEngineList, type EngineList} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';

export type {NetworkRow};

export type NetworksState = EngineList<NetworkRow>;

declare module '../../store/state.js' {
  interface ViewSlices {
    networks: NetworksState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.networks': NoFields;
    'networks.loaded': {items: readonly NetworkRow[]};
    'networks.failed': {error: string};
    'networks.stale': NoFields;
    'networks.inspect': NoFields;
    'networks.remove': NoFields;
  }
}

export const initialNetworks = (): NetworksState => emptyEngineList<NetworkRow>();
