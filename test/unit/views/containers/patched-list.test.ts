// A long list patched by events (source/engine/containers/patch.ts) is followed row by row by what derives from it:
// the filtered and sorted rows, the cursor's keys, the column widths, the cursor and the marks. Each must be what
// the same list gives when made from the start (another array, with no changes recorded).
import {describe, expect, test} from 'vitest';
import {sortContainers, type ContainerRow} from '../../../../source/engine/containers/rows.js';
import {patchContainers} from '../../../../source/engine/containers/patch.js';
import type {AppState} from '../../../../source/store/state.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {containersList, visibleContainers} from '../../../../source/views/containers/selectors.js';
import {containersTable} from '../../../../source/views/containers/table.js';
import {changesSince} from '../../../../source/util/row-changes.js';
import type {RowKeys} from '../../../../source/store/list.js';
import {at} from '../../../helpers/found.js';
import {reduce, unitConfig} from '../../../helpers/app-state.js';

const COUNT = 300;
const WIDE = 'example/a-much-wider-image-name:latest';
const STATUSES = [
  'Up 2 hours',
  'Exited (0) 2 hours ago',
  'Up 1 second',
  'Exited (137) 1 second ago',
  'Up 3 days (unhealthy)',
];

const row = (i: number, state: string, status: string, image = `example/app-${i % 7}`): ContainerRow => ({
  id: `id-${i}`,
  name: `web-${String(i).padStart(4, '0')}${i % 11 === 0 ? '-with-a-longer-name' : ''}`,
  image,
  state,
  status,
  ports: i % 9 === 0 ? '80/tcp' : '',
  created: i,
});

// The same pseudo-random steps every run.
function random(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
}

// An event's answer for a few containers: some change state or status, one goes, one comes.
function eventAnswer(items: readonly ContainerRow[], next: () => number, step: number) {
  const picked = Array.from({length: 1 + Math.floor(next() * 3)}, () => at(items, Math.floor(next() * items.length)));
  // The widest image goes in every fourth step and out again two steps later: the column narrows back.
  const wide = step % 4 === 1 ? items.filter(r => r.image === WIDE) : [];
  const changed = [...new Set([...picked, ...wide])];
  const fresh = changed.map((old, k) => {
    const status = at(STATUSES, Math.floor(next() * STATUSES.length));
    const i = Number(old.id.slice(3));
    return k === 0 && step % 4 === 3
      ? row(i, old.state, old.status, WIDE)
      : row(i, status.startsWith('Up') ? 'running' : 'exited', status);
  });
  const gone = step % 3 === 0 ? [at(items, Math.floor(next() * items.length)).id] : [];
  const born = step % 5 === 0 ? [row(COUNT + step, 'running', 'Up 1 second')] : [];
  const ids = new Set([...changed.map(r => r.id), ...gone, ...born.map(r => r.id)]);
  return {ids, fresh: [...fresh, ...born].filter(r => !gone.includes(r.id))};
}

const keyList = (keys: RowKeys) => Array.from({length: keys.length}, (_, i) => keys.at(i));

type Seen = {
  names: string[];
  ids: readonly (string | undefined)[];
  widths: readonly number[];
  cursor: number;
  marked: readonly string[];
};
const seen = (state: AppState): Seen => {
  const columns = containersTable.shown(state);
  return {
    names: visibleContainers(state).map(r => r.name),
    ids: keyList(containersList(state).ids),
    widths: [...containersTable.widths(columns, state.containers.items, 140)],
    cursor: state.containers.list.cursor,
    marked: state.containers.list.marked,
  };
};

const settings: {filter: string; runningOnly: boolean; sort?: {column: string; descending: boolean}}[] = [
  {filter: '', runningOnly: false},
  {filter: '', runningOnly: true},
  {filter: 'web-00', runningOnly: false},
  {filter: 'up', runningOnly: false, sort: {column: 'status', descending: false}},
  {filter: '', runningOnly: false, sort: {column: 'image', descending: true}},
  {filter: 'app-3', runningOnly: true, sort: {column: 'name', descending: true}},
];

describe('a long list patched by events', () => {
  test.each(settings)('follows the rows that changed and ends as a list made from the start (%o)', setting => {
    const next = random(7);
    const initial = sortContainers(
      Array.from({length: COUNT}, (_, i) =>
        row(i, i % 5 === 0 ? 'running' : 'exited', i % 5 === 0 ? 'Up 2 hours' : 'Exited (0) 2 hours ago'),
      ),
    );
    let state = reduce(DEFAULT_VIEWS.initialState('t', unitConfig), {
      type: 'containers.loaded',
      items: initial,
    });
    state = {
      ...state,
      viewportRows: 20,
      sorts: setting.sort ? {...state.sorts, containers: setting.sort} : state.sorts,
      containers: {
        ...state.containers,
        runningOnly: setting.runningOnly,
        list: {...state.containers.list, filter: setting.filter},
      },
    };
    // The cursor on a row a few down, and two rows marked.
    for (const type of ['cursor.down', 'cursor.down', 'list.mark', 'cursor.down', 'list.mark'] as const)
      state = reduce(state, {type});
    const start = state;
    const index = new Map(state.containers.items.map(r => [r.id, r]));
    const states: AppState[] = [];
    const got: Seen[] = [];
    for (let step = 0; step < 40; step++) {
      const items = state.containers.items;
      const {ids, fresh} = eventAnswer(items, next, step);
      const patched = patchContainers(items, ids, fresh, id => index.get(id));
      expect(changesSince(items, patched)).toBeDefined();
      for (const id of ids) index.delete(id);
      for (const r of fresh) index.set(r.id, r);
      expect(patched).toEqual(sortContainers([...items.filter(r => !ids.has(r.id)), ...fresh]));
      state = reduce(state, {type: 'containers.loaded', items: patched});
      states.push(state);
      got.push(seen(state));
    }
    // Made from the start: each state's rows as another array (and the list state before the patch, relocated
    // again), after every patched one was seen, so the views' memos did not start over in between.
    const expected = states.map((patched, step) => {
      const before = step === 0 ? start : at(states, step - 1);
      const fromScratch = reduce(
        {...before, containers: {...before.containers, items: [...before.containers.items]}},
        {type: 'containers.loaded', items: [...patched.containers.items]},
      );
      return seen(fromScratch);
    });
    expect(got).toEqual(expected);
  });
});
