import type {ListState} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {Role} from '../../theme/index.js';
import {columnSpans, columnWidths, joinCells, measuredCells, type Column, type MeasuredCells} from './columns.js';
import {ROW_PREFIX_CELLS} from './glyphs.js';
import {changesSince} from '../../util/row-changes.js';
import {WidthTally} from './width-tally.js';
import type {ListMessage} from './messages.js';
import type {SortChoice} from './sort.js';
import {sanitizeLine} from '../../text/sanitize.js';

// One list on screen, whatever view it is in: which rows, in which columns, where the cursor and marks are, and
// what to say when there is nothing to show. ListTable (ListBody.tsx) draws every list from this; the kit's engine
// lists (engine-list.ts) make one from their spec, and the containers, compose, swarm and registry views describe
// their own lists with it.
export type TableSpec<Row extends object, Ctx = undefined> = {
  // What the list is called where choices about it are remembered (its sort): the view's id, or view.list.
  id: string;
  // The rows as listed now (filtered, sorted): what the cursor moves over. Memoised: the same array while unchanged.
  rows: (state: AppState) => readonly Row[];
  // The rows the columns are measured over (default: `rows`): all of them, so widths do not jump with the filter.
  measured?: (state: AppState) => readonly Row[];
  // The same array while unchanged (ENGINE first with several engines, the stats columns when they are on).
  columns: (state: AppState) => readonly Column<Row, Ctx>[];
  // The columns `o` offers, when more than `columns` (a column the view turns on when it is picked).
  sortable?: (state: AppState) => readonly Column<Row, Ctx>[];
  list: (state: AppState) => ListState;
  key: (row: Row) => string;
  // What the list says instead of rows or over them (the engine away, loading, nothing matches).
  message: (state: AppState) => ListMessage | undefined;
  // The whole list drawn dim: it may be out of date (the engine went away, a reload is due).
  stale?: (state: AppState) => boolean;
  // What `live` cells read besides the row (stats samples, sizes); the same object while unchanged.
  context?: (state: AppState) => Ctx;
  // A glyph between the cursor and the mark (a container's state) in a theme role; `away`: its engine is down.
  lead?: (row: Row, away: boolean) => {glyph: string; role?: Role};
  // A row drawn dim (a predefined network) or in the error colour (a node that is down).
  tone?: (row: Row) => 'dim' | 'warn' | undefined;
  // A list of one column (the registry's names) heads itself with a line about the list instead of the column's
  // title: where it comes from, how many, whether it is still loading. Untrusted text is fine.
  caption?: (state: AppState) => string;
};

export type Table<Row extends object, Ctx = undefined> = TableSpec<Row, Ctx> & {
  // Cells from the row alone, sanitised, cached per row object and column set.
  cells: (columns: readonly Column<Row, Ctx>[], row: Row) => readonly string[];
  widths: (columns: readonly Column<Row, Ctx>[], measured: readonly Row[], width: number) => readonly number[];
  // A row's text as drawn: cached cells, live ones read now.
  text: (
    columns: readonly Column<Row, Ctx>[],
    widths: readonly number[],
    row: Row,
    context: Ctx,
    now: number,
  ) => string;
  // The columns as drawn: the sorted one's title marked ▲ (ascending) or ▼ and always shown; the same array while
  // unchanged.
  shown: (state: AppState) => readonly Column<Row, Ctx>[];
  // Rows on screen in a body `height` lines high: the heading and the message line take theirs.
  rowsOnScreen: (state: AppState, height: number) => number;
  // Where each shown column's heading is, counted from the body's left edge.
  spans: (state: AppState, width: number) => {id: string; from: number; to: number}[];
};

