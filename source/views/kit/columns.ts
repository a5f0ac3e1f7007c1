import {fitColumns} from '../../text/columns.js';
import {fit} from '../../text/format.js';
import {cellWidth} from '../../text/cells.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {PRINTABLE_ASCII} from '../../text/isolated-width.js';

// A list's column: its heading, the text of a row's cell, its sort key, and how it gives way when the terminal is
// narrow. Widths come from the content (the widest cell over all rows, so they do not jump while scrolling), then
// text/columns.ts `fitColumns` decides: required columns always show, the others join in order while they fit.
// Every list view — kit lists, containers, compose, swarm, registry, the engines table — describes its columns so.
export type Column<Row, Ctx = undefined> = {
  id: string;
  title: string;
  // The cell's text from the row alone (measured and cached per row object); untrusted text is fine, the kit
  // sanitises every cell.
  cell(row: Row): string;
  // The cell as drawn when it reads more than the row — stats samples, sizes loaded later, the clock: drawn from
  // this on the rows on screen, measured from `cell` (or `width`).
  live?: (row: Row, context: Ctx, now: number) => string;
  // The content's width when it is known without reading the rows (a number's cell): no row is measured.
  width?: number;
  // What the column sorts by when that is not its text: sizes, dates and counts by value. Rows sort by their
  // cell's text (numbers in it by value) otherwise.
  sort?: (row: Row, context: Ctx) => number | string | undefined;
  // Sorted biggest first when picked (CPU, sizes, ages); texts go A to Z.
  descendingFirst?: boolean;
  required?: boolean;
  // An optional column may be cut down to this rather than dropped.
  min?: number;
  // At most this wide, whatever the content.
  max?: number;
  align?: 'right';
  // Optional columns join in this order (lower first; default: their place) — a column may be drawn early but
  // given room late (a network's ID).
  priority?: number;
  // Shown only from this many terminal columns up.
  from?: number;
  // Left out while no row has anything in it (no container publishes a port), heading and all.
  hideEmpty?: boolean;
};

// A row's cells, sanitised, and their widths (0 for a column of a known width: WidthTally.content takes that), in
// one pass. Most cells are empty or printable ASCII: one native test says so, and such a cell needs no sanitising and
// is as wide as it is long. (Lists measure every row at start, when this code is not yet optimised: ~3 ms of the
// first frame of 1,000 containers.)
export type MeasuredCells = {cells: readonly string[]; widths: readonly number[]};

export function measuredCells<Row, Ctx>(columns: readonly Column<Row, Ctx>[], row: Row): MeasuredCells {
  const cells = new Array<string>(columns.length);
  const widths = new Array<number>(columns.length);
  for (let i = 0; i < columns.length; i++) {
    const column = columns[i] as Column<Row, Ctx>;
    const text = column.cell(row);
    const plain = text === '' || PRINTABLE_ASCII.test(text);
    const cell = plain ? text : sanitizeLine(text);
    cells[i] = cell;
    widths[i] = column.width !== undefined ? 0 : plain ? cell.length : cellWidth(cell);
  }
  return {cells, widths};
}

// Widths and cells below are arrays parallel to `columns` (made from it by `map`): an entry that is not there reads
// as a column of width 0 (hidden) or an empty cell.

export function contentWidths<Row, Ctx>(
  columns: readonly Column<Row, Ctx>[],
  cells: readonly (readonly string[])[],
): number[] {
  return widestCells(
    columns,
    cells.map(row => row.map(cellWidth)),
  );
}

// The same from each row's cell widths (measured once per row object by the table, so a list of 100,000 rows that
// changes in one row is measured again in one row).
function widestCells<Row, Ctx>(
  columns: readonly Column<Row, Ctx>[],
  rowWidths: readonly (readonly number[])[],
): number[] {
  return columns.map((column, i) => {
    let width = Math.max(cellWidth(column.title), column.width ?? 0);
    if (column.width !== undefined) return width;
    let filled = false;
    for (const row of rowWidths) {
      const cell = row[i] ?? 0;
      if (cell > 0) filled = true;
      if (cell > width) width = cell;
    }
    return column.hideEmpty && !filled ? 0 : width;
  });
}

// Widths for `width` cells of row text (the cursor and mark cells excluded); 0 hides a column.
export function columnWidths<Row, Ctx>(
  columns: readonly Column<Row, Ctx>[],
  content: readonly number[],
  width: number,
): number[] {
  const measured = columns.map((column, i) => ({column, content: content[i] ?? 0, rank: column.priority ?? i}));
  const order = measured
    .filter(({column, content}) => (column.from === undefined || width >= column.from) && content > 0)
    .sort((a, b) => a.rank - b.rank);
  const fitted = fitColumns(
    width,
    order.map(({column, content}) => ({
      id: column.id,
      content,
      required: column.required,
      min: column.min,
      max: column.max,
    })),
  );
  const widths = columns.map(column => fitted[column.id] ?? 0);
  // Room left over (a wide terminal) goes back to the columns their `max` cut, in order: a long name is whole
  // when nothing else needs the room.
  const shown = widths.filter(w => w > 0);
  let left = width - shown.reduce((sum, w) => sum + w, 0) - Math.max(0, shown.length - 1);
  return widths.map((given, i) => {
    const wanted = measured[i]?.content ?? 0;
    if (left <= 0 || given <= 0 || wanted <= given) return given;
    const more = Math.min(left, wanted - given);
    left -= more;
    return given + more;
  });
}

// One row's text in those widths; trailing padding left out (every byte of a row the cursor enters or leaves is
// sent to the terminal again).
export function joinCells<Row, Ctx>(
  columns: readonly Column<Row, Ctx>[],
  widths: readonly number[],
  cells: readonly string[],
) {
  const parts: string[] = [];
  columns.forEach((column, i) => {
    const width = widths[i] ?? 0;
    if (width <= 0) return;
    const cell = cells[i] ?? '';
    parts.push(fit(column.align === 'right' && cellWidth(cell) <= width ? cell.padStart(width) : cell, width));
  });
  return parts.join(' ').trimEnd();
}

// Where each shown column's heading is, in cells from the row's text start (a click on a heading sorts by it).
export function columnSpans<Row, Ctx>(
  columns: readonly Column<Row, Ctx>[],
  widths: readonly number[],
): {id: string; from: number; to: number}[] {
  const spans: {id: string; from: number; to: number}[] = [];
  let left = 0;
  columns.forEach((column, i) => {
    const width = widths[i] ?? 0;
    if (width <= 0) return;
    spans.push({id: column.id, from: left, to: left + width});
    left += width + 1;
  });
  return spans;
}
