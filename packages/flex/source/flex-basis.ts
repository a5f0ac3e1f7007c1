// The flex basis of each item of a line (yoga's computeFlexBasisForChildren, step 3 of its algorithm): the size
// an item starts from before the free space is shared out, from its flex basis, its style's size, or by
// measuring it.
import {FlexLayout, type LayoutConstraints, type LayoutNode as FlexNode} from './model.js';
import {f, inexactEquals, isDefined, maxOrDefined, Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {setPosition} from './position.js';
import {
  ALIGN_STRETCH,
  alignmentOf,
  constrainMaxSizeForMode,
  DISPLAY_NONE,
  hasDefiniteLength,
  isFlexible,
  isRowDirection,
  measuredDimension,
  paddingAndBorderForAxis,
  POSITION_ABSOLUTE,
  resolve,
  resolvedDimension,
  resolveFlexBasis,
  resolveFlexGrow,
  resolveFlexShrink,
  styledSize,
} from './style.js';

function zeroOutLayoutRecursively(node: FlexNode): void {
  node.layout = new FlexLayout();
  node.layout.width = 0;
  node.layout.height = 0;
  for (const child of node.children) zeroOutLayoutRecursively(child);
}

// `content` is what the node's items are laid out in: its box inside padding and border.
function computeFlexBasisForChild(pass: LayoutPass, node: FlexNode, child: FlexNode, content: LayoutConstraints): void {
  const {availableWidth: width, availableHeight: height, widthMode, heightMode, ownerWidth, ownerHeight} = content;
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
  } else if (mainRow ? isRowStyleDimDefined : isColumnStyleDimDefined) {
    child.layout.computedFlexBasis = f(
      maxOrDefined(
        resolve(resolvedDimension(child, mainRow), mainAxisOwnerSize),
        paddingAndBorderForAxis(child, mainRow, ownerWidth),
      ),
    );
  } else {
    const w = styledSize(child, true, ownerWidth, ownerWidth);
    const h = styledSize(child, false, ownerHeight, ownerWidth);
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
    pass.layoutNode(child, {
      availableWidth: w.size,
      availableHeight: h.size,
      widthMode: w.mode,
      heightMode: h.mode,
      ownerWidth,
      ownerHeight,
      performLayout: false,
    });
    child.layout.computedFlexBasis = f(
      maxOrDefined(measuredDimension(child, mainRow), paddingAndBorderForAxis(child, mainRow, ownerWidth)),
    );
  }
}

// The children that take part in the line, each with its flex basis; hidden ones are zeroed, absolute ones are
// left to their containing block (absolute.ts). One flexible child that can both grow and shrink starts at 0.
// `content` is the node's box inside padding and border, which owns the items.
export function flexItemsWithBasis(pass: LayoutPass, node: FlexNode, content: LayoutConstraints): FlexNode[] {
  const mainMode = isRowDirection(node.style.flexDirection) ? content.widthMode : content.heightMode;
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
    if (content.performLayout) setPosition(child, content.availableWidth);
    if (child.style.positionType === POSITION_ABSOLUTE) continue;
    if (child === singleFlexChild) child.layout.computedFlexBasis = 0;
    else computeFlexBasisForChild(pass, node, child, content);
    items.push(child);
  }
  return items;
}
