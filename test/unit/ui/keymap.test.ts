import {describe, expect, test} from 'vitest';
import {
  applyKeyOverrides,
  DEFAULT_KEYMAP,
  footerBindings,
  readonlyKeymap,
  resolveKey,
  type Keymap,
  type Scope,
} from '../../../source/ui/keymap.js';
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

  // resolveKey reads an index of the keymap made once: it answers as the first binding in the table would, for
  // every scope and key bound anywhere, alone and after each other scope, and for keymaps made from others.
  test('answers as a search of the table would, the first binding winning', () => {
    const search = (keymap: typeof DEFAULT_KEYMAP, scopes: readonly string[], key: string) => {
      if (key === 'ctrl-c')
        return (
          keymap.find(b => b.scope === scopes[0] && b.scope !== 'global' && b.keys.includes(key))?.action ?? 'app.quit'
        );
      for (const scope of scopes) {
        const binding = keymap.find(b => b.scope === scope && b.keys.includes(key));
        if (binding) return binding.action;
      }
      return undefined;
    };
    const overridden = applyKeyOverrides(DEFAULT_KEYMAP, {'cursor.down': ['x', 'j']}).keymap;
    const shadowed = [{scope: 'move', keys: ['j'], action: 'cursor.up', help: 'up'}, ...DEFAULT_KEYMAP] as Keymap;
    for (const keymap of [DEFAULT_KEYMAP, readonlyKeymap(DEFAULT_KEYMAP), overridden, shadowed]) {
      const scopes = [...new Set(keymap.map(b => b.scope)), 'global'] as Scope[];
      const keys = [...new Set(keymap.flatMap(b => b.keys)), 'ctrl-c', 'no-such-key'];
      for (const key of keys)
        for (const scope of scopes)
          for (const after of [[], ...scopes.map(other => [other])]) {
            const chain = [scope, ...after] as Scope[];
            expect(resolveKey(keymap, chain, key), `${chain.join(',')} ${key}`).toBe(search(keymap, chain, key));
          }
    }
    expect(resolveKey(shadowed, ['move'], 'j')).toBe('cursor.up');
    expect(resolveKey(overridden, ['move'], 'x')).toBe('cursor.down');
    expect(resolveKey(DEFAULT_KEYMAP, [], 'ctrl-c')).toBe('app.quit');
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
