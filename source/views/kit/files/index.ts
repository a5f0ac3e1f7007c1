import type {Overlay} from '../../../store/state.js';
import type {ViewModule} from '../../types.js';
import {FILES_COMMANDS} from './commands.js';
import {
  abandonWork,
  cancelCopy,
  cancelPane,
  confirmedCopy,
  copyOut,
  loadIfNeeded,
  showChanges,
  viewSelected,
} from './effects.js';
import {FileCopyOverlay} from './FileCopyOverlay.js';
import {FilesPane} from './FilesPane.js';
import {FILES_BINDINGS} from './keys.js';
import {reduceFiles, selectedPath} from './reducer.js';
import './state.js';
import {filterProblem} from '../../../store/list.js';

const draftOf = (overlay: Overlay) => ('draft' in overlay ? (overlay.draft ?? '') : '');

// The files pane: not a tab, a pane over the containers view (f on a container) that browses one container's
// filesystem, shows a file's first MiB, copies out, and shows the changes against the image; :cp and :diff too.
export const filesPane: ViewModule = {
  id: 'files',
  title: 'Files',
  engineBound: true,
  scopeTitles: {
    filesList: 'Files pane: a directory',
    fileView: 'Files pane: a file',
    files: 'Files pane (f on a container)',
    fileCopy: 'Copy under way (c in the files pane, :cp)',
  },
  initial: () => ({files: undefined, fileCopy: undefined}),
  reduce: reduceFiles,
  effect(services, action, before, after) {
    switch (action.type) {
      case 'files.enter':
        if (before.files?.mode === 'list' && after.files?.path === before.files.path) viewSelected(services);
        else loadIfNeeded(services);
        return;
      case 'files.up':
      case 'files.goTo':
      case 'files.reload':
        return loadIfNeeded(services);
      case 'files.back':
        if (before.files?.loading) cancelPane(services);
        else loadIfNeeded(services);
        return;
      case 'files.changes':
        if (before.overlay?.kind === 'files') void showChanges(services);
        return;
      case 'files.copyCancel':
        return cancelCopy(services);
      case 'confirm.no':
        // A question the pane's c asked: no comes back to the pane.
        if (
          before.overlay?.kind === 'confirm' &&
          before.overlay.confirm.owner === 'files' &&
          before.overlay.confirm.ids[3] === 'pane'
        )
          services.dispatch({type: 'overlay.show', overlay: {kind: 'files'}});
        return;
      case 'overlay.close':
        // esc in the pane's prompt comes back to the pane (the shell's prompts close to the view).
        if (before.overlay?.kind === 'filesPrompt') services.dispatch({type: 'overlay.show', overlay: {kind: 'files'}});
        return;
    }
  },
  confirmed: confirmedCopy,
  close: abandonWork,
  bindings: FILES_BINDINGS,
  commands: FILES_COMMANDS,
  overlays: {
    files: {
      Component: FilesPane,
      modeScopes: state => ({list: ['filesList'], view: ['fileView'], changes: []})[state.files?.mode ?? 'list'],
      scopes: ['files', 'move'],
    },
    filesPrompt: {
      // Typed under the pane, which stays on screen (a filter narrows it as it is typed).
      Component: FilesPane,
      label: overlay =>
        overlay.kind !== 'filesPrompt'
          ? ' / '
          : {filter: ' filter names: ', search: ' search the file: ', copyOut: ' copy out to: '}[overlay.purpose],
      scopes: ['prompt'],
      submit(services, overlay) {
        if (overlay.kind !== 'filesPrompt') return undefined;
        const text = draftOf(overlay);
        services.dispatch({type: 'files.prompted', purpose: overlay.purpose, text});
        // A broken `re:` expression matches nothing: the status line says why.
        const problem = overlay.purpose === 'copyOut' ? undefined : filterProblem(text, overlay.purpose);
        if (problem) services.status(problem, 'error');
        const state = services.store.get();
        const source = selectedPath(state);
        const files = state.files;
        if (overlay.purpose === 'copyOut' && files && source && text.trim())
          void copyOut(
            services,
            {container: files.name, source, dest: text, ...(files.engine ? {engine: files.engine} : {})},
            true,
          );
        return undefined;
      },
    },
    fileCopy: {Component: FileCopyOverlay, height: () => 3, scopes: ['fileCopy']},
  },
};
