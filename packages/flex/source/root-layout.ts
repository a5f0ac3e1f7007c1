// Laying out a tree from its root (yoga's calculateLayout): the root's own size from its style and the space
// given, one layout of the tree (a LayoutPass), then everything rounded to whole cells.
import {layoutNode} from './layout-node.js';
import {type LayoutNode as FlexNode} from './model.js';
import {isDefined, Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {setPosition} from './position.js';
import {roundLayoutResultsToPixelGrid} from './round-layout.js';
import {hasDefiniteLength, marginForAxis, maxDimension, resolve, resolvedDimension} from './style.js';

export function calculateRootLayout(node: FlexNode, ownerWidth: number, ownerHeight: number): void {
  const size = (row: boolean, ownerSize: number): {size: number; mode: Mode} => {
    if (hasDefiniteLength(node, row, ownerSize)) {
      return {
        size: resolve(resolvedDimension(node, row), ownerSize) + marginForAxis(node, row, ownerWidth),
        mode: Mode.StretchFit,
      };
    }
    const max = resolve(maxDimension(node, row), ownerSize);
    if (isDefined(max)) return {size: max, mode: Mode.FitContent};
    return {size: ownerSize, mode: Number.isNaN(ownerSize) ? Mode.MaxContent : Mode.StretchFit};
  };
  const pass: LayoutPass = {
    root: node,
    generation: Symbol('layout'),
    layoutNode: (child, constraints) => layoutNode(pass, child, constraints),
  };
  const w = size(true, ownerWidth);
  const h = size(false, ownerHeight);
  layoutNode(pass, node, {
    availableWidth: w.size,
    availableHeight: h.size,
    widthMode: w.mode,
    heightMode: h.mode,
    ownerWidth,
    ownerHeight,
    performLayout: true,
  });
  setPosition(node, ownerWidth);
  roundLayoutResultsToPixelGrid(node, 0, 0);
}
