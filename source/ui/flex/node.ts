// A flexbox node with yoga-layout's Node API, as Ink 6.8 and Ink 7 call it: Ink's layout engine is yoga compiled
// to WebAssembly, +17.9 MB in a bare node (the wasm memory, its compiled code, the compiler's pages of the node
// binary, embind's glue) and ~6 MB of berth's idle RSS measured (docs/benchmarks.md), so the bundle replaces
// `yoga-layout` with this module (scripts/build.mjs). It must lay out exactly as yoga 3.2.1: what it accepts is
// checked against the real yoga (test/unit/flex-layout.test.ts on random trees, test/integration/flex-screens
// on berth's screens), and what it does not lay out as yoga does (wrapping, insets, aspect ratio, max sizes,
// baseline alignment, auto and percent margins and paddings, right-to-left) throws an Error naming it at the
// setter, so a new use shows up in the first test that renders it.
import {calculateRootLayout} from './root-layout.js';
import {
  AUTO,
  FlexLayout,
  FlexStyle,
  type LayoutNode,
  type MeasureFunction,
  UNDEFINED,
  Unit,
  type Value,
} from './model.js';

function toValue(value: number | string | undefined, percent = false): Value {
  if (value === undefined) return UNDEFINED;
  if (value === 'auto') return AUTO;
  // yoga keeps style values as 32-bit floats.
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value);
    if (Number.isNaN(parsed))
      throw new Error(`berth's layout engine: invalid value ${value} (a number, "N%" or "auto")`);
    return {unit: value.endsWith('%') ? Unit.Percent : Unit.Point, value: Math.fround(parsed)};
  }
  if (Number.isNaN(value)) return UNDEFINED;
  return {unit: percent ? Unit.Percent : Unit.Point, value: Math.fround(value)};
}

function unsupported(what: string): never {
  throw new Error(`berth's layout engine (source/ui/flex) does not support ${what}`);
}

// Ink 7 passes a style's value even when it is undefined (the property reset): nothing to refuse then.
const isUnset = (value: number | string | undefined): boolean =>
  value === undefined || (typeof value === 'number' && Number.isNaN(value));

const sameValue = (a: Value, b: Value): boolean =>
  a.unit === b.unit && (a.value === b.value || (Number.isNaN(a.value) && Number.isNaN(b.value)));
const sameNumber = (a: number, b: number): boolean => a === b || (Number.isNaN(a) && Number.isNaN(b));

export class FlexNode implements LayoutNode {
  style = new FlexStyle();
  layout = new FlexLayout();
  children: FlexNode[] = [];
  owner: FlexNode | undefined;
  measure: MeasureFunction | undefined;
  dirty = false;

  // What yoga does on a change: the node and its ancestors are laid out afresh in the next layout (their cached
  // measurements are not trusted on the first visit).
  markDirtyAndPropagate(): void {
    if (this.dirty) return;
    this.dirty = true;
    this.layout.computedFlexBasis = Number.NaN;
    this.owner?.markDirtyAndPropagate();
  }

  private setNumber(
    key:
      | 'flexDirection'
      | 'justifyContent'
      | 'alignItems'
      | 'alignSelf'
      | 'alignContent'
      | 'positionType'
      | 'direction'
      | 'overflow'
      | 'display'
      | 'flexGrow'
      | 'flexShrink',
    value: number,
  ): void {
    if (sameNumber(this.style[key], value)) return;
    this.style[key] = value;
    this.markDirtyAndPropagate();
  }

  private setValue(
    key: 'flexBasis' | 'width' | 'height' | 'minWidth' | 'minHeight' | 'maxWidth' | 'maxHeight',
    value: Value,
  ): void {
    if (sameValue(this.style[key], value)) return;
    this.style[key] = value;
    this.markDirtyAndPropagate();
  }

  private setEdge(edges: Value[], edge: number, value: Value): void {
    if (sameValue(edges[edge], value)) return;
    edges[edge] = value;
    this.markDirtyAndPropagate();
  }

  private setEdgeNumber(edges: number[], edge: number, value: number): void {
    if (sameNumber(edges[edge], value)) return;
    edges[edge] = value;
    this.markDirtyAndPropagate();
  }

  static create(): FlexNode {
    return new FlexNode();
  }

  // Tree.
  insertChild(child: FlexNode, index: number): void {
    if (this.measure) unsupported('children under a node with a measure function');
    child.owner?.removeChild(child);
    child.owner = this;
    this.children.splice(index, 0, child);
    this.markDirtyAndPropagate();
  }

