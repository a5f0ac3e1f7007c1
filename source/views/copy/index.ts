import type {ViewModule} from '../types.js';
import {CopyLogsOverlay, CopyOverlay} from './CopyOverlay.js';
import {copyFilePath, copyItem, copyLogLines, openCopyMenu, openLogCopyMenu} from './effects.js';
import {COPY_ACTIONS, COPY_BINDINGS, LOG_COPY_ACTIONS} from './keys.js';
import './state.js';

// Menu rows: the letter, the label, the text: as many rows as items, plus the title.
const menuHeight = (items: number) => 1 + items;

// y: copy what the cursor is on, in every list (each view says what its row offers: ViewModule.copyItems) and in
// the log pane. Not a tab: a part every view has, made with the views it asks (views/index.ts).
export function copyModule(views: () => readonly ViewModule[]): ViewModule {
  return {
    id: 'copy',
    title: 'Copy',
    scopeTitles: {copy: 'Copy menu (y over a list)', copyLogs: 'Copy menu (y in the log pane)'},
    bindings: COPY_BINDINGS,
    // A letter the menu offers closes it (the copy runs in the effect); one it does not offer does nothing.
    reduce(state, action) {
      const overlay = state.overlay;
      if (
        overlay?.kind === 'copy' &&
        COPY_ACTIONS.has(action.type) &&
        overlay.items.some(i => i.action === action.type)
      )
        return {...state, overlay: undefined};
      if (
        overlay?.kind === 'copyLogs' &&
        LOG_COPY_ACTIONS.has(action.type) &&
        overlay.items.some(i => i.action === action.type)
      )
        return {...state, overlay: undefined};
      return state;
    },
    effect(services, action, before) {
      if (action.type === 'copy.open') openCopyMenu(services, views);
      else if (action.type === 'copy.logs') openLogCopyMenu(services);
      else if (action.type === 'files.copyPath') copyFilePath(services);
      else if (before.overlay?.kind === 'copy') {
        const item = before.overlay.items.find(i => i.action === action.type);
        if (item) copyItem(services, item, before.overlay.what);
      } else if (before.overlay?.kind === 'copyLogs') {
        const item = before.overlay.items.find(i => i.action === action.type);
        if (item) copyLogLines(services, item);
      }
    },
    overlays: {
      copy: {
        Component: CopyOverlay,
        scopes: ['copy', 'dialog'],
        height: overlay => menuHeight(overlay.kind === 'copy' ? overlay.items.length : 0),
      },
      copyLogs: {
        Component: CopyLogsOverlay,
        scopes: ['copyLogs', 'dialog'],
        height: overlay => menuHeight(overlay.kind === 'copyLogs' ? overlay.items.length : 0),
      },
    },
  };
}
