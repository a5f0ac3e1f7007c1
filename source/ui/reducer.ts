import {withEngineConnection} from '../store/engine-connections.js';
import type {Action} from '../store/actions.js';
import type {AppState, Overlay, OverlayReach} from '../store/state.js';
import {reduceFocusedList, relocateList, withFilter} from '../views/focused-list.js';
import {moveFocus, toggleFocused} from '../views/form.js';
import type {FocusedList} from '../views/types.js';
import {helpLines} from './help-lines.js';
import {DEFAULT_KEYMAP, type Keymap} from './keymap.js';
import {activeScopes} from './scopes.js';
import {SHELL_OVERLAYS} from './shell-overlays.js';
import type {ViewSet} from './view-set.js';
import {itemAt} from '../util/item-at.js';

function showView(views: ViewSet, state: AppState, id: string): AppState {
  if (state.view === id || !views.available(state).some(view => view.id === id)) return state;
  return {...state, view: id, overlay: undefined};
}

function cycleView(views: ViewSet, state: AppState, step: number): AppState {
  const ids = views.available(state).map(view => view.id);
  if (!ids.length) return state;
  const index = ids.indexOf(state.view);
  // (The modulo keeps the index inside the non-empty list.)
  return showView(views, state, itemAt(ids, (index + step + ids.length) % ids.length));
}

type Shell = {views: ViewSet; keymap: Keymap};

function scrollOverlay(
  {views, keymap}: Shell,
  state: AppState,
  by: (scroll: number, page: number) => number,
): AppState {
  const overlay = state.overlay;
  if (!overlay || !('scroll' in overlay)) return state;
  const spec = SHELL_OVERLAYS[overlay.kind] ?? views.overlay(overlay.kind);
  // Help scrolls until its last line is at the bottom; so do panes and dialogs drawn with ScrolledRows, which
  // say how far that is (`reach`); menus move their cursor down to the last row.
  const max =
    overlay.kind === 'help'
      ? helpLines(keymap, views, overlay.scopes, overlay.query).length - state.viewportRows
      : 'reach' in overlay && overlay.reach
        ? overlay.reach.most
        : (spec?.rows?.(overlay) ?? 0) - 1;
  // A page is what the frame shows of the list, so pgdn skips no row.
  const page = 'reach' in overlay && overlay.reach ? overlay.reach.page : state.viewportRows;
  const from = overlay.scroll ?? 0;
  const scroll = Math.max(0, Math.min(Math.max(0, max), by(from, page)));
  return scroll === from ? state : {...state, overlay: {...overlay, scroll}};
}

// Overlays drawn with ScrolledRows (views/ScrolledRows.tsx): the only ones that send overlay.reach.
type Reaching = Extract<Overlay, {reach?: OverlayReach}>;
const reaching = (overlay: Overlay | undefined): overlay is Reaching => overlay !== undefined && 'scroll' in overlay;

// The overlay drawn says how far it may scroll; one scrolled further (G typed before it was drawn) comes back.
function reachOverlay(state: AppState, reach: OverlayReach): AppState {
  const overlay = state.overlay;
  if (!reaching(overlay) || (overlay.reach?.most === reach.most && overlay.reach.page === reach.page)) return state;
  return {...state, overlay: {...overlay, reach, scroll: Math.min(overlay.scroll ?? 0, reach.most)}};
}