  removeChild(child: FlexNode): void {
    const index = this.children.indexOf(child);
    if (index === -1) return;
    this.children.splice(index, 1);
    child.layout = new FlexLayout();
    child.owner = undefined;
    this.markDirtyAndPropagate();
  }

  getChildCount(): number {
    return this.children.length;
  }

  getChild(index: number): FlexNode {
    return this.children[index];
  }

  getParent(): FlexNode | null {
    return this.owner ?? null;
  }

  // yoga 3.2.1's YGNodeFree takes the node out of its owner without marking the owner dirty.
  free(): void {
    if (this.owner) {
      const siblings = this.owner.children;
      const index = siblings.indexOf(this);
      if (index !== -1) siblings.splice(index, 1);
      this.owner = undefined;
    }
    for (const child of this.children) child.owner = undefined;
    this.children = [];
    this.measure = undefined;
  }

  freeRecursive(): void {
    for (const child of [...this.children]) child.freeRecursive();
    this.free();
  }

  setMeasureFunc(measure: MeasureFunction | null): void {
    if (measure && this.children.length > 0) unsupported('a measure function on a node with children');
    this.measure = measure ?? undefined;
  }

  unsetMeasureFunc(): void {
    this.measure = undefined;
  }

  markDirty(): void {
    this.markDirtyAndPropagate();
  }

  isDirty(): boolean {
    return this.dirty;
  }

  // Style.
  setFlexDirection(direction: number): void {
    this.setNumber('flexDirection', direction);
  }

  setFlexWrap(wrap: number): void {
    if (wrap !== 0) unsupported('flexWrap other than nowrap (wrap, wrap-reverse)');
  }

  setJustifyContent(justify: number): void {
    this.setNumber('justifyContent', justify);
  }

  setAlignItems(align: number): void {
    if (align > 4) unsupported('alignItems baseline or space-*');
    this.setNumber('alignItems', align);
  }

  setAlignSelf(align: number): void {
    if (align > 4) unsupported('alignSelf baseline or space-*');
    this.setNumber('alignSelf', align);
  }

  // Lines are aligned only when items wrap (refused), but yoga still takes a change as one (the node is dirty).
  setAlignContent(align: number): void {
    this.setNumber('alignContent', align);
  }

  // Static, relative and absolute without insets (refused below), as yoga lays them out.
  setPositionType(type: number): void {
    this.setNumber('positionType', type);
  }

  setPosition(_edge: number, position: number | string | undefined): void {
    if (!isUnset(position)) unsupported('position insets (top, right, bottom, left)');
  }

  setPositionPercent(_edge: number, position: number | undefined): void {
    if (!isUnset(position)) unsupported('position insets (top, right, bottom, left)');
  }

  setPositionAuto(_edge: number): void {
    unsupported('position insets (top, right, bottom, left)');
  }

  setAspectRatio(ratio: number | undefined): void {
    if (!isUnset(ratio)) unsupported('aspectRatio');
  }

  setDirection(direction: number): void {
    if (direction === 2) unsupported('right-to-left direction');
    this.setNumber('direction', direction);
  }

  setOverflow(overflow: number): void {
    if (overflow === 2) unsupported('overflow: scroll in layout');
    this.setNumber('overflow', overflow);
  }

  setBoxSizing(boxSizing: number): void {
    if (boxSizing !== 0) unsupported('boxSizing content-box');
  }

  setFlex(flex: number | undefined): void {
    if (!isUnset(flex)) unsupported('the flex shorthand (set flexGrow, flexShrink, flexBasis)');
  }

  setIsReferenceBaseline(isReferenceBaseline: boolean): void {
    if (isReferenceBaseline) unsupported('baseline alignment');
  }

  setDirtiedFunc(_dirtied: unknown): void {
    unsupported('dirtied callbacks');
  }

  setDisplay(display: number): void {
    if (display === 2) unsupported('display: contents');
    this.setNumber('display', display);
  }

  getDisplay(): number {
    return this.style.display;
  }

  setFlexGrow(grow: number | undefined): void {
    this.setNumber('flexGrow', Math.fround(grow ?? Number.NaN));
  }

  setFlexShrink(shrink: number | undefined): void {
    this.setNumber('flexShrink', Math.fround(shrink ?? Number.NaN));
  }

  setFlexBasis(basis: number | string | undefined): void {
    this.setValue('flexBasis', toValue(basis));
  }

