import type {Binding} from '../../types.js';

// Keys while the log pane has the focus (enter or l on a row that has logs).
export const LOG_PANE_BINDINGS: readonly Binding[] = [
  {scope: 'logs', keys: ['escape', 'left'], action: 'logs.back', help: 'back to the list', footer: true},
  {scope: 'logs', keys: ['f', 'end', 'G'], action: 'logs.follow', help: 'follow', footer: true},
  {scope: 'logs', keys: ['0'], action: 'logs.window0', help: 'tail 200'},
  {scope: 'logs', keys: ['1'], action: 'logs.window1', help: 'since 1m'},
  {scope: 'logs', keys: ['2'], action: 'logs.window2', help: 'since 5m'},
  {scope: 'logs', keys: ['3'], action: 'logs.window3', help: 'since 15m'},
  {scope: 'logs', keys: ['4'], action: 'logs.window4', help: 'since 30m'},
  {scope: 'logs', keys: ['5'], action: 'logs.window5', help: 'since 1h'},
  {scope: 'logs', keys: ['6'], action: 'logs.window6', help: 'everything'},
  {scope: 'logs', keys: ['t'], action: 'logs.timestamps', help: 'timestamps', footer: true},
  {scope: 'logs', keys: ['w'], action: 'logs.wrap', help: 'wrap', footer: true},
  {scope: 'logs', keys: ['/'], action: 'logs.search', help: 'search', footer: true},
  {scope: 'logs', keys: ['n'], action: 'logs.next', help: 'next match'},
  {scope: 'logs', keys: ['N'], action: 'logs.previous', help: 'previous match'},
  {scope: 'logs', keys: ['&'], action: 'logs.filter', help: 'filter (!text hides)', footer: 'filter'},
  {scope: 'logs', keys: ['C'], action: 'logs.context', help: 'context lines around filter matches (0–9)'},
  {scope: 'logs', keys: ['ctrl-s'], action: 'logs.save', help: 'save to a file', footer: true},
  {scope: 'logs', keys: ['c'], action: 'logs.clear', help: 'clear'},
  {scope: 'logs', keys: ['F'], action: 'logs.fullscreen', help: 'full screen'},
];

// ctrl-s while a filter is set: which lines to save (n and esc cancel: the question scope).
export const LOG_SAVE_WHICH_BINDINGS: readonly Binding[] = [
  {scope: 'logSaveWhich', keys: ['s'], action: 'logs.saveShown', help: 'the lines shown', footer: true},
  {scope: 'logSaveWhich', keys: ['a'], action: 'logs.saveAll', help: 'every line held', footer: true},
];
