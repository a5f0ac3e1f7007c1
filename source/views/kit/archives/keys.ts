import type {Binding} from '../../types.js';

export const ARCHIVE_BINDINGS: readonly Binding[] = [
  {scope: 'containers', keys: ['x'], action: 'archive.exportPrompt', help: 'export to a tar file'},
  {
    scope: 'archive-progress',
    keys: ['escape'],
    action: 'archive.cancel',
    help: 'cancel (the partial file is removed)',
    footer: true,
  },
];
