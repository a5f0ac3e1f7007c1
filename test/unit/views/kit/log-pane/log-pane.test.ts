import {describe, expect, test} from 'vitest';
import {DEFAULT_KEYMAP, resolveKey} from '../../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../../source/ui/view-set.js';
import {logPane, reduce, unitConfig as config} from '../../../../helpers/app-state.js';

const pane = logPane({total: 100});

describe('log pane: reducer', () => {
  const open = reduce({...DEFAULT_VIEWS.initialState('t', config), viewportRows: 10}, {type: 'logs.opened', pane});

  test('scrolling up stops following; new lines keep the rows on screen still; f follows again', () => {
    let state = reduce(open, {type: 'cursor.up'});
    expect(state.logs).toMatchObject({follow: false, scrollBack: 1});
    state = reduce(state, {type: 'logs.changed', version: 1, total: 105, appended: 5, status: 'streaming'});
    expect(state.logs?.scrollBack).toBe(6);
    state = reduce(state, {type: 'logs.follow'});
    expect(state.logs).toMatchObject({follow: true, scrollBack: 0});
  });

  test('home typed before the first lines leaves follow, so the lines that come keep the top on screen', () => {
    const empty = reduce(open, {type: 'logs.opened', pane: logPane({total: 0})});
    let state = reduce(empty, {type: 'cursor.home'});
    expect(state.logs).toMatchObject({follow: false, scrollBack: 0});
    state = reduce(state, {type: 'logs.changed', version: 1, total: 200, appended: 200, status: 'streaming'});
    expect(state.logs).toMatchObject({follow: false, scrollBack: 199});
    // With its lines there, home goes to the first one; once the pane said how many rows it draws, to the first
    // page (wrapped lines may take more rows each: the first line itself).
    expect(reduce(open, {type: 'cursor.home'}).logs).toMatchObject({follow: false, scrollBack: 99});
    const drawn = reduce(open, {type: 'logs.rows', rows: 20});
    expect(reduce(drawn, {type: 'cursor.home'}).logs).toMatchObject({follow: false, scrollBack: 80});
    expect(reduce(reduce(drawn, {type: 'logs.wrap'}), {type: 'cursor.home'}).logs?.scrollBack).toBe(99);
    // Unwrapping, or a taller pane, brings the scroll back within reach of the first page.
    const home = reduce(reduce(drawn, {type: 'logs.wrap'}), {type: 'cursor.home'});
    expect(reduce(home, {type: 'logs.wrap'}).logs?.scrollBack).toBe(80);
    expect(reduce(reduce(drawn, {type: 'cursor.home'}), {type: 'logs.rows', rows: 30}).logs?.scrollBack).toBe(70);
  });

  test('home typed before the lines stays at the top when history is put in front of them', () => {
    const empty = reduce(open, {type: 'logs.opened', pane: logPane({total: 0})});
    let state = reduce(reduce(empty, {type: 'logs.rows', rows: 20}), {type: 'cursor.home'});
    state = reduce(state, {type: 'logs.changed', version: 1, total: 200, appended: 200, status: 'streaming'});
    expect(state.logs).toMatchObject({follow: false, scrollBack: 180});
    // The older lines come after the newest ones (history): the pane shows the first line still.
    state = reduce(state, {type: 'logs.changed', version: 2, total: 859, appended: 0, status: 'streaming'});
    expect(state.logs).toMatchObject({follow: false, scrollBack: 839});
    // New lines below it keep the top on screen too.
    state = reduce(state, {type: 'logs.changed', version: 3, total: 862, appended: 3, status: 'streaming'});
    expect(state.logs?.scrollBack).toBe(842);
    // Scrolled back elsewhere, history in front leaves the rows on screen still (they keep their place from the
    // bottom).
    const middle = reduce(reduce(open, {type: 'logs.rows', rows: 20}), {type: 'cursor.up'});
    const history = reduce(middle, {type: 'logs.changed', version: 1, total: 300, appended: 0, status: 'streaming'});
    expect(history.logs?.scrollBack).toBe(1);
    // Not sent there by home: a pane whose few lines fit on one page (a search jumped to one of them) keeps its
    // rows when more lines come, before or after them.
    const few = reduce(reduce(empty, {type: 'logs.rows', rows: 20}), {
      type: 'logs.changed',
      version: 1,
      total: 12,
      appended: 12,
      status: 'streaming',
    });
    let jumped = reduce(few, {type: 'logs.searched', query: 'x', matches: [3]});
    expect(jumped.logs).toMatchObject({follow: false, scrollBack: 0});
    jumped = reduce(jumped, {type: 'logs.changed', version: 2, total: 200, appended: 188, status: 'streaming'});
    jumped = reduce(jumped, {type: 'logs.changed', version: 3, total: 500, appended: 0, status: 'streaming'});
    expect(jumped.logs?.scrollBack).toBe(180);
    // Moving down from the top leaves it: history then keeps the rows still.
    const down = reduce(reduce(state, {type: 'cursor.down'}), {
      type: 'logs.changed',
      version: 4,
      total: 900,
      appended: 0,
      status: 'streaming',
    });
    expect(down.logs?.scrollBack).toBe(841);
  });

  test('the search runs again as lines change: the current match stays on its line, n lands on a match', () => {
    // Matches at 10, 50, 90 of 100 lines; the pane jumped to the newest (90).
    let state = reduce(open, {type: 'logs.searched', query: 'x', matches: [10, 50, 90]});
    expect(state.logs).toMatchObject({scrollBack: 9, search: {current: 2}});
    // The buffer is full: 5 new lines, one of them a match, push the 5 oldest out; every position moves by 5.
    state = reduce(state, {
      type: 'logs.changed',
      version: 1,
      total: 100,
      appended: 5,
      status: 'streaming',
      search: {matches: [5, 45, 85, 97], current: 2},
    });
    expect(state.logs).toMatchObject({scrollBack: 14, search: {matches: [5, 45, 85, 97], current: 2}});
    state = reduce(state, {type: 'logs.next'});
    expect(state.logs).toMatchObject({scrollBack: 2, search: {current: 3}});
    // The current match's line left the buffer: n goes to the oldest match held, N to the newest.
    const gone = reduce(state, {
      type: 'logs.changed',
      version: 2,
      total: 100,
      appended: 0,
      status: 'streaming',
      search: {matches: [40, 80], current: -1},
    });
    expect(reduce(gone, {type: 'logs.next'}).logs).toMatchObject({scrollBack: 59, search: {current: 0}});
    expect(reduce(gone, {type: 'logs.previous'}).logs).toMatchObject({scrollBack: 19, search: {current: 1}});
  });

  test('a search that found nothing (typed before the lines) jumps to the newest match when one arrives', () => {
    const empty = reduce(open, {type: 'logs.opened', pane: logPane({total: 0})});
    let state = reduce(empty, {type: 'logs.searched', query: 'red', matches: []});
    expect(state.logs).toMatchObject({follow: true, search: {matches: []}});
    state = reduce(state, {
      type: 'logs.changed',
      version: 1,
      total: 200,
      appended: 200,
      status: 'streaming',
      search: {matches: [3, 150], current: -1},
    });
    expect(state.logs).toMatchObject({follow: false, scrollBack: 49, search: {matches: [3, 150], current: 1}});
    state = reduce(state, {type: 'logs.next'});
    expect(state.logs).toMatchObject({scrollBack: 196, search: {current: 0}});
  });

  test('a pane whose lines all fit has nothing to scroll back to: up keeps it following', () => {
    const few = reduce(reduce(open, {type: 'logs.opened', pane: logPane({total: 5})}), {type: 'logs.rows', rows: 20});
    expect(reduce(few, {type: 'cursor.up'}).logs).toMatchObject({follow: true, scrollBack: 0});
  });

  test('search results jump to the newest match and n/N cycle', () => {
    let state = reduce(open, {type: 'logs.searched', query: 'x', matches: [10, 50, 90]});
    expect(state.logs?.search?.current).toBe(2);
    state = reduce(state, {type: 'logs.next'});
    expect(state.logs?.search?.current).toBe(0);
    expect(state.logs?.scrollBack).toBe(89);
    // esc clears the search first, then leaves the pane
    state = reduce(state, {type: 'logs.back'});
    expect(state.logs?.search).toBeUndefined();
    expect(reduce(state, {type: 'logs.back'}).focus).toBe('list');
  });
});