// Overlays every view shares (help, prompts, dialogs) take their keys before the views underneath.
function reduceOverlay(
  shell: Shell,
  state: AppState,
  action: Action,
  listOf: (s: AppState) => FocusedList | undefined,
): AppState {
  const overlay = state.overlay;
  if (overlay?.kind === 'help') {
    // Its filter line: typed live, enter keeps it, esc drops it; esc with a filter set clears it first.
    const {draft: _draft, cursor: _cursor, ...help} = overlay;
    switch (action.type) {
      case 'help.filter':
        return {...state, overlay: {...help, draft: help.query, cursor: help.query.length}};
      case 'overlay.draft':
        return 'draft' in overlay
          ? {
              ...state,
              overlay: {
                ...overlay,
                draft: action.draft,
                cursor: action.cursor ?? action.draft.length,
                query: action.draft,
                scroll: 0,
              },
            }
          : state;
      case 'overlay.submit':
        return {...state, overlay: help};
      case 'overlay.close':
      case 'help.toggle':
        if (action.type === 'overlay.close' && ('draft' in overlay || help.query))
          return {...state, overlay: {...help, query: '', scroll: 0}};
        return {...state, overlay: help.under};
    }
  }
  switch (action.type) {
    case 'overlay.show':
      // A confirmation scrolls its targets (ScrolledRows), from the first.
      return {
        ...state,
        overlay: action.overlay?.kind === 'confirm' ? {scroll: 0, ...action.overlay} : action.overlay,
      };
    case 'overlay.reach':
      return reachOverlay(state, action.reach);
    case 'form.next':
    case 'form.previous':
      return overlay && 'form' in overlay
        ? {...state, overlay: {...overlay, ...moveFocus(overlay, action.type === 'form.next' ? 1 : -1)}}
        : state;
    case 'form.toggle':
      return overlay && 'form' in overlay ? {...state, overlay: {...overlay, ...toggleFocused(overlay)}} : state;
    case 'help.toggle': {
      // Over a dialog or pane, help keeps it to come back to; over a prompt, the prompt is given up.
      const under = overlay && !('draft' in overlay) ? overlay : undefined;
      return {...state, overlay: {kind: 'help', scroll: 0, query: '', scopes: activeScopes(shell.views, state), under}};
    }
    case 'filter.open':
      return {...state, overlay: {kind: 'filter', draft: listOf(state)?.list.filter ?? ''}};
    case 'command.open': {
      // Over a dialog or pane, the command line keeps it to come back to on esc; over a prompt, it replaces it.
      const under = overlay && !('draft' in overlay) ? overlay : undefined;
      return {...state, overlay: {kind: 'command', draft: '', ...(under ? {under} : {})}};
    }
    case 'overlay.draft': {
      if (!overlay || !('draft' in overlay)) return state;
      const next = {
        ...state,
        overlay: {
          ...overlay,
          draft: action.draft,
          cursor: action.cursor ?? action.draft.length,
          ...(overlay.kind === 'command' ? {candidates: undefined} : {}),
        },
      };
      // The list filters as you type.
      return overlay.kind === 'filter' ? withFilter(next, listOf, action.draft) : next;
    }
    case 'overlay.submit':
    case 'confirm.no':
      return overlay ? {...state, overlay: undefined} : state;
    case 'confirm.yes':
      return overlay?.kind === 'confirm' ? {...state, overlay: undefined} : state;
    case 'confirm.force':
      return overlay?.kind === 'confirm' && overlay.confirm.force !== undefined
        ? {...state, overlay: {...overlay, confirm: {...overlay.confirm, force: !overlay.confirm.force}}}
        : state;
    case 'overlay.close':
      if (overlay?.kind === 'filter') return withFilter({...state, overlay: undefined}, listOf, '');
      if (overlay?.kind === 'command' && overlay.under) return {...state, overlay: overlay.under};
      return overlay ? {...state, overlay: undefined} : state;
    case 'cursor.up':
      return scrollOverlay(shell, state, scroll => scroll - 1);
    case 'cursor.down':
      return scrollOverlay(shell, state, scroll => scroll + 1);
    case 'cursor.pageUp':
      return scrollOverlay(shell, state, (scroll, page) => scroll - page);
    case 'cursor.pageDown':
      return scrollOverlay(shell, state, (scroll, page) => scroll + page);
    case 'cursor.home':
      return scrollOverlay(shell, state, () => 0);
    case 'cursor.end':
      return scrollOverlay(shell, state, () => Number.MAX_SAFE_INTEGER);
  }
  return state;
}

// A status message fades once it is a few seconds old and the user has gone on (a key acted since): "copied 11
// lines" does not stand for minutes. Errors stay until then too; a new message replaces the old at once.
const STATUS_FADE_MS = 5000;
const keyActions = new WeakMap<Keymap, ReadonlySet<string>>();
function fadeStatus(state: AppState, action: Action, keymap: Keymap): AppState {
  if (!state.status || Date.now() - state.status.at < STATUS_FADE_MS) return state;
  let actions = keyActions.get(keymap);
  if (!actions) keyActions.set(keymap, (actions = new Set(keymap.map(binding => binding.action))));
  return actions.has(action.type) ? {...state, status: undefined} : state;
}

// The shell's reducer: view switching, connection, status and shared overlays; then each view and pane in
// turn (the first that changes the state wins); then the focused list (movement, marks, esc).
export function reduceApp(views: ViewSet, given: AppState, action: Action, keymap: Keymap = DEFAULT_KEYMAP): AppState {
  const listOf = (s: AppState) => views.active(s)?.list?.(s);
  const state = fadeStatus(given, action, keymap);
  switch (action.type) {
    case 'view.show':
      return showView(views, state, action.view);
    case 'view.next':
      return cycleView(views, state, 1);
    case 'view.previous':
      return cycleView(views, state, -1);
    case 'connection':
      return action.engine
        ? withEngineConnection(state, action.engine, action.connection)
        : {...state, connection: action.connection};
    case 'engine.switched':
      return {...state, ...action.slices, overlay: undefined, focus: 'list'};
    case 'status':
      return {
        ...state,
        status: {text: action.text, kind: action.kind, at: Date.now(), view: action.shared ? undefined : state.view},
      };
    case 'viewport':
      if (action.rows === state.viewportRows) return state;
      return relocateList({...state, viewportRows: action.rows}, listOf({...state, viewportRows: action.rows}));
  }
  if (action.type.startsWith('view.')) return showView(views, state, action.type.slice('view.'.length));
  // An open overlay takes movement keys only if it scrolls; otherwise they go on to the pane or list.
  const overlaid = reduceOverlay({views, keymap}, state, action, listOf);
  if (overlaid !== state || (action.type.startsWith('cursor.') && state.overlay && 'scroll' in state.overlay))
    return overlaid;
  // Help opened over a dialog: the dialog's own news (a preview computed, a list loaded) still reaches it.
  if (state.overlay?.kind === 'help' && state.overlay.under) {
    const help = state.overlay;
    const inner = {...state, overlay: help.under};
    const next = reduceModules(views, inner, action);
    if (next !== inner) return {...next, overlay: next.overlay === help.under ? help : {...help, under: next.overlay}};
    return state;
  }
  const next = reduceModules(views, state, action);
  return next !== state ? next : reduceFocusedList(state, action, listOf);
}

function reduceModules(views: ViewSet, state: AppState, action: Action): AppState {
  for (const module of views.all) {
    const next = module.reduce?.(state, action) ?? state;
    if (next !== state) return next;
  }
  return state;
}
