import {describe, expect, test} from 'vitest';
import type {Action} from '../../source/store/actions.js';
import type {AppState} from '../../source/store/state.js';
import {fitFooter} from '../../source/ui/components/Footer.js';
import {helpLines} from '../../source/ui/help-lines.js';
import {DEFAULT_KEYMAP, footerBindings} from '../../source/ui/keymap.js';
import {reduceApp} from '../../source/ui/reducer.js';
import {activeScopes} from '../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../source/ui/view-set.js';

const config = {logBufferLines: 1, logTail: 1, shells: [], readonly: false, registries: [], registryOptions: {}};
const reduce = (state: AppState, action: Action) => reduceApp(DEFAULT_VIEWS, state, action);
const start = {...DEFAULT_VIEWS.initialState('t', config), viewportRows: 10};

describe('help', () => {
  test('the current view and focus come first, then every other binding', () => {
    const lines = helpLines(DEFAULT_KEYMAP, DEFAULT_VIEWS, activeScopes(DEFAULT_VIEWS, start), '');
    expect(lines[0]).toEqual({text: 'Containers', title: true});
    const texts = lines.map(line => line.text).join('\n');
    for (const binding of DEFAULT_KEYMAP) expect(texts, binding.action).toContain(binding.help);
    const registry = helpLines(DEFAULT_KEYMAP, DEFAULT_VIEWS, ['registry', 'list', 'move', 'global'], '');
    expect(registry[0]).toEqual({text: 'Registry', title: true});
  });

  test('scrolls within its lines, filters with /, and esc clears the filter before closing', () => {
    let state = reduce(start, {type: 'help.toggle'});
    const total = helpLines(DEFAULT_KEYMAP, DEFAULT_VIEWS, activeScopes(DEFAULT_VIEWS, start), '').length;
    state = reduce(state, {type: 'cursor.end'});
    expect(state.overlay).toMatchObject({kind: 'help', scroll: total - 10});
    state = reduce(state, {type: 'cursor.down'});
    expect(state.overlay).toMatchObject({scroll: total - 10});
    state = reduce(state, {type: 'cursor.home'});
    expect(state.overlay).toMatchObject({scroll: 0});
    state = reduce(state, {type: 'help.filter'});
    expect(activeScopes(DEFAULT_VIEWS, state)).toEqual(['prompt']);
    state = reduce(state, {type: 'overlay.draft', draft: 'wrap'});
    expect(state.overlay).toMatchObject({kind: 'help', query: 'wrap'});
    state = reduce(state, {type: 'overlay.submit'});
    expect(state.overlay && 'draft' in state.overlay).toBe(false);
    expect(helpLines(DEFAULT_KEYMAP, DEFAULT_VIEWS, [], 'wrap').map(l => l.text.trim())).toEqual([
      'Log pane (enter or l on a container)',
      'w                  wrap',
    ]);
    state = reduce(state, {type: 'overlay.close'});
    expect(state.overlay).toMatchObject({kind: 'help', query: ''});
    expect(reduce(state, {type: 'overlay.close'}).overlay).toBeUndefined();
  });
});

describe('footer', () => {
  const bindings = footerBindings(DEFAULT_KEYMAP, ['containers', 'list', 'move', 'global']);
  test('keeps whole items by priority and always ends with ? help', () => {
    for (const width of [40, 60, 80, 120, 200]) {
      const fitted = fitFooter(bindings, width);
      expect(fitted.at(-1)?.action).toBe('help.toggle');
      const length = fitted.reduce((sum, b) => sum + ` ${b.keys[0]} ${b.help} `.length, 0);
      expect(length, `width ${width}`).toBeLessThanOrEqual(width);
    }
    expect(fitFooter(bindings, 40).map(b => b.action)).toContain('logs.open');
    expect(fitFooter(bindings, 200)).toHaveLength(bindings.length);
  });
});
