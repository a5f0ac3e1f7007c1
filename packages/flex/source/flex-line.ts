// One line of flex items (berth lays out no wrapping): the items gathered with the space their bases take and
// their summed grow and shrink factors, and placed along the main axis by justify-content.
import {type LayoutNode as FlexNode} from './model.js';
import {f, isDefined, maxOrDefined, Mode} from './numbers.js';
import {
  boundAxisWithinMinAndMax,
  dimensionWithMargin,
  gapForAxis,
  isFlexible,
  isReverseDirection,
  leadingEdge,
  leadingPaddingAndBorder,
  marginForAxis,
  minDimension,
  resolve,
  resolveFlexGrow,
  resolveFlexShrink,
  trailingEdge,
  trailingPaddingAndBorder,
} from './style.js';

export type FlexLine = {
  items: FlexNode[];
  sizeConsumed: number;
  totalFlexGrowFactors: number;
  totalFlexShrinkScaledFactors: number;
  remainingFreeSpace: number;
  mainDim: number;
  crossDim: number;
};

// What the steps after the flex basis (5 to 7) lay a node's line out in: the node's inner size along the main
// and cross axes and as width and height (what its items' percentages resolve against), how each axis is bound,
// and whether the items are placed or only measured. Made once per node laid out, when step 5 has settled the
// main size.
export type LineSpace = {
  readonly mainRow: boolean;
  readonly mainMode: Mode;
  readonly crossMode: Mode;
  // The node's owner's size along the main axis, and its owner's width (what the node's own paddings resolve against).
  readonly mainAxisOwnerSize: number;
  readonly ownerWidth: number;
  readonly availableInnerMainDim: number;
  readonly availableInnerCrossDim: number;
  readonly availableInnerWidth: number;
  readonly availableInnerHeight: number;
  readonly performLayout: boolean;
};

// yoga's calculateFlexLine for a line that never wraps: every item is on it.
export function gatherFlexLine(
  node: FlexNode,
  items: FlexNode[],
  mainRow: boolean,
  mainAxisOwnerSize: number,
  availableInnerWidth: number,
): FlexLine {
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
  return line;
}

export function justifyMainAxis(node: FlexNode, line: FlexLine, space: LineSpace): void {
  const {
    mainRow,
    mainMode,
    crossMode,
    mainAxisOwnerSize,
    ownerWidth,
    availableInnerMainDim,
    availableInnerCrossDim,
    availableInnerWidth,
    performLayout,
  } = space;
  // A reversed line starts at the end edge: its padding and border there come first.
  const reverse = isReverseDirection(node.style.flexDirection);
  const leadingPaddingAndBorderMain = reverse
    ? trailingPaddingAndBorder(node, mainRow, ownerWidth)
    : leadingPaddingAndBorder(node, mainRow, ownerWidth);
  const trailingPaddingAndBorderMain = reverse
    ? leadingPaddingAndBorder(node, mainRow, ownerWidth)
    : trailingPaddingAndBorder(node, mainRow, ownerWidth);
  const gap = gapForAxis(node, mainRow);
  if (mainMode === Mode.FitContent && line.remainingFreeSpace > 0) {
    const min = resolve(minDimension(node, mainRow), mainAxisOwnerSize);
    if (isDefined(min)) {
      const minAvailableMainDim = f(f(min - leadingPaddingAndBorderMain) - trailingPaddingAndBorderMain);
      const occupiedSpaceByChildNodes = f(availableInnerMainDim - line.remainingFreeSpace);
      line.remainingFreeSpace = maxOrDefined(0, f(minAvailableMainDim - occupiedSpaceByChildNodes));
    } else {
      line.remainingFreeSpace = 0;
    }
  }
  let leadingMainDim = 0;
  let betweenMainDim = gap;
  const count = line.items.length;
  // Space-between, -around and -evenly fall back to flex-start when the items overflow.
  const justify =
    line.remainingFreeSpace >= 0
      ? node.style.justifyContent
      : node.style.justifyContent >= 3
        ? 0
        : node.style.justifyContent;
  switch (justify) {
    case 1: // center
      leadingMainDim = f(line.remainingFreeSpace / 2);
      break;
    case 2: // flex-end
      leadingMainDim = line.remainingFreeSpace;
      break;
    case 3: // space-between
      if (count > 1) betweenMainDim = f(betweenMainDim + f(line.remainingFreeSpace / (count - 1)));
      break;
    case 5: // space-evenly
      leadingMainDim = f(line.remainingFreeSpace / (count + 1));
      betweenMainDim = f(betweenMainDim + leadingMainDim);
      break;
    case 4: // space-around
      leadingMainDim = f(f(0.5 * line.remainingFreeSpace) / count);
      betweenMainDim = f(betweenMainDim + f(leadingMainDim * 2));
      break;
    default:
      break;
  }
  line.mainDim = f(leadingPaddingAndBorderMain + leadingMainDim);
  line.crossDim = 0;
  const canSkipFlex = !performLayout && crossMode === Mode.StretchFit;
  const leading = reverse ? trailingEdge(mainRow) : leadingEdge(mainRow);
  for (const [index, child] of line.items.entries()) {
    if (performLayout) child.layout.position[leading] = f(child.layout.position[leading] + line.mainDim);
    if (index < count - 1) line.mainDim = f(line.mainDim + betweenMainDim);
    if (canSkipFlex) {
      line.mainDim = f(
        line.mainDim + f(marginForAxis(child, mainRow, availableInnerWidth) + child.layout.computedFlexBasis),
      );
      line.crossDim = availableInnerCrossDim;
    } else {
      line.mainDim = f(line.mainDim + dimensionWithMargin(child, mainRow, availableInnerWidth));
      line.crossDim = maxOrDefined(line.crossDim, dimensionWithMargin(child, !mainRow, availableInnerWidth));
    }
  }
  line.mainDim = f(line.mainDim + trailingPaddingAndBorderMain);
}
