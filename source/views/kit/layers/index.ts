import type {ViewModule} from '../../types.js';
import {cancelLayers} from './effects.js';
import {LAYERS_BINDINGS} from './keys.js';
import {LayersOverlay} from './LayersOverlay.js';
import {reduceLayers} from './reducer.js';
import './state.js';

// The layers pane: not a tab, a part views 2 and 4 open (views/kit/layers/effects.ts `openLayers`) with the way
// they read their image.
export const layersPane: ViewModule = {
  id: 'layersPane',
  title: 'Layers',
  scopeTitles: {layers: 'Layers pane (l on an image or a registry tag)'},
  reduce: reduceLayers,
  effect(services, action) {
    if (action.type === 'layers.close') cancelLayers(services);
  },
  close: cancelLayers,
  bindings: LAYERS_BINDINGS,
  overlays: {
    layers: {
      Component: LayersOverlay,
      scopes: ['layers', 'move'],
      rows: overlay => (overlay.kind === 'layers' ? overlay.count : 0),
      // The pane opens at once and shows the progress; its keys (tab, m, enter, movement) act on what was read.
      ready: overlay =>
        overlay.kind !== 'layers' || overlay.result !== undefined || overlay.error !== undefined
          ? true
          : `the layers of ${overlay.title}`,
    },
  },
};
