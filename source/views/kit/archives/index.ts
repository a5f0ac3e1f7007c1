import type {Overlay} from '../../../store/state.js';
import type {Services, ViewModule} from '../../types.js';
import {ArchiveProgressOverlay} from './ArchiveProgressOverlay.js';
import {ARCHIVE_COMMANDS} from './commands.js';
import {abandonArchive, cancelArchive, confirmedOverwrite, startArchive} from './effects.js';
import {ARCHIVE_BINDINGS} from './keys.js';
import {reduceArchives} from './reducer.js';
import './state.js';

function submitPath(services: Services, overlay: Overlay) {
  if (overlay.kind === 'archivePath')
    void startArchive(services, {
      operation: overlay.operation,
      targets: overlay.targets,
      path: overlay.draft,
      ...(overlay.engine ? {engine: overlay.engine} : {}),
    });
  return undefined;
}

// Archives (save, load, export): not a tab, a part the views use — x in the containers view, :save, :load, :export — with one
// progress window for the archive under way.
export const archives: ViewModule = {
  id: 'archives',
  title: 'Archives',
  scopeTitles: {'archive-progress': 'Archive under way (x, :save, :load, :export)'},
  initial: () => ({archives: {}}),
  reduce: reduceArchives,
  effect(_services, action) {
    if (action.type === 'archive.cancel') cancelArchive(_services);
  },
  confirmed: confirmedOverwrite,
  close: abandonArchive,
  bindings: ARCHIVE_BINDINGS,
  commands: ARCHIVE_COMMANDS,
  overlays: {
    archivePath: {
      // With several engines the prompt names the engine: ` load into second from: `.
      label: overlay =>
        overlay.kind !== 'archivePath'
          ? ' path: '
          : overlay.engine
            ? {
                save: ` save from ${overlay.engine} to: `,
                load: ` load into ${overlay.engine} from: `,
                export: ` export from ${overlay.engine} to: `,
              }[overlay.operation]
            : {save: ' save to: ', load: ' load from: ', export: ' export to: '}[overlay.operation],
      scopes: ['prompt'],
      submit: submitPath,
    },
    archiveProgress: {Component: ArchiveProgressOverlay, height: () => 3, scopes: ['archive-progress']},
  },
};
