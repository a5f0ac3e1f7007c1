// A flexbox node with yoga-layout's Node API, as Ink calls it, to save memory: Ink's layout engine is yoga compiled
// to WebAssembly, +17.9 MB in a bare node (the wasm memory, its compiled code, the compiler's pages of the node
// binary, embind's glue) and ~6 MB of berth's idle RSS measured (docs/benchmarks.md). berth's screens use rows and columns of fixed-size
// boxes, padding, borders, `justifyContent` and text, so the bundle replaces `yoga-layout` with this module
// (scripts/build.mjs); test/unit/flex-layout.test.ts checks its layouts against yoga's on random trees.
// What Ink can ask for but berth never does (wrapping lines, reversed directions, absolute positions, a flex
// basis), and what Ink never asks for (max sizes, percent margins and paddings, baseline alignment), throws at
// once, so a new use shows up in the first test that renders it.
import {calculateRootLayout} from './layout.js';
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
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value);
    if (Number.isNaN(parsed)) return UNDEFINED;
    return {unit: value.trim().endsWith('%') ? Unit.Percent : Unit.Point, value: parsed};
  }
  if (Number.isNaN(value)) return UNDEFINED;
  return {unit: percent ? Unit.Percent : Unit.Point, value};
}

function unsupported(what: string): never {
  throw new Error(`berth's layout engine (source/ui/flex) does not support ${what}`);
}

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
    this.owner?.markDirtyAndPropagate();
  }

  private setNumber(
    key: 'flexDirection' | 'justifyContent' | 'alignItems' | 'alignSelf' | 'display' | 'flexGrow' | 'flexShrink',
    value: number,
  ): void {
    if (sameNumber(this.style[key], value)) return;
    this.style[key] = value;
    this.markDirtyAndPropagate();
  }

  private setValue(key: 'width' | 'height' | 'minWidth' | 'minHeight' | 'maxWidth' | 'maxHeight', value: Value): void {
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

  free(): void {
    this.owner?.removeChild(this);
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
    if (direction === 1 || direction === 3) unsupported('reversed flex directions');
    this.setNumber('flexDirection', direction);
  }

  setFlexWrap(wrap: number): void {
    if (wrap !== 0) unsupported('flexWrap other than nowrap');
  }

  setJustifyContent(justify: number): void {
    this.setNumber('justifyContent', justify);
  }

  setAlignItems(align: number): void {
    if (align > 4) unsupported('baseline or space alignment of items');
    this.setNumber('alignItems', align);
  }

  setAlignSelf(align: number): void {
    if (align > 4) unsupported('baseline or space alignment of items');
    this.setNumber('alignSelf', align);
  }

  setAlignContent(_align: number): void {
    // Only one line is ever laid out (no wrapping), so align-content has nothing to align.
  }

  setPositionType(type: number): void {
    if (type === 2) unsupported('absolute positions');
  }

  setDisplay(display: number): void {
    if (display === 2) unsupported('display: contents');
    this.setNumber('display', display);
  }

  getDisplay(): number {
    return this.style.display;
  }

  setFlexGrow(grow: number | undefined): void {
    this.setNumber('flexGrow', grow ?? Number.NaN);
  }

  setFlexShrink(shrink: number | undefined): void {
    this.setNumber('flexShrink', shrink ?? Number.NaN);
  }

  // yoga keeps a flex basis computed while measuring until the node is next marked dirty, so the same tree can
  // lay out differently from one frame to the next; berth sets no basis, and this engine has no such memory.
  setFlexBasis(basis: number | string | undefined): void {
    if (basis !== undefined && basis !== 'auto' && !(typeof basis === 'number' && Number.isNaN(basis)))
      unsupported('flexBasis');
  }

  setFlexBasisPercent(_basis: number | undefined): void {
    unsupported('flexBasis');
  }

  setFlexBasisAuto(): void {}

  setWidth(width: number | string | undefined): void {
    this.setValue('width', width === undefined ? AUTO : toValue(width));
  }

  setWidthPercent(width: number | undefined): void {
    this.setValue('width', toValue(width, true));
  }

  setWidthAuto(): void {
    this.setValue('width', AUTO);
  }

  setHeight(height: number | string | undefined): void {
    this.setValue('height', height === undefined ? AUTO : toValue(height));
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

  setMaxWidth(_width: number | string | undefined): void {
    unsupported('max sizes');
  }

  setMaxWidthPercent(_width: number | undefined): void {
    unsupported('max sizes');
  }

  setMaxHeight(_height: number | string | undefined): void {
    unsupported('max sizes');
  }

  setMaxHeightPercent(_height: number | undefined): void {
    unsupported('max sizes');
  }

  setMargin(edge: number, margin: number | string | undefined): void {
    if (margin === 'auto') unsupported('auto margins');
    this.setEdge(this.style.margin, edge, toValue(margin));
  }

  setMarginPercent(_edge: number, _margin: number | undefined): void {
    unsupported('percent margins');
  }

  setPadding(edge: number, padding: number | string | undefined): void {
    this.setEdge(this.style.padding, edge, toValue(padding));
  }

  setPaddingPercent(_edge: number, _padding: number | undefined): void {
    unsupported('percent paddings');
  }

  setBorder(edge: number, border: number | undefined): void {
    this.setEdgeNumber(this.style.border, edge, border ?? Number.NaN);
  }

  setGap(gutter: number, gap: number | undefined): void {
    this.setEdgeNumber(this.style.gap, gutter, gap ?? Number.NaN);
  }

  // Layout.
  calculateLayout(width?: number | 'auto', height?: number | 'auto', _direction?: number): void {
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
