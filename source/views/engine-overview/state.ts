import type {EngineVersion} from '../../engine/client.js';
import type {DiskUsage, EngineInfoFacts, LogHygiene} from '../../engine/engine-info/index.js';
import type {EngineDisk} from './engines-table.js';
import type {NoFields} from '../../store/state.js';

export type ContextRow = {name: string; host: string; current: boolean; problem?: string};

export type EngineViewState = {
  // GET /version of the engine shown, in full (read after the first list: the connection is made from /_ping).
  version?: EngineVersion;
  // /info, /system/df and every container's log settings, loaded when the view opens and on ctrl-r.
  info?: EngineInfoFacts;
  disk?: DiskUsage;
  hygiene?: LogHygiene;
  loading: boolean;
  errors: readonly string[];
  scroll: number;
  // With several engines: each engine's disk use, by name (the table at the top of the view).
  disks: Readonly<Record<string, EngineDisk>>;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    engine: EngineViewState;
  }
  interface ViewOverlays {
    // `scroll` is the selected row.
    contexts: {items: readonly ContextRow[]; scroll: number};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.engine': NoFields;
    'engine.contexts': NoFields;
    'engine.prune': NoFields;
    'engine.version': {version: EngineVersion};
    'engine.loading': NoFields;
    'engine.disk': {name: string} & EngineDisk;
    'engine.loaded': {info?: EngineInfoFacts; disk?: DiskUsage; hygiene?: LogHygiene; errors: readonly string[]};
  }
}

export const initialEngineView = (): EngineViewState => ({scroll: 0, loading: false, errors: [], disks: {}});
