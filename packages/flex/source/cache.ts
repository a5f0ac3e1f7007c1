// When a measurement made earlier in the same layout (or in an earlier one, for a node that did not change) can
// stand for a new one: yoga's algorithm/Cache.cpp, which this engine follows to lay out the same cells.
import type {AvailableSpace, CachedMeasurement} from './model.js';
import {inexactEquals, isDefined, Mode, roundValueToPixelGrid} from './numbers.js';

function sizeIsExactAndMatchesOldMeasuredSize(mode: Mode, size: number, lastComputedSize: number): boolean {
  return mode === Mode.StretchFit && inexactEquals(size, lastComputedSize);
}

function oldSizeIsMaxContentAndStillFits(mode: Mode, size: number, lastMode: Mode, lastComputedSize: number): boolean {
  return (
    mode === Mode.FitContent &&
    lastMode === Mode.MaxContent &&
    (size >= lastComputedSize || inexactEquals(size, lastComputedSize))
  );
}

function newSizeIsStricterAndStillValid(
  mode: Mode,
  size: number,
  lastMode: Mode,
  lastSize: number,
  lastComputedSize: number,
): boolean {
  return (
    lastMode === Mode.FitContent &&
    mode === Mode.FitContent &&
    isDefined(lastSize) &&
    isDefined(size) &&
    isDefined(lastComputedSize) &&
    lastSize > size &&
    (lastComputedSize <= size || inexactEquals(size, lastComputedSize))
  );
}

// yoga's canUseCachedMeasurement (algorithm/Cache.cpp).
export function canUseCachedMeasurement(
  space: Readonly<AvailableSpace>,
  last: CachedMeasurement,
  marginRow: number,
  marginColumn: number,
): boolean {
  const {availableWidth, availableHeight, widthMode, heightMode} = space;
  if (
    (isDefined(last.computedHeight) && last.computedHeight < 0) ||
    (isDefined(last.computedWidth) && last.computedWidth < 0)
  )
    return false;
  const round = (value: number) => roundValueToPixelGrid(value, false, false);
  const sameWidth = last.widthMode === widthMode && inexactEquals(round(last.availableWidth), round(availableWidth));
  const sameHeight =
    last.heightMode === heightMode && inexactEquals(round(last.availableHeight), round(availableHeight));
  const widthCompatible =
    sameWidth ||
    sizeIsExactAndMatchesOldMeasuredSize(widthMode, availableWidth - marginRow, last.computedWidth) ||
    oldSizeIsMaxContentAndStillFits(widthMode, availableWidth - marginRow, last.widthMode, last.computedWidth) ||
    newSizeIsStricterAndStillValid(
      widthMode,
      availableWidth - marginRow,
      last.widthMode,
      last.availableWidth,
      last.computedWidth,
    );
  const heightCompatible =
    sameHeight ||
    sizeIsExactAndMatchesOldMeasuredSize(heightMode, availableHeight - marginColumn, last.computedHeight) ||
    oldSizeIsMaxContentAndStillFits(heightMode, availableHeight - marginColumn, last.heightMode, last.computedHeight) ||
    newSizeIsStricterAndStillValid(
      heightMode,
      availableHeight - marginColumn,
      last.heightMode,
      last.availableHeight,
      last.computedHeight,
    );
  return widthCompatible && heightCompatible;
}

export const sameSpace = (entry: CachedMeasurement, space: Readonly<AvailableSpace>): boolean =>
  inexactEquals(entry.availableWidth, space.availableWidth) &&
  inexactEquals(entry.availableHeight, space.availableHeight) &&
  entry.widthMode === space.widthMode &&
  entry.heightMode === space.heightMode;
