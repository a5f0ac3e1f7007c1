import {useApp, useInput} from 'ink';
import {trace} from '../../trace.js';
import {keyName} from '../key-name.js';
import {resolveKey} from '../keymap.js';
import {activeScopes} from '../scopes.js';
import {useController} from './use-store.js';

const hasPrompt = (kind: string | undefined) => kind === 'filter' || kind === 'command';

// The application's only keyboard reader (ink-text-input reads printable keys while a prompt is open).
export function useKeyDispatch(): void {
  const controller = useController();
  const {exit} = useApp();
  useInput((input, key) => {
    const state = controller.store.get();
    if (hasPrompt(state.overlay?.kind) && !key.return && !key.escape && !(key.ctrl && input === 'c')) return;
    // Fast typing or a paste arrives as one string: act on each character, and once one of them opened a
    // prompt, the rest is what the user meant to type into it.
    const plain = input.length > 1 && !key.ctrl && !key.meta && !key.escape;
    const keys = plain ? [...input] : [keyName(input, key)];
    for (const [index, name] of keys.entries()) {
      const overlay = controller.store.get().overlay;
      if (plain && overlay && hasPrompt(overlay.kind) && 'draft' in overlay) {
        controller.dispatch({type: 'overlay.draft', draft: overlay.draft + keys.slice(index).join('')});
        return;
      }
      if (!name) continue;
      const action = resolveKey(controller.keymap, activeScopes(controller.store.get()), name === ' ' ? 'space' : name);
      if (!action) continue;
      trace.keyPressed(name);
      const request = controller.dispatch({type: action});
      if (request) return exit(request);
    }
  });
}
