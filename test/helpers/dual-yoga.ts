// Both layout engines behind yoga-layout's API, for test/integration/flex-screens.test.tsx and test/unit/build/flex-static.test.tsx: every node Ink creates is a
// pair (the real yoga's and berth's), every call Ink makes goes to both, and each calculateLayout lays out both
// trees and records any node whose left, top, size, padding or border differ. `answer` picks which engine the
// getters answer from, so the same Ink tree can be drawn from either engine's layout and the frames compared.
import RealYoga from '../../node_modules/yoga-layout/dist/src/index.js';
import {FlexNode} from '@berth/flex';

type YogaNode = ReturnType<typeof RealYoga.Node.create>;
type AnyNode = Record<string, (...args: unknown[]) => unknown>;

// A method of either engine's node called by its name; a name the node lacks is this helper's own mistake, said
// plainly rather than as "undefined is not a function".
function call(node: unknown, name: string, ...args: unknown[]): unknown {
  const method = (node as AnyNode)[name];
  if (!method) throw new TypeError(`dual-yoga: a layout node has no ${name}`);
  return method.apply(node, args);
}

export const dual = {
  answer: 'flex' as 'flex' | 'yoga',
  layouts: 0,
  differences: [] as string[],
};

const STYLE_CALLS = [
  'setAlignContent',
  'setAlignItems',
  'setAlignSelf',
  'setAspectRatio',
  'setBorder',
  'setDirection',
  'setDisplay',
  'setFlexBasis',
  'setFlexBasisAuto',
  'setFlexBasisPercent',
  'setFlexDirection',
  'setFlexGrow',
  'setFlexShrink',
  'setFlexWrap',
  'setGap',
  'setHeight',
  'setHeightAuto',
  'setHeightPercent',
  'setJustifyContent',
  'setMargin',
  'setMaxHeight',
  'setMaxHeightPercent',
  'setMaxWidth',
  'setMaxWidthPercent',
  'setMinHeight',
  'setMinHeightPercent',
  'setMinWidth',
  'setMinWidthPercent',
  'setOverflow',
  'setPadding',
  'setPosition',
  'setPositionPercent',
  'setPositionType',
  'setWidth',
  'setWidthAuto',
  'setWidthPercent',
  'markDirty',
  'unsetMeasureFunc',
] as const;

const GETTERS = [
  'getComputedLeft',
  'getComputedTop',
  'getComputedRight',
  'getComputedBottom',
  'getComputedWidth',
  'getComputedHeight',
  'getComputedLayout',
  'getComputedMargin',
  'getComputedBorder',
  'getComputedPadding',
  'getDisplay',
  'isDirty',
] as const;

export class DualNode {
  readonly yoga: YogaNode = RealYoga.Node.create();
  readonly flex = FlexNode.create();
  children: DualNode[] = [];
  parent: DualNode | undefined;

  static create(): DualNode {
    return new DualNode();
  }

  insertChild(child: DualNode, index: number): void {
    child.parent?.removeChild(child);
    this.yoga.insertChild(child.yoga, index);
    this.flex.insertChild(child.flex, index);
    this.children.splice(index, 0, child);
    child.parent = this;
  }

  removeChild(child: DualNode): void {
    this.yoga.removeChild(child.yoga);
    this.flex.removeChild(child.flex);
    const index = this.children.indexOf(child);
    if (index !== -1) this.children.splice(index, 1);
    child.parent = undefined;
  }

  getChildCount(): number {
    return this.children.length;
  }

  getChild(index: number): DualNode {
    const child = this.children[index];
    if (!child) throw new RangeError(`dual-yoga: no child ${index} of ${this.children.length}`);
    return child;
  }

  getParent(): DualNode | null {
    return this.parent ?? null;
  }

  setMeasureFunc(measure: Parameters<FlexNode['setMeasureFunc']>[0]): void {
    this.yoga.setMeasureFunc(measure);
    this.flex.setMeasureFunc(measure);
  }

  free(): void {
    if (this.parent) {
      const index = this.parent.children.indexOf(this);
      if (index !== -1) this.parent.children.splice(index, 1);
      this.parent = undefined;
    }
    this.yoga.free();
    this.flex.free();
  }

  freeRecursive(): void {
    for (const child of [...this.children]) child.freeRecursive();
    this.free();
  }

  calculateLayout(width?: number, height?: number, direction?: number): void {
    this.yoga.calculateLayout(width, height, direction);
    this.flex.calculateLayout(width, height, direction);
    dual.layouts++;
    this.compare('root');
  }

  private compare(path: string): void {
    // yoga's getters check their argument count: the edge only where there is one.
    const n = (node: unknown, getter: string, edge?: number) =>
      String(edge === undefined ? call(node, getter) : call(node, getter, edge));
    const describe = (node: unknown) =>
      `${n(node, 'getComputedLeft')},${n(node, 'getComputedTop')} ${n(node, 'getComputedWidth')}x${n(node, 'getComputedHeight')} ` +
      [0, 1, 2, 3]
        .map(edge => `${n(node, 'getComputedPadding', edge)}/${n(node, 'getComputedBorder', edge)}`)
        .join(' ');
    const yoga = describe(this.yoga);
    const flex = describe(this.flex);
    if (yoga !== flex) dual.differences.push(`${path}: yoga ${yoga} / flex ${flex}`);
    this.children.forEach((child, index) => child.compare(`${path}.${index}`));
  }
}

for (const name of STYLE_CALLS) {
  (DualNode.prototype as unknown as AnyNode)[name] = function (this: DualNode, ...args: unknown[]) {
    call(this.yoga, name, ...args);
    return call(this.flex, name, ...args);
  };
}

for (const name of GETTERS) {
  (DualNode.prototype as unknown as AnyNode)[name] = function (this: DualNode, ...args: unknown[]) {
    return call(this[dual.answer], name, ...args);
  };
}

const DualYoga = {...RealYoga, Node: DualNode};
export default DualYoga;
