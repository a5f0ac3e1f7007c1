import type {Key} from 'ink';
import type {Action} from '../store/actions.js';
import type {AppState} from '../store/state.js';
import type {Store} from '../store/store.js';
import type {AppConfig, Binding, ExitRequest, Scope, ViewModule} from '../views/types.js';
import {trace} from '../trace.js';
import {keyName} from './key-name.js';
import {findBinding, resolveKey} from './keymap.js';
import {editLine} from './line-edit.js';
import {SHELL_COMMANDS} from './commands.js';
import {completeCommandLine} from './complete.js';
import {activeScopes} from './scopes.js';
import type {ViewSet} from './view-set.js';
import {isSwitchFocused} from '../views/form.js';

// What a key needs of the controller (not the controller itself: the controller holds the input queue).
export type KeyTarget = {
  readonly store: Store<AppState>;
  readonly config: AppConfig;
  readonly keymap: readonly Binding[];
  readonly views: ViewSet;
  dispatch(action: Action): ExitRequest | undefined;
};

export const NO_KEY: Key = {
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
  capsLock: false,
  numLock: false,
};

// What Ink would have reported had the character arrived alone: [input, key].
export function charKey(char: string): [string, Key] {
  if (char === '\r' || char === '\n') return [char, {...NO_KEY, return: true}];
  if (char === '\t') return [char, {...NO_KEY, tab: true}];
  if (char === '\x7f' || char === '\b') return [char, {...NO_KEY, backspace: true}];
  // Other C0 codes are ctrl + a letter (ctrl-u clears a prompt, ctrl-s saves), as Ink names them.
  const code = char.charCodeAt(0);
  if (code >= 1 && code <= 26) return [String.fromCharCode(code + 96), {...NO_KEY, ctrl: true}];
  return [char, NO_KEY];
}

// Ink's one keypress as the keys a person typed: a burst (paste, fast typing over SSH) is one character at a
// time, so "/web⏎s" filters, closes the prompt, then stops; esc followed quickly by a key is two keys.
export function splitKeys(input: string, key: Key): Array<[string, Key]> {
  // An esc that arrived with what followed it (Ink reports "\x1b/web\r" as meta + "/web\r") is esc, then each key
  // as it would have come alone (esc then enter is "\x1b\r": enter, not a character). berth binds no Alt key, so
  // a real Alt+key (which terminals send the same way) is esc then the key too.
  if (key.meta && !key.escape && !key.ctrl && input.length >= 1)
    return [['', {...NO_KEY, escape: true, meta: true}], ...[...input].map(charKey)];
  const burst = input.length > 1 && !key.ctrl && !key.meta && !key.escape;
  return burst ? [...input].map(charKey) : [[input, key]];
}

// The key as the status line names it ("d", "enter", "space").
export function keyLabel(input: string, key: Key): string {
  return keyName(input, key) ?? (input || '?');
}

// One keypress: edits the open prompt, or goes through the keymap.
export function handleKey(target: KeyTarget, input: string, key: Key): ExitRequest | undefined {
  const overlay = target.store.get().overlay;
  if (key.ctrl && input === 'c')
    return target.dispatch({
      type: resolveKey(target.keymap, activeScopes(target.views, target.store.get()), 'ctrl-c') ?? 'app.quit',
    } as Action);
  if (overlay && 'form' in overlay) {
    // Forms (E, c): text fields are edited like a prompt, switches flip with space.
    if (key.tab && key.shift) return target.dispatch({type: 'form.previous'});
    if (key.tab || key.downArrow) return target.dispatch({type: 'form.next'});
    if (key.upArrow) return target.dispatch({type: 'form.previous'});
    if (isSwitchFocused(overlay.form) && !key.return && !key.escape)
      return input === ' ' ? target.dispatch({type: 'form.toggle'}) : undefined;
  }
  if (overlay?.kind === 'command' && key.tab && !key.shift) {
    const commands = [...target.views.commands(), ...SHELL_COMMANDS].filter(
      command => !(command.changes && target.config.readonly),
    );
    const done = completeCommandLine(
      overlay.draft,
      overlay.cursor ?? overlay.draft.length,
      commands,
      target.store.get(),
    );
    if (done.draft !== overlay.draft) target.dispatch({type: 'overlay.draft', draft: done.draft, cursor: done.cursor});
    else if (done.candidates)
      target.dispatch({type: 'overlay.show', overlay: {...overlay, candidates: done.candidates}});
    return undefined;
  }
  if (overlay && 'draft' in overlay) {
    const draft = overlay.draft ?? '';
    const edit = editLine({text: draft, cursor: overlay.cursor ?? draft.length}, input, key);
    // A keystroke typed into a line (the filter re-filters as it is typed): timed to its frame like a key.
    if (edit.text !== draft) trace.keyPressed('type');
    if (edit.text !== draft || edit.cursor !== overlay.cursor)
      target.dispatch({type: 'overlay.draft', draft: edit.text, cursor: edit.cursor});
    if (edit.cancel) return target.dispatch({type: 'overlay.close'});
    return edit.submit ? target.dispatch({type: 'overlay.submit'}) : undefined;
  }
  const name = keyName(input, key);
  if (!name) return undefined;
  const scopes = activeScopes(target.views, target.store.get());
  // In a confirmation as in every dialog, keys it does not name do nothing (n and esc cancel).
  const action = resolveKey(target.keymap, scopes, name);
  if (!action) return undefined;
  trace.keyPressed(name);
  // The tab key of a view this engine does not offer (6 without a swarm manager) says so rather than do nothing.
  const view = action.startsWith('view.') ? target.views.byId(action.slice('view.'.length)) : undefined;
  const state = target.store.get();
  if (view?.key && !target.views.available(state).includes(view))
    return target.dispatch({
      type: 'status',
      text: `view ${view.key} (${view.title}) is not offered on ${state.engines ? 'any of the engines' : 'this engine'}`,
      kind: 'info',
    });
  // A key for a view whose engine is known to be down, that would wait for the view's list: answered at once.
  const active = target.views.active(state);
  if (active && engineDownFor(active, state) && ownKey(target, state, action))
    return target.dispatch({
      type: 'status',
      text: `engine not connected: ${keyName(input, key) ?? 'that key'} waits for it to come back (ctrl-r tries now)`,
      kind: 'error',
    });
  // A key action carries no payload, so its type alone is the whole action.
  return target.dispatch({type: action} as Action);
}

