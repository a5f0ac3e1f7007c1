import type {ArchiveProgress} from '../../../engine/archives/progress.js';
import type {NoFields} from '../../../store/state.js';

export type ArchiveOperation = 'save' | 'load' | 'export';

// What an archive request names: the images (save), the container (export) or nothing (load), and the file.
// `engine`: with several engines, the one it goes to (the rows' engine; else the first).
export type ArchiveRequest = {operation: ArchiveOperation; targets: readonly string[]; path: string; engine?: string};

// The archive under way, one at a time; its progress is drawn by the progress overlay.
export type ArchiveJob = {request: ArchiveRequest; title: string; progress?: ArchiveProgress};

export type ArchivesState = {job?: ArchiveJob};

declare module '../../../store/state.js' {
  interface ViewSlices {
    archives: ArchivesState;
  }
  interface ViewOverlays {
    // The path prompt (x in the containers view): what will be archived, the path being typed.
    archivePath: {
      draft: string;
      cursor?: number;
      operation: ArchiveOperation;
      targets: readonly string[];
      engine?: string;
    };
    archiveProgress: NoFields;
  }
}

declare module '../../../store/actions.js' {
  interface ActionMap {
    'archive.exportPrompt': NoFields;
    'archive.cancel': NoFields;
    'archive.started': {job: ArchiveJob};
    'archive.progress': {progress: ArchiveProgress};
    'archive.finished': NoFields;
  }
}
