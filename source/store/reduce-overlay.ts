import type {Action} from './actions.js';
import {focusedList} from './focused-list.js';
import {withFilter} from './reduce-containers.js';
import type {AppState} from './state.js';


function scrollOverlay(state: AppState, by: (scroll: number, page: number) => number): AppState {
  const overlay = state.overlay;
  if (overlay?.kind !== 'env' && overlay?.kind !== 'text') return state;
  const length = overlay.kind === 'env' ? overlay.entries.length : overlay.lines.length;
  const scroll = Math.max(0, Math.min(Math.max(0, length - 1), by(overlay.scroll, state.viewportRows)));
  return scroll === overlay.scroll ? state : {...state, overlay: {...overlay, scroll}};
}

// Overlays (help, prompts, dialogs) take keys before the views underneath.
export function reduceOverlay(state: AppState, action: Action): AppState {
  const overlay = state.overlay;
  switch (action.type) {
    case 'overlay.show':
      return {...state, overlay: action.overlay};
    case 'help.toggle':
      return {...state, overlay: overlay?.kind === 'help' ? undefined : {kind: 'help'}};
    case 'filter.open':
      return {...state, overlay: {kind: 'filter', draft: focusedList(state)?.list.filter ?? ''}};
    case 'command.open':
      return {...state, overlay: {kind: 'command', draft: ''}};
    case 'overlay.draft': {
      if (!overlay || !('draft' in overlay)) return state;
      const next = {...state, overlay: {...overlay, draft: action.draft, cursor: action.cursor ?? action.draft.length}};
      // The list filters as you type.
      return overlay.kind === 'filter' ? withFilter(next, action.draft) : next;
    }
    case 'overlay.submit':
    case 'confirm.no':
      return overlay ? {...state, overlay: undefined} : state;
    case 'confirm.yes':
      return overlay?.kind === 'confirm' ? {...state, overlay: undefined} : state;
    case 'confirm.force':
      return overlay?.kind === 'confirm' && overlay.confirm.operation === 'remove'
        ? {...state, overlay: {kind: 'confirm', confirm: {...overlay.confirm, force: !overlay.confirm.force}}}
        : state;
    case 'form.next':
    case 'form.previous':
    case 'form.toggle': {
      if (overlay?.kind !== 'execForm') return state;
      const form = {...overlay.form, ...(overlay.form.focus === 0 ? {command: overlay.draft} : overlay.form.focus === 1 ? {user: overlay.draft} : {})};
      if (action.type === 'form.toggle') {
        if (form.focus === 2) form.tty = !form.tty;
        if (form.focus === 3) form.interactive = !form.interactive;
        return {...state, overlay: {...overlay, form}};
      }
      const focus = ((form.focus + (action.type === 'form.next' ? 1 : 3)) % 4) as 0 | 1 | 2 | 3;
      const draft = focus === 0 ? form.command : focus === 1 ? form.user : '';
      return {...state, overlay: {kind: 'execForm', form: {...form, focus}, draft, cursor: draft.length}};
    }
    case 'env.reveal':
      return overlay?.kind === 'env' ? {...state, overlay: {...overlay, reveal: !overlay.reveal}} : state;
    case 'overlay.close':
      if (overlay?.kind === 'filter') return withFilter({...state, overlay: undefined}, '');
      return overlay ? {...state, overlay: undefined} : state;
    case 'cursor.up':
      return scrollOverlay(state, scroll => scroll - 1);
    case 'cursor.down':
      return scrollOverlay(state, scroll => scroll + 1);
    case 'cursor.pageUp':
      return scrollOverlay(state, (scroll, page) => scroll - page);
    case 'cursor.pageDown':
      return scrollOverlay(state, (scroll, page) => scroll + page);
    case 'cursor.home':
      return scrollOverlay(state, () => 0);
    case 'cursor.end':
      return scrollOverlay(state, () => Number.MAX_SAFE_INTEGER);
  }
  return state;
}
