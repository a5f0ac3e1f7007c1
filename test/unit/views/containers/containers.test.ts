import {describe, expect, test} from 'vitest';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {resolveKey, DEFAULT_KEYMAP} from '../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {reduceContainers} from '../../../../source/views/containers/reducer.js';
import {reduce, unitConfig as config} from '../../../helpers/app-state.js';

const row = (name: string, state = 'running'): ContainerRow => ({
  id: `id-${name}`,
  name,
  image: 'img',
  state,
  status: state,
  ports: '',
  created: 0,
});

describe('containers view: reducer', () => {
  const loaded = reduce(
    {...DEFAULT_VIEWS.initialState('t', config), viewportRows: 2},
    {type: 'containers.loaded', items: [row('a'), row('b'), row('c'), row('d', 'exited')]},
  );

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

  test('a running-only toggle keeps the selection where it can', () => {
    let state = reduce(loaded, {type: 'cursor.end'});
    state = reduce(state, {type: 'containers.toggleAll'});
    expect(state.containers.runningOnly).toBe(true);
    expect(state.containers.list.cursor).toBe(2);
    expect(reduceContainers(state, {type: 'containers.toggleAll'}).containers.runningOnly).toBe(false);
  });

  test('views that are not registered cannot be switched to; tab cycles the registered ones', () => {
    expect(reduce(loaded, {type: 'view.show', view: 'swarm'}).view).toBe('containers');
    expect(reduce(loaded, {type: 'view.next'}).view).toBe('images');
    expect(reduce(reduce(loaded, {type: 'view.next'}), {type: 'view.next'}).view).toBe('compose');
    expect(reduce(loaded, {type: 'view.previous'}).view).toBe('events');
  });

  test('the env overlay scrolls and reveals', () => {
    let state = reduce(loaded, {
      type: 'overlay.show',
      overlay: {
        kind: 'env',
        container: 'a',
        entries: [
          {key: 'A', value: '1', secret: false},
          {key: 'B', value: '2', secret: true},
        ],
        reveal: false,
        scroll: 0,
      },
    });
    state = reduce(state, {type: 'cursor.down'});
    state = reduce(state, {type: 'cursor.down'});
    expect(state.overlay).toMatchObject({kind: 'env', scroll: 1});
    expect(reduce(state, {type: 'env.reveal'}).overlay).toMatchObject({reveal: true});
    // The list underneath did not move.
    expect(state.containers.list.cursor).toBe(0);
  });
});

describe('containers view: keymap scope', () => {
  const state = DEFAULT_VIEWS.initialState('t', config);
  test('its keys apply while it shows, not in other views', () => {
    expect(activeScopes(DEFAULT_VIEWS, state)).toEqual(['containers', 'list', 'move', 'tabs', 'global']);
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'e')).toBe('exec.shell');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'P')).toBe('container.pause');
    const registry = reduce(state, {type: 'view.registry'});
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, registry), 'e')).toBeUndefined();
  });
  test('the env overlay has its own keys', () => {
    const env = reduce(state, {
      type: 'overlay.show',
      overlay: {kind: 'env', container: 'a', entries: [], reveal: false, scroll: 0},
    });
    expect(activeScopes(DEFAULT_VIEWS, env)).toEqual(['env', 'dialog', 'move', 'overlay']);
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, env), 'm')).toBe('env.reveal');
  });
});
