// A flexbox node with yoga-layout's Node API, as Ink 6.8 and Ink 7 call it: Ink's layout engine is yoga compiled
// to WebAssembly, +17.9 MB in a bare node (the wasm memory, its compiled code, the compiler's pages of the node
// binary, embind's glue) and ~6 MB of berth's idle RSS measured (docs/benchmarks.md), so the bundle replaces
// `yoga-layout` with this module (scripts/build.mjs). It must lay out exactly as yoga 3.2.1: what it accepts is
// checked against the real yoga (test/flex-layout.test.ts on random trees, test/integration/flex-screens.test.tsx
// on berth's screens), and what it does not lay out as yoga does (wrapping, insets, aspect ratio, max sizes,
// baseline alignment, auto and percent margins and paddings, right-to-left) throws an Error naming it at the
// setter, so a new use shows up in the first test that renders it.
import {unsupported} from './node-values.js';
import {FlexStyledNode} from './node-style.js';
import {calculateRootLayout} from './root-layout.js';

// The tree (node-tree.ts) and the style setters (node-style.ts) are its base classes; here the layout and its
// results.
export class FlexNode extends FlexStyledNode {
  static create(): FlexNode {
    return new FlexNode();
  }

  // Layout: the tree laid out from this node as its root, and the results Ink reads.
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
    const [left, top, right, bottom] = this.layout.position;
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
