import type {Action, ActionMap} from '../../../store/actions.js';
import type {AppState} from '../../../store/state.js';
import {filterDraft} from './filter.js';
import {furthestBack} from '../tail-scroll.js';
import type {LogPaneState} from './state.js';

function withPane(state: AppState, update: (pane: LogPaneState) => LogPaneState): AppState {
  if (!state.logs) return state;
  const logs = update(state.logs);
  return logs === state.logs ? state : {...state, logs};
}

// The pane scrolls only where it shows: in the view that opened it.
const paneShown = (state: AppState) => state.focus === 'logs' && (state.logs?.owner ?? 'containers') === state.view;

const paneBack = (pane: LogPaneState, total = pane.total) => furthestBack(total, pane.rows, !pane.wrap);

// A taller pane or unwrapped lines: the first page may start further down than the pane is scrolled.
function withinReach(pane: LogPaneState): LogPaneState {
  const back = paneBack(pane);
  if (pane.top) return pane.scrollBack === back ? pane : {...pane, scrollBack: back};
  return pane.scrollBack > back ? {...pane, scrollBack: back} : pane;
}

function scroll(state: AppState, by: (back: number, page: number, total: number) => number): AppState {
  if (!paneShown(state)) return state;
  return withPane(state, pane => {
    const page = pane.rows ?? Math.max(1, state.viewportRows - 1);
    const back = paneBack(pane);
    const scrollBack = Math.max(0, Math.min(back, by(pane.scrollBack, page, pane.total)));
    // Scrolling up stops following; reaching the bottom again does not restart it (f or end does).
    return {
      ...pane,
      scrollBack,
      follow: scrollBack === 0 ? pane.follow : false,
      top: pane.top && scrollBack === back,
    };
  });
}

function jumpToMatch(pane: LogPaneState, step: number): LogPaneState {
  const search = pane.search;
  if (!search || search.matches.length === 0) return pane;
  const count = search.matches.length;
  // No match current (its line left the buffer): it was older than every line held.
  const current = search.current < 0 ? (step > 0 ? 0 : count - 1) : (search.current + step + count) % count;
  const line = search.matches[current];
  if (line === undefined) return pane;
  const scrollBack = Math.min(paneBack(pane), Math.max(0, pane.total - 1 - line));
  return {...pane, follow: false, top: false, scrollBack, search: {...search, current}};
}

function linesChanged(pane: LogPaneState, change: ActionMap['logs.changed']): LogPaneState {
  const back = paneBack(pane, change.total);
  // Sent to the first line (home, or typed before the lines came), the pane stays there when older lines are put
  // in front (history arrives after the newest lines); else the rows on screen stay still while new lines
  // arrive below them.
  return {
    ...pane,
    version: change.version,
    total: change.total,
    held: change.held,
    status: change.status,
    scrollBack: pane.follow ? 0 : pane.top ? back : Math.min(back, pane.scrollBack + change.appended),
  };
}

// The search run again over the changed lines. One that had found nothing (typed before the lines came) jumps to
// the newest match once there is one, as it would have if typed then.
function withMatches(pane: LogPaneState, found: ActionMap['logs.changed']['search']): LogPaneState {
  if (!pane.search || !found) return pane;
  const search = {...pane.search, matches: found.matches, current: found.current};
  if (pane.search.matches.length === 0 && found.matches.length > 0)
    return jumpToMatch({...pane, search: {...search, current: -1}}, -1);
  return {...pane, search};
}

