import type {Column} from './columns.js';
import {cellWidth} from '../../text/cells.js';
import {itemAt} from '../../util/item-at.js';

// How many rows have each cell width, per column: the widest cell is known as rows come and go (an event patches
// a row of 100,000) without going over every row again. Gives what columns.ts widestCells gives for the same rows.
export class WidthTally {
  private readonly counts: number[][];
  private readonly widest: number[];

  constructor(columns: number) {
    this.counts = Array.from({length: columns}, () => []);
    this.widest = Array.from({length: columns}, () => 0);
  }

  // A row's cell widths (one per column) counted in, or out (`by` -1).
  count(widths: readonly number[], by: 1 | -1): void {
    for (let i = 0; i < this.counts.length; i++) {
      const counts = itemAt(this.counts, i);
      const width = widths[i] ?? 0;
      const left = (counts[width] ?? 0) + by;
      counts[width] = left;
      const widest = this.widest[i] ?? 0;
      if (width > widest) this.widest[i] = width;
      else if (left === 0 && width === widest) this.widest[i] = widestCounted(counts, width);
    }
  }

  content<Row, Ctx>(columns: readonly Column<Row, Ctx>[]): number[] {
    return columns.map((column, i) => {
      const width = Math.max(cellWidth(column.title), column.width ?? 0);
      if (column.width !== undefined) return width;
      const widest = this.widest[i] ?? 0;
      return column.hideEmpty && widest === 0 ? 0 : Math.max(width, widest);
    });
  }
}

// The widest width still counted below `from` (the widths counted are few: this walks down from the old widest).
function widestCounted(counts: readonly number[], from: number): number {
  for (let width = from - 1; width > 0; width--) if ((counts[width] ?? 0) > 0) return width;
  return 0;
}
