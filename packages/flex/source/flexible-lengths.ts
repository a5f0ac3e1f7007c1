// The flexible lengths of a line's items (yoga's resolveFlexibleLength): the free space shared out by grow and
// shrink factors in two passes. The first takes out the items whose min or max bounds stop them; the second
// sizes every item and lays it out at that size.
import type {FlexLine, LineSpace} from './flex-line.js';
import {type LayoutNode as FlexNode, Unit} from './model.js';
import {f, isDefined, Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {
  ALIGN_STRETCH,
  alignmentOf,
  boundAxis,
  boundAxisWithinMinAndMax,
  constrainMaxSizeForMode,
  hasDefiniteLength,
  marginForAxis,
  resolve,
  resolvedDimension,
  resolveFlexGrow,
  resolveFlexShrink,
} from './style.js';

export function distributeFreeSpaceFirstPass(line: FlexLine, space: LineSpace): void {
  const {mainRow, mainAxisOwnerSize, availableInnerMainDim, availableInnerWidth} = space;
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

export function distributeFreeSpaceSecondPass(
  pass: LayoutPass,
  line: FlexLine,
  node: FlexNode,
  space: LineSpace,
): number {
  const {
    mainRow,
    mainAxisOwnerSize,
    availableInnerMainDim,
    availableInnerCrossDim,
    availableInnerWidth,
    availableInnerHeight,
    crossMode,
    performLayout,
  } = space;
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
    pass.layoutNode(child, {
      availableWidth: w.size,
      availableHeight: h.size,
      widthMode: w.mode,
      heightMode: h.mode,
      ownerWidth: availableInnerWidth,
      ownerHeight: availableInnerHeight,
      performLayout: performLayout && !requiresStretchLayout,
    });
  }
  return deltaFreeSpace;
}