// The view's rows come from an engine berth knows is down (all of them, with several): nothing it lists will come
// until the engine is back, so keys for it are not held for its list.
function engineDownFor(view: ViewModule, state: AppState): boolean {
  if (!view.engineBound || (view.ready?.(state) ?? true) === true) return false;
  return state.engines?.length
    ? state.engines.every(engine => engine.connection.status === 'down')
    : state.connection.status === 'down';
}

// A key of the view's own scope (what would wait for its list), not a shell key (tabs, help, :, q, the filter).
function ownKey(target: KeyTarget, state: AppState, action: string): boolean {
  const view = target.views.active(state);
  const own = view ? (view.scopes?.(state) ?? [view.id]) : [];
  const binding = target.keymap.find(b => b.action === action && own.includes(b.scope));
  return binding !== undefined && !NEVER_WAITS.has(action);
}

// Actions that never wait for a list: the filter prompt opens at once (what is typed filters the rows as they come).
const NEVER_WAITS = new Set(['filter.open']);

// What this key has to wait for before it can do what it would do once the view has its data, or undefined to
// take it now. Only keys for the view itself wait: prompts, dialogs, a focused pane, the global keys and esc
// (which cancels a listing) never do. A tab key waits for a view the engine may still offer (Swarm before /info).
export function keyWaitsFor(target: KeyTarget, input: string, key: Key): string | undefined {
  const state = target.store.get();
  // A `:` command typed before the list came names rows of it (`:attach NAME`): enter waits for the view's list.
  if (state.overlay?.kind === 'command' && key.return) return waitingView(target, state);
  if (key.escape) return undefined;
  const name = keyName(input, key);
  if (!name) return undefined;
  const scopes = activeScopes(target.views, state);
  if (state.overlay) return waitingOverlay(target, state, scopes, name);
  const binding = findBinding(target.keymap, scopes, name);
  if (!binding || NEVER_WAITS.has(binding.action)) return undefined;
  if (binding.action.startsWith('view.')) {
    const module = target.views.byId(binding.action.slice('view.'.length));
    if (!module || target.views.available(state).includes(module) || engineDownFor(module, state)) return undefined;
    const ready = module.ready?.(state) ?? true;
    return ready === true ? undefined : ready;
  }
  if (binding.scope === 'global') return undefined;
  const view = target.views.active(state);
  // A pane with the focus (the log pane) takes its keys from its own data, not the view's list.
  if (!view || scopes[0] !== (view.scopes?.(state) ?? [view.id])[0]) return undefined;
  // Nothing to wait for while its engine is down: handleKey says so at once.
  if (engineDownFor(view, state)) return undefined;
  return waitingView(target, state);
}

// A pane still reading what it shows (the layers pane): keys of its own scopes wait for it, the global keys do not.
function waitingOverlay(target: KeyTarget, state: AppState, scopes: readonly Scope[], name: string) {
  const ready = overlayWaitsFor(target, state);
  if (ready === undefined || !state.overlay) return undefined;
  const own = target.views.overlay(state.overlay.kind)?.scopes ?? [];
  const scope = findBinding(target.keymap, scopes, name)?.scope;
  return scope !== undefined && own.includes(scope) ? ready : undefined;
}

// What the open pane still waits for, if anything (esc cancels that wait: ui/input-queue.ts).
export function overlayWaitsFor(target: KeyTarget, state: AppState): string | undefined {
  const overlay = state.overlay;
  const ready = overlay ? (target.views.overlay(overlay.kind)?.ready?.(overlay) ?? true) : true;
  return ready === true ? undefined : ready;
}

// What the view on screen still waits for, if anything.
function waitingView(target: KeyTarget, state: AppState): string | undefined {
  const ready = target.views.active(state)?.ready?.(state) ?? true;
  return ready === true ? undefined : ready;
}
