// The flexbox algorithm of yoga 3 (yoga/algorithm/CalculateLayout.cpp), for one line of items, left to right:
// the same steps, in the same order, with the same rounding, so that a screen lays out to the same cells as it
// did with yoga (test/unit/flex-layout.test.ts compares the two on random trees). Names follow yoga's, so that
// a difference can be looked up there. Here: the flex basis of each item, laying the items out (yoga's second
// pass), the node's own size, the visits and caches, rounding; style.ts resolves a node's style along an axis,
// measure.ts sizes nodes that need no flexing, flex-line.ts shares out the free space and justifies,
// absolute.ts places items with `position: absolute`.
import {layoutAbsoluteDescendants} from './absolute.js';
import {canUseCachedMeasurement, sameConstraints} from './cache.js';
import {distributeFreeSpaceFirstPass, type FlexLine, justifyMainAxis} from './flex-line.js';
import {measureNodeWithFixedSize, measureNodeWithMeasureFunc, measureNodeWithoutChildren} from './measure.js';
import {
  type CachedMeasurement,
  emptyMeasurement,
  FlexLayout,
  MAX_CACHED_MEASUREMENTS,
  Unit,
  type LayoutNode as FlexNode,
} from './model.js';
import {
  f,
  FLT_MAX,
  inexactEquals,
  isDefined,
  maxOrDefined,
  minOrDefined,
  Mode,
  roundValueToPixelGrid,
} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {
  ALIGN_CENTER,
  ALIGN_FLEX_START,
  ALIGN_STRETCH,
  alignmentOf,
  border,
  BOTTOM,
  boundAxis,
  boundAxisWithinMinAndMax,
  constrainMaxSizeForMode,
  dimensionWithMargin,
  DISPLAY_NONE,
  gapForAxis,
  hasDefiniteLength,
  isFlexible,
  leadingEdge,
  leadingPaddingAndBorder,
  LEFT,
  margin,
  marginForAxis,
  maxDimension,
  measuredDimension,
  minDimension,
  padding,
  paddingAndBorderForAxis,
  resolve,
  resolvedDimension,
  resolveFlexBasis,
  resolveFlexGrow,
  resolveFlexShrink,
  RIGHT,
  isReverseDirection,
  isRowDirection,
  POSITION_ABSOLUTE,
  POSITION_STATIC,
  trailingEdge,
  TOP,
} from './style.js';

function zeroOutLayoutRecursively(node: FlexNode): void {
  node.layout = new FlexLayout();
  node.layout.width = 0;
  node.layout.height = 0;
  for (const child of node.children) zeroOutLayoutRecursively(child);
}

// Each edge's position starts at the node's margin on it (no relative offsets: Ink sets none); the parent adds.
function setPosition(node: FlexNode, ownerWidth: number): void {
  const position = node.layout.position;
  position[LEFT] = margin(node, LEFT, ownerWidth);
  position[TOP] = margin(node, TOP, ownerWidth);
  position[RIGHT] = margin(node, RIGHT, ownerWidth);
  position[BOTTOM] = margin(node, BOTTOM, ownerWidth);
}

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

