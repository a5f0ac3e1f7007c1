import {describe, expect, test} from 'vitest';
import type {AppState} from '../../../source/store/state.js';
import {fitFooter} from '../../../source/ui/components/Footer.js';
import {shownStatus, statusLines} from '../../../source/ui/components/StatusLine.js';
import {helpLines} from '../../../source/ui/help-lines.js';
import {DEFAULT_KEYMAP, footerBindings, resolveKey} from '../../../source/ui/keymap.js';
import {activeScopes} from '../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {downOverlay, reduce, unitConfig as config} from '../../helpers/app-state.js';

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

  const TAIL = ['command.open', 'app.quit', 'help.toggle'];
  const tail = (scopes: readonly string[], width: number) =>
    fitFooter(footerBindings(DEFAULT_KEYMAP, scopes), width)
      .slice(-3)
      .map(b => b.action);

  test('every view ends with : command  q quit  ? help, at 80 columns too', () => {
    for (const view of DEFAULT_VIEWS.views) {
      const state = {...start, view: view.id};
      for (const width of [80, 120, 200])
        expect(tail(activeScopes(DEFAULT_VIEWS, state), width), view.id).toEqual(TAIL);
    }
  });

  test('every overlay that takes no typing ends the same way; forms and prompts name enter and esc', () => {
    const overlays = [
      {kind: 'confirm', confirm: {owner: 'containers', operation: 'rm', title: 'x', targets: [], ids: [], names: []}},
      {kind: 'text', title: 't', lines: [], scroll: 0},
      {kind: 'help', scroll: 0, query: '', scopes: []},
      {kind: 'env', container: 'a', entries: [], reveal: false, scroll: 0},
      {kind: 'contexts', items: [], scroll: 0},
      downOverlay('p', [], {loading: false}),
      {kind: 'imagePrune', scope: {kind: 'images', all: false}, lines: [], loading: true, scroll: 0},
    ];
    for (const overlay of overlays) {
      const state = {...start, overlay} as AppState;
      expect(tail(activeScopes(DEFAULT_VIEWS, state), 80), overlay.kind).toEqual(TAIL);
      const keys = ['?', 'escape', 'q'].map(key => resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), key));
      expect(keys[0], overlay.kind).toBe('help.toggle');
      expect(['overlay.close', 'confirm.no'], overlay.kind).toContain(keys[1]);
      expect(keys[2], overlay.kind).toBe('app.quit');
    }
    const prompt = footerBindings(
      DEFAULT_KEYMAP,
      activeScopes(DEFAULT_VIEWS, {...start, overlay: {kind: 'command', draft: ''}}),
    );
    expect(prompt.map(b => b.action)).toEqual(['overlay.submit', 'overlay.close']);
  });

  test('help opened over a dialog comes back to it, and the dialog still gets its news meanwhile', () => {
    const down = downOverlay('p', ['c']);
    let state = reduce({...start, overlay: down}, {type: 'help.toggle'});
    expect(state.overlay).toMatchObject({kind: 'help', under: {kind: 'composeDown'}});
    expect(activeScopes(DEFAULT_VIEWS, {...start, overlay: down})[0]).toBe('composeDown');
    state = reduce(state, {type: 'help.toggle'});
    expect(state.overlay).toMatchObject({kind: 'composeDown', project: 'p'});
    state = reduce(reduce(state, {type: 'help.toggle'}), {type: 'overlay.close'});
    expect(state.overlay?.kind).toBe('composeDown');
    expect(reduce(state, {type: 'command.open'}).overlay).toMatchObject({kind: 'command'});
  });
});

describe('status messages', () => {
  test('belong to the view that showed when they came: hidden elsewhere, back on return; shared ones show everywhere', () => {
    let state = reduce({...start, view: 'volumes'}, {type: 'status', text: 'removed v1', kind: 'info'});
    expect(shownStatus(state)?.text).toBe('removed v1');
    state = reduce(state, {type: 'view.networks'});
    expect(shownStatus(state)).toBeUndefined();
    state = reduce(state, {type: 'view.volumes'});
    expect(shownStatus(state)?.text).toBe('removed v1');
    state = reduce(state, {type: 'status', text: 'engine back', kind: 'info', shared: true});
    expect(shownStatus(reduce(state, {type: 'view.networks'}))?.text).toBe('engine back');
  });

  test('wrap to the rows they may take, and end with … only when cut', () => {
    const text = 'unknown command "foo": the commands are ' + Array.from({length: 30}, (_, i) => `cmd${i}`).join(', ');
    const whole = statusLines(text, 80, 10);
    expect(whole.length).toBeGreaterThan(1);
    expect(whole.join('')).not.toContain('…');
    expect(whole.map(line => line.trim()).join(' ')).toBe(text);
    const cut = statusLines(text, 40, 2);
    expect(cut).toHaveLength(2);
    expect(cut[1]?.endsWith('…')).toBe(true);
    for (const line of [...whole, ...cut]) expect(line.length).toBeLessThanOrEqual(80);
  });
});
