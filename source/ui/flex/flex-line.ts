// One line of flex items: the free space shared out by grow and shrink factors (yoga's first pass, which takes
// out the items whose bounds stop them), and the items placed along the main axis by justify-content.
import {type LayoutNode as FlexNode} from './model.js';
import {f, isDefined, maxOrDefined, Mode} from './numbers.js';
import {
  boundAxis,
  boundAxisWithinMinAndMax,
  dimensionWithMargin,
  gapForAxis,
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

export function distributeFreeSpaceFirstPass(
  line: FlexLine,
  mainRow: boolean,
  mainAxisOwnerSize: number,
  availableInnerMainDim: number,
  availableInnerWidth: number,
): void {
  let deltaFreeSpace = 0;
  for (const child of line.items) {
    const childFlexBasis = boundAxisWithinMinAndMax(child, mainRow, child.layout.computedFlexBasis, mainAxisOwnerSize);
    if (line.remainingFreeSpace < 0) {
      const flexShrinkScaledFactor = -resolveFlexShrink(child) * childFlexBasis;
      if (isDefined(flexShrinkScaledFactor) && flexShrinkScaledFactor !== 0) {
        const baseMainSize = f(
          childFlexBasis + f(f(line.remainingFreeSpace / line.totalFlexShrinkScaledFactors) * flexShrinkScaledFactor),
        );
        const boundMainSize = boundAxis(child, mainRow, baseMainSize, availableInnerMainDim, availableInnerWidth);
        if (isDefined(baseMainSize) && isDefined(boundMainSize) && baseMainSize !== boundMainSize) {
          deltaFreeSpace = f(deltaFreeSpace + f(boundMainSize - childFlexBasis));
          line.totalFlexShrinkScaledFactors = f(
            line.totalFlexShrinkScaledFactors - f(-resolveFlexShrink(child) * child.layout.computedFlexBasis),
          );
        }
      }
    } else if (isDefined(line.remainingFreeSpace) && line.remainingFreeSpace > 0) {
      const flexGrowFactor = resolveFlexGrow(child);
      if (isDefined(flexGrowFactor) && flexGrowFactor !== 0) {
        const baseMainSize = f(
          childFlexBasis + f(f(line.remainingFreeSpace / line.totalFlexGrowFactors) * flexGrowFactor),
        );
        const boundMainSize = boundAxis(child, mainRow, baseMainSize, availableInnerMainDim, availableInnerWidth);
        if (isDefined(baseMainSize) && isDefined(boundMainSize) && baseMainSize !== boundMainSize) {
          deltaFreeSpace = f(deltaFreeSpace + f(boundMainSize - childFlexBasis));
          line.totalFlexGrowFactors = f(line.totalFlexGrowFactors - flexGrowFactor);
        }
      }
    }
  }
  line.remainingFreeSpace = f(line.remainingFreeSpace - deltaFreeSpace);
}

export function justifyMainAxis(
  node: FlexNode,
  line: FlexLine,
  mainRow: boolean,
  mainMode: Mode,
  crossMode: Mode,
  mainAxisOwnerSize: number,
  ownerWidth: number,
  availableInnerMainDim: number,
  availableInnerCrossDim: number,
  availableInnerWidth: number,
  performLayout: boolean,
): void {
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