describe('log pane: the filter (&, C) and saving what it shows', () => {
  const open = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'logs.opened', pane});

  test('& and C open their prompts; ctrl-s asks which lines only while a filter is set', () => {
    const scopes = activeScopes(DEFAULT_VIEWS, open);
    expect(resolveKey(DEFAULT_KEYMAP, scopes, '&')).toBe('logs.filter');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'C')).toBe('logs.context');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'c')).toBe('logs.clear');
    expect(reduce(open, {type: 'logs.filter'}).overlay).toEqual({kind: 'logFilter', draft: ''});
    expect(reduce(open, {type: 'logs.save'}).overlay?.kind).toBe('save');
    const filter = {query: 'error', hide: true, context: 3};
    const filtered = reduce(reduce(open, {type: 'cursor.up'}), {
      type: 'logs.filtered',
      filter,
      context: 3,
      total: 37,
      held: 5000,
    });
    expect(filtered.logs).toMatchObject({filter, total: 37, held: 5000, scrollBack: 0});
    expect(reduce(filtered, {type: 'logs.filter'}).overlay).toEqual({kind: 'logFilter', draft: '!error'});
    expect(reduce(filtered, {type: 'logs.context'}).overlay).toEqual({kind: 'logContext', draft: '3'});
    const asked = reduce(filtered, {type: 'logs.save'});
    expect(asked.overlay).toEqual({kind: 'logSaveWhich', shown: 37, held: 5000});
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, asked), 's')).toBe('logs.saveShown');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, asked), 'escape')).toBe('overlay.close');
    expect(reduce(asked, {type: 'logs.saveShown'}).overlay).toMatchObject({kind: 'save', shown: true});
    expect(reduce(asked, {type: 'logs.saveAll'}).overlay).toMatchObject({kind: 'save', shown: false});
  });
});

describe('log pane: keymap scope', () => {
  test('while focused its keys win over the view under it; 0–6 pick windows there, 1 switches views elsewhere', () => {
    const state = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'logs.opened', pane});
    expect(activeScopes(DEFAULT_VIEWS, state)).toEqual(['logs', 'move', 'global']);
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), '1')).toBe('logs.window1');
    // No view key applies in the pane: 7 and 8 do not switch views under a pane that spends 0–6 on its window.
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), '7')).toBeUndefined();
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), '8')).toBeUndefined();
    const list = reduce(state, {type: 'logs.back'});
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, list), '1')).toBe('view.containers');
  });
});
