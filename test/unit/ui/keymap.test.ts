import {describe, expect, test} from 'vitest';
import {DEFAULT_KEYMAP, footerBindings, resolveKey} from '../../../source/ui/keymap.js';
import {activeScopes} from '../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {unitConfig} from '../../helpers/app-state.js';

const initial = () => DEFAULT_VIEWS.initialState('t', unitConfig);

describe('keymap', () => {
  test('resolves keys by the active scopes, most specific first', () => {
    const list = activeScopes(DEFAULT_VIEWS, initial());
    expect(resolveKey(DEFAULT_KEYMAP, list, 'j')).toBe('cursor.down');
    expect(resolveKey(DEFAULT_KEYMAP, list, '?')).toBe('help.toggle');
    // In help, ? is help.toggle again (the 'overlay' scope), which closes it; q quits as over a list.
    expect(resolveKey(DEFAULT_KEYMAP, ['help', 'move', 'overlay'], '?')).toBe('help.toggle');
    expect(resolveKey(DEFAULT_KEYMAP, ['help', 'move', 'overlay'], 'escape')).toBe('overlay.close');
    expect(resolveKey(DEFAULT_KEYMAP, ['help', 'move', 'overlay'], 'q')).toBe('app.quit');
    // A confirmation: y, n and esc answer; other keys do nothing (they no longer cancel).
    expect(resolveKey(DEFAULT_KEYMAP, ['confirm', 'overlay'], 'n')).toBe('confirm.no');
    expect(resolveKey(DEFAULT_KEYMAP, ['confirm', 'overlay'], 'x')).toBeUndefined();
    expect(resolveKey(DEFAULT_KEYMAP, ['confirm', 'overlay'], ':')).toBe('command.open');
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

  test('tab keys come from the views registry', () => {
    expect(resolveKey(DEFAULT_KEYMAP, ['tabs'], '1')).toBe('view.containers');
    expect(resolveKey(DEFAULT_KEYMAP, ['tabs'], '4')).toBe('view.registry');
  });
});
