import type {AppState} from '../store/state.js';
import type {Scope} from '../views/types.js';
import {SHELL_OVERLAYS} from './shell-overlays.js';
import type {ViewSet} from './view-set.js';

// The keymap scopes active in this state, most specific first: an overlay's, a focused pane's, the view's.
// Overlays that take no typing end with 'overlay' (`:`, `q`, `?` as over a list); a view's scopes get the tab
// keys ('tabs') before 'global', a focused pane's do not (the log pane spends the digits on its window).
export function activeScopes(views: ViewSet, state: AppState): Scope[] {
  if (state.overlay?.kind === 'help' && 'draft' in state.overlay) return ['prompt'];
  if (state.overlay) {
    const spec = SHELL_OVERLAYS[state.overlay.kind] ?? views.overlay(state.overlay.kind);
    const scopes = [...(spec?.modeScopes?.(state) ?? []), ...(spec?.scopes ?? ['dialog'])];
    // A confirmation with a force switch (remove) has f; the others (stop) do not, and help does not offer it.
    if (state.overlay.kind === 'confirm' && state.overlay.confirm.force !== undefined) scopes.unshift('confirmForce');
    return scopes.includes('prompt') ? scopes : [...scopes, 'overlay'];
  }
  for (const pane of views.panes) {
    const scopes = pane.scopes?.(state);
    if (scopes) return [...scopes];
  }
  const view = views.active(state);
  return withTabs(view ? (view.scopes?.(state) ?? [view.id, 'list', 'move', 'global']) : ['list', 'move', 'global']);
}

function withTabs(scopes: readonly Scope[]): Scope[] {
  const at = scopes.indexOf('global');
  return at < 0 ? [...scopes, 'tabs'] : [...scopes.slice(0, at), 'tabs', ...scopes.slice(at)];
}
