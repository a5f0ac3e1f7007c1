import type {AppState} from '../store/state.js';
import type {Scope} from '../views/types.js';
import {SHELL_OVERLAYS} from './shell-overlays.js';
import type {ViewSet} from './view-set.js';

// The keymap scopes active in this state, most specific first: an overlay's, a focused pane's, the view's.
export function activeScopes(views: ViewSet, state: AppState): Scope[] {
  if (state.overlay?.kind === 'help' && 'draft' in state.overlay) return ['prompt'];
  if (state.overlay) {
    const spec = SHELL_OVERLAYS[state.overlay.kind] ?? views.overlay(state.overlay.kind);
    return [...(spec?.scopes ?? ['dialog'])];
  }
  for (const pane of views.panes) {
    const scopes = pane.scopes?.(state);
    if (scopes) return [...scopes];
  }
  const view = views.active(state);
  if (!view) return ['list', 'move', 'global'];
  return [...(view.scopes?.(state) ?? [view.id, 'list', 'move', 'global'])];
}
