import {expect, test} from 'vitest';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {unitConfig} from '../../../helpers/app-state.js';

// docs/usage.md: sorting the containers by CPU or MEM turns the stats columns on — so `o` offers them with the
// stats off too.
test('o offers CPU and MEM before u; picking CPU turns the stats on and sorts biggest first', () => {
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  expect(c.store.get().containers.stats.on).toBe(false);
  c.dispatch({type: 'sort.menu'});
  const menu = c.store.get().overlay;
  if (menu?.kind !== 'sortMenu') throw new Error('no sort menu');
  const titles = menu.columns.map(column => column.title);
  expect(titles).toEqual(expect.arrayContaining(['NAME', 'CPU', 'MEM']));
  c.store.set(state => ({...state, overlay: {...menu, scroll: titles.indexOf('CPU')}}));
  c.dispatch({type: 'overlay.submit'});
  const state = c.store.get();
  expect(state.containers.stats.on).toBe(true);
  expect(state.sorts.containers).toEqual({column: 'cpu', descending: true});
});

// A sort by CPU kept from an earlier run, with the stats off at start: the first list turns them on (the list
// showed unsorted, with no marker).
test('a kept sort by CPU turns the stats on with the first list', () => {
  const c = new Controller('unix:///nowhere.sock', unitConfig, DEFAULT_VIEWS);
  c.store.set(state => ({...state, sorts: {...state.sorts, containers: {column: 'cpu', descending: true}}}));
  expect(c.store.get().containers.stats.on).toBe(false);
  c.dispatch({type: 'containers.loaded', items: []});
  expect(c.store.get().containers.stats.on).toBe(true);
  // Turned off by hand (u) afterwards, a later list leaves them off.
  c.dispatch({type: 'containers.toggleStats'});
  c.dispatch({type: 'containers.loaded', items: []});
  expect(c.store.get().containers.stats.on).toBe(false);
  void c.close();
});