function computeFlexBasisForChild(
  pass: LayoutPass,
  node: FlexNode,
  child: FlexNode,
  width: number,
  widthMode: Mode,
  height: number,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
): void {
  const mainRow = isRowDirection(node.style.flexDirection);
  const mainAxisSize = mainRow ? width : height;
  const mainAxisOwnerSize = mainRow ? ownerWidth : ownerHeight;
  const resolvedFlexBasis = resolveFlexBasis(child, mainAxisOwnerSize);
  const isRowStyleDimDefined = hasDefiniteLength(child, true, ownerWidth);
  const isColumnStyleDimDefined = hasDefiniteLength(child, false, ownerHeight);
  if (isDefined(resolvedFlexBasis) && isDefined(mainAxisSize)) {
    // Computed once and kept until the child is next marked dirty, even when its owner's size changes: yoga
    // does so (its WebFlexBasis option is off), and so the same tree can lay out differently over frames.
    if (Number.isNaN(child.layout.computedFlexBasis))
      child.layout.computedFlexBasis = f(
        maxOrDefined(resolvedFlexBasis, paddingAndBorderForAxis(child, mainRow, ownerWidth)),
      );
  } else if (mainRow && isRowStyleDimDefined) {
    child.layout.computedFlexBasis = f(
      maxOrDefined(
        resolve(resolvedDimension(child, true), ownerWidth),
        paddingAndBorderForAxis(child, true, ownerWidth),
      ),
    );
  } else if (!mainRow && isColumnStyleDimDefined) {
    child.layout.computedFlexBasis = f(
      maxOrDefined(
        resolve(resolvedDimension(child, false), ownerHeight),
        paddingAndBorderForAxis(child, false, ownerWidth),
      ),
    );
  } else {
    const w = {mode: Mode.MaxContent, size: Number.NaN};
    const h = {mode: Mode.MaxContent, size: Number.NaN};
    if (isRowStyleDimDefined) {
      w.size = f(resolve(resolvedDimension(child, true), ownerWidth) + marginForAxis(child, true, ownerWidth));
      w.mode = Mode.StretchFit;
    }
    if (isColumnStyleDimDefined) {
      h.size = f(resolve(resolvedDimension(child, false), ownerHeight) + marginForAxis(child, false, ownerWidth));
      h.mode = Mode.StretchFit;
    }
    if (Number.isNaN(w.size) && isDefined(width)) {
      w.size = width;
      w.mode = Mode.FitContent;
    }
    if (Number.isNaN(h.size) && isDefined(height)) {
      h.size = height;
      h.mode = Mode.FitContent;
    }
    const stretch = alignmentOf(node, child) === ALIGN_STRETCH;
    if (
      !mainRow &&
      !isRowStyleDimDefined &&
      isDefined(width) &&
      widthMode === Mode.StretchFit &&
      stretch &&
      w.mode !== Mode.StretchFit
    ) {
      w.size = width;
      w.mode = Mode.StretchFit;
    }
    if (
      mainRow &&
      !isColumnStyleDimDefined &&
      isDefined(height) &&
      heightMode === Mode.StretchFit &&
      stretch &&
      h.mode !== Mode.StretchFit
    ) {
      h.size = height;
      h.mode = Mode.StretchFit;
    }
    constrainMaxSizeForMode(child, true, ownerWidth, ownerWidth, w);
    constrainMaxSizeForMode(child, false, ownerHeight, ownerWidth, h);
    pass.layoutNode(child, w.size, h.size, w.mode, h.mode, ownerWidth, ownerHeight, false);
    child.layout.computedFlexBasis = f(
      maxOrDefined(measuredDimension(child, mainRow), paddingAndBorderForAxis(child, mainRow, ownerWidth)),
    );
  }
}

function distributeFreeSpaceSecondPass(
  pass: LayoutPass,
  line: FlexLine,
  node: FlexNode,
  mainRow: boolean,
  mainAxisOwnerSize: number,
  availableInnerMainDim: number,
  availableInnerCrossDim: number,
  availableInnerWidth: number,
  availableInnerHeight: number,
  crossMode: Mode,
  performLayout: boolean,
): number {
  let deltaFreeSpace = 0;
  for (const child of line.items) {
    const childFlexBasis = boundAxisWithinMinAndMax(child, mainRow, child.layout.computedFlexBasis, mainAxisOwnerSize);
    let updatedMainSize = childFlexBasis;
    if (isDefined(line.remainingFreeSpace) && line.remainingFreeSpace < 0) {
      const flexShrinkScaledFactor = f(-resolveFlexShrink(child) * childFlexBasis);
      if (flexShrinkScaledFactor !== 0) {
        const childSize =
          isDefined(line.totalFlexShrinkScaledFactors) && line.totalFlexShrinkScaledFactors === 0
            ? f(childFlexBasis + flexShrinkScaledFactor)
            : f(
                childFlexBasis +
                  f(f(line.remainingFreeSpace / line.totalFlexShrinkScaledFactors) * flexShrinkScaledFactor),
              );
        updatedMainSize = boundAxis(child, mainRow, childSize, availableInnerMainDim, availableInnerWidth);
      }
    } else if (isDefined(line.remainingFreeSpace) && line.remainingFreeSpace > 0) {
      const flexGrowFactor = resolveFlexGrow(child);
      if (isDefined(flexGrowFactor) && flexGrowFactor !== 0) {
        updatedMainSize = boundAxis(
          child,
          mainRow,
          f(childFlexBasis + f(f(line.remainingFreeSpace / line.totalFlexGrowFactors) * flexGrowFactor)),
          availableInnerMainDim,
          availableInnerWidth,
        );
      }
    }
    deltaFreeSpace = f(deltaFreeSpace + f(updatedMainSize - childFlexBasis));
    const main = {mode: Mode.StretchFit, size: f(updatedMainSize + marginForAxis(child, mainRow, availableInnerWidth))};
    const cross = {mode: Mode.MaxContent, size: Number.NaN};
    const crossDefined = hasDefiniteLength(child, !mainRow, availableInnerCrossDim);
    const stretch = alignmentOf(node, child) === ALIGN_STRETCH;
    if (isDefined(availableInnerCrossDim) && !crossDefined && crossMode === Mode.StretchFit && stretch) {
      cross.size = availableInnerCrossDim;
      cross.mode = Mode.StretchFit;
    } else if (!crossDefined) {
      cross.size = availableInnerCrossDim;
      cross.mode = Number.isNaN(cross.size) ? Mode.MaxContent : Mode.FitContent;
    } else {
      const dimension = resolvedDimension(child, !mainRow);
      cross.size = f(resolve(dimension, availableInnerCrossDim) + marginForAxis(child, !mainRow, availableInnerWidth));
      const loosePercentage = dimension.unit === Unit.Percent && crossMode !== Mode.StretchFit;
      cross.mode = Number.isNaN(cross.size) || loosePercentage ? Mode.MaxContent : Mode.StretchFit;
    }
    constrainMaxSizeForMode(child, mainRow, availableInnerMainDim, availableInnerWidth, main);
    constrainMaxSizeForMode(child, !mainRow, availableInnerCrossDim, availableInnerWidth, cross);
    const requiresStretchLayout = !crossDefined && stretch;
    const [w, h] = mainRow ? [main, cross] : [cross, main];
    pass.layoutNode(
      child,
      w.size,
      h.size,
      w.mode,
      h.mode,
      availableInnerWidth,
      availableInnerHeight,
      performLayout && !requiresStretchLayout,
    );
  }
  return deltaFreeSpace;
}

