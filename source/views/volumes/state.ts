import type {VolumeRow} from '../../engine/volumes/volumes.js';
import {emptyEngineList, type EngineList} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';
import type {EngineListActions} from '../kit/types.js';

export type {VolumeRow};

export type VolumesState = EngineList<VolumeRow>;

declare module '../../store/state.js' {
  interface ViewSlices {
    volumes: VolumesState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap extends EngineListActions<'volumes', VolumeRow> {
    'volumes.inspect': NoFields;
    'volumes.remove': NoFields;
  }
}

export const initialVolumes = (): VolumesState => emptyEngineList<VolumeRow>();
