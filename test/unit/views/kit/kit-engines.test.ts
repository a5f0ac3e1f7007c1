import {describe, expect, test} from 'vitest';
import {engineList} from '../../../../source/views/kit/engine-list.js';
import {engineKey, mergeEngineLists, onEngineName, perEngine} from '../../../../source/views/kit/across-engines.js';
import {idsByEngine} from '../../../../source/views/kit/actions.js';
import {compareImageRowsAcross} from '../../../../source/views/images/list.js';
import type {ImageRow} from '../../../../source/engine/images/list.js';
import {emptyEngineList, type EngineList} from '../../../../source/store/list.js';
import type {AppState} from '../../../../source/store/state.js';

type Row = {name: string; engine?: string};

describe("a kit list's rows across engines", () => {
  test('each engine that answered replaces only its own rows; one that did not keeps its rows', () => {
    const before: Row[] = [
      {name: 'data', engine: 'bench'},
      {name: 'old', engine: 'bench'},
      {name: 'data', engine: 'second'},
    ];
    const merged = mergeEngineLists(before, [
      {engine: 'bench', rows: [{name: 'data'}, {name: 'new'}]},
      {engine: 'second', error: 'connection refused'},
    ]);
    expect(merged).toEqual([
      {name: 'data', engine: 'bench'},
      {name: 'new', engine: 'bench'},
      {name: 'data', engine: 'second'},
    ]);
    // An engine away (no answer at all) keeps its rows too, in the engines' order.
    expect(mergeEngineLists(merged, [{engine: 'bench'}, {engine: 'second', rows: []}])).toEqual([
      {name: 'data', engine: 'bench'},
      {name: 'new', engine: 'bench'},
    ]);
  });

  test("with the view's order, the rows of all engines are sorted as one engine's, the engine breaking ties", () => {
    const byName = (a: Row, b: Row) => a.name.localeCompare(b.name);
    const merged = mergeEngineLists<Row>(
      [],
      [
        {engine: 'second', rows: [{name: 'alpha'}, {name: 'data'}, {name: 'zeta'}]},
        {engine: 'bench', rows: [{name: 'beta'}, {name: 'data'}, {name: 'omega'}]},
      ],
      byName,
    );
    expect(merged.map(row => `${row.engine}/${row.name}`)).toEqual([
      'second/alpha',
      'bench/beta',
      'bench/data',
      'second/data',
      'bench/omega',
      'second/zeta',
    ]);
    // An engine that did not answer keeps its rows, in their sorted places among the fresh ones.
    const again = mergeEngineLists<Row>(
      merged,
      [
        {engine: 'second', error: 'connection refused'},
        {engine: 'bench', rows: [{name: 'data'}, {name: 'new'}]},
      ],
      byName,
    );
    expect(again.map(row => `${row.engine}/${row.name}`)).toEqual([
      'second/alpha',
      'bench/data',
      'second/data',
      'bench/new',
      'second/zeta',
    ]);
  });

  test("images across engines: newest first, as with one engine; one image's tags stay together", () => {
    const image = (id: string, reference: string, created: number): ImageRow =>
      ({id, reference, created}) as unknown as ImageRow;
    const merged = mergeEngineLists<ImageRow>(
      [],
      [
        {engine: 'bench', rows: [image('b', 'old:1', 100)]},
        {engine: 'second', rows: [image('c', 'new:1', 300), image('a', 'mid:1', 200), image('a', 'mid:2', 200)]},
        {engine: 'third', rows: [image('a', 'mid:1', 200)]},
      ],
      compareImageRowsAcross,
    );
    expect(merged.map(row => onEngineName(row, row.reference))).toEqual([
      'second/new:1',
      'second/mid:1',
      'second/mid:2',
      'third/mid:1',
      'bench/old:1',
    ]);
  });

  test('keys: engine/key with several engines, the plain key with one', () => {
    expect(engineKey('bench', 'web-data')).toBe('bench/web-data');
    expect(engineKey(undefined, 'web-data')).toBe('web-data');
  });

  test("a row's users come from its own engine's containers (all of them with one engine)", () => {
    const containers = [
      {name: 'a', engine: 'bench'},
      {name: 'b', engine: 'second'},
      {name: 'c', engine: 'second'},
    ];
    const names = perEngine(containers, items => items.map(item => item.name));
    expect(names({engine: 'second'})).toEqual(['b', 'c']);
    expect(names({engine: 'bench'})).toEqual(['a']);
    expect(names({engine: 'gone'})).toEqual([]);
    const one: Row[] = [{name: 'x'}];
    expect(perEngine(one, items => items.length)({})).toBe(1);
  });

  test('bulk ids grouped by engine in the order first met', () => {
    expect([...idsByEngine(['a', 'b', 'c'], ['second', 'bench', 'second'])]).toEqual([
      ['second', ['a', 'c']],
      ['bench', ['b']],
    ]);
    expect([...idsByEngine(['a', 'b'], undefined)]).toEqual([[undefined, ['a', 'b']]]);
  });
});

describe('the kit with rows of several engines', () => {
  type State = AppState & {things: EngineList<Row>};
  const kit = engineList<Row>({
    id: 'things',
    noun: {one: 'thing', many: 'things'},
    slice: state => (state as State).things,
    put: (state, things) => ({...state, things}),
    key: row => row.name,
    filterText: row => [row.name],
    columns: [{id: 'name', title: 'NAME', cell: row => row.name, required: true}],
    fetch: () => Promise.resolve([]),
  });
  const stateWith = (items: Row[], filter = ''): AppState => {
    const things = emptyEngineList<Row>();
    return {things: {...things, items, list: {...things.list, filter}}, sorts: {}} as unknown as AppState;
  };
  const second: Row = {name: 'data', engine: 'second'};
  const both: Row[] = [{name: 'data', engine: 'bench'}, second, {name: 'logs', engine: 'second'}];

  test('the same name on two engines is two rows with two keys; ENGINE is the first column', () => {
    expect(kit.focused(stateWith(both)).ids).toEqual(['bench/data', 'second/data', 'second/logs']);
    expect(kit.columns(both).map(column => column.title)).toEqual(['ENGINE', 'NAME']);
    expect(kit.cells(second)).toEqual(['second', 'data']);
    // One engine: no ENGINE column, plain keys, as always.
    expect(kit.columns([{name: 'data'}]).map(column => column.title)).toEqual(['NAME']);
    expect(kit.focused(stateWith([{name: 'data'}])).ids).toEqual(['data']);
  });

  test('/ matches the engine name too; engine:NAME narrows to one engine', () => {
    expect(kit.visible(stateWith(both, 'second')).map(kit.key)).toEqual(['second/data', 'second/logs']);
    expect(kit.visible(stateWith(both, 'engine:second data')).map(kit.key)).toEqual(['second/data']);
    expect(kit.visible(stateWith(both, 'engine:bench')).map(kit.key)).toEqual(['bench/data']);
  });
});
