import type {AppState} from '../store/state.js';
import type {Scope} from './keymap.js';

// The keymap scopes active in this state, most specific first.
export function activeScopes(state: AppState): Scope[] {
  switch (state.overlay?.kind) {
    case 'help':
      return ['help'];
    case 'filter':
    case 'command':
    case 'search':
    case 'save':
    case 'repository':
    case 'addRegistry':
    case 'execForm':
      return ['prompt'];
    case 'confirm':
      return ['confirm'];
    case 'env':
      return ['env', 'dialog', 'move'];
    case 'text':
      return ['dialog', 'move'];
  }
  if (state.focus === 'logs' && state.logs) return ['logs', 'move', 'global'];
  if (state.view === 'containers') return ['containers', 'list', 'move', 'global'];
  if (state.view === 'registry') return ['registry', 'list', 'move', 'global'];
  return ['list', 'move', 'global'];
}
