// A node's place in the tree and its dirtiness, as yoga keeps them: insertion, removal, freeing, the measure
// function of a text, and the marking that makes a node and its ancestors lay out afresh.
import {FlexLayout, FlexStyle, type LayoutNode, type MeasureFunction} from './model.js';
import {unsupported} from './node-values.js';

export class FlexTreeNode implements LayoutNode {
  style = new FlexStyle();
  layout = new FlexLayout();
  children: this[] = [];
  owner: this | undefined;
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

  insertChild(child: this, index: number): void {
    if (this.measure) unsupported('children under a node with a measure function');
    child.owner?.removeChild(child);
    child.owner = this;
    this.children.splice(index, 0, child);
    this.markDirtyAndPropagate();
  }

  removeChild(child: this): void {
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

  getChild(index: number): this {
    const child = this.children[index];
    if (child === undefined) throw new RangeError(`no child ${index} of ${this.children.length}`);
    return child;
  }

  getParent(): this | null {
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
}
