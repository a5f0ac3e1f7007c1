// What a node's style and measurements come to along an axis, as yoga resolves them for a left-to-right layout:
// edges (start over left over horizontal over all), margins, paddings and borders, definite sizes, min/max
// bounds, flex factors, alignment and gaps.
import {
  type EdgeSlots,
  type LayoutNode as FlexNode,
  type PhysicalEdge,
  Unit,
  type Value,
  type YogaEdge,
} from './model.js';
import {f, inexactEquals, isDefined, maxOrDefined, Mode, ONE_PERCENT} from './numbers.js';

export const LEFT: PhysicalEdge = 0;
export const TOP: PhysicalEdge = 1;
export const RIGHT: PhysicalEdge = 2;
export const BOTTOM: PhysicalEdge = 3;
export const ALIGN_FLEX_START = 1;
export const ALIGN_CENTER = 2;
export const ALIGN_STRETCH = 4;
export const DISPLAY_NONE = 1;
export const POSITION_STATIC = 0;
export const POSITION_ABSOLUTE = 2;
// Flex directions: column 0, column-reverse 1, row 2, row-reverse 3.
export const isRowDirection = (direction: number): boolean => direction >= 2;
export const isReverseDirection = (direction: number): boolean => direction === 1 || direction === 3;

export function resolve(value: Value, ownerSize: number): number {
  if (value.unit === Unit.Point) return value.value;
  if (value.unit === Unit.Percent) return f(f(value.value * ownerSize) * ONE_PERCENT);
  return Number.NaN;
}

// Left to right: start wins over left, left over horizontal, horizontal over all.
const EDGE_ORDER: readonly [readonly YogaEdge[], readonly YogaEdge[], readonly YogaEdge[], readonly YogaEdge[]] = [
  [4, 0, 6, 8], // left
  [1, 7, 8], // top
  [5, 2, 6, 8], // right
  [3, 7, 8], // bottom
];

function edgeValue(values: EdgeSlots<Value>, edge: PhysicalEdge): Value | undefined {
  for (const index of EDGE_ORDER[edge]) if (values[index].unit !== Unit.Undefined) return values[index];
  return undefined;
}

export function margin(node: FlexNode, edge: PhysicalEdge, widthSize: number): number {
  const value = edgeValue(node.style.margin, edge);
  const resolved = value ? resolve(value, widthSize) : 0;
  return Number.isNaN(resolved) ? 0 : resolved;
}

export function padding(node: FlexNode, edge: PhysicalEdge, widthSize: number): number {
  const value = edgeValue(node.style.padding, edge);
  const resolved = value ? resolve(value, widthSize) : 0;
  return Number.isNaN(resolved) ? 0 : Math.max(resolved, 0);
}

export function border(node: FlexNode, edge: PhysicalEdge): number {
  for (const index of EDGE_ORDER[edge]) {
    const value = node.style.border[index];
    if (isDefined(value)) return Math.max(value, 0);
  }
  return 0;
}

export const leadingEdge = (row: boolean): PhysicalEdge => (row ? LEFT : TOP);
export const trailingEdge = (row: boolean): PhysicalEdge => (row ? RIGHT : BOTTOM);

export function marginForAxis(node: FlexNode, row: boolean, widthSize: number): number {
  return f(margin(node, leadingEdge(row), widthSize) + margin(node, trailingEdge(row), widthSize));
}

export function paddingAndBorderForAxis(node: FlexNode, row: boolean, widthSize: number): number {
  const lead = leadingEdge(row);
  const trail = trailingEdge(row);
  return f(
    f(padding(node, lead, widthSize) + border(node, lead)) + f(padding(node, trail, widthSize) + border(node, trail)),
  );
}

export function leadingPaddingAndBorder(node: FlexNode, row: boolean, widthSize: number): number {
  return f(padding(node, leadingEdge(row), widthSize) + border(node, leadingEdge(row)));
}

export function trailingPaddingAndBorder(node: FlexNode, row: boolean, widthSize: number): number {
  return f(padding(node, trailingEdge(row), widthSize) + border(node, trailingEdge(row)));
}

export function minDimension(node: FlexNode, row: boolean): Value {
  return row ? node.style.minWidth : node.style.minHeight;
}

