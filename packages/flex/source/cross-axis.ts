// The items of a line placed across it (step 7 of yoga's algorithm): by their alignment, and a stretched item
// without a definite cross size laid out again at the line's cross size.
import type {FlexLine, LineSpace} from './flex-line.js';
import {type LayoutNode as FlexNode} from './model.js';
import {f, Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {
  ALIGN_CENTER,
  ALIGN_FLEX_START,
  ALIGN_STRETCH,
  alignmentOf,
  constrainMaxSizeForMode,
  dimensionWithMargin,
  hasDefiniteLength,
  leadingEdge,
  leadingPaddingAndBorder,
  marginForAxis,
  measuredDimension,
} from './style.js';

// `containerCrossAxis` is the cross size the items are aligned in (step 6 bounds the line's by the node's).
export function alignItemsOnCrossAxis(
  pass: LayoutPass,
  node: FlexNode,
  line: FlexLine,
  space: LineSpace,
  containerCrossAxis: number,
): void {
  const {
    mainRow,
    ownerWidth,
    availableInnerMainDim,
    availableInnerCrossDim,
    availableInnerWidth,
    availableInnerHeight,
  } = space;
  const leadingPaddingAndBorderCross = leadingPaddingAndBorder(node, !mainRow, ownerWidth);
  const crossLeading = leadingEdge(!mainRow);
  for (const child of line.items) {
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
        pass.layoutNode(child, {
          availableWidth: w.size,
          availableHeight: h.size,
          widthMode: Number.isNaN(w.size) ? Mode.MaxContent : Mode.StretchFit,
          heightMode: Number.isNaN(h.size) ? Mode.MaxContent : Mode.StretchFit,
          ownerWidth: availableInnerWidth,
          ownerHeight: availableInnerHeight,
          performLayout: true,
        });
      }
    } else {
      const remainingCrossDim = f(containerCrossAxis - dimensionWithMargin(child, !mainRow, availableInnerWidth));
      if (align === ALIGN_CENTER) leadingCrossDim = f(leadingCrossDim + f(remainingCrossDim / 2));
      else if (align !== ALIGN_FLEX_START) leadingCrossDim = f(leadingCrossDim + remainingCrossDim);
    }
    child.layout.position[crossLeading] = f(child.layout.position[crossLeading] + leadingCrossDim);
  }
}
