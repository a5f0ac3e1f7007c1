import type {Action} from '../../../store/actions.js';
import type {AppState} from '../../../store/state.js';

export function reduceArchives(state: AppState, action: Action): AppState {
  switch (action.type) {
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
