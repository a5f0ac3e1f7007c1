import type {VolumeRow} from '../../engine/volumes/volumes.js';
import {emptyList, type ListState} from '../../store/list.js';

export type {VolumeRow};

export type VolumesState = {
  items: readonly VolumeRow[];
  loaded: boolean;
  stale: boolean;
  error?: string;
  list: ListState;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    volumes: VolumesState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.volumes': {};
    'volumes.loaded': {items: readonly VolumeRow[]};
    'volumes.failed': {error: string};
    'volumes.stale': {};
    'volumes.inspect': {};
    'volumes.remove': {};
  }
}

export const initialVolumes = (): VolumesState => ({items: [], loaded: false, stale: false, list: emptyList()});
