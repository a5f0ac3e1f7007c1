// The data both halves of berth's flexbox engine work on: a node's style, its layout results and caches
// (node.ts is the API Ink calls, root-layout.ts and the files it reaches the algorithm).
import {Mode} from './numbers.js';

export const enum Unit {
  Undefined = 0,
  Point = 1,
  Percent = 2,
  Auto = 3,
}

export type Value = {unit: Unit; value: number};

export const UNDEFINED: Value = {unit: Unit.Undefined, value: Number.NaN};
export const AUTO: Value = {unit: Unit.Auto, value: Number.NaN};

export type MeasureFunction = (
  width: number,
  widthMode: number,
  height: number,
  heightMode: number,
) => {width: number; height: number};

// The four physical edges (left, top, right, bottom) index a layout's four-slot arrays: typed as literals so
// an index is checked when the code is compiled, not at each use in the hot loop.
export type PhysicalEdge = 0 | 1 | 2 | 3;
export type EdgeValues = [number, number, number, number];

// Yoga's edge numbering (9 edges): left, top, right, bottom, start, end, horizontal, vertical, all.
export type YogaEdge = PhysicalEdge | 4 | 5 | 6 | 7 | 8;
export type EdgeSlots<T> = [T, T, T, T, T, T, T, T, T];
const edgeSlots = <T>(value: T): EdgeSlots<T> => [value, value, value, value, value, value, value, value, value];

export class FlexStyle {
  flexDirection = 0; // column
  justifyContent = 0; // flex-start
  alignItems = 4; // stretch
  alignSelf = 0; // auto
  alignContent = 1; // flex-start
  positionType = 1; // relative
  direction = 0; // inherit
  overflow = 0; // visible
  display = 0; // flex
  flexGrow = Number.NaN;
  flexShrink = Number.NaN;
  flexBasis: Value = AUTO;
  width: Value = AUTO;
  height: Value = AUTO;
  minWidth: Value = UNDEFINED;
  minHeight: Value = UNDEFINED;
  maxWidth: Value = UNDEFINED;
  maxHeight: Value = UNDEFINED;
  margin: EdgeSlots<Value> = edgeSlots(UNDEFINED);
  padding: EdgeSlots<Value> = edgeSlots(UNDEFINED);
  border: EdgeSlots<number> = edgeSlots(Number.NaN);
  gap: [number, number, number] = [Number.NaN, Number.NaN, Number.NaN]; // column, row, all
}

// The space a node is offered on each axis and how it is to be read (a Mode), what its caches are keyed on.
export type AvailableSpace = {
  availableWidth: number;
  availableHeight: number;
  widthMode: Mode;
  heightMode: Mode;
};

// What a node is laid out in (the parameters of yoga's calculateLayoutInternal): the space it is offered, its
// owner's size (what percentages resolve against), and whether its children are to be placed or it is only
// measured. The entry points of the algorithm take one of these; it is never changed once made.
export type LayoutConstraints = Readonly<AvailableSpace> & {
  readonly ownerWidth: number;
  readonly ownerHeight: number;
  readonly performLayout: boolean;
};

// One remembered answer to "how big is this node given these constraints" (yoga's CachedMeasurement).
export type CachedMeasurement = AvailableSpace & {
  computedWidth: number;
  computedHeight: number;
};

export const MAX_CACHED_MEASUREMENTS = 8;

export const emptyMeasurement = (): CachedMeasurement => ({
  availableWidth: -1,
  availableHeight: -1,
  widthMode: Mode.MaxContent,
  heightMode: Mode.MaxContent,
  computedWidth: -1,
  computedHeight: -1,
});

// A node's layout results and yoga's caches: within one layout a node is measured several times and yoga
// answers from these when the constraints allow; a node that is not dirty keeps them from one layout to the
// next. The answers can differ from a fresh measurement (widths are compared rounded to whole cells), so this
// engine keeps the same caches to lay out the same cells.
export class FlexLayout {
  cachedLayout = emptyMeasurement();
  cachedMeasurements: CachedMeasurement[] = [];
  nextCachedMeasurementsIndex = 0;
  // The layout this node was last visited in (LayoutPass's generation).
  generation: symbol | undefined = undefined;
  // Laid out at least once since created or reset: yoga's lastOwnerDirection test (Ink lays out left to right).
  visited = false;
  // Physical edges: left, top, right, bottom.
  position: EdgeValues = [0, 0, 0, 0];
  margin: EdgeValues = [0, 0, 0, 0];
  padding: EdgeValues = [0, 0, 0, 0];
  border: EdgeValues = [0, 0, 0, 0];
  width = Number.NaN;
  height = Number.NaN;
  measuredWidth = Number.NaN;
  measuredHeight = Number.NaN;
  computedFlexBasis = Number.NaN;
}

// What the algorithm needs of a node (FlexNode in node.ts).
export interface LayoutNode {
  style: FlexStyle;
  layout: FlexLayout;
  children: LayoutNode[];
  owner: LayoutNode | undefined;
  measure: MeasureFunction | undefined;
  dirty: boolean;
}
