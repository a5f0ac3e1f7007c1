// One layout of a tree (one call of calculateLayout on its root): what the steps of the algorithm share while it
// runs. It lives in this object, not in the modules, so that two roots lay out independently of each other.
import type {LayoutConstraints, LayoutNode} from './model.js';

// Lays a node out in a layout, from its caches where they fit (layout-node.ts).
export type LayoutNodeFunction = (node: LayoutNode, constraints: LayoutConstraints) => void;

export type LayoutPass = {
  // The node calculateLayout was called on (yoga's depth 1): a containing block for absolute items even when static.
  readonly root: LayoutNode;
  // Marks the nodes visited in this layout (yoga's generation count): a dirty node is laid out afresh only on its
  // first visit. A symbol is unique to its layout, whichever tree a node was in before.
  readonly generation: symbol;
  // Lays a node out in this layout; passed along so that the steps that lay out children need not import it
  // (that would be an import circle).
  readonly layoutNode: LayoutNodeFunction;
};
