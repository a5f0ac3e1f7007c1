// A list's cells are measured once per row (views/kit/table.ts): a sort, whose heading marks its column with a new
// column object, and the sort menu, which offers another column set, measure no row again.
import {expect, test} from 'vitest';
import type {AppState} from '../../../../source/store/state.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {containerColumns, containerSortColumns} from '../../../../source/views/containers/columns.js';
import {joinCells, type Column} from '../../../../source/views/kit/columns.js';
import {table} from '../../../../source/views/kit/table.js';
import {unitConfig} from '../../../helpers/app-state.js';

type Row = {name: string; size: number};
let measured = 0;
const NAME: Column<Row> = {id: 'name', title: 'NAME', cell: row => (measured++, row.name)};
const SIZE: Column<Row> = {id: 'size', title: 'SIZE', cell: row => String(row.size)};
const rows: Row[] = Array.from({length: 500}, (_, i) => ({name: `thing-${i}`, size: i}));
const thingsSpec = {
  id: 'things',
  rows: () => rows,
  columns: () => [NAME, SIZE],
  list: (state: AppState) => state.containers.list,
  key: (row: Row) => row.name,
  message: () => undefined,
};
const things = table<Row>(thingsSpec);

test('sorting by a column measures no row again, and its marked heading still counts in its width', () => {
  const base = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS).store.get();
  const sortedBy = (descending?: boolean): AppState =>
    descending === undefined ? base : {...base, sorts: {things: {column: 'size', descending}}};
  const plain = things.widths(things.shown(sortedBy()), rows, 80);
  expect(measured).toBe(rows.length);
  const up = things.widths(things.shown(sortedBy(false)), rows, 80);
  const down = things.widths(things.shown(sortedBy(true)), rows, 80);
  expect(measured).toBe(rows.length);
  // SIZE ▲: the heading is now wider than any size.
  expect(up[1]).toBe('SIZE ▲'.length);
  expect(down).toEqual(up);
  expect(plain[1]).toBe('SIZE'.length);
});

test("the containers' column sets are the same arrays however often the sort menu asks for its own", () => {
  const state = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS).store.get();
  const shown = containerColumns(state);
  expect(containerSortColumns(state)).not.toBe(shown);
  expect(containerColumns(state)).toBe(shown);
  expect(containerSortColumns(state)).toBe(containerSortColumns(state));
});

// A row's text is kept from its last draw (views/kit/table.ts): whatever changes between two draws — the widths, a
// live cell, the column set — the text is the one the cells join to now.
test('a row drawn again is drawn as its cells join now: other widths, another live cell, other columns', () => {
  let clock = 'up 1s';
  const STATUS: Column<Row> = {id: 'status', title: 'STATUS', cell: () => '', live: () => clock};
  const withStatus = [NAME, STATUS, SIZE];
  const live = table<Row>({...thingsSpec, columns: () => withStatus});
  const row = rows[7]!;
  const expected = (columns: readonly Column<Row>[], widths: readonly number[]) =>
    joinCells(
      columns,
      widths,
      columns.map(column => (column.live ? clock : (column.cell?.(row) ?? ''))),
    );
  const draws: [readonly Column<Row>[], readonly number[], string?][] = [
    [withStatus, [10, 8, 4]],
    [withStatus, [10, 8, 4]],
    [withStatus, [5, 8, 4]],
    [withStatus, [5, 8, 4], 'up 2s'],
    [withStatus, [5, 8, 4]],
    [
      [NAME, SIZE],
      [5, 8],
    ],
    [withStatus, [10, 3, 4], 'exited 0'],
  ];
  for (const [columns, widths, next] of draws) {
    if (next) clock = next;
    expect(live.text(columns, [...widths], row, undefined, 0)).toBe(expected(columns, widths));
  }
});
