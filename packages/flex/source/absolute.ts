// Items with `position: absolute` and no insets (Ink's <Static> is one; node-style.ts refuses insets), as yoga
// 3.2.1 lays them out (algorithm/AbsoluteLayout.cpp): out of the flex line, sized against their containing
// block (the nearest ancestor that is not `position: static`, or the root), placed by their parent's
// justify-content and their alignment, inside its padding and border.
import type {LayoutNode as FlexNode, PhysicalEdge} from './model.js';
import {f, isDefined, Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {
  ALIGN_CENTER,
  alignmentOf,
  BOTTOM,
  DISPLAY_NONE,
  isReverseDirection,
  isRowDirection,
  LEFT,
  margin,
  marginForAxis,
  measuredDimension,
  POSITION_ABSOLUTE,
  POSITION_STATIC,
  RIGHT,
  styledSize,
  TOP,
} from './style.js';

const ALIGN_FLEX_END = 3;
const JUSTIFY_CENTER = 1;
const JUSTIFY_FLEX_END = 2;
const JUSTIFY_SPACE_AROUND = 4;
const JUSTIFY_SPACE_EVENLY = 5;

// yoga's flexStartEdge and flexEndEdge of a flex direction (column, column-reverse, row, row-reverse).
// A style's flexDirection is one of the four (node-style.ts takes Ink's FlexDirection), so each lookup finds one;
// the fallback only satisfies the compiler.
const FLEX_START_EDGE: readonly PhysicalEdge[] = [TOP, BOTTOM, LEFT, RIGHT];
const FLEX_END_EDGE: readonly PhysicalEdge[] = [BOTTOM, TOP, RIGHT, LEFT];
const flexStartEdge = (direction: number): PhysicalEdge => FLEX_START_EDGE[direction] ?? TOP;
const flexEndEdge = (direction: number): PhysicalEdge => FLEX_END_EDGE[direction] ?? BOTTOM;

function setFlexStartPosition(parent: FlexNode, child: FlexNode, axis: number, containingBlockWidth: number): void {
  const start = flexStartEdge(axis);
  child.layout.position[start] = f(
    f(margin(child, start, containingBlockWidth) + parent.layout.border[start]) + parent.layout.padding[start],
  );
}

function setFlexEndPosition(parent: FlexNode, child: FlexNode, axis: number, containingBlockWidth: number): void {
  const end = flexEndEdge(axis);
  const row = isRowDirection(axis);
  const flexEndPosition = f(
    f(parent.layout.border[end] + margin(child, end, containingBlockWidth)) + parent.layout.padding[end],
  );
  child.layout.position[flexStartEdge(axis)] = f(
    f(measuredDimension(parent, row) - measuredDimension(child, row)) - flexEndPosition,
  );
}

function setCenterPosition(parent: FlexNode, child: FlexNode, axis: number, containingBlockWidth: number): void {
  const start = flexStartEdge(axis);
  const end = flexEndEdge(axis);
  const row = isRowDirection(axis);
  const {border, padding} = parent.layout;
  const contentBox = f(
    f(f(f(measuredDimension(parent, row) - border[start]) - border[end]) - padding[start]) - padding[end],
  );
  const childOuterSize = f(measuredDimension(child, row) + marginForAxis(child, row, containingBlockWidth));
  const position = f(
    f(f(f(contentBox - childOuterSize) / 2) + border[start]) + margin(child, start, containingBlockWidth),
  );
  child.layout.position[start] = f(position + padding[start]);
}

function justifyAbsoluteChild(parent: FlexNode, child: FlexNode, axis: number, containingBlockWidth: number): void {
  const justify = parent.style.justifyContent;
  if (justify === JUSTIFY_FLEX_END) setFlexEndPosition(parent, child, axis, containingBlockWidth);
  else if (justify === JUSTIFY_CENTER || justify === JUSTIFY_SPACE_AROUND || justify === JUSTIFY_SPACE_EVENLY)
    setCenterPosition(parent, child, axis, containingBlockWidth);
  else setFlexStartPosition(parent, child, axis, containingBlockWidth);
}

function alignAbsoluteChild(parent: FlexNode, child: FlexNode, axis: number, containingBlockWidth: number): void {
  const align = alignmentOf(parent, child);
  if (align === ALIGN_FLEX_END) setFlexEndPosition(parent, child, axis, containingBlockWidth);
  else if (align === ALIGN_CENTER) setCenterPosition(parent, child, axis, containingBlockWidth);
  else setFlexStartPosition(parent, child, axis, containingBlockWidth);
}

// Sized against `containingNode`'s box inside its border; `widthMode` is how that node's own width was bound.
function layoutAbsoluteChild(
  pass: LayoutPass,
  containingNode: FlexNode,
  parent: FlexNode,
  child: FlexNode,
  widthMode: Mode,
): void {
  const {layoutNode} = pass;
  const {border, measuredWidth, measuredHeight} = containingNode.layout;
  const containingBlockWidth = f(measuredWidth - f(border[LEFT] + border[RIGHT]));
  const containingBlockHeight = f(measuredHeight - f(border[TOP] + border[BOTTOM]));
  const mainAxis = parent.style.flexDirection;
  const mainRow = isRowDirection(mainAxis);
  // The cross axis of a left-to-right layout: a row's is a column, a column's a row.
  const crossAxis = mainRow ? 0 : 2;
  const w = styledSize(child, true, containingBlockWidth, containingBlockWidth);
  const h = styledSize(child, false, containingBlockHeight, containingBlockWidth);
  if (Number.isNaN(w.size) || Number.isNaN(h.size)) {
    if (
      !mainRow &&
      Number.isNaN(w.size) &&
      widthMode !== Mode.MaxContent &&
      isDefined(containingBlockWidth) &&
      containingBlockWidth > 0
    ) {
      w.size = containingBlockWidth;
      w.mode = Mode.FitContent;
    }
    layoutNode(child, {
      availableWidth: w.size,
      availableHeight: h.size,
      widthMode: w.mode,
      heightMode: h.mode,
      ownerWidth: containingBlockWidth,
      ownerHeight: containingBlockHeight,
      performLayout: false,
    });
    w.size = f(child.layout.measuredWidth + marginForAxis(child, true, containingBlockWidth));
    h.size = f(child.layout.measuredHeight + marginForAxis(child, false, containingBlockWidth));
  }
  layoutNode(child, {
    availableWidth: w.size,
    availableHeight: h.size,
    widthMode: Mode.StretchFit,
    heightMode: Mode.StretchFit,
    ownerWidth: containingBlockWidth,
    ownerHeight: containingBlockHeight,
    performLayout: true,
  });
  justifyAbsoluteChild(parent, child, mainAxis, containingBlockWidth);
  alignAbsoluteChild(parent, child, crossAxis, containingBlockWidth);
}

// yoga's layoutAbsoluteDescendants: the absolute children of `parent`, and those of its static descendants,
// laid out in `containingNode` (no insets, so their positions stay relative to their own parent).
export function layoutAbsoluteDescendants(
  pass: LayoutPass,
  containingNode: FlexNode,
  parent: FlexNode,
  widthMode: Mode,
): void {
  for (const child of parent.children) {
    if (child.style.display === DISPLAY_NONE) continue;
    if (child.style.positionType === POSITION_ABSOLUTE) {
      layoutAbsoluteChild(pass, containingNode, parent, child, widthMode);
      const axis = parent.style.flexDirection;
      if (isReverseDirection(axis)) {
        const row = isRowDirection(axis);
        const position = child.layout.position;
        position[flexEndEdge(axis)] = f(
          f(measuredDimension(parent, row) - measuredDimension(child, row)) - position[flexStartEdge(axis)],
        );
      }
    } else if (child.style.positionType === POSITION_STATIC) {
      layoutAbsoluteDescendants(pass, containingNode, child, widthMode);
    }
  }
}
