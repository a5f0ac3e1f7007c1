import type {Binding} from '../types.js';

// View 9's keys: it scrolls like the log pane (newest at the bottom, following), and its digits 0–6 pick the
// window as the log pane's do (7, 8 and 9 stay tabs; tab and shift-tab reach the others).
export const EVENTS_BINDINGS: readonly Binding[] = [
  {scope: 'events', keys: ['up', 'k'], action: 'events.older', help: 'older'},
  {scope: 'events', keys: ['down', 'j'], action: 'events.newer', help: 'newer'},
  {scope: 'events', keys: ['pageup', 'ctrl-u'], action: 'events.pageOlder', help: 'page older'},
  {scope: 'events', keys: ['pagedown', 'ctrl-d'], action: 'events.pageNewer', help: 'page newer'},
  {scope: 'events', keys: ['home', 'g'], action: 'events.oldest', help: 'oldest held'},
  {scope: 'events', keys: ['end', 'G', 'f'], action: 'events.follow', help: 'follow', footer: true},
  {scope: 'events', keys: ['0'], action: 'events.window0', help: 'since berth started', footer: '0–6 window'},
  {scope: 'events', keys: ['1'], action: 'events.window1', help: 'since 1m'},
  {scope: 'events', keys: ['2'], action: 'events.window2', help: 'since 5m'},
  {scope: 'events', keys: ['3'], action: 'events.window3', help: 'since 15m'},
  {scope: 'events', keys: ['4'], action: 'events.window4', help: 'since 30m'},
  {scope: 'events', keys: ['5'], action: 'events.window5', help: 'since 1h'},
  {scope: 'events', keys: ['6'], action: 'events.window6', help: 'all the engine keeps'},
];
