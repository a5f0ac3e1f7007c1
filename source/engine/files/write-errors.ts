import {dirname} from 'node:path';

// Why a file could not be written and what to do, from the errno code: shared by every "save to a file" (log
// lines, archives) so the words are the same everywhere.
export function explainWrite(code: string | undefined, path: string, error: unknown): [reason: string, fix: string] {
  switch (code) {
    case 'EEXIST':
      // Nothing asks to replace it: berth never overwrites a file it saves.
      return ['the file already exists', 'berth never overwrites a file: save again under another name'];
    case 'ENOENT':
      return [`the directory ${dirname(path)} does not exist`, 'create it first or choose another path'];
    case 'ENOTDIR':
      return ['a part of the path is not a directory', 'check the path'];
    case 'EISDIR':
      return ['that is a directory', 'add a file name to the path'];
    case 'EACCES':
    case 'EPERM':
      return [`permission denied`, 'choose a directory you can write to'];
    case 'ENOSPC':
    case 'EDQUOT':
      return ['the disk is full', 'free some space or save somewhere else'];
    case 'EROFS':
      return [`${dirname(path)} is on a read-only file system`, 'save somewhere else'];
    case 'EPIPE':
      return ['the reader went away (broken pipe)', 'check the command reading it'];
    default:
      return [error instanceof Error ? error.message : String(code ?? error), 'check the path and try again'];
  }
}
