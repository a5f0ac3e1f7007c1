import {BerthError} from '../../errors.js';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {explainWrite} from '../files/write-errors.js';

// A file that exists where the archive would go: the UI asks before replacing it, the CLI wants --force.
export class ArchiveExistsError extends BerthError {
  constructor(readonly path: string) {
    super(`${path} already exists; choose another name, or overwrite it (berth: --force; the UI asks)`);
    this.name = 'ArchiveExistsError';
  }
}

export class ArchiveCancelledError extends BerthError {
  constructor(what: string) {
    super(`${what} cancelled; nothing was written`, 1);
    this.name = 'ArchiveCancelledError';
  }
}

// Names and messages from the engine or from inside an archive reach the terminal: one safe line.
export function safeText(text: string): string {
  return stripAnsi(sanitizeLine(text.replace(/\s*[\r\n]+\s*/g, ' ').trim()));
}

// A failure writing the archive, as one line: the file, the reason, the fix.
export function writeError(path: string, error: unknown, written?: number): BerthError {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'EEXIST' && !e.path?.endsWith('.partial')) return new ArchiveExistsError(path);
  if (e?.code === 'EEXIST') {
    return new BerthError(
      `cannot write ${path}: ${path}.partial already exists (another save under way, or left by one that crashed); remove it or choose another name`,
    );
  }
  const [reason, fix] = explainWrite(e?.code, path, error);
  const after = written && (e?.code === 'ENOSPC' || e?.code === 'EDQUOT') ? ` after ${written} bytes` : '';
  return new BerthError(`cannot write ${path}: ${safeText(reason)}${after}; ${fix}`);
}

// A failure opening the archive to read, as one line.
export function readError(path: string, error: unknown): BerthError {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return new BerthError(`cannot read ${path}: no such file; check the path`);
    case 'EISDIR':
      return new BerthError(`cannot read ${path}: that is a directory; give the archive's file name`);
    case 'EACCES':
    case 'EPERM':
      return new BerthError(`cannot read ${path}: permission denied; check the file's permissions`);
    default:
      return new BerthError(
        `cannot read ${path}: ${safeText(error instanceof Error ? error.message : String(code ?? error))}`,
      );
  }
}
