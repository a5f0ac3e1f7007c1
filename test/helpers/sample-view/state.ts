// The sample list view of CONTRIBUTING.md, "Adding a list view" (file 1 of 2): its row, its slice of the state and
// its actions, added to berth's types by declaration merging.
import {emptyEngineList, type EngineList} from '../../../source/store/list.js';
import type {EngineListActions} from '../../../source/views/kit/types.js';

export type PluginRow = {id: string; name: string; enabled: boolean; types: string[]};

declare module '../../../source/store/state.js' {
  interface ViewSlices {
    plugins: EngineList<PluginRow>;
  }
}

declare module '../../../source/store/actions.js' {
  interface ActionMap extends EngineListActions<'plugins', PluginRow> {}
}

export const initialPlugins = (): EngineList<PluginRow> => emptyEngineList<PluginRow>();
