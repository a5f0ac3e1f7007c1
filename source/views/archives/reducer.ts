import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import {selectedContainer} from '../containers/selectors.js';

export function reduceArchives(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'archive.exportPrompt': {
      if (state.view !== 'containers' || state.archives.job) return state;
      const row = selectedContainer(state);
      if (!row) return state;
      return {
        ...state,
        overlay: {
          kind: 'archivePath',
          draft: defaultArchivePath(row.name),
          operation: 'export',
          targets: [row.name],
          // View 1's rows carry their engine even with one; the prompt names it only with several.
          ...(row.engine && (state.engines?.length ?? 0) > 1 ? {engine: row.engine} : {}),
        },
      };
    }
    case 'archive.started':
      return {...state, archives: {job: action.job}, overlay: {kind: 'archiveProgress'}};
    case 'archive.progress':
      return state.archives.job
        ? {...state, archives: {job: {...state.archives.job, progress: action.progress}}}
        : state;
    case 'archive.finished':
      return {...state, archives: {}, overlay: state.overlay?.kind === 'archiveProgress' ? undefined : state.overlay};
    default:
      return state;
  }
}

// ./web-1.tar: the name made safe for a file name (an image's / and : become -).
export function defaultArchivePath(name: string): string {
  return `./${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^[-.]+/, '') || 'archive'}.tar`;
}