export function maxDimension(node: FlexNode, row: boolean): Value {
  return row ? node.style.maxWidth : node.style.maxHeight;
}

// A max equal to the min stands for the dimension itself (yoga's processDimensions).
export function resolvedDimension(node: FlexNode, row: boolean): Value {
  const max = maxDimension(node, row);
  if (max.unit !== Unit.Undefined && max.unit !== Unit.Auto && inexactEquals(max.value, minDimension(node, row).value))
    return max;
  return row ? node.style.width : node.style.height;
}

// A size that resolves to a number of cells, not negative: a percentage of a negative (over-constrained) owner
// is no size at all.
export function hasDefiniteLength(node: FlexNode, row: boolean, ownerSize: number): boolean {
  const used = resolve(resolvedDimension(node, row), ownerSize);
  return used >= 0;
}

// The size a node's style fixes along an axis, its margins included: what yoga gives a child it lays out at a
// size known before measuring it (StretchFit); no size (MaxContent) where the style leaves it to the content.
export function styledSize(
  node: FlexNode,
  row: boolean,
  ownerSize: number,
  ownerWidth: number,
): {mode: Mode; size: number} {
  if (!hasDefiniteLength(node, row, ownerSize)) return {mode: Mode.MaxContent, size: Number.NaN};
  const size = f(resolve(resolvedDimension(node, row), ownerSize) + marginForAxis(node, row, ownerWidth));
  return {mode: Mode.StretchFit, size};
}

// yoga's resolveFlexBasis: the basis set (auto and undefined resolve to nothing).
export const resolveFlexBasis = (node: FlexNode, mainAxisOwnerSize: number): number =>
  resolve(node.style.flexBasis, mainAxisOwnerSize);

export function boundAxisWithinMinAndMax(node: FlexNode, row: boolean, value: number, axisSize: number): number {
  const min = resolve(minDimension(node, row), axisSize);
  const max = resolve(maxDimension(node, row), axisSize);
  if (max >= 0 && value > max) return max;
  if (min >= 0 && value < min) return min;
  return value;
}

export function boundAxis(node: FlexNode, row: boolean, value: number, axisSize: number, widthSize: number): number {
  return maxOrDefined(
    boundAxisWithinMinAndMax(node, row, value, axisSize),
    paddingAndBorderForAxis(node, row, widthSize),
  );
}

export function resolveFlexGrow(node: FlexNode): number {
  if (!node.owner || Number.isNaN(node.style.flexGrow)) return 0;
  return node.style.flexGrow;
}

export function resolveFlexShrink(node: FlexNode): number {
  if (!node.owner || Number.isNaN(node.style.flexShrink)) return 0;
  return node.style.flexShrink;
}

export const isFlexible = (node: FlexNode): boolean =>
  node.style.positionType !== POSITION_ABSOLUTE && (resolveFlexGrow(node) !== 0 || resolveFlexShrink(node) !== 0);

export const alignmentOf = (node: FlexNode, child: FlexNode): number =>
  child.style.alignSelf === 0 ? node.style.alignItems : child.style.alignSelf;

export function gapForAxis(node: FlexNode, row: boolean): number {
  const gap = node.style.gap[row ? 0 : 1];
  const value = isDefined(gap) ? gap : node.style.gap[2];
  return isDefined(value) ? Math.max(value, 0) : 0;
}

export function measuredDimension(node: FlexNode, row: boolean): number {
  return row ? node.layout.measuredWidth : node.layout.measuredHeight;
}

export function dimensionWithMargin(node: FlexNode, row: boolean, widthSize: number): number {
  return f(measuredDimension(node, row) + marginForAxis(node, row, widthSize));
}

export function constrainMaxSizeForMode(
  node: FlexNode,
  row: boolean,
  ownerAxisSize: number,
  ownerWidth: number,
  sized: {mode: Mode; size: number},
): void {
  const maxSize = f(resolve(maxDimension(node, row), ownerAxisSize) + marginForAxis(node, row, ownerWidth));
  if (sized.mode === Mode.MaxContent) {
    if (isDefined(maxSize)) {
      sized.mode = Mode.FitContent;
      sized.size = maxSize;
    }
  } else if (isDefined(maxSize) && !(sized.size < maxSize)) {
    sized.size = maxSize;
  }
}
