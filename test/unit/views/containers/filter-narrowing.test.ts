import {describe, expect, test} from 'vitest';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {reduceApp} from '../../../../source/ui/reducer.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import type {AppState} from '../../../../source/store/state.js';
import {visibleContainers} from '../../../../source/views/containers/selectors.js';
import {unitConfig as config} from '../../../helpers/app-state.js';

const NAMES = ['web-1', 'web-12', 'Web-2', 'db', 'cache', 'we\u200bb-3', 'api-web'];
const rows: ContainerRow[] = NAMES.map((name, i) => ({
  id: `id-${i}`,
  name,
  image: i % 2 ? 'nginx' : 'redis',
  state: i % 3 ? 'running' : 'exited',
  status: i % 3 ? 'Up 2 hours' : 'Exited (0)',
  ports: '',
  created: 0,
}));
const loaded = reduceApp(DEFAULT_VIEWS, DEFAULT_VIEWS.initialState('t', config), {
  type: 'containers.loaded',
  items: rows,
});
const withFilter = (filter: string, runningOnly = false): AppState => ({
  ...loaded,
  containers: {...loaded.containers, runningOnly, list: {...loaded.containers.list, filter}},
});
// The same filter asked of a fresh list (another array): filtered from every row.
const fromScratch = (filter: string, runningOnly = false) => {
  const state = withFilter(filter, runningOnly);
  return visibleContainers({...state, containers: {...state.containers, items: [...rows]}}).map(row => row.name);
};

describe('a filter typed a character at a time', () => {
  test('narrows from the last result and gives what filtering every row gives', () => {
    const typed = [
      'w',
      'we',
      'web',
      'web-',
      'web-1',
      'web-12',
      'web-1',
      'eb',
      're:^web',
      're:^web-1',
      'web',
      'redis',
      'nginx',
      'up',
      'up 2',
      '',
    ];
    for (const runningOnly of [false, true]) {
      // Every expected result first: asking a fresh list in between would reset what the next filter narrows from.
      const expected = typed.map(filter => fromScratch(filter, runningOnly));
      const got = typed.map(filter => visibleContainers(withFilter(filter, runningOnly)).map(row => row.name));
      expect(got).toEqual(expected);
    }
  });
});
