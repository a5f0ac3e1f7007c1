import {EVENT_TYPES} from '../../engine/events/read-events.js';
import type {AppState} from '../../store/state.js';
import type {ViewModule} from '../types.js';
import {changeWindow, publish, takeEvent} from './effects.js';
import {EventsView} from './EventsView.js';
import {EVENTS_BINDINGS} from './keys.js';
import {reduceEvents} from './reducer.js';
import {initialEvents} from './state.js';

// View 9: the engine's events as they come (every engine's, with an ENGINE column when there are several). The
// sessions' own `/events` streams carry every type for it, so opening the view asks the engines nothing.
export const events: ViewModule = {
  id: 'events',
  key: '9',
  title: 'Events',
  scopeTitles: {events: 'Events (view 9)'},
  initial: () => ({events: initialEvents()}),
  reduce: reduceEvents,
  engineEvents: EVENT_TYPES,
  allEngineEvents: true,
  onEngine(services, update) {
    if (update.kind === 'event') takeEvent(services, update.event, update.engine);
  },
  effect(services, action, before, after) {
    if (after.view === 'events' && before.view !== 'events') publish(services);
    if (/^events\.window[0-6]$/.test(action.type)) void changeWindow(services, Number(action.type.slice(-1)));
  },
  bindings: EVENTS_BINDINGS,
  // The `/` filter's text lives in a list state; the view has no rows to move a cursor over.
  list: (state: AppState) => ({
    ids: [],
    list: state.events.list,
    put: (next, list) => ({...next, events: {...next.events, list}}),
  }),
  // Its own keys before the movement keys (which would move a cursor it does not have).
  scopes: () => ['events', 'list', 'global'],
  Body: EventsView,
  // Its digits 0–6 pick the window, not a tab: say so where the tabs are.
  tabNotes: () => ['0–6 event window'],
};
