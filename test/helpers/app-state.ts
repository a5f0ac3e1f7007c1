import type {Action} from '../../source/store/actions.js';
import type {AppState} from '../../source/store/state.js';
import {reduceApp} from '../../source/ui/reducer.js';
import {DEFAULT_VIEWS} from '../../source/ui/view-set.js';
import {openingDown} from '../../source/views/compose/down.js';
import type {LogPaneState} from '../../source/views/kit/log-pane/state.js';

// What the views' unit tests make their app state from (DEFAULT_VIEWS.initialState): the smallest log buffer, no
// shells, no registries.
export const unitConfig = {
  logBufferLines: 1,
  logTail: 1,
  shells: [],
  readonly: false,
  registries: [],
  registryOptions: {},
};

// The app's reducer over its default views.
export const reduce = (state: AppState, action: Action): AppState => reduceApp(DEFAULT_VIEWS, state, action);

// A log pane as the views' tests open it: container c1 ("web"), following, nothing shown yet; `fields` says the rest.
export function logPane(fields: Partial<LogPaneState> = {}): LogPaneState {
  return {
    containerId: 'c1',
    name: 'web',
    window: 0,
    follow: true,
    scrollBack: 0,
    timestamps: false,
    wrap: false,
    fullscreen: false,
    version: 0,
    total: 0,
    status: 'streaming',
    ...fields,
  };
}

type DownOverlay = Extract<NonNullable<AppState['overlay']>, {kind: 'composeDown'}>;

// D's dialog as the views' tests open it: nothing listed but `containers`, no option on, still listing.
export function downOverlay(project: string, containers: readonly string[], fields: Partial<DownOverlay> = {}) {
  return {...openingDown(project, containers), ...fields} satisfies DownOverlay;
}