export function table<Row extends object, Ctx = undefined>(spec: TableSpec<Row, Ctx>): Table<Row, Ctx> {
  // A row's cells and their widths, once per row object (rows are immutable: a changed row is a new object) and
  // column set, in one entry: a list's first frame measures every row (1,000 of them at start). Column sets that
  // measure alike share one cache: the sorted column's heading marked ▲/▼ is a new column, and sorting 100,000 rows
  // measured every row again (~250 ms).
  const cacheOf = measureCaches<Row, Ctx>();
  const rowCells = (columns: readonly Column<Row, Ctx>[], row: Row): MeasuredCells => {
    const cache = cacheOf(columns);
    let found = cache.get(row);
    if (!found) cache.set(row, (found = measuredCells(columns, row)));
    return found;
  };
  const cells = (columns: readonly Column<Row, Ctx>[], row: Row) => rowCells(columns, row).cells;
  const cellWidths = (columns: readonly Column<Row, Ctx>[], row: Row) => rowCells(columns, row).widths;
  // The widest cell of each column over the measured rows, from a count of each width (kit/width-tally.ts): a
  // list patched by an event (source/util/row-changes.ts) counts the rows that changed out and in again, not every
  // row.
  // Column sets that measure alike share the count too; the headings' widths are each set's own.
  let last: {
    columns: readonly Column<Row, Ctx>[];
    cache: object;
    measured: readonly Row[];
    content: number[];
    tally: WidthTally;
  };
  const content = (columns: readonly Column<Row, Ctx>[], measured: readonly Row[]): number[] => {
    if (last?.columns === columns && last.measured === measured) return last.content;
    const cache = cacheOf(columns);
    const alike = last?.cache === cache;
    const changes = alike && last.measured !== measured ? changesSince(last.measured, measured) : undefined;
    const tally = (alike && last.measured === measured) || changes ? last.tally : new WidthTally(columns.length);
    if (changes)
      for (const splice of changes.splices)
        if ('added' in splice) tally.count(cellWidths(columns, splice.added), 1);
        else tally.count(cellWidths(columns, splice.removed), -1);
    else if (tally !== last?.tally) for (const row of measured) tally.count(cellWidths(columns, row), 1);
    last = {columns, cache, measured, content: tally.content(columns), tally};
    return last.content;
  };
  const widths = memoLast((columns: readonly Column<Row, Ctx>[], measured: readonly Row[], width: number) =>
    columnWidths(columns, content(columns, measured), width - ROW_PREFIX_CELLS),
  );
  const measured = spec.measured ?? spec.rows;
  // Each row's text as last drawn: a render that draws a row as before (an update off screen, a key that moved the
  // cursor, the same live cells) fits and joins no cells again. Entries go with their row objects.
  const drawn = new WeakMap<
    Row,
    {columns: readonly Column<Row, Ctx>[]; widths: readonly number[]; cells: readonly string[]; text: string}
  >();
  // The sorted column is kept on screen whatever the width (another optional column gives way), so the order
  // shown always says what it is: its heading carries the marker.
  const marked = memoLast((columns: readonly Column<Row, Ctx>[], sort: SortChoice | undefined) =>
    sort && columns.some(column => column.id === sort.column)
      ? columns.map(column =>
          column.id === sort.column
            ? {
                ...column,
                title: `${column.title} ${sort.descending ? '▼' : '▲'}`,
                required: true,
                from: undefined,
              }
            : column,
        )
      : columns,
  );
  const shown = (state: AppState) => marked(spec.columns(state), state.sorts[spec.id]);
  return {
    ...spec,
    shown,
    cells,
    widths,
    text(columns, shown, row, context, now) {
      const cached = cells(columns, row);
      const live = columns.some(column => column.live)
        ? columns.map((column, i) => (column.live ? sanitizeLine(column.live(row, context, now)) : (cached[i] ?? '')))
        : cached;
      const last = drawn.get(row);
      if (last?.columns === columns && sameItems(last.widths, shown) && sameItems(last.cells, live)) return last.text;
      const text = joinCells(columns, shown, live);
      drawn.set(row, {columns, widths: shown, cells: live, text});
      return text;
    },
    rowsOnScreen: (state, height) => Math.max(1, height - 1 - (spec.message(state) ? 1 : 0)),
    spans(state, width) {
      const columns = shown(state);
      return columnSpans(columns, widths(columns, measured(state), width)).map(span => ({
        ...span,
        from: span.from + ROW_PREFIX_CELLS,
        to: span.to + ROW_PREFIX_CELLS,
      }));
    },
  };
}

// The cell cache of a column set, shared by the sets that measure a row alike: the same cell functions and fixed
// widths, column by column (all measuredCells reads). The last MAX_SETS sets are compared with a new one.
const MAX_SETS = 8;
function measureCaches<Row extends object, Ctx>(): (
  columns: readonly Column<Row, Ctx>[],
) => WeakMap<Row, MeasuredCells> {
  const byColumns = new WeakMap<readonly Column<Row, Ctx>[], WeakMap<Row, MeasuredCells>>();
  const recent: {columns: readonly Column<Row, Ctx>[]; cache: WeakMap<Row, MeasuredCells>}[] = [];
  const alike = (a: readonly Column<Row, Ctx>[], b: readonly Column<Row, Ctx>[]) =>
    a.length === b.length && a.every((column, i) => column.cell === b[i]?.cell && column.width === b[i]?.width);
  return columns => {
    let cache = byColumns.get(columns);
    if (cache) return cache;
    cache = recent.find(set => alike(set.columns, columns))?.cache;
    if (!cache) {
      cache = new WeakMap();
      recent.unshift({columns, cache});
      if (recent.length > MAX_SETS) recent.pop();
    }
    byColumns.set(columns, cache);
    return cache;
  };
}

const sameItems = (a: readonly unknown[], b: readonly unknown[]): boolean =>
  a === b || (a.length === b.length && a.every((item, i) => item === b[i]));
