import {describe, expect, test} from 'vitest';
import type {ImageRow} from '../../../../source/engine/images/list.js';
import type {AppState} from '../../../../source/store/state.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {imagesList} from '../../../../source/views/images/list.js';
import {table} from '../../../../source/views/kit/table.js';
import type {SortChoice} from '../../../../source/views/kit/sort.js';
import type {Column} from '../../../../source/views/kit/columns.js';
import {unitConfig} from '../../../helpers/app-state.js';

// A list sorted by a column that the width would drop keeps that column (another gives way), so its ▲/▼ says what
// the order is.
const now = Math.floor(Date.now() / 1000);
const image = (tag: string, created: number): ImageRow => ({
  id: `sha256:${tag}`,
  shortId: `${tag}`.padEnd(12, '0'),
  repository: 'registry.example.com/team/ut2-repo',
  tag,
  reference: `registry.example.com/team/ut2-repo:${tag}`,
  created,
  size: 12_300_000,
  containers: 1,
  parentId: '',
  digests: [],
  tags: [],
});

function imagesAt(rows: ImageRow[], sort?: SortChoice): AppState {
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  c.store.set(state => ({
    ...state,
    view: 'images',
    images: {...state.images, loaded: true, items: rows},
    sorts: Object.fromEntries(sort ? [['images', sort]] : []),
  }));
  return c.store.get();
}

// The headings drawn at `width` terminal columns, in their widths.
function headings(state: AppState, width: number): Record<string, number> {
  const t = imagesList.table;
  const columns = t.shown(state);
  const widths = t.widths(columns, imagesList.rows(state), width);
  const shown: Record<string, number> = {};
  columns.forEach((column, i) => {
    if (widths[i]) shown[column.title] = widths[i];
  });
  return shown;
}

describe('the images list at 80 columns', () => {
  const rows = [image('release-1', now - 3 * 3600), image('release-2', now - 5 * 3600)];
  test('sorted by USED, the USED column and its ▼ stay', () => {
    expect(Object.keys(headings(imagesAt(rows), 80))).not.toContain('USED');
    expect(headings(imagesAt(rows, {column: 'used', descending: true}), 80)['USED ▼']).toBe('USED ▼'.length);
  });

  test('one row created a minute ago cuts CREATED, SIZE stays', () => {
    const fresh = [...rows, image('release-3', now - 70)];
    expect(Object.keys(headings(imagesAt(rows), 80))).toContain('SIZE');
    const shown = headings(imagesAt(fresh), 80);
    expect(shown.SIZE).toBeGreaterThan(0);
    expect(shown.CREATED).toBeGreaterThanOrEqual(11);
  });
});

test('a column shown only on wide terminals (from) is shown while the list is sorted by it', () => {
  type Row = {name: string; age: string};
  const columns: Column<Row>[] = [
    {id: 'name', title: 'NAME', cell: row => row.name, required: true},
    {id: 'status', title: 'STATUS', cell: () => 'Up 5 minutes'},
    {id: 'age', title: 'AGE', cell: row => row.age, from: 200},
  ];
  const rowsOf = () => [{name: 'web-1', age: '5m'}];
  const t = table<Row>({
    id: 'things',
    rows: rowsOf,
    columns: () => columns,
    list: () => ({cursor: 0, scrollTop: 0, filter: '', marked: []}),
    key: row => row.name,
    message: () => undefined,
  });
  const state = (sorts: AppState['sorts']) => ({sorts}) as AppState;
  const widthsAt = (s: AppState) => t.widths(t.shown(s), rowsOf(), 40);
  expect(widthsAt(state({}))).toEqual([5, 12, 0]);
  expect(t.shown(state({things: {column: 'age', descending: false}})).map(c => c.title)).toEqual([
    'NAME',
    'STATUS',
    'AGE ▲',
  ]);
  expect(widthsAt(state({things: {column: 'age', descending: false}}))[2]).toBe(5);
});
