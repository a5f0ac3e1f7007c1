// A node's style set through yoga's setters: a value set to what it already is changes nothing, a change dirties
// the node; what berth's engine does not lay out as yoga does is refused with an Error naming it.
import {AUTO, type Value} from './model.js';
import {isUnset, sameNumber, sameValue, toValue, unsupported} from './node-values.js';
import {FlexTreeNode} from './node-tree.js';

export class FlexStyledNode extends FlexTreeNode {
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
    const current = edges[edge];
    if (current === undefined) throw new RangeError(`yoga has no edge ${edge}`);
    if (sameValue(current, value)) return;
    edges[edge] = value;
    this.markDirtyAndPropagate();
  }

  private setEdgeNumber(edges: number[], edge: number, value: number): void {
    const current = edges[edge];
    if (current === undefined) throw new RangeError(`yoga has no edge or gutter ${edge}`);
    if (sameNumber(current, value)) return;
    edges[edge] = value;
    this.markDirtyAndPropagate();
  }

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
}
