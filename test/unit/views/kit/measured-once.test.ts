// A list's cells are measured once per row (views/kit/table.ts): a sort, whose heading marks its column with a new
// column object, and the sort menu, which offers another column set, measure no row again.
import {expect, test} from 'vitest';
import type {AppState} from '../../../../source/store/state.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {containerColumns, containerSortColumns} from '../../../../source/views/containers/columns.js';
import type {Column} from '../../../../source/views/kit/columns.js';
import {table} from '../../../../source/views/kit/table.js';
import {unitConfig} from '../../../helpers/app-state.js';

type Row = {name: string; size: number};
let measured = 0;
const NAME: Column<Row> = {id: 'name', title: 'NAME', cell: row => (measured++, row.name)};
const SIZE: Column<Row> = {id: 'size', title: 'SIZE', cell: row => String(row.size)};
const rows: Row[] = Array.from({length: 500}, (_, i) => ({name: `thing-${i}`, size: i}));
const things = table<Row>({
  id: 'things',
  rows: () => rows,
  columns: () => [NAME, SIZE],
  list: state => state.containers.list,
  key: row => row.name,
  message: () => undefined,
});

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
