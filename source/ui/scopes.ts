import type {AppState} from '../store/state.js';
import type {Scope} from './keymap.js';

// The keymap scopes active in this state, most specific first.
export function activeScopes(state: AppState): Scope[] {
  if (state.overlay?.kind === 'help') return ['help'];
  if (state.overlay?.kind === 'filter' || state.overlay?.kind === 'command') return ['prompt'];
  if (state.view === 'containers') return ['containers', 'list', 'global'];
  return ['list', 'global'];
}
