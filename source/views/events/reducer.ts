import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import type {EventsState} from './state.js';
import {furthestBack} from '../kit/tail-scroll.js';

const put = (state: AppState, events: Partial<EventsState>): AppState => ({
  ...state,
  events: {...state.events, ...events},
});

const eventsBack = (events: EventsState, total = events.total) => furthestBack(total, events.rows);

// Scrolled back by `by` (negative: towards the newest); at the bottom it follows again.
function scroll(state: AppState, by: number): AppState {
  const most = eventsBack(state.events);
  const scrollBack = Math.min(most, Math.max(0, state.events.scrollBack + by));
  return put(state, {scrollBack, follow: scrollBack === 0, top: false});
}

export function reduceEvents(state: AppState, action: Action): AppState {
  const page = Math.max(1, state.viewportRows - 1);
  switch (action.type) {
    case 'events.window0':
    case 'events.window1':
    case 'events.window2':
    case 'events.window3':
    case 'events.window4':
    case 'events.window5':
    case 'events.window6':
      return put(state, {window: Number(action.type.slice(-1)), follow: true, scrollBack: 0, top: false});
    case 'events.older':
      return scroll(state, 1);
    case 'events.newer':
      return scroll(state, -1);
    case 'events.pageOlder':
      return scroll(state, page);
    case 'events.pageNewer':
      return scroll(state, -page);
    case 'events.oldest':
      // The oldest event, and the view stays there: typed while a window is replayed (6 g), the events that come
      // keep the top on screen.
      return put(state, {follow: false, top: true, scrollBack: eventsBack(state.events)});
    case 'events.follow':
      return put(state, {follow: true, scrollBack: 0, top: false});
    case 'events.changed':
      // Not following: the rows on screen stay where they are while newer events arrive below.
      return put(state, {
        version: action.version,
        total: action.total,
        scrollBack: state.events.follow
          ? 0
          : state.events.top
            ? eventsBack(state.events, action.total)
            : Math.min(eventsBack(state.events, action.total), state.events.scrollBack + action.appended),
      });
    case 'events.rows': {
      if (action.rows === state.events.rows) return state;
      const rows = {...state.events, rows: action.rows};
      const back = eventsBack(rows);
      return put(state, {
        rows: action.rows,
        scrollBack: state.events.top ? back : Math.min(state.events.scrollBack, back),
      });
    }
    case 'events.replay':
      return put(state, {replay: action.replay});
    default:
      return state;
  }
}
