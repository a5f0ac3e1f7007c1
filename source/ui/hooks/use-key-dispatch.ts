import {type Key, useApp, useInput} from 'ink';
import type {Action} from '../../store/actions.js';
import type {Controller, ExitRequest} from '../controller.js';
import {trace} from '../../trace.js';
import {keyName} from '../key-name.js';
import {resolveKey} from '../keymap.js';
import {editLine} from '../line-edit.js';
import {SHELL_COMMANDS} from '../commands.js';
import {completeCommandLine} from '../complete.js';
import {activeScopes} from '../scopes.js';
import {useController} from './use-controller.js';
import {isSwitchFocused} from '../../views/form.js';

const NO_KEY: Key = {
  upArrow: false,
  downArrow: false,
  leftArrow: false,
  rightArrow: false,
  pageDown: false,
  pageUp: false,
  home: false,
  end: false,
  return: false,
  escape: false,
  ctrl: false,
  shift: false,
  tab: false,
  backspace: false,
  delete: false,
  meta: false,
  super: false,
  hyper: false,
} as Key;

// What Ink would have reported had the character arrived alone: [input, key].
function charKey(char: string): [string, Key] {
  if (char === '\r' || char === '\n') return [char, {...NO_KEY, return: true}];
  if (char === '\t') return [char, {...NO_KEY, tab: true}];
  if (char === '\x7f' || char === '\b') return [char, {...NO_KEY, backspace: true}];
  // Other C0 codes are ctrl + a letter (ctrl-u clears a prompt, ctrl-s saves), as Ink names them.
  const code = char.charCodeAt(0);
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), {...NO_KEY, ctrl: true}];
  return [char, NO_KEY];
}

// One keypress: edits the open prompt, or goes through the keymap.
function handleKey(controller: Controller, input: string, key: Key): ExitRequest | undefined {
  const overlay = controller.store.get().overlay;
  if (key.ctrl && input === 'c')
    return controller.dispatch({
      type:
        resolveKey(controller.keymap, activeScopes(controller.views, controller.store.get()), 'ctrl-c') ?? 'app.quit',
    } as Action);
  if (overlay && 'form' in overlay) {
    // Forms (E, c): text fields are edited like a prompt, switches flip with space.
    if (key.tab && key.shift) return controller.dispatch({type: 'form.previous'});
    if (key.tab || key.downArrow) return controller.dispatch({type: 'form.next'});
    if (key.upArrow) return controller.dispatch({type: 'form.previous'});
    if (isSwitchFocused(overlay.form) && !key.return && !key.escape)
      return input === ' ' ? controller.dispatch({type: 'form.toggle'}) : undefined;
  }
  if (overlay?.kind === 'command' && key.tab && !key.shift) {
    const commands = [...controller.views.commands(), ...SHELL_COMMANDS].filter(
      command => !(command.changes && controller.config.readonly),
    );
    const done = completeCommandLine(
      overlay.draft,
      overlay.cursor ?? overlay.draft.length,
      commands,
      controller.store.get(),
    );
    if (done.draft !== overlay.draft)
      controller.dispatch({type: 'overlay.draft', draft: done.draft, cursor: done.cursor});
    return undefined;
  }
  if (overlay && 'draft' in overlay) {
    const draft = overlay.draft ?? '';
    const edit = editLine({text: draft, cursor: overlay.cursor ?? draft.length}, input, key);
    if (edit.text !== draft || edit.cursor !== overlay.cursor)
      controller.dispatch({type: 'overlay.draft', draft: edit.text, cursor: edit.cursor});
    if (edit.cancel) return controller.dispatch({type: 'overlay.close'});
    return edit.submit ? controller.dispatch({type: 'overlay.submit'}) : undefined;
  }
  const name = keyName(input, key);
  if (!name) return undefined;
  const scopes = activeScopes(controller.views, controller.store.get());
  // In a confirmation as in every dialog, keys it does not name do nothing (n and esc cancel).
  const action = resolveKey(controller.keymap, scopes, name);
  if (!action) return undefined;
  trace.keyPressed(name);
  // A key action carries no payload, so its type alone is the whole action.
  return controller.dispatch({type: action} as Action);
}

// The application's only keyboard reader. Fast typing or a paste arrives as one string: it is taken one
// character at a time against the current state, so "/web⏎s" filters, closes the prompt, then stops.
export function useKeyDispatch(): void {
  const controller = useController();
  const {exit} = useApp();
  useInput((input, key) => {
    // Esc followed quickly by a key arrives as one "meta" keypress: it was two keys.
    if (key.meta && !key.escape && !key.ctrl && input.length === 1) {
      // The second key as it would have come alone (esc then enter is "\x1b\r": enter, not a character).
      const request =
        handleKey(controller, '', {...NO_KEY, escape: true, meta: true}) ?? handleKey(controller, ...charKey(input));
      if (request) exit(request);
      return;
    }
    const burst = input.length > 1 && !key.ctrl && !key.meta && !key.escape;
    if (!burst) {
      const request = handleKey(controller, input, key);
      if (request) exit(request);
      return;
    }
    for (const char of input) {
      const request = handleKey(controller, ...charKey(char));
      if (request) return exit(request);
    }
  });
}
