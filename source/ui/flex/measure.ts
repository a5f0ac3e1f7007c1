// Sizing a node without running the flex algorithm: a text through its measure function, an empty box from
// its padding and border, a box whose size its parent fixes (yoga's measureNodeWith… functions).
import {type LayoutNode as FlexNode} from './model.js';
import {isDefined, Mode} from './numbers.js';
import {boundAxis, BOTTOM, LEFT, paddingAndBorderForAxis, RIGHT, TOP} from './style.js';

export function measureNodeWithMeasureFunc(
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  widthMode: Mode,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
): void {
  if (widthMode === Mode.MaxContent) availableWidth = Number.NaN;
  if (heightMode === Mode.MaxContent) availableHeight = Number.NaN;
  const layout = node.layout;
  const paddingAndBorderRow = layout.padding[LEFT] + layout.padding[RIGHT] + layout.border[LEFT] + layout.border[RIGHT];
  const paddingAndBorderColumn =
    layout.padding[TOP] + layout.padding[BOTTOM] + layout.border[TOP] + layout.border[BOTTOM];
  const innerWidth = Number.isNaN(availableWidth) ? availableWidth : Math.max(0, availableWidth - paddingAndBorderRow);
  const innerHeight = Number.isNaN(availableHeight)
    ? availableHeight
    : Math.max(0, availableHeight - paddingAndBorderColumn);
  if (widthMode === Mode.StretchFit && heightMode === Mode.StretchFit) {
    layout.measuredWidth = boundAxis(node, true, availableWidth, ownerWidth, ownerWidth);
    layout.measuredHeight = boundAxis(node, false, availableHeight, ownerHeight, ownerWidth);
    return;
  }
  const size = node.measure!(innerWidth, widthMode, innerHeight, heightMode);
  layout.measuredWidth = boundAxis(
    node,
    true,
    widthMode === Mode.StretchFit ? availableWidth : size.width + paddingAndBorderRow,
    ownerWidth,
    ownerWidth,
  );
  layout.measuredHeight = boundAxis(
    node,
    false,
    heightMode === Mode.StretchFit ? availableHeight : size.height + paddingAndBorderColumn,
    ownerHeight,
    ownerWidth,
  );
}

export function measureNodeWithoutChildren(
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  widthMode: Mode,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
): void {
  const width = widthMode === Mode.StretchFit ? availableWidth : paddingAndBorderForAxis(node, true, ownerWidth);
  const height = heightMode === Mode.StretchFit ? availableHeight : paddingAndBorderForAxis(node, false, ownerWidth);
  node.layout.measuredWidth = boundAxis(node, true, width, ownerWidth, ownerWidth);
  node.layout.measuredHeight = boundAxis(node, false, height, ownerHeight, ownerWidth);
}

export function measureNodeWithFixedSize(
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  widthMode: Mode,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
): boolean {
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
