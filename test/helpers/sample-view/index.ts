// The sample list view of CONTRIBUTING.md, "Adding a list view" (file 2 of 2): the engine's plugins (GET /plugins).
// The kit does the rest: loading when the view opens, reloading on plugin events, cursor, marks, the / filter,
// columns sized from their content, and the one wording for a list that is loading, empty, failed or whose engine
// is away.
import type {EngineClient} from '../../../source/engine/client.js';
import {at} from '../../../source/engine/json.js';
import {engineList} from '../../../source/views/kit/engine-list.js';
import {initialPlugins, type PluginRow} from './state.js';

// What the engine answers is untrusted JSON: read each field through engine/json.ts, never by a cast.
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export async function listPlugins(client: EngineClient): Promise<PluginRow[]> {
  const answer: unknown = await client.docker.listPlugins();
  return (Array.isArray(answer) ? answer : []).map((item: unknown) => {
    const types: unknown = at(item, 'Config', 'Interface', 'Types');
    return {
      id: text(at(item, 'Id')),
      name: text(at(item, 'Name')),
      enabled: at(item, 'Enabled') === true,
      // docker.volumedriver/1.0, as `docker plugin inspect` names an interface type.
      types: Array.isArray(types)
        ? types.map(type => `${text(at(type, 'Prefix'))}.${text(at(type, 'Capability'))}/${text(at(type, 'Version'))}`)
        : [],
    };
  });
}

export const pluginsList = engineList<PluginRow>({
  id: 'plugins',
  noun: {one: 'plugin', many: 'plugins'},
  slice: state => state.plugins,
  put: (state, plugins) => ({...state, plugins}),
  key: row => row.id,
  filterText: row => [row.name, ...row.types],
  columns: [
    {id: 'name', title: 'NAME', cell: row => row.name, required: true},
    {id: 'enabled', title: 'ENABLED', cell: row => (row.enabled ? 'yes' : 'no')},
    {id: 'types', title: 'TYPES', cell: row => row.types.join(', ')},
    {id: 'id', title: 'ID', cell: row => row.id.slice(0, 12), from: 100},
  ],
  fetch: client => listPlugins(client),
  events: ['plugin'],
});

export const plugins = pluginsList.view({
  key: '0',
  title: 'Plugins',
  scopeTitles: {plugins: 'Plugins'},
  initial: () => ({plugins: initialPlugins()}),
  ready: state => state.plugins.loaded || 'the plugin list',
});