// The log pane: focus, follow, scrolling and display toggles. The lines live outside the store.
export function reduceLogPane(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'logs.opened':
      return {...state, logs: action.pane, focus: 'logs'};
    case 'logs.closed':
      return {...state, logs: undefined, focus: 'list'};
    case 'logs.open':
    case 'logs.focus':
      return state.logs ? {...state, focus: 'logs'} : state;
    case 'logs.back':
      if (state.logs?.search) return withPane(state, pane => ({...pane, search: undefined}));
      if (state.logs?.fullscreen) return withPane({...state, focus: 'list'}, pane => ({...pane, fullscreen: false}));
      return state.focus === 'logs' ? {...state, focus: 'list'} : state;
    case 'logs.changed':
      return withPane(state, pane => withMatches(linesChanged(pane, action), action.search));
    case 'logs.rows':
      return withPane(state, pane => (pane.rows === action.rows ? pane : withinReach({...pane, rows: action.rows})));
    case 'logs.follow':
      return withPane(state, pane => ({...pane, follow: true, top: false, scrollBack: 0}));
    case 'logs.timestamps':
      return withPane(state, pane => ({...pane, timestamps: !pane.timestamps}));
    case 'logs.wrap':
      return withPane(state, pane => withinReach({...pane, wrap: !pane.wrap}));
    case 'logs.fullscreen':
      return withPane(state, pane => ({...pane, fullscreen: !pane.fullscreen}));
    case 'logs.search':
      return {...state, overlay: {kind: 'search', draft: state.logs?.search?.query ?? ''}};
    case 'logs.save':
      if (!state.logs) return state;
      // With a filter set, first which lines: those shown or every one held.
      return state.logs.filter
        ? {...state, overlay: {kind: 'logSaveWhich', shown: state.logs.total, held: state.logs.held ?? 0}}
        : {...state, overlay: {kind: 'save', draft: defaultSavePath(state.logs.name)}};
    case 'logs.saveShown':
    case 'logs.saveAll':
      return state.logs && state.overlay?.kind === 'logSaveWhich'
        ? {
            ...state,
            overlay: {
              kind: 'save',
              draft: defaultSavePath(state.logs.name),
              shown: action.type === 'logs.saveShown',
            },
          }
        : state;
    case 'logs.filter':
      return state.logs ? {...state, overlay: {kind: 'logFilter', draft: filterDraft(state.logs.filter)}} : state;
    case 'logs.context':
      return state.logs
        ? {
            ...state,
            overlay: {kind: 'logContext', draft: String(state.logs.filter?.context ?? state.logs.context ?? 0)},
          }
        : state;
    case 'logs.filtered':
      // The lines shown are others now: from the bottom, a search among the old ones is gone (effects.ts runs it
      // again over the new ones).
      return withPane(state, pane => ({
        ...pane,
        filter: action.filter,
        context: action.context,
        total: action.total,
        held: action.held,
        scrollBack: 0,
        top: false,
        search: undefined,
      }));
    case 'logs.searched':
      return withPane(state, pane =>
        jumpToMatch(
          {...pane, search: {query: action.query, matches: action.matches, current: action.matches.length}},
          -1,
        ),
      );
    case 'logs.next':
      return withPane(state, pane => jumpToMatch(pane, 1));
    case 'logs.previous':
      return withPane(state, pane => jumpToMatch(pane, -1));
    case 'cursor.up':
      return scroll(state, back => back + 1);
    case 'cursor.down':
      return scroll(state, back => back - 1);
    case 'cursor.pageUp':
      return scroll(state, (back, page) => back + page);
    case 'cursor.pageDown':
      return scroll(state, (back, page) => back - page);
    case 'cursor.home':
      // The first line, and the pane stays there: typed before the first lines came (ahead of them), it leaves
      // follow at once, so the lines that arrive then keep the top on screen.
      return paneShown(state)
        ? withPane(state, pane => ({...pane, follow: false, top: true, scrollBack: paneBack(pane)}))
        : state;
    case 'cursor.end':
      return paneShown(state) ? withPane(state, pane => ({...pane, follow: true, top: false, scrollBack: 0})) : state;
  }
  return state;
}

export function defaultSavePath(name: string, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  return `./${name.replace(/[^A-Za-z0-9_.-]/g, '_')}-${stamp}.log`;
}
