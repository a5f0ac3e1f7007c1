import type {Binding} from '../../types.js';

// f on a container (the containers view turns it into the pane for its selected row), and the pane's own keys.
export const FILES_BINDINGS: readonly Binding[] = [
  {scope: 'containers', keys: ['f'], action: 'files.open', help: 'files: browse, view, copy out, changes'},
  {
    scope: 'filesList',
    keys: ['enter', 'right'],
    action: 'files.enter',
    help: 'open a directory / view a file',
    footer: 'open',
  },
  {
    scope: 'files',
    keys: ['backspace', 'left', 'h'],
    action: 'files.up',
    help: 'up a directory (back to the list from a file)',
    footer: 'up',
  },
  {
    scope: 'files',
    keys: ['escape'],
    action: 'files.back',
    help: 'cancel a listing, back to the list, clear the filter, or close',
    footer: 'close',
  },
  {scope: 'filesList', keys: ['/'], action: 'files.filter', help: 'filter names', footer: 'filter'},
  {scope: 'fileView', keys: ['/'], action: 'files.filter', help: 'search the file', footer: 'search'},
  {scope: 'fileView', keys: ['n'], action: 'files.next', help: 'next match', footer: 'next'},
  {scope: 'fileView', keys: ['N'], action: 'files.previous', help: 'previous match'},
  {scope: 'files', keys: ['ctrl-r'], action: 'files.reload', help: 'list the directory again'},
  {scope: 'files', keys: ['y'], action: 'files.copyPath', help: 'copy the path'},
  {
    scope: 'files',
    keys: ['c'],
    action: 'files.copyOut',
    help: 'copy out to a local path (docker cp)',
    footer: 'copy out',
  },
  {
    scope: 'files',
    keys: ['D'],
    action: 'files.changes',
    help: 'changes against the image (docker diff)',
    footer: 'changes',
  },
  {
    scope: 'fileCopy',
    keys: ['escape'],
    action: 'files.copyCancel',
    help: 'cancel (the partial copy is removed)',
    footer: true,
  },
];