  setFlexBasisPercent(basis: number | undefined): void {
    this.setValue('flexBasis', toValue(basis, true));
  }

  setFlexBasisAuto(): void {
    this.setValue('flexBasis', AUTO);
  }

  setWidth(width: number | string | undefined): void {
    this.setValue('width', toValue(width));
  }

  setWidthPercent(width: number | undefined): void {
    this.setValue('width', toValue(width, true));
  }

  setWidthAuto(): void {
    this.setValue('width', AUTO);
  }

  setHeight(height: number | string | undefined): void {
    this.setValue('height', toValue(height));
  }

  setHeightPercent(height: number | undefined): void {
    this.setValue('height', toValue(height, true));
  }

  setHeightAuto(): void {
    this.setValue('height', AUTO);
  }

  setMinWidth(width: number | string | undefined): void {
    this.setValue('minWidth', toValue(width));
  }

  setMinWidthPercent(width: number | undefined): void {
    this.setValue('minWidth', toValue(width, true));
  }

  setMinHeight(height: number | string | undefined): void {
    this.setValue('minHeight', toValue(height));
  }

  setMinHeightPercent(height: number | undefined): void {
    this.setValue('minHeight', toValue(height, true));
  }

  setMaxWidth(width: number | string | undefined): void {
    if (!isUnset(width)) unsupported('maxWidth');
  }

  setMaxWidthPercent(width: number | undefined): void {
    if (!isUnset(width)) unsupported('maxWidth');
  }

  setMaxHeight(height: number | string | undefined): void {
    if (!isUnset(height)) unsupported('maxHeight');
  }

  setMaxHeightPercent(height: number | undefined): void {
    if (!isUnset(height)) unsupported('maxHeight');
  }

  setMargin(edge: number, margin: number | string | undefined): void {
    if (margin === 'auto') unsupported('auto margins');
    if (typeof margin === 'string' && margin.endsWith('%')) unsupported('percent margins');
    this.setEdge(this.style.margin, edge, toValue(margin));
  }

  setMarginAuto(_edge: number): void {
    unsupported('auto margins');
  }

  setMarginPercent(_edge: number, margin: number | undefined): void {
    if (!isUnset(margin)) unsupported('percent margins');
  }

  setPadding(edge: number, padding: number | string | undefined): void {
    if (typeof padding === 'string' && padding.endsWith('%')) unsupported('percent paddings');
    this.setEdge(this.style.padding, edge, toValue(padding));
  }

  setPaddingPercent(_edge: number, padding: number | undefined): void {
    if (!isUnset(padding)) unsupported('percent paddings');
  }

  setBorder(edge: number, border: number | undefined): void {
    this.setEdgeNumber(this.style.border, edge, Math.fround(border ?? Number.NaN));
  }

  setGap(gutter: number, gap: number | string | undefined): void {
    if (typeof gap === 'string') unsupported('gaps given as strings or percentages');
    this.setEdgeNumber(this.style.gap, gutter, Math.fround(gap ?? Number.NaN));
  }

  setGapPercent(_gutter: number, gap: number | undefined): void {
    if (!isUnset(gap)) unsupported('gaps given as strings or percentages');
  }

  // Layout.
  calculateLayout(width?: number | 'auto', height?: number | 'auto', direction?: number): void {
    if (direction === 2) unsupported('right-to-left direction');
    calculateRootLayout(
      this,
      typeof width === 'number' ? width : Number.NaN,
      typeof height === 'number' ? height : Number.NaN,
    );
  }

  getComputedLeft(): number {
    return this.layout.position[0];
  }

  getComputedTop(): number {
    return this.layout.position[1];
  }

  getComputedRight(): number {
    return this.layout.position[2];
  }

  getComputedBottom(): number {
    return this.layout.position[3];
  }

  getComputedWidth(): number {
    return this.layout.width;
  }

  getComputedHeight(): number {
    return this.layout.height;
  }

  getComputedLayout(): {left: number; right: number; top: number; bottom: number; width: number; height: number} {
    const [left, top, right, bottom] = this.layout.position as [number, number, number, number];
    return {left, right, top, bottom, width: this.layout.width, height: this.layout.height};
  }

  getComputedMargin(edge: number): number {
    return this.layout.margin[edge] ?? 0;
  }

  getComputedBorder(edge: number): number {
    return this.layout.border[edge] ?? 0;
  }

  getComputedPadding(edge: number): number {
    return this.layout.padding[edge] ?? 0;
  }
}
