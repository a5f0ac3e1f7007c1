// A node's visit in a layout (yoga's calculateLayoutInternal): laid out afresh by the flex algorithm, or
// answered from its caches (cache.ts says when an answer fits), and the answer remembered for the next visit.
import {canUseCachedMeasurement, sameConstraints} from './cache.js';
import {layoutImpl} from './flex-algorithm.js';
import {
  type CachedMeasurement,
  emptyMeasurement,
  MAX_CACHED_MEASUREMENTS,
  type LayoutNode as FlexNode,
} from './model.js';
import {Mode} from './numbers.js';
import type {LayoutPass} from './pass.js';
import {marginForAxis} from './style.js';

// yoga's calculateLayoutInternal: a node is laid out afresh on its first visit in a layout when it is dirty;
// otherwise an answer from its caches is used when one fits.
export function layoutNode(
  pass: LayoutPass,
  node: FlexNode,
  availableWidth: number,
  availableHeight: number,
  widthMode: Mode,
  heightMode: Mode,
  ownerWidth: number,
  ownerHeight: number,
  performLayout: boolean,
): void {
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
    if (
      canUseCachedMeasurement(
        widthMode,
        availableWidth,
        heightMode,
        availableHeight,
        layout.cachedLayout,
        marginRow,
        marginColumn,
      )
    ) {
      cached = layout.cachedLayout;
    } else {
      for (let i = 0; i < layout.nextCachedMeasurementsIndex; i++) {
        // Slots below nextCachedMeasurementsIndex are filled (the index only moves past a stored entry).
        const entry = layout.cachedMeasurements[i];
        if (!entry) break;
        if (
          canUseCachedMeasurement(
            widthMode,
            availableWidth,
            heightMode,
            availableHeight,
            entry,
            marginRow,
            marginColumn,
          )
        ) {
          cached = entry;
          break;
        }
      }
    }
  } else if (performLayout) {
    if (sameConstraints(layout.cachedLayout, availableWidth, availableHeight, widthMode, heightMode))
      cached = layout.cachedLayout;
  } else {
    for (let i = 0; i < layout.nextCachedMeasurementsIndex; i++) {
      // Slots below nextCachedMeasurementsIndex are filled (the index only moves past a stored entry).
      const entry = layout.cachedMeasurements[i];
      if (!entry) break;
      if (sameConstraints(entry, availableWidth, availableHeight, widthMode, heightMode)) {
        cached = entry;
        break;
      }
    }
  }
  if (!needToVisitNode && cached) {
    layout.measuredWidth = cached.computedWidth;
    layout.measuredHeight = cached.computedHeight;
  } else {
    layoutImpl(
      pass,
      node,
      availableWidth,
      availableHeight,
      widthMode,
      heightMode,
      ownerWidth,
      ownerHeight,
      performLayout,
    );
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
      entry.availableWidth = availableWidth;
      entry.availableHeight = availableHeight;
      entry.widthMode = widthMode;
      entry.heightMode = heightMode;
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
