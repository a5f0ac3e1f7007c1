import {layerTree, type ImageLayers, type LayerSummary, type TreeNode} from '../../../engine/layers/analysis.js';
import type {LayersOverlay} from './state.js';
import {allDirectories, treeRows, type TreeRow} from './tree-rows.js';

// A layer of up to this many entries opens whole; a bigger one (and the merged tree) shows its top level.
const OPEN_WHOLE = 300;

const trees = new WeakMap<LayerSummary, TreeNode>();

function treeOfLayer(layer: LayerSummary): TreeNode {
  let tree = trees.get(layer);
  if (!tree) trees.set(layer, (tree = layerTree(layer)));
  return tree;
}

export function treeOf(result: ImageLayers, mode: LayersOverlay['mode'], layer: number): TreeNode | undefined {
  if (mode === 'merged') return result.merged;
  const summary = result.layers[layer];
  return mode === 'layer' && summary ? treeOfLayer(summary) : undefined;
}

export function openedAtFirst(result: ImageLayers, mode: LayersOverlay['mode'], layer: number): ReadonlySet<string> {
  const tree = treeOf(result, mode, layer);
  return (mode === 'layer' && tree && allDirectories(tree, OPEN_WHOLE)) || new Set();
}

// The layer the files are of: the one under the cursor while the layers have focus.
export const shownLayer = (overlay: LayersOverlay) => (overlay.focus === 'layers' ? overlay.scroll : overlay.layer);

// What the lower part shows now: while the cursor moves over the layers, each layer's files as they open first.
export function shownFiles(overlay: LayersOverlay): {
  rows: readonly TreeRow[];
  cursor: number;
  expanded: ReadonlySet<string>;
} {
  const result = overlay.result;
  if (!result) return {rows: [], cursor: 0, expanded: overlay.expanded};
  if (overlay.mode === 'waste')
    return {
      rows: result.waste.map(waste => ({
        path: waste.path,
        depth: 0,
        node: {name: waste.path, kind: 'file', size: waste.size, layer: waste.count, change: 'same'},
      })),
      cursor: overlay.focus === 'files' ? overlay.scroll : overlay.fileCursor,
      expanded: overlay.expanded,
    };
  const layer = shownLayer(overlay);
  const tree = treeOf(result, overlay.mode, layer);
  if (!tree) return {rows: [], cursor: 0, expanded: overlay.expanded};
  const moved = overlay.mode === 'layer' && layer !== overlay.layer;
  const expanded = moved ? openedAtFirst(result, overlay.mode, layer) : overlay.expanded;
  return {
    rows: treeRows(tree, expanded),
    cursor: moved ? 0 : overlay.focus === 'files' ? overlay.scroll : overlay.fileCursor,
    expanded,
  };
}
