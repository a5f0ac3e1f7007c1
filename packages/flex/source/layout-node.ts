// A node's visit in a layout (yoga's calculateLayoutInternal): laid out afresh by the flex algorithm, or
// answered from its caches (cache.ts says when an answer fits), and the answer remembered for the next visit.
import {canUseCachedMeasurement, sameSpace} from './cache.js';
import {layoutImpl} from './flex-algorithm.js';
import {
  type CachedMeasurement,
  emptyMeasurement,
  type LayoutConstraints,
  MAX_CACHED_MEASUREMENTS,
  type LayoutNode as FlexNode,
} from './model.js';
import type {LayoutPass} from './pass.js';
import {marginForAxis} from './style.js';

// yoga's calculateLayoutInternal: a node is laid out afresh on its first visit in a layout when it is dirty;
// otherwise an answer from its caches is used when one fits.
export function layoutNode(pass: LayoutPass, node: FlexNode, constraints: LayoutConstraints): void {
  const {ownerWidth, performLayout} = constraints;
  let layout = node.layout;
  const needToVisitNode = (node.dirty && layout.generation !== pass.generation) || !layout.visited;
  if (needToVisitNode) {
    layout.nextCachedMeasurementsIndex = 0;
    layout.cachedLayout = emptyMeasurement();
  }
  let cached: CachedMeasurement | undefined;
  if (node.measure) {
    const marginRow = marginForAxis(node, true, ownerWidth);
    const marginColumn = marginForAxis(node, false, ownerWidth);
    if (canUseCachedMeasurement(constraints, layout.cachedLayout, marginRow, marginColumn)) {
      cached = layout.cachedLayout;
    } else {
      for (let i = 0; i < layout.nextCachedMeasurementsIndex; i++) {
        // Slots below nextCachedMeasurementsIndex are filled (the index only moves past a stored entry).
        const entry = layout.cachedMeasurements[i];
        if (!entry) break;
        if (canUseCachedMeasurement(constraints, entry, marginRow, marginColumn)) {
          cached = entry;
          break;
        }
      }
    }
  } else if (performLayout) {
    if (sameSpace(layout.cachedLayout, constraints)) cached = layout.cachedLayout;
  } else {
    for (let i = 0; i < layout.nextCachedMeasurementsIndex; i++) {
      // Slots below nextCachedMeasurementsIndex are filled (the index only moves past a stored entry).
      const entry = layout.cachedMeasurements[i];
      if (!entry) break;
      if (sameSpace(entry, constraints)) {
        cached = entry;
        break;
      }
    }
  }
  if (!needToVisitNode && cached) {
    layout.measuredWidth = cached.computedWidth;
    layout.measuredHeight = cached.computedHeight;
  } else {
    layoutImpl(pass, node, constraints);
    layout = node.layout;
    layout.visited = true;
    if (!cached) {
      if (layout.nextCachedMeasurementsIndex === MAX_CACHED_MEASUREMENTS) layout.nextCachedMeasurementsIndex = 0;
      let entry: CachedMeasurement;
      if (performLayout) {
        entry = layout.cachedLayout;
      } else {
        entry = layout.cachedMeasurements[layout.nextCachedMeasurementsIndex] ??= emptyMeasurement();
        layout.nextCachedMeasurementsIndex++;
      }
      entry.availableWidth = constraints.availableWidth;
      entry.availableHeight = constraints.availableHeight;
      entry.widthMode = constraints.widthMode;
      entry.heightMode = constraints.heightMode;
      entry.computedWidth = layout.measuredWidth;
      entry.computedHeight = layout.measuredHeight;
    }
  }
  if (performLayout) {
    layout.width = layout.measuredWidth;
    layout.height = layout.measuredHeight;
    node.dirty = false;
  }
  layout.generation = pass.generation;
}