function layoutImpl(
  pass: LayoutPass,
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  widthMode: Mode,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
  performLayout: boolean,
): void {
  const layout = node.layout;
  for (let edge = 0; edge < 4; edge++) {
    layout.margin[edge] = margin(node, edge, ownerWidth);
    layout.padding[edge] = padding(node, edge, ownerWidth);
    layout.border[edge] = border(node, edge);
  }
  const marginAxisRow = f(layout.margin[LEFT] + layout.margin[RIGHT]);
  const marginAxisColumn = f(layout.margin[TOP] + layout.margin[BOTTOM]);
  const innerWidth = f(availableWidth - marginAxisRow);
  const innerHeight = f(availableHeight - marginAxisColumn);
  if (node.measure) {
    measureNodeWithMeasureFunc(node, innerWidth, innerHeight, widthMode, heightMode, ownerWidth, ownerHeight);
    return;
  }
  if (node.children.length === 0) {
    measureNodeWithoutChildren(node, innerWidth, innerHeight, widthMode, heightMode, ownerWidth, ownerHeight);
    return;
  }
  if (
    !performLayout &&
    measureNodeWithFixedSize(node, innerWidth, innerHeight, widthMode, heightMode, ownerWidth, ownerHeight)
  ) {
    return;
  }

  // STEP 1: values for the rest of the algorithm.
  const mainRow = isRowDirection(node.style.flexDirection);
  const mainAxisOwnerSize = mainRow ? ownerWidth : ownerHeight;
  const crossAxisOwnerSize = mainRow ? ownerHeight : ownerWidth;
  const paddingAndBorderAxisMain = paddingAndBorderForAxis(node, mainRow, ownerWidth);
  const paddingAndBorderAxisCross = paddingAndBorderForAxis(node, !mainRow, ownerWidth);
  const leadingPaddingAndBorderCross = leadingPaddingAndBorder(node, !mainRow, ownerWidth);
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

  // STEP 3: the flex basis of each item. One flexible child that can both grow and shrink starts at 0.
  let singleFlexChild: FlexNode | undefined;
  if (mainMode === Mode.StretchFit) {
    for (const child of node.children) {
      if (!isFlexible(child)) continue;
      if (singleFlexChild || inexactEquals(resolveFlexGrow(child), 0) || inexactEquals(resolveFlexShrink(child), 0)) {
        singleFlexChild = undefined;
        break;
      }
      singleFlexChild = child;
    }
  }
  const items: FlexNode[] = [];
  for (const child of node.children) {
    if (child.style.display === DISPLAY_NONE) {
      zeroOutLayoutRecursively(child);
      child.dirty = false;
      continue;
    }
    if (performLayout) setPosition(child, availableInnerWidth);
    if (child.style.positionType === POSITION_ABSOLUTE) continue;
    if (child === singleFlexChild) child.layout.computedFlexBasis = 0;
    else
      computeFlexBasisForChild(
        pass,
        node,
        child,
        availableInnerWidth,
        widthMode,
        availableInnerHeight,
        heightMode,
        availableInnerWidth,
        availableInnerHeight,
      );
    items.push(child);
  }

  // STEP 4: one line (no wrapping).
  const gap = gapForAxis(node, mainRow);
  const line: FlexLine = {
    items,
    sizeConsumed: 0,
    totalFlexGrowFactors: 0,
    totalFlexShrinkScaledFactors: 0,
    remainingFreeSpace: 0,
    mainDim: 0,
    crossDim: 0,
  };
  for (const [index, child] of items.entries()) {
    const flexBasis = boundAxisWithinMinAndMax(child, mainRow, child.layout.computedFlexBasis, mainAxisOwnerSize);
    line.sizeConsumed = f(
      line.sizeConsumed +
        f(f(flexBasis + marginForAxis(child, mainRow, availableInnerWidth)) + (index === 0 ? 0 : gap)),
    );
    if (isFlexible(child)) {
      line.totalFlexGrowFactors = f(line.totalFlexGrowFactors + resolveFlexGrow(child));
      line.totalFlexShrinkScaledFactors = f(
        line.totalFlexShrinkScaledFactors + f(-resolveFlexShrink(child) * child.layout.computedFlexBasis),
      );
    }
  }
  if (line.totalFlexGrowFactors > 0 && line.totalFlexGrowFactors < 1) line.totalFlexGrowFactors = 1;
  if (line.totalFlexShrinkScaledFactors > 0 && line.totalFlexShrinkScaledFactors < 1)
    line.totalFlexShrinkScaledFactors = 1;

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
  if (!canSkipFlex) {
    const originalFreeSpace = line.remainingFreeSpace;
    distributeFreeSpaceFirstPass(line, mainRow, mainAxisOwnerSize, availableInnerMainDim, availableInnerWidth);
    const distributed = distributeFreeSpaceSecondPass(
      pass,
      line,
      node,
      mainRow,
      mainAxisOwnerSize,
      availableInnerMainDim,
      availableInnerCrossDim,
      availableInnerWidth,
      availableInnerHeight,
      crossMode,
      performLayout,
    );
    line.remainingFreeSpace = f(originalFreeSpace - distributed);
  }

  // STEP 6: main-axis justification and the cross size of the line.
  justifyMainAxis(
    node,
    line,
    mainRow,
    mainMode,
    crossMode,
    mainAxisOwnerSize,
    ownerWidth,
    availableInnerMainDim,
    availableInnerCrossDim,
    availableInnerWidth,
    performLayout,
  );
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
  if (performLayout) {
    const crossLeading = leadingEdge(!mainRow);
    for (const child of items) {
      let leadingCrossDim = leadingPaddingAndBorderCross;
      const align = alignmentOf(node, child);
      if (align === ALIGN_STRETCH) {
        if (!hasDefiniteLength(child, !mainRow, availableInnerCrossDim)) {
          const main = {
            mode: Mode.StretchFit,
            size: f(measuredDimension(child, mainRow) + marginForAxis(child, mainRow, availableInnerWidth)),
          };
          const cross = {mode: Mode.StretchFit, size: line.crossDim};
          constrainMaxSizeForMode(child, mainRow, availableInnerMainDim, availableInnerWidth, main);
          constrainMaxSizeForMode(child, !mainRow, availableInnerCrossDim, availableInnerWidth, cross);
          const [w, h] = mainRow ? [main, cross] : [cross, main];
          pass.layoutNode(
            child,
            w.size,
            h.size,
            Number.isNaN(w.size) ? Mode.MaxContent : Mode.StretchFit,
            Number.isNaN(h.size) ? Mode.MaxContent : Mode.StretchFit,
            availableInnerWidth,
            availableInnerHeight,
            true,
          );
        }
      } else {
        const remainingCrossDim = f(containerCrossAxis - dimensionWithMargin(child, !mainRow, availableInnerWidth));
        if (align === ALIGN_CENTER) leadingCrossDim = f(leadingCrossDim + f(remainingCrossDim / 2));
        else if (align !== ALIGN_FLEX_START) leadingCrossDim = f(leadingCrossDim + remainingCrossDim);
      }
      child.layout.position[crossLeading] = f(child.layout.position[crossLeading] + leadingCrossDim);
    }
  }

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

// yoga's calculateLayoutInternal: a node is laid out afresh on its first visit in a layout when it is dirty;
// otherwise an answer from its caches is used when one fits.
function layoutNode(
  pass: LayoutPass,
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  widthMode: Mode,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
  performLayout: boolean,
): void {
  let layout = node.layout;
  const needToVisitNode = (node.dirty && layout.generation !== pass.generation) || !layout.visited;
  if (needToVisitNode) {
    layout.nextCachedMeasurementsIndex = 0;
    layout.cachedLayout = emptyMeasurement();
  }
  let cached: CachedMeasurement | undefined;
  if (node.measure) {
    const marginRow = marginForAxis(node, true, ownerWidth);
    const marginColumn = marginForAxis(node, false, ownerWidth);
    if (
      canUseCachedMeasurement(
        widthMode,
        availableWidth,
        heightMode,
        availableHeight,
        layout.cachedLayout,
        marginRow,
        marginColumn,
      )
    ) {
      cached = layout.cachedLayout;
    } else {
      for (let i = 0; i < layout.nextCachedMeasurementsIndex; i++) {
        const entry = layout.cachedMeasurements[i];
        if (
          canUseCachedMeasurement(
            widthMode,
            availableWidth,
            heightMode,
            availableHeight,
            entry,
            marginRow,
            marginColumn,
          )
        ) {
          cached = entry;
          break;
        }
      }
    }
  } else if (performLayout) {
    if (sameConstraints(layout.cachedLayout, availableWidth, availableHeight, widthMode, heightMode))
      cached = layout.cachedLayout;
  } else {
    for (let i = 0; i < layout.nextCachedMeasurementsIndex; i++) {
      const entry = layout.cachedMeasurements[i];
      if (sameConstraints(entry, availableWidth, availableHeight, widthMode, heightMode)) {
        cached = entry;
        break;
      }
    }
  }
  if (!needToVisitNode && cached) {
    layout.measuredWidth = cached.computedWidth;
    layout.measuredHeight = cached.computedHeight;
  } else {
    layoutImpl(
      pass,
      node,
      availableWidth,
      availableHeight,
      widthMode,
      heightMode,
      ownerWidth,
      ownerHeight,
      performLayout,
    );
    layout = node.layout;
    layout.visited = true;
    if (!cached) {
      if (layout.nextCachedMeasurementsIndex === MAX_CACHED_MEASUREMENTS) layout.nextCachedMeasurementsIndex = 0;
      let entry: CachedMeasurement;
      if (performLayout) {
        entry = layout.cachedLayout;
      } else {
        entry = layout.cachedMeasurements[layout.nextCachedMeasurementsIndex] ??= emptyMeasurement();
        layout.nextCachedMeasurementsIndex++;
      }
      entry.availableWidth = availableWidth;
      entry.availableHeight = availableHeight;
      entry.widthMode = widthMode;
      entry.heightMode = heightMode;
      entry.computedWidth = layout.measuredWidth;
      entry.computedHeight = layout.measuredHeight;
    }
  }
  if (performLayout) {
    layout.width = layout.measuredWidth;
    layout.height = layout.measuredHeight;
    node.dirty = false;
  }
  layout.generation = pass.generation;
}

// yoga's test, fmod and all (a width of -2.99995 is fractional there, unlike Math.round's answer).
function isFractional(size: number): boolean {
  const fraction = size % 1;
  return !inexactEquals(fraction, 0) && !inexactEquals(fraction, 1);
}

// Sizes of text are never rounded down (a cell of text would be cut); everything else to the nearest cell.
function roundLayoutResultsToPixelGrid(node: FlexNode, absoluteLeft: number, absoluteTop: number): void {
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
    layoutNode: (...args) => layoutNode(pass, ...args),
  };
  const w = size(true, ownerWidth);
  const h = size(false, ownerHeight);
  layoutNode(pass, node, w.size, h.size, w.mode, h.mode, ownerWidth, ownerHeight, true);
  setPosition(node, ownerWidth);
  roundLayoutResultsToPixelGrid(node, 0, 0);
}
