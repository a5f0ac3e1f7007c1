import {expect, test} from 'vitest';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {reduce, unitConfig as config} from '../../../helpers/app-state.js';

// View 9 scrolls back until the oldest event is at the top of a full page (the view says how many rows it draws):
// one more ↓ from there moves at once, and a taller view keeps the oldest at its top.
test('g stops at the first page, the next key moves from it; a taller view keeps the oldest on top', () => {
  let state = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'view.events'});
  state = reduce(state, {type: 'events.changed', version: 1, total: 100, appended: 100});
  // Before the view has drawn: back to the oldest event itself.
  expect(reduce(state, {type: 'events.oldest'}).events).toMatchObject({scrollBack: 99, follow: false});
  state = reduce(state, {type: 'events.rows', rows: 20});
  state = reduce(state, {type: 'events.oldest'});
  expect(state.events).toMatchObject({scrollBack: 80, follow: false});
  expect(reduce(state, {type: 'events.older'}).events.scrollBack).toBe(80);
  expect(reduce(state, {type: 'events.newer'}).events.scrollBack).toBe(79);
  // New events keep the page still (the oldest stays on top).
  expect(reduce(state, {type: 'events.changed', version: 2, total: 105, appended: 5}).events.scrollBack).toBe(85);
  expect(reduce(state, {type: 'events.rows', rows: 30}).events.scrollBack).toBe(70);
});

// 6 g in one burst: g comes while the window is replayed; the events that arrive keep the oldest on top (it
// landed near the newest).
test('g typed before a window has come stays at the oldest event as the events arrive', () => {
  let state = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'view.events'});
  state = reduce(state, {type: 'events.rows', rows: 20});
  state = reduce(state, {type: 'events.window6'});
  state = reduce(state, {type: 'events.oldest'});
  expect(state.events).toMatchObject({follow: false, scrollBack: 0});
  // The replay replaces what was shown (nothing appended in the usual sense), in two publishes.
  state = reduce(state, {type: 'events.changed', version: 2, total: 120, appended: 0});
  state = reduce(state, {type: 'events.changed', version: 3, total: 256, appended: 136});
  expect(state.events.scrollBack).toBe(236);
  // A key that moves ends it: new events then keep the rows on screen still.
  state = reduce(state, {type: 'events.newer'});
  state = reduce(state, {type: 'events.changed', version: 4, total: 260, appended: 4});
  expect(state.events.scrollBack).toBe(239);
});
