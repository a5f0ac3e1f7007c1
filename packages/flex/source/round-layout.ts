// The rounding yoga applies after a layout (algorithm/PixelGrid.cpp): positions and sizes to whole cells.
import type {LayoutNode as FlexNode} from './model.js';
import {f, inexactEquals, roundValueToPixelGrid} from './numbers.js';
import {LEFT, TOP} from './style.js';

// yoga's test, fmod and all (a width of -2.99995 is fractional there, unlike Math.round's answer).
function isFractional(size: number): boolean {
  const fraction = size % 1;
  return !inexactEquals(fraction, 0) && !inexactEquals(fraction, 1);
}

// Sizes of text are never rounded down (a cell of text would be cut); everything else to the nearest cell.
export function roundLayoutResultsToPixelGrid(node: FlexNode, absoluteLeft: number, absoluteTop: number): void {
  const layout = node.layout;
  const nodeLeft = layout.position[LEFT];
  const nodeTop = layout.position[TOP];
  const absoluteNodeLeft = absoluteLeft + nodeLeft;
  const absoluteNodeTop = absoluteTop + nodeTop;
  const absoluteNodeRight = absoluteNodeLeft + layout.width;
  const absoluteNodeBottom = absoluteNodeTop + layout.height;
  const text = node.measure !== undefined;
  layout.position[LEFT] = roundValueToPixelGrid(nodeLeft, false, text);
  layout.position[TOP] = roundValueToPixelGrid(nodeTop, false, text);
  // Only text is rounded by whether it has a fraction (its fmod is the costly part of rounding).
  const fractionalWidth = text && isFractional(layout.width);
  const fractionalHeight = text && isFractional(layout.height);
  layout.width = f(
    roundValueToPixelGrid(absoluteNodeRight, text && fractionalWidth, text && !fractionalWidth) -
      roundValueToPixelGrid(absoluteNodeLeft, false, text),
  );
  layout.height = f(
    roundValueToPixelGrid(absoluteNodeBottom, text && fractionalHeight, text && !fractionalHeight) -
      roundValueToPixelGrid(absoluteNodeTop, false, text),
  );
  for (const child of node.children) roundLayoutResultsToPixelGrid(child, absoluteNodeLeft, absoluteNodeTop);
}
