import type {NetworkRow} from '../../engine/networks/networks.js';
import {emptyEngineList, type EngineList} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';
import type {EngineListActions} from '../kit/types.js';

export type {NetworkRow};

export type NetworksState = EngineList<NetworkRow>;

declare module '../../store/state.js' {
  interface ViewSlices {
    networks: NetworksState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap extends EngineListActions<'networks', NetworkRow> {
    'networks.inspect': NoFields;
    'networks.remove': NoFields;
  }
}

export const initialNetworks = (): NetworksState => emptyEngineList<NetworkRow>();
