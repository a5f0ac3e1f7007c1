// Sizing a node without running the flex algorithm: a text through its measure function, an empty box from
// its padding and border, a box whose size its parent fixes (yoga's measureNodeWith… functions). Each takes the
// space offered inside the node's margins, and the node's constraints for the modes and its owner's size.
import {type LayoutConstraints, type LayoutNode as FlexNode} from './model.js';
import {f, isDefined, Mode} from './numbers.js';
import {boundAxis, BOTTOM, LEFT, RIGHT, TOP} from './style.js';

// Summed in yoga's order (32-bit floats): paddings, then borders.
function paddingAndBorderOfLayout(node: FlexNode, row: boolean): number {
  const {padding, border} = node.layout;
  const lead = row ? LEFT : TOP;
  const trail = row ? RIGHT : BOTTOM;
  return f(f(f(padding[lead] + padding[trail]) + border[lead]) + border[trail]);
}

export function measureNodeWithMeasureFunc(
  node: FlexNode,
  width: number,
  height: number,
  constraints: LayoutConstraints,
): void {
  const {widthMode, heightMode, ownerWidth, ownerHeight} = constraints;
  const availableWidth = widthMode === Mode.MaxContent ? Number.NaN : width;
  const availableHeight = heightMode === Mode.MaxContent ? Number.NaN : height;
  const layout = node.layout;
  const paddingAndBorderRow = paddingAndBorderOfLayout(node, true);
  const paddingAndBorderColumn = paddingAndBorderOfLayout(node, false);
  const innerWidth = Number.isNaN(availableWidth)
    ? availableWidth
    : Math.max(0, f(availableWidth - paddingAndBorderRow));
  const innerHeight = Number.isNaN(availableHeight)
    ? availableHeight
    : Math.max(0, f(availableHeight - paddingAndBorderColumn));
  if (widthMode === Mode.StretchFit && heightMode === Mode.StretchFit) {
    layout.measuredWidth = boundAxis(node, true, availableWidth, ownerWidth, ownerWidth);
    layout.measuredHeight = boundAxis(node, false, availableHeight, ownerHeight, ownerWidth);
    return;
  }
  const size = node.measure!(innerWidth, widthMode, innerHeight, heightMode);
  layout.measuredWidth = boundAxis(
    node,
    true,
    widthMode === Mode.StretchFit ? availableWidth : f(f(size.width) + paddingAndBorderRow),
    ownerWidth,
    ownerWidth,
  );
  layout.measuredHeight = boundAxis(
    node,
    false,
    heightMode === Mode.StretchFit ? availableHeight : f(f(size.height) + paddingAndBorderColumn),
    ownerHeight,
    ownerWidth,
  );
}

export function measureNodeWithoutChildren(
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  constraints: LayoutConstraints,
): void {
  const {widthMode, heightMode, ownerWidth, ownerHeight} = constraints;
  const width = widthMode === Mode.StretchFit ? availableWidth : paddingAndBorderOfLayout(node, true);
  const height = heightMode === Mode.StretchFit ? availableHeight : paddingAndBorderOfLayout(node, false);
  node.layout.measuredWidth = boundAxis(node, true, width, ownerWidth, ownerWidth);
  node.layout.measuredHeight = boundAxis(node, false, height, ownerHeight, ownerWidth);
}

export function measureNodeWithFixedSize(
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  constraints: LayoutConstraints,
): boolean {
  const {widthMode, heightMode, ownerWidth, ownerHeight} = constraints;
  if (
    (isDefined(availableWidth) && widthMode === Mode.FitContent && availableWidth <= 0) ||
    (isDefined(availableHeight) && heightMode === Mode.FitContent && availableHeight <= 0) ||
    (widthMode === Mode.StretchFit && heightMode === Mode.StretchFit)
  ) {
    const width =
      Number.isNaN(availableWidth) || (widthMode === Mode.FitContent && availableWidth < 0) ? 0 : availableWidth;
    const height =
      Number.isNaN(availableHeight) || (heightMode === Mode.FitContent && availableHeight < 0) ? 0 : availableHeight;
    node.layout.measuredWidth = boundAxis(node, true, width, ownerWidth, ownerWidth);
    node.layout.measuredHeight = boundAxis(node, false, height, ownerHeight, ownerWidth);
    return true;
  }
  return false;
}
