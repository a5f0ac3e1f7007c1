import type {ImageLayers} from '../../../engine/layers/analysis.js';
import type {LayersProgress} from '../../../engine/layers/read-image.js';
import type {NoFields} from '../../../store/state.js';

// What the lower part shows: the selected layer's own files, the merged tree, or the paths behind the waste.
export type FilesMode = 'layer' | 'merged' | 'waste';

// l on an image (view 2) or a registry tag (view 4): one pane over the view. While the image streams by it shows
// the progress; then the layers (a kit table) over the files (a tree). `scroll` is the cursor of the focused part
// (the shell moves it), `layer` the layer the files are of, `count` the rows the focused part has.
export type LayersOverlay = {
  job: number;
  title: string;
  progress?: LayersProgress;
  result?: ImageLayers;
  error?: string;
  focus: 'layers' | 'files';
  scroll: number;
  layer: number;
  fileCursor: number;
  mode: FilesMode;
  // Directories open in the tree, by path.
  expanded: ReadonlySet<string>;
  count: number;
};

declare module '../../../store/state.js' {
  interface ViewOverlays {
    layers: LayersOverlay;
  }
}

declare module '../../../store/actions.js' {
  interface ActionMap {
    'layers.started': {job: number; title: string};
    'layers.progress': {job: number; progress: LayersProgress};
    'layers.done': {job: number; result: ImageLayers};
    'layers.failed': {job: number; error: string};
    'layers.close': NoFields;
    'layers.focus': NoFields;
    'layers.mode': NoFields;
    'layers.open': NoFields;
    'layers.shut': NoFields;
  }
}
