import {describe, expect, test} from 'vitest';
import {analyseLayers} from '../../../../../source/engine/layers/analysis.js';
import type {Action} from '../../../../../source/store/actions.js';
import type {AppState} from '../../../../../source/store/state.js';
import {DEFAULT_KEYMAP, resolveKey} from '../../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../../source/ui/view-set.js';
import {shownFiles} from '../../../../../source/views/kit/layers/files.js';
import type {LayersOverlay} from '../../../../../source/views/kit/layers/state.js';
import {reduce, unitConfig as config} from '../../../../helpers/app-state.js';

const key = (state: AppState, name: string) => resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), name);
const press = (state: AppState, name: string) => {
  const type = key(state, name);
  return type ? reduce(state, {type} as Action) : state;
};
const pane = (state: AppState): LayersOverlay => {
  if (state.overlay?.kind !== 'layers') throw new Error('the layers pane is not open');
  return state.overlay;
};
const paths = (state: AppState) => shownFiles(pane(state)).rows.map(row => `${'  '.repeat(row.depth)}${row.path}`);

const result = analyseLayers([
  {
    id: 'a',
    command: 'ADD base',
    files: [
      {path: 'etc', kind: 'directory', size: 0},
      {path: 'etc/app.conf', kind: 'file', size: 10},
      {path: 'etc/old', kind: 'file', size: 5},
    ],
  },
  {
    id: 'b',
    command: 'RUN change',
    files: [
      {path: 'etc/app.conf', kind: 'file', size: 12},
      {path: 'etc/old', kind: 'deleted', size: 0},
    ],
  },
]);

describe('the layers pane', () => {
  test('l opens it in view 2 and on a tag in view 4 (where enter and → still open)', () => {
    const images = {...DEFAULT_VIEWS.initialState('t', config), view: 'images'};
    expect(key(images, 'l')).toBe('images.layers');
    const withRegistry = DEFAULT_VIEWS.initialState('t', {...config, registries: ['https://r.example']});
    const tags = {
      ...withRegistry,
      view: 'registry',
      registry: {...withRegistry.registry, level: 'tags' as const, repository: 'r'},
    };
    expect(key(tags, 'l')).toBe('registry.layers');
    expect(key(tags, 'enter')).toBe('registry.enter');
  });

  test('progress, then the layers over the files of the one under the cursor; tab, m, open and shut', () => {
    let state = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'layers.started', job: 1, title: 'img'});
    state = reduce(state, {type: 'layers.progress', job: 1, progress: {bytes: 5, total: 10}});
    expect(pane(state).progress).toEqual({bytes: 5, total: 10});
    // A late answer of an earlier reading is not this one's.
    state = reduce(state, {type: 'layers.done', job: 0, result});
    expect(pane(state).result).toBeUndefined();
    state = reduce(state, {type: 'layers.done', job: 1, result});
    expect(paths(state)).toEqual(['etc', '  etc/app.conf', '  etc/old']);
    state = press(state, 'j');
    expect(paths(state)).toEqual(['etc', '  etc/app.conf', '  etc/old']);
    expect(shownFiles(pane(state)).rows.map(row => row.node.change)).toEqual(['same', 'modified', 'deleted']);
    state = press(state, 'tab');
    expect(pane(state).focus).toBe('files');
    state = press(state, 'h');
    expect(paths(state)).toEqual(['etc']);
    state = press(state, 'l');
    expect(paths(state)).toHaveLength(3);
    state = press(state, 'm');
    expect(paths(state)).toEqual(['etc']);
    state = press(state, 'enter');
    expect(paths(state)).toEqual(['etc', '  etc/app.conf']);
    state = press(state, 'm');
    expect(paths(state)).toEqual(['etc/app.conf', 'etc/old']);
    expect(result.wasted).toBe(22 + 5);
    state = press(state, 'escape');
    expect(state.overlay).toBeUndefined();
  });
});
