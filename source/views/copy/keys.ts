import type {Binding} from '../types.js';

// y in every list and in the log pane; then one letter picks what goes to the clipboard. The menu shows the
// letters the keymap gives (keys: in the config may change them), next to what each copies.
export const COPY_BINDINGS: readonly Binding[] = [
  {scope: 'list', keys: ['y'], action: 'copy.open', help: 'copy: ID, name, image, a docker command (menu)'},
  {
    scope: 'logs',
    keys: ['y'],
    action: 'copy.logs',
    help: 'copy: the selected line, the lines on screen, all, matches (menu)',
  },
  {scope: 'copy', keys: ['i'], action: 'copy.id', help: 'ID'},
  {scope: 'copy', keys: ['n'], action: 'copy.name', help: 'name'},
  {scope: 'copy', keys: ['m'], action: 'copy.image', help: 'image'},
  {scope: 'copy', keys: ['r'], action: 'copy.reference', help: 'reference (registry/repository:tag)'},
  {scope: 'copy', keys: ['d'], action: 'copy.digest', help: 'digest reference (repository@sha256:…)'},
  {scope: 'copy', keys: ['p'], action: 'copy.path', help: 'path (mountpoint, project directory)'},
  {scope: 'copy', keys: ['l'], action: 'copy.logsCommand', help: 'docker command: follow its logs'},
  {scope: 'copy', keys: ['e'], action: 'copy.shellCommand', help: 'docker command: a shell in it'},
  {scope: 'copy', keys: ['u'], action: 'copy.runCommand', help: 'docker command: run or pull it'},
  {scope: 'copy', keys: ['s'], action: 'copy.inspectCommand', help: 'docker command: inspect it'},
  {scope: 'copy', keys: ['x'], action: 'copy.removeCommand', help: 'docker command: remove it'},
  {
    scope: 'copyLogs',
    keys: ['l'],
    action: 'copy.line',
    help: 'the selected line (the search match, else the last shown)',
  },
  {scope: 'copyLogs', keys: ['v'], action: 'copy.visible', help: 'the lines on screen'},
  {scope: 'copyLogs', keys: ['a'], action: 'copy.buffer', help: 'every line held (the whole buffer)'},
  {scope: 'copyLogs', keys: ['m'], action: 'copy.matches', help: "the search's matching lines"},
];

export const COPY_ACTIONS: ReadonlySet<string> = new Set(
  COPY_BINDINGS.filter(b => b.scope === 'copy').map(b => b.action),
);
export const LOG_COPY_ACTIONS: ReadonlySet<string> = new Set(
  COPY_BINDINGS.filter(b => b.scope === 'copyLogs').map(b => b.action),
);
