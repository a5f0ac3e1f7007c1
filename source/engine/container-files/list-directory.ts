import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {execCapture, NEVER_RAN} from '../exec/exec.js';
import {containerArchive} from './archive-source.js';
import {LIST_SCRIPT, parseListing} from './exec-listing.js';
import {LIST_LIMIT, type FileEntry, type FileKind} from './file-entry.js';
import {TarFormatError, type TarEntryKind} from '../tar/header.js';
import {readTar} from './tar-reader.js';

export type Listing = {
  path: string;
  entries: FileEntry[];
  // More entries than LIST_LIMIT: these are the first in the directory's own order.
  truncated: boolean;
  // 'exec': a command in the running container listed one level; 'archive': the engine sent the directory's
  // archive (subtree included), which is why it was slower — `slowReason` says why that way was taken.
  via: 'exec' | 'archive';
  slowReason?: string;
};

export type ListOptions = {
  running: boolean;
  signal?: AbortSignal;
  // Bytes of the archive read so far (the archive way only).
  onProgress?: (bytes: number) => void;
};

export class ListCancelledError extends BerthError {
  constructor(path: string) {
    super(`listing ${path} cancelled`);
    this.name = 'ListCancelledError';
  }
}

export async function listDirectory(
  docker: Docker,
  api: string,
  container: string,
  path: string,
  options: ListOptions,
): Promise<Listing> {
  if (!options.running) return listFromArchive(docker, container, path, options, 'the container is not running');
  const result = await execCapture(docker, api, {
    containerId: container,
    cmd: ['sh', '-c', LIST_SCRIPT, 'sh', path],
    limitBytes: 4 * 1024 * 1024,
    signal: options.signal,
  });
  if (options.signal?.aborted) throw new ListCancelledError(path);
  const parsed = result.exitCode === 0 ? parseListing(result.stdout) : undefined;
  if (parsed) return {path, ...parsed, via: 'exec'};
  if (result.exitCode === 2 && /no such directory|not a directory/.test(result.stderr))
    throw new BerthError(`${safeText(path)}: ${safeText(result.stderr.trim())}`);
  // No shell, no find, or an exec the engine refused: the archive needs nothing inside the container.
  const failure = `${result.error ?? ''} ${result.stderr}`;
  const reason = /is not running|paused/i.test(failure)
    ? 'the container is not running'
    : result.exitCode === NEVER_RAN || /not found|no such file/i.test(failure)
      ? 'the container has no shell (sh) to list with'
      : `listing with find failed (${safeText((result.error ?? result.stderr).trim()) || `exit ${result.exitCode}`})`;
  return listFromArchive(docker, container, path, options, reason);
}

const TAR_KINDS: Record<TarEntryKind, FileKind> = {
  file: 'file',
  directory: 'directory',
  symlink: 'symlink',
  hardlink: 'file',
  char: 'char',
  block: 'block',
  fifo: 'fifo',
  other: 'other',
};

// The path's components as the archive names them: "etc/", "./etc/x" and "etc/x" compare alike.
export function components(path: string): string[] {
  return path.split('/').filter(part => part !== '' && part !== '.');
}

async function listFromArchive(
  docker: Docker,
  container: string,
  path: string,
  options: ListOptions,
  slowReason: string,
): Promise<Listing> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  if (options.signal?.aborted) throw new ListCancelledError(path);
  options.signal?.addEventListener('abort', cancel, {once: true});
  const entries: FileEntry[] = [];
  let root: string[] | undefined;
  let truncated = false;
  try {
    const response = await containerArchive(docker, container, path, controller.signal);
    await readTar(
      response,
      entry => {
        const parts = components(entry.path);
        if (!root) {
          if (entry.kind !== 'directory') throw new BerthError(`${safeText(path)}: not a directory`);
          root = parts;
          return undefined;
        }
        if (parts.length !== root.length + 1) return undefined;
        if (entries.length === LIST_LIMIT) {
          truncated = true;
          return 'stop';
        }
        entries.push({
          name: parts.at(-1) ?? '',
          kind: TAR_KINDS[entry.kind],
          size: entry.size,
          mode: entry.mode,
          owner: entry.user || String(entry.uid),
          group: entry.group || String(entry.gid),
          mtime: entry.mtime,
          ...(entry.kind === 'symlink' ? {linkTarget: entry.linkTarget} : {}),
        });
        return undefined;
      },
      options.onProgress,
    );
  } catch (error) {
    if (options.signal?.aborted) throw new ListCancelledError(path);
    if (error instanceof BerthError) throw error;
    if (error instanceof TarFormatError)
      throw new BerthError(`the engine's archive of ${safeText(path)} is broken: ${error.message}`);
    throw new BerthError(`listing ${safeText(path)}: the connection to the engine broke (${(error as Error).message})`);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    controller.abort();
  }
  return {path, entries, truncated, via: 'archive', slowReason};
}
