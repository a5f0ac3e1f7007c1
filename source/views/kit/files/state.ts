import type {ArchiveProgress} from '../../../engine/archives/progress.js';
import type {ChangeCounts, ChangeLine} from '../../../engine/container-files/changes.js';
import type {Listing} from '../../../engine/container-files/list-directory.js';
import type {ListState} from '../../../store/list.js';
import type {NoFields} from '../../../store/state.js';

// The container the pane looks into. `engine`: with several engines, the one it is on.
export type FilesTarget = {id: string; name: string; engine?: string; running: boolean};

// A file's first MiB, as the pane shows it.
export type FileView = {
  path: string;
  size: number;
  binary: boolean;
  truncated: boolean;
  // Sanitised lines (never the raw bytes: a file is untrusted text).
  lines: readonly string[];
  search: string;
  scroll: number;
};

export type FileChanges = {lines: readonly ChangeLine[]; totals: ChangeCounts; scroll: number};

// The files pane (f on a container): one container's directory, a file's first MiB, or its changes.
export type FilesState = FilesTarget & {
  path: string;
  mode: 'list' | 'view' | 'changes';
  listing?: Listing;
  // While a request is under way: what it waits for; `bytes`: how much of the engine's archive came (the slow way).
  loading?: {what: string; bytes?: number};
  error?: string;
  // The cursor, scroll and filter over the directory's entries (ids are the names).
  list: ListState;
  view?: FileView;
  changes?: FileChanges;
  // Rows of its list or text on screen, as the pane last drew them (for paging and keeping the cursor in sight).
  rows?: number;
};

// A copy under way (c in the pane, :cp): drawn by its progress window; esc cancels it.
export type FileCopyJob = {title: string; progress?: ArchiveProgress; backToPane: boolean};

export type FilesPromptPurpose = 'filter' | 'search' | 'copyOut';

declare module '../../../store/state.js' {
  interface ViewSlices {
    files?: FilesState;
    fileCopy?: FileCopyJob;
  }
  interface ViewOverlays {
    files: NoFields;
    // Typed over the pane (which stays on screen): the filter, a search in a file, where to copy to.
    filesPrompt: {draft: string; cursor?: number; purpose: FilesPromptPurpose};
    fileCopy: NoFields;
  }
}

declare module '../../../store/actions.js' {
  interface ActionMap {
    'files.open': NoFields;
    'files.opened': {target: FilesTarget; path: string};
    'files.enter': NoFields;
    'files.up': NoFields;
    'files.back': NoFields;
    'files.filter': NoFields;
    'files.next': NoFields;
    'files.previous': NoFields;
    'files.copyPath': NoFields;
    'files.copyOut': NoFields;
    'files.changes': NoFields;
    'files.reload': NoFields;
    'files.goTo': {path: string};
    'files.rows': {rows: number};
    'files.prompted': {purpose: FilesPromptPurpose; text: string};
    'files.loading': {what: string; bytes?: number};
    'files.listed': {listing: Listing};
    'files.viewed': {view: FileView};
    'files.changed': {lines: readonly ChangeLine[]; totals: ChangeCounts};
    'files.failed': {error: string};
    'files.copyStarted': {title: string; backToPane: boolean};
    'files.copyProgress': {progress: ArchiveProgress};
    'files.copyFinished': NoFields;
    'files.copyCancel': NoFields;
  }
}
