import type {LayoutNode as FlexNode} from './model.js';
import {BOTTOM, LEFT, margin, RIGHT, TOP} from './style.js';

// Each edge's position starts at the node's margin on it (no relative offsets: Ink sets none); the parent adds.
export function setPosition(node: FlexNode, ownerWidth: number): void {
  const position = node.layout.position;
  position[LEFT] = margin(node, LEFT, ownerWidth);
  position[TOP] = margin(node, TOP, ownerWidth);
  position[RIGHT] = margin(node, RIGHT, ownerWidth);
  position[BOTTOM] = margin(node, BOTTOM, ownerWidth);
}
