import {describe, expect, test} from 'vitest';
import type {AppState} from '../../../../source/store/state.js';
import {DEFAULT_KEYMAP, footerBindings, readonlyKeymap, resolveKey} from '../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {selectedTag, visibleRepositories} from '../../../../source/views/registry/reducer.js';
import {reduce} from '../../../helpers/app-state.js';

const config = {
  logBufferLines: 1,
  logTail: 1,
  shells: [],
  readonly: false,
  registries: ['https://r.example:5000'],
  registryOptions: {},
};

describe('registry view: reducer', () => {
  const start = reduce({...DEFAULT_VIEWS.initialState('t', config), viewportRows: 3}, {type: 'view.registry'});
  const paged = [
    ['a/one', 'b/two'],
    ['c/three', 'd/four'],
  ].reduce<AppState>(
    (state, items) => reduce(state, {type: 'registry.page', level: 'repositories', items}),
    reduce(start, {type: 'registry.loading', level: 'repositories'}),
  );

  test('pages append as they arrive and the filter narrows them', () => {
    expect(visibleRepositories(paged)).toEqual(['a/one', 'b/two', 'c/three', 'd/four']);
    let state = reduce(paged, {type: 'filter.open'});
    state = reduce(state, {type: 'overlay.draft', draft: 'th'});
    expect(visibleRepositories(state)).toEqual(['c/three']);
  });

  test('the same repository read again (after t, d or C): the cursor stays on its tag', () => {
    let state = reduce(paged, {type: 'registry.loading', level: 'tags', repository: 'a/one'});
    state = reduce(state, {type: 'registry.page', level: 'tags', repository: 'a/one', items: ['1.0', 'stable', 'x']});
    state = reduce(state, {type: 'cursor.end'});
    const before = selectedTag(state);
    state = reduce(state, {type: 'registry.loading', level: 'tags', repository: 'a/one'});
    state = reduce(state, {
      type: 'registry.page',
      level: 'tags',
      repository: 'a/one',
      items: ['1.0', 'another', 'stable', 'x'],
    });
    expect(selectedTag(state)).toBe(before);
    // Another repository starts at its top.
    state = reduce(state, {type: 'registry.loading', level: 'tags', repository: 'b/two'});
    state = reduce(state, {type: 'registry.page', level: 'tags', repository: 'b/two', items: ['1.0', 'x']});
    expect(state.registry.tagList.cursor).toBe(0);
  });

  test('tags sort newest version first, o sorts by name, and the cursor stays on its tag', () => {
    let state = reduce(paged, {type: 'registry.loading', level: 'tags', repository: 'a/one'});
    state = reduce(state, {type: 'registry.page', level: 'tags', repository: 'a/one', items: ['1.0', '1.10', '1.2']});
    expect(selectedTag(state)).toBe('1.10');
    state = reduce(state, {type: 'cursor.down'});
    expect(selectedTag(state)).toBe('1.2');
    state = reduce(state, {type: 'registry.sort'});
    expect(state.registry.sort).toBe('name');
    expect(selectedTag(state)).toBe('1.2');
    // esc goes back to the repositories
    expect(reduce(state, {type: 'registry.back'}).registry.level).toBe('repositories');
  });

  test('pages of another repository than the one shown are ignored', () => {
    const state = reduce(paged, {type: 'registry.loading', level: 'tags', repository: 'a/one'});
    expect(
      reduce(state, {type: 'registry.page', level: 'tags', repository: 'b/two', items: ['x']}).registry.tags,
    ).toEqual([]);
  });
});

describe('registry view: keymap scope', () => {
  test('its keys apply while it shows', () => {
    const state = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'view.registry'});
    expect(activeScopes(DEFAULT_VIEWS, state)).toEqual(['registryList', 'registry', 'list', 'move', 'tabs', 'global']);
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'escape')).toBe('registry.back');
    // p (pull a tag) and o (sort tags) apply where there are tags, and only there does the footer offer them.
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'p')).toBeUndefined();
    expect(footerBindings(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state)).map(b => b.action)).not.toContain(
      'registry.pull',
    );
    const tags = {...state, registry: {...state.registry, level: 'tags' as const}};
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, tags), 'o')).toBe('registry.sort');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, tags), 'p')).toBe('registry.pull');
    expect(footerBindings(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, tags)).map(b => b.action)).toContain(
      'registry.pull',
    );
    // No registry configured: + (add one) is what the footer offers, not open and back.
    const none = {...state, registry: {...state.registry, urls: []}};
    expect(footerBindings(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, none)).map(b => b.action)).toEqual([
      'registry.add',
      'command.open',
      'help.toggle',
      'app.quit',
    ]);
  });
});

describe('registry view: delete, retag and copy', () => {
  const state = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'view.registry'});
  let tags = reduce(state, {type: 'registry.loading', level: 'tags', repository: 'a/one'});
  tags = reduce(tags, {type: 'registry.page', level: 'tags', repository: 'a/one', items: ['1.0', 'stable']});

  test('d, t and C act on a tag, and --readonly takes them away', () => {
    const scopes = activeScopes(DEFAULT_VIEWS, tags);
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'd')).toBe('registry.delete');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 't')).toBe('registry.retag');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'C')).toBe('registry.copyTo');
    const readonly = readonlyKeymap(DEFAULT_KEYMAP);
    for (const key of ['d', 't', 'C']) expect(resolveKey(readonly, scopes, key)).toBeUndefined();
    // Not on the repositories.
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'd')).toBeUndefined();
  });

  test('t asks for the new tag, C for the destination (starting from the tag itself)', () => {
    expect(reduce(tags, {type: 'registry.retag'}).overlay).toEqual({
      kind: 'registryRetag',
      draft: '',
      source: 'a/one:1.0',
    });
    expect(reduce(tags, {type: 'registry.copyTo'}).overlay).toEqual({
      kind: 'registryCopyTo',
      draft: 'a/one:1.0',
      source: 'a/one:1.0',
    });
    const empty = reduce(state, {type: 'registry.loading', level: 'tags', repository: 'a/none'});
    expect(reduce(empty, {type: 'registry.retag'}).overlay).toBeUndefined();
  });
});
