import type {PruneScope} from '../../engine/images/prune-plan.js';
import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import {imagesList} from './list.js';

type PruneOverlay = Extract<NonNullable<AppState['overlay']>, {kind: 'imagePrune'}>;

// The prune dialog asked a new question: its preview is read again (nothing to confirm until it is), from the top.
function rescoped(state: AppState, overlay: PruneOverlay, scope: PruneScope): AppState {
  return {...state, overlay: {...overlay, scope, loading: true, ready: false, scroll: 0}};
}

// The kit reduces loaded/failed/stale (list.ts); these are the images view's own.
export function reduceImages(state: AppState, action: Action): AppState {
  switch (action.type) {
    // The toggles change what the engine is asked; the list is reloaded by the effect.
    case 'images.toggleAll':
      return {...state, images: {...state.images, all: !state.images.all, dangling: false}};
    case 'images.toggleDangling': {
      // Until the engine answers, the untagged rows already held stand for the dangling ones (never a tagged row
      // under "dangling only").
      const dangling = !state.images.dangling;
      const items = dangling ? state.images.items.filter(row => row.tag === '<none>') : state.images.items;
      const next = {...state, images: {...state.images, dangling, all: false, items}};
      return state.view === 'images' ? relocateList(next, imagesList.focused(next)) : next;
    }
    case 'imagePrune.toggleAll': {
      const overlay = state.overlay;
      if (overlay?.kind !== 'imagePrune') return state;
      return rescoped(state, overlay, {...overlay.scope, all: !overlay.scope.all});
    }
    case 'imagePrune.toggleVolumes': {
      // System prunes only: unused volumes go too.
      const overlay = state.overlay;
      if (overlay?.kind !== 'imagePrune' || overlay.scope.kind !== 'system') return state;
      return rescoped(state, overlay, {...overlay.scope, volumes: !overlay.scope.volumes});
    }
    case 'imagePrune.preview': {
      const overlay = state.overlay;
      if (overlay?.kind !== 'imagePrune' || JSON.stringify(overlay.scope) !== JSON.stringify(action.scope))
        return state;
      return {...state, overlay: {...overlay, lines: action.lines, loading: false, ready: true}};
    }
  }
  return state;
}
