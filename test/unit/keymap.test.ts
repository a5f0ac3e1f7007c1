import {describe, expect, test} from 'vitest';
import {DEFAULT_KEYMAP, footerBindings, resolveKey} from '../../source/ui/keymap.js';
import {activeScopes} from '../../source/ui/scopes.js';
import {reduce} from '../../source/store/reducer.js';
import {initialState, type ContainerRow} from '../../source/store/state.js';

const row = (name: string, state = 'running'): ContainerRow => ({id: `id-${name}`, name, image: 'img', state, status: state, ports: '', created: 0});

describe('keymap', () => {
  test('resolves keys by the active scopes, most specific first', () => {
    const list = activeScopes(initialState('t'));
    expect(resolveKey(DEFAULT_KEYMAP, list, 'j')).toBe('cursor.down');
    expect(resolveKey(DEFAULT_KEYMAP, list, '?')).toBe('help.toggle');
    expect(resolveKey(DEFAULT_KEYMAP, ['help'], '?')).toBe('overlay.close');
    expect(resolveKey(DEFAULT_KEYMAP, ['prompt'], 'q')).toBeUndefined();
    expect(resolveKey(DEFAULT_KEYMAP, ['prompt'], 'ctrl-c')).toBe('app.quit');
  });

  test('the footer lists only bindings of the active scopes', () => {
    const footer = footerBindings(DEFAULT_KEYMAP, ['prompt']).map(b => b.action);
    expect(footer).toEqual(['overlay.submit', 'overlay.close']);
  });

  test('no key is bound twice in one scope', () => {
    const seen = new Set<string>();
    for (const binding of DEFAULT_KEYMAP)
      for (const key of binding.keys) {
        const id = `${binding.scope}:${key}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
      }
  });
});

describe('reducer', () => {
  const loaded = reduce({...initialState('t'), viewportRows: 2}, {type: 'containers.loaded', items: [row('a'), row('b'), row('c'), row('d', 'exited')]});

  test('the cursor moves, clamps and scrolls within the viewport', () => {
    let state = reduce(loaded, {type: 'cursor.down'});
    state = reduce(state, {type: 'cursor.down'});
    expect(state.containers.list).toMatchObject({cursor: 2, scrollTop: 1, selectedId: 'id-c'});
    state = reduce(state, {type: 'cursor.end'});
    state = reduce(state, {type: 'cursor.down'});
    expect(state.containers.list.cursor).toBe(3);
    state = reduce(state, {type: 'cursor.home'});
    expect(state.containers.list).toMatchObject({cursor: 0, scrollTop: 0});
  });

  test('a refreshed list keeps the same container selected', () => {
    let state = reduce(loaded, {type: 'cursor.down'});
    state = reduce(state, {type: 'containers.loaded', items: [row('0'), row('a'), row('b'), row('c')]});
    expect(state.containers.list.selectedId).toBe('id-b');
    expect(state.containers.list.cursor).toBe(2);
  });

  test('filtering narrows the list and esc clears it', () => {
    let state = reduce(loaded, {type: 'filter.open'});
    state = reduce(state, {type: 'overlay.draft', draft: 'c'});
    expect(state.containers.list.filter).toBe('c');
    state = reduce(state, {type: 'overlay.submit'});
    expect(state.overlay).toBeUndefined();
    state = reduce(state, {type: 'overlay.close'});
    expect(state.containers.list.filter).toBe('');
  });

  test('space marks the row and moves on; marks of vanished containers are dropped', () => {
    let state = reduce(loaded, {type: 'list.mark'});
    expect(state.containers.list.marked).toEqual(['id-a']);
    expect(state.containers.list.cursor).toBe(1);
    state = reduce(state, {type: 'containers.loaded', items: [row('b')]});
    expect(state.containers.list.marked).toEqual([]);
  });

  test('views that are not built yet cannot be switched to', () => {
    expect(reduce(loaded, {type: 'view.images'}).view).toBe('containers');
    expect(reduce(loaded, {type: 'view.next'}).view).toBe('registry');
    expect(reduce(reduce(loaded, {type: 'view.next'}), {type: 'view.next'}).view).toBe('containers');
  });
});
