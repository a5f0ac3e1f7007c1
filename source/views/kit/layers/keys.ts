import type {Binding} from '../../types.js';

// In the layers pane (l on an image in view 2, on a tag in view 4). Movement is the shell's (the `move` scope).
export const LAYERS_BINDINGS: readonly Binding[] = [
  {scope: 'layers', keys: ['tab'], action: 'layers.focus', help: 'layers / files', footer: 'layers/files'},
  {
    scope: 'layers',
    keys: ['m'],
    action: 'layers.mode',
    help: "files: the layer's own / merged tree / wasted",
    footer: 'layer/merged/waste',
  },
  {scope: 'layers', keys: ['enter', 'right', 'l'], action: 'layers.open', help: 'open a directory', footer: 'open'},
  {scope: 'layers', keys: ['left', 'h'], action: 'layers.shut', help: 'close a directory / to its parent'},
  {scope: 'layers', keys: ['escape'], action: 'layers.close', help: 'close (cancels the reading)', footer: 'close'},
];
