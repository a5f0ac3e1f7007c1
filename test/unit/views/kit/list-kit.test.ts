import {describe, expect, test} from 'vitest';
import {columnWidths, contentWidths, joinCells, type Column} from '../../../../source/views/kit/columns.js';
import {ENGINE_DOWN, listMessage} from '../../../../source/views/kit/messages.js';
import {targetRows, withLoadedRows} from '../../../../source/views/kit/targets.js';
import {emptyList} from '../../../../source/store/list.js';

type Row = {name: string; used: string};
const columns: Column<Row>[] = [
  {id: 'name', title: 'NETWORK', cell: row => row.name, required: true, max: 20},
  {id: 'id', title: 'ID', cell: () => '0123456789ab', from: 100},
  {id: 'used', title: 'USED BY', cell: row => row.used, min: 8, priority: 20},
];
const widthsOf = (rows: Row[], width: number) =>
  columnWidths(
    columns,
    contentWidths(
      columns,
      rows.map(row => columns.map(column => column.cell(row))),
    ),
    width,
  );

describe('list columns from their content', () => {
  test('a short name column leaves its room to the users', () => {
    const rows = [{name: 'none', used: 'container,'.repeat(12)}];
    const [name, id, used] = widthsOf(rows, 77);
    expect(name).toBe('NETWORK'.length);
    expect(id).toBe(0);
    expect(used).toBe(77 - 'NETWORK'.length - 1);
  });

  test('a column cut by its max gets the room nobody else wants back; `from` shows a column on wide terminals', () => {
    const rows = [{name: 'x'.repeat(50), used: '-'}];
    expect(widthsOf(rows, 40)).toEqual([40 - 1 - 7, 0, 7]);
    expect(widthsOf(rows, 60)).toEqual([50, 0, 7]);
    const wide = widthsOf(rows, 120);
    expect(wide).toEqual([50, 12, 7]);
  });

  test('cells are padded and cut to their widths, right-aligned where asked, trailing spaces left out', () => {
    const cols: Column<{n: string}>[] = [
      {id: 'a', title: 'A', cell: r => r.n},
      {id: 'b', title: 'B', cell: r => r.n, align: 'right'},
      {id: 'c', title: 'C', cell: () => ''},
    ];
    expect(joinCells(cols, [4, 4, 3], ['ab', 'ab', ''])).toBe('ab     ab');
    expect(joinCells(cols, [3, 0, 3], ['abcdef', '', 'x'])).toBe('ab… x');
  });
});

describe('one wording for a list without rows', () => {
  const noun = {one: 'volume', many: 'volumes'};
  test('the engine away comes first, whatever else is true', () => {
    expect(listMessage(noun, {engine: 'down', loaded: false, total: 0, shown: 0})?.text).toBe(ENGINE_DOWN);
    expect(listMessage(noun, {engine: 'down', loaded: true, total: 3, shown: 3})?.text).toBe(ENGINE_DOWN);
  });
  test('connecting, loading, failed, empty, nothing matching, and nothing to say', () => {
    const say = (c: Parameters<typeof listMessage>[1]) => listMessage(noun, c)?.text;
    expect(say({engine: 'connecting', loaded: false, total: 0, shown: 0})).toBe('connecting to the engine…');
    expect(say({engine: 'connected', loaded: false, total: 0, shown: 0})).toBe('loading volumes…');
    expect(say({engine: 'connected', loaded: true, error: 'refused\x1b[2J', total: 0, shown: 0})).toBe(
      'volumes: refused (ctrl-r tries again)',
    );
    expect(say({engine: 'connected', loaded: true, total: 0, shown: 0})).toBe('no volumes here');
    expect(say({engine: 'connected', loaded: true, total: 2, shown: 0})).toBe(
      'no volume matches the filter (esc clears it)',
    );
    expect(say({engine: 'connected', loaded: true, total: 2, shown: 2})).toBeUndefined();
  });
});

describe('marked rows, else the selected one', () => {
  const rows = [{id: 'a'}, {id: 'b'}, {id: 'c'}];
  test('marks win (the filter aside); without marks, the selected row; marks of rows gone are dropped', () => {
    const list = {...emptyList(), marked: ['c', 'a']};
    expect(targetRows(rows, list, row => row.id, rows[1])).toEqual([{id: 'a'}, {id: 'c'}]);
    expect(targetRows(rows, emptyList(), row => row.id, rows[1])).toEqual([{id: 'b'}]);
    expect(targetRows(rows, emptyList(), row => row.id, undefined)).toEqual([]);
    const slice = withLoadedRows({items: rows, list}, [{id: 'a'}], row => row.id);
    expect(slice).toMatchObject({loaded: true, stale: false, list: {marked: ['a']}});
  });
});
