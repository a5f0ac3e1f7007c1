import type {Overlay} from '../../../store/state.js';
import type {ViewModule} from '../../types.js';
import {changeWindow, clearLogs, filterLogs, saveLogs, searchLogs, setFilterContext} from './effects.js';
import {LOG_PANE_BINDINGS, LOG_SAVE_WHICH_BINDINGS} from './keys.js';
import {SAVE_WHICH_HEIGHT, SaveWhichOverlay} from './SaveWhichOverlay.js';
import {reduceLogPane} from './reducer.js';
import {paneSession} from './session.js';
import './state.js';

const draftOf = (overlay: Overlay) => ('draft' in overlay ? (overlay.draft ?? '') : '');

// The log pane: not a tab of its own, but a part the views that have logs show beside their list.
export const logPane: ViewModule = {
  id: 'logs',
  title: 'Logs',
  engineBound: true,
  scopeTitles: {logs: 'Log pane (enter or l on a container)', logSaveWhich: 'Saving a filtered log (ctrl-s)'},
  initial: () => ({logs: undefined}),
  reduce: reduceLogPane,
  effect(services, action) {
    switch (action.type) {
      case 'logs.clear':
        clearLogs(services);
        break;
      case 'logs.window0':
      case 'logs.window1':
      case 'logs.window2':
      case 'logs.window3':
      case 'logs.window4':
      case 'logs.window5':
      case 'logs.window6':
        changeWindow(services, Number(action.type.slice(-1)));
        break;
    }
  },
  bindings: [...LOG_PANE_BINDINGS, ...LOG_SAVE_WHICH_BINDINGS],
  // While it has the focus the tabs lose their numbers (no view key applies here): say what the digits do.
  tabNotes: () => ['0–6 log window'],
  overlays: {
    search: {
      label: ' search: ',
      scopes: ['prompt'],
      submit: (services, overlay) => void searchLogs(services, draftOf(overlay)),
    },
    save: {
      label: overlay => (overlay.kind === 'save' && overlay.shown ? ' save the lines shown to: ' : ' save to: '),
      scopes: ['prompt'],
      submit: (services, overlay) =>
        void saveLogs(services, draftOf(overlay), overlay.kind === 'save' && overlay.shown === true),
    },
    logFilter: {
      label: ' filter (text, re:pattern, !… hides): ',
      scopes: ['prompt'],
      submit: (services, overlay) => void filterLogs(services, draftOf(overlay)),
    },
    logContext: {
      label: ' context lines (0–9): ',
      scopes: ['prompt'],
      submit: (services, overlay) => void setFilterContext(services, draftOf(overlay)),
    },
    logSaveWhich: {
      Component: SaveWhichOverlay,
      scopes: ['logSaveWhich', 'question'],
      height: () => SAVE_WHICH_HEIGHT,
    },
  },
  // The pane's keys win while it has the focus, whichever view shows it.
  // Only in the view that opened it; a compose command still running in the pane takes ctrl-c (the compose
  // view's composeRun scope).
  scopes: state =>
    state.focus === 'logs' && state.logs && (state.logs.owner ?? 'containers') === state.view
      ? [
          ...(state.logs.kind === 'compose' && /^(running|interrupting)/.test(state.logs.status) ? ['composeRun'] : []),
          'logs',
          'move',
          'global',
        ]
      : undefined,
  close: services => paneSession.replace(services, undefined),
};
