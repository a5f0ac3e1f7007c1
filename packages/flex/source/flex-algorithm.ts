// The flexbox algorithm of yoga 3 (yoga/algorithm/CalculateLayout.cpp's calculateLayoutImpl), for one line of
// items, left to right: the same steps, in the same order, with the same rounding, so that a screen lays out to
// the same cells as it did with yoga (test/flex-layout.test.ts compares the two on random trees). Names
// follow yoga's, so that a difference can be looked up there. Each step that is more than a few lines is a
// file of its own: flex-basis.ts (step 3), flex-line.ts (the line, step 4, and its justification, step 6),
// flexible-lengths.ts (step 5), cross-axis.ts (step 7), absolute.ts (step 11); style.ts resolves a node's style
// along an axis and measure.ts sizes nodes that need no flexing. layout-node.ts visits a node (its caches),
// root-layout.ts lays out a tree from its root.
import {layoutAbsoluteDescendants} from './absolute.js';
import {alignItemsOnCrossAxis} from './cross-axis.js';
import {flexItemsWithBasis} from './flex-basis.js';
import {gatherFlexLine, justifyMainAxis, type LineSpace} from './flex-line.js';
import {distributeFreeSpaceFirstPass, distributeFreeSpaceSecondPass} from './flexible-lengths.js';
import {measureNodeWithFixedSize, measureNodeWithMeasureFunc, measureNodeWithoutChildren} from './measure.js';
import {type LayoutConstraints, type LayoutNode as FlexNode, type PhysicalEdge} from './model.js';
import {f, FLT_MAX, isDefined, maxOrDefined, minOrDefined, Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {
  border,
  BOTTOM,
  boundAxis,
  isReverseDirection,
  isRowDirection,
  leadingEdge,
  LEFT,
  margin,
  maxDimension,
  measuredDimension,
  minDimension,
  padding,
  paddingAndBorderForAxis,
  POSITION_STATIC,
  resolve,
  resolveFlexGrow,
  RIGHT,
  TOP,
  trailingEdge,
} from './style.js';

function setMeasured(node: FlexNode, row: boolean, value: number): void {
  if (row) node.layout.measuredWidth = value;
  else node.layout.measuredHeight = value;
}

function calculateAvailableInnerDimension(
  node: FlexNode,
  row: boolean,
  availableDim: number,
  paddingAndBorder: number,
  ownerDim: number,
): number {
  let inner = f(availableDim - paddingAndBorder);
  if (isDefined(inner)) {
    const min = resolve(minDimension(node, row), ownerDim);
    const max = resolve(maxDimension(node, row), ownerDim);
    const minInner = Number.isNaN(min) ? 0 : f(min - paddingAndBorder);
    const maxInner = Number.isNaN(max) ? FLT_MAX : f(max - paddingAndBorder);
    inner = maxOrDefined(minOrDefined(inner, maxInner), minInner);
  }
  return inner;
}

// A node laid out afresh: its size and, when performLayout, its children's positions and sizes.
export function layoutImpl(pass: LayoutPass, node: FlexNode, constraints: LayoutConstraints): void {
  const {availableWidth, availableHeight, widthMode, heightMode, ownerWidth, ownerHeight, performLayout} = constraints;
  const layout = node.layout;
  for (let index = 0; index < 4; index++) {
    const edge = index as PhysicalEdge; // 0 to 3: the four physical edges
    layout.margin[edge] = margin(node, edge, ownerWidth);
    layout.padding[edge] = padding(node, edge, ownerWidth);
    layout.border[edge] = border(node, edge);
  }
  const marginAxisRow = f(layout.margin[LEFT] + layout.margin[RIGHT]);
  const marginAxisColumn = f(layout.margin[TOP] + layout.margin[BOTTOM]);
  const innerWidth = f(availableWidth - marginAxisRow);
  const innerHeight = f(availableHeight - marginAxisColumn);
  if (node.measure) {
    measureNodeWithMeasureFunc(node, innerWidth, innerHeight, constraints);
    return;
  }
  if (node.children.length === 0) {
    measureNodeWithoutChildren(node, innerWidth, innerHeight, constraints);
    return;
  }
  if (!performLayout && measureNodeWithFixedSize(node, innerWidth, innerHeight, constraints)) return;

  // STEP 1: values for the rest of the algorithm.
  const mainRow = isRowDirection(node.style.flexDirection);
  const mainAxisOwnerSize = mainRow ? ownerWidth : ownerHeight;
  const crossAxisOwnerSize = mainRow ? ownerHeight : ownerWidth;
  const paddingAndBorderAxisMain = paddingAndBorderForAxis(node, mainRow, ownerWidth);
  const paddingAndBorderAxisCross = paddingAndBorderForAxis(node, !mainRow, ownerWidth);
  const mainMode = mainRow ? widthMode : heightMode;
  const crossMode = mainRow ? heightMode : widthMode;
  const paddingAndBorderAxisRow = mainRow ? paddingAndBorderAxisMain : paddingAndBorderAxisCross;
  const paddingAndBorderAxisColumn = mainRow ? paddingAndBorderAxisCross : paddingAndBorderAxisMain;

  // STEP 2: available size in the main and cross directions.
  const availableInnerWidth = calculateAvailableInnerDimension(
    node,
    true,
    innerWidth,
    paddingAndBorderAxisRow,
    ownerWidth,
  );
  const availableInnerHeight = calculateAvailableInnerDimension(
    node,
    false,
    innerHeight,
    paddingAndBorderAxisColumn,
    ownerHeight,
  );
  let availableInnerMainDim = mainRow ? availableInnerWidth : availableInnerHeight;
  const availableInnerCrossDim = mainRow ? availableInnerHeight : availableInnerWidth;

  // STEP 3: the flex basis of each item, laid out in the node's box inside its padding and border (their owner).
  const items = flexItemsWithBasis(pass, node, {
    availableWidth: availableInnerWidth,
    availableHeight: availableInnerHeight,
    widthMode,
    heightMode,
    ownerWidth: availableInnerWidth,
    ownerHeight: availableInnerHeight,
    performLayout,
  });

  // STEP 4: one line (no wrapping).
  const line = gatherFlexLine(node, items, mainRow, mainAxisOwnerSize, availableInnerWidth);

  // STEP 5: flexible lengths on the main axis.
  const canSkipFlex = !performLayout && crossMode === Mode.StretchFit;
  let sizeBasedOnContent = false;
  if (mainMode !== Mode.StretchFit) {
    const minInnerMainDim = f(
      resolve(minDimension(node, mainRow), mainRow ? ownerWidth : ownerHeight) - paddingAndBorderAxisMain,
    );
    const maxInnerMainDim = f(
      resolve(maxDimension(node, mainRow), mainRow ? ownerWidth : ownerHeight) - paddingAndBorderAxisMain,
    );
    if (isDefined(minInnerMainDim) && line.sizeConsumed < minInnerMainDim) {
      availableInnerMainDim = minInnerMainDim;
    } else if (isDefined(maxInnerMainDim) && line.sizeConsumed > maxInnerMainDim) {
      availableInnerMainDim = maxInnerMainDim;
    } else {
      if (line.totalFlexGrowFactors === 0 || resolveFlexGrow(node) === 0) availableInnerMainDim = line.sizeConsumed;
      sizeBasedOnContent = true;
    }
  }
  if (!sizeBasedOnContent && isDefined(availableInnerMainDim))
    line.remainingFreeSpace = f(availableInnerMainDim - line.sizeConsumed);
  else if (line.sizeConsumed < 0) line.remainingFreeSpace = -line.sizeConsumed;
  const space: LineSpace = {
    mainRow,
    mainMode,
    crossMode,
    mainAxisOwnerSize,
    ownerWidth,
    availableInnerMainDim,
    availableInnerCrossDim,
    availableInnerWidth,
    availableInnerHeight,
    performLayout,
  };
  if (!canSkipFlex) {
    const originalFreeSpace = line.remainingFreeSpace;
    distributeFreeSpaceFirstPass(line, space);
    const distributed = distributeFreeSpaceSecondPass(pass, line, node, space);
    line.remainingFreeSpace = f(originalFreeSpace - distributed);
  }

  // STEP 6: main-axis justification and the cross size of the line.
  justifyMainAxis(node, line, space);
  let containerCrossAxis = availableInnerCrossDim;
  if (crossMode === Mode.MaxContent || crossMode === Mode.FitContent) {
    containerCrossAxis = f(
      boundAxis(node, !mainRow, f(line.crossDim + paddingAndBorderAxisCross), crossAxisOwnerSize, ownerWidth) -
        paddingAndBorderAxisCross,
    );
  }
  if (crossMode === Mode.StretchFit) line.crossDim = availableInnerCrossDim;
  line.crossDim = f(
    boundAxis(node, !mainRow, f(line.crossDim + paddingAndBorderAxisCross), crossAxisOwnerSize, ownerWidth) -
      paddingAndBorderAxisCross,
  );

  // STEP 7: cross-axis alignment.
  if (performLayout) alignItemsOnCrossAxis(pass, node, line, space, containerCrossAxis);

  // STEP 9: final dimensions.
  layout.measuredWidth = boundAxis(node, true, innerWidth, ownerWidth, ownerWidth);
  layout.measuredHeight = boundAxis(node, false, innerHeight, ownerHeight, ownerWidth);
  if (mainMode === Mode.MaxContent || mainMode === Mode.FitContent) {
    setMeasured(node, mainRow, boundAxis(node, mainRow, line.mainDim, mainAxisOwnerSize, ownerWidth));
  }
  if (crossMode === Mode.MaxContent || crossMode === Mode.FitContent) {
    setMeasured(
      node,
      !mainRow,
      boundAxis(node, !mainRow, f(line.crossDim + paddingAndBorderAxisCross), crossAxisOwnerSize, ownerWidth),
    );
  }

  // STEP 10: a reversed line was placed from its end edge; the start edge is what Ink reads.
  if (performLayout && isReverseDirection(node.style.flexDirection)) {
    const start = leadingEdge(mainRow);
    const end = trailingEdge(mainRow);
    const size = measuredDimension(node, mainRow);
    for (const child of items) {
      const position = child.layout.position;
      position[start] = f(f(size - measuredDimension(child, mainRow)) - position[end]);
    }
  }

  // STEP 11: absolute children, laid out by their containing block (the root is one even when static).
  if (performLayout && (node.style.positionType !== POSITION_STATIC || node === pass.root))
    layoutAbsoluteDescendants(pass, node, node, widthMode);
}
