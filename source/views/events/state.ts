// View 9: the engine's events. The events live outside the store (feed.ts: a ring filled from the start by the
// `/events` stream every session already holds); the store holds what the view shows of them.
import {emptyList, type ListState} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';

export type EventsState = {
  // 0: what berth holds since it started; 1–5: the last 1m … 1h replayed by the engine, then live; 6: all the
  // engine keeps.
  window: number;
  follow: boolean;
  // Events between the newest shown and the bottom row when not following.
  scrollBack: number;
  // The `/` filter (its text; the cursor and marks are unused: the view is not a list of rows to pick).
  list: ListState;
  // Bumped (at most ~10 Hz) when events arrive, so the view draws them; `total`: the events shown then.
  version: number;
  total: number;
  // A window being read from the engine, or why it could not be.
  replay?: string;
  // The rows the view drew last (it says so once laid out): scrolling back stops at the first page.
  rows?: number;
  // g: the view stays at the oldest event while events come (until a key moves it).
  top?: boolean;
};

export const initialEvents = (): EventsState => ({
  window: 0,
  follow: true,
  scrollBack: 0,
  list: emptyList(),
  version: 0,
  total: 0,
});

// Keys 0–6, as the log pane's windows.
export const EVENT_WINDOWS: readonly {label: string; sinceSeconds?: number}[] = [
  {label: 'since berth started'},
  {label: 'since 1m', sinceSeconds: 60},
  {label: 'since 5m', sinceSeconds: 300},
  {label: 'since 15m', sinceSeconds: 900},
  {label: 'since 30m', sinceSeconds: 1800},
  {label: 'since 1h', sinceSeconds: 3600},
  {label: 'all the engine keeps', sinceSeconds: Number.POSITIVE_INFINITY},
];

declare module '../../store/state.js' {
  interface ViewSlices {
    events: EventsState;
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.events': NoFields;
    'events.window0': NoFields;
    'events.window1': NoFields;
    'events.window2': NoFields;
    'events.window3': NoFields;
    'events.window4': NoFields;
    'events.window5': NoFields;
    'events.window6': NoFields;
    'events.older': NoFields;
    'events.newer': NoFields;
    'events.pageOlder': NoFields;
    'events.pageNewer': NoFields;
    'events.oldest': NoFields;
    'events.follow': NoFields;
    'events.changed': {version: number; total: number; appended: number};
    'events.replay': {replay?: string};
    'events.rows': {rows: number};
  }
}
