import type {LayerFile, LayerFileKind} from './layer-files.js';

// What each layer did to the files below it, the merged tree the image ends up with, and the waste: the
// figures dive reports (dive/filetree/efficiency.go). For every path that is a leaf in some layer, dive sums
// the sizes it has in each layer (a whiteout counts the files it deletes when it deletes a directory, nothing
// when it deletes a file) and keeps the smallest; the image's efficiency is the sum of the smallest over the
// sum of all, and its wasted bytes are the sums of the paths found in more than one layer — every copy of a
// file rewritten counted, the last one too. Opaque directories are listed but, as in dive, not counted.

export type Change = 'added' | 'modified' | 'deleted' | 'opaque' | 'same';

export type TreeNode = {
  name: string;
  kind: LayerFileKind;
  // A file's own size; a directory's, everything under it (filled in by `sizeTree`).
  size: number;
  // The layer that last wrote it (merged tree), or the change it is in its layer's tree.
  layer: number;
  change: Change;
  link?: string;
  children?: Map<string, TreeNode>;
};

export type LayerSummary = {
  index: number;
  id: string;
  command: string;
  // The bytes of the files it holds.
  size: number;
  files: readonly LayerFile[];
  // What each of `files` is to the layers below (same order).
  changes: readonly Change[];
  added: number;
  modified: number;
  deleted: number;
};

export type Waste = {path: string; count: number; size: number};

export type ImageLayers = {
  layers: LayerSummary[];
  merged: TreeNode;
  // The bytes of the files of every layer.
  size: number;
  wasted: number;
  efficiency: number;
  // The paths behind the waste, largest first (at most WASTE_LIST).
  waste: Waste[];
  files: number;
};

export type LayerInput = {id: string; command: string; files: readonly LayerFile[]};

const WASTE_LIST = 200;

export function directory(name: string, layer = 0, change: Change = 'same'): TreeNode {
  return {name, kind: 'directory', size: 0, layer, change, children: new Map()};
}

export function lookup(root: TreeNode, path: string): TreeNode | undefined {
  let node: TreeNode | undefined = root;
  for (const part of path.split('/')) {
    node = node.children?.get(part);
    if (!node) return undefined;
  }
  return node;
}

// The directory a path is in, made (with those above it) when no layer listed it.
function parentOf(root: TreeNode, path: string, layer: number): {parent: TreeNode; name: string} {
  const parts = path.split('/');
  const name = parts.pop() ?? path;
  let node = root;
  for (const part of parts) {
    let next = node.children?.get(part);
    if (!next?.children) {
      next = directory(part, layer);
      (node.children ??= new Map()).set(part, next);
    }
    node = next;
  }
  return {parent: node, name};
}

// Puts a file in a tree, creating the directories above it; a directory written over one keeps its children.
export function place(root: TreeNode, file: LayerFile, layer: number, change: Change): void {
  const {parent, name} = parentOf(root, file.path, layer);
  const before = parent.children?.get(name);
  const node: TreeNode = {name, kind: file.kind, size: file.size, layer, change};
  if (file.link !== undefined) node.link = file.link;
  if (file.kind === 'directory' || file.kind === 'opaque') {
    node.kind = 'directory';
    node.children = before?.children ?? new Map();
  }
  (parent.children ??= new Map()).set(name, node);
}

function filesUnder(node: TreeNode): number {
  if (!node.children) return node.size;
  let sum = 0;
  for (const child of node.children.values()) sum += filesUnder(child);
  return sum;
}

// Directory sizes: the sum of everything under them. Returns the number of entries that are not directories.
export function sizeTree(node: TreeNode): number {
  if (!node.children) return 1;
  let count = 0;
  let size = 0;
  for (const child of node.children.values()) {
    count += sizeTree(child);
    size += child.size;
  }
  node.size = size;
  return count;
}

export function analyseLayers(inputs: readonly LayerInput[]): ImageLayers {
  const merged = directory('');
  const paths = new Map<string, {sum: number; min: number; count: number}>();
  const count = (path: string, size: number) => {
    const seen = paths.get(path);
    if (!seen) paths.set(path, {sum: size, min: size, count: 1});
    else {
      seen.sum += size;
      seen.min = Math.min(seen.min, size);
      seen.count += 1;
    }
  };
  const layers = inputs.map((input, index): LayerSummary => {
    const changes: Change[] = new Array<Change>(input.files.length).fill('same');
    let size = 0;
    let added = 0;
    let modified = 0;
    let deleted = 0;
    // Deletions first, against the layers below: a layer's tar need not list its whiteouts before its files.
    input.files.forEach((file, i) => {
      if (file.kind !== 'deleted' && file.kind !== 'opaque') return;
      const below = lookup(merged, file.path);
      if (file.kind === 'deleted') {
        changes[i] = 'deleted';
        deleted += 1;
        count(file.path, below?.children ? filesUnder(below) : 0);
        if (below) {
          const {parent, name} = parentOf(merged, file.path, index);
          parent.children?.delete(name);
        }
      } else {
        changes[i] = 'opaque';
        below?.children?.clear();
      }
    });
    input.files.forEach((file, i) => {
      if (file.kind === 'deleted' || file.kind === 'opaque') return;
      size += file.size;
      const below = lookup(merged, file.path);
      const change: Change = !below ? 'added' : below.children && file.kind === 'directory' ? 'same' : 'modified';
      changes[i] = change;
      if (change === 'added') added += 1;
      else if (change === 'modified') modified += 1;
      if (file.kind !== 'directory') count(file.path, file.size);
      place(merged, file, index, change);
    });
    return {index, id: input.id, command: input.command, size, files: input.files, changes, added, modified, deleted};
  });
  const files = sizeTree(merged);
  let minimum = 0;
  let total = 0;
  let wasted = 0;
  const waste: Waste[] = [];
  for (const [path, seen] of paths) {
    minimum += seen.min;
    total += seen.sum;
    if (seen.count > 1) {
      wasted += seen.sum;
      waste.push({path, count: seen.count, size: seen.sum});
    }
  }
  waste.sort((a, b) => b.size - a.size || a.path.localeCompare(b.path));
  return {
    layers,
    merged,
    size: layers.reduce((sum, layer) => sum + layer.size, 0),
    wasted,
    efficiency: total === 0 ? 1 : minimum / total,
    waste: waste.slice(0, WASTE_LIST),
    files,
  };
}

// One layer's own files as a tree, each marked with what it is to the layers below.
export function layerTree(layer: LayerSummary): TreeNode {
  const root = directory('');
  layer.files.forEach((file, i) => place(root, file, layer.index, layer.changes[i] ?? 'same'));
  sizeTree(root);
  return root;
}
