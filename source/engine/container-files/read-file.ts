import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {containerArchive} from './archive-source.js';
import {childPath, parentPath} from './file-entry.js';
import type {TarEntryKind} from '../tar/header.js';
import {readTar} from './tar-reader.js';

export const VIEW_LIMIT = 1024 * 1024;
const MAX_LINK_HOPS = 8;

export type FileHead = {
  // The path read, after following symlinks.
  path: string;
  size: number;
  // The first VIEW_LIMIT bytes at most.
  bytes: Buffer;
  truncated: boolean;
  binary: boolean;
};

// The first megabyte of a container's file, through the engine's archive of that one file: works on a stopped
// container and needs nothing inside it; the request is let go once the megabyte is read. A symlink is followed
// (relative to its directory, absolute from the container's root).
export async function readFileHead(
  docker: Docker,
  container: string,
  path: string,
  signal?: AbortSignal,
  limit = VIEW_LIMIT,
): Promise<FileHead> {
  let current = path;
  for (let hop = 0; hop <= MAX_LINK_HOPS; hop++) {
    const read = await readOnce(docker, container, current, limit, signal);
    if (read.kind === 'symlink') {
      current = read.linkTarget.startsWith('/') ? read.linkTarget : childPath(parentPath(current), read.linkTarget);
      continue;
    }
    if (read.kind === 'directory') throw new BerthError(`${safeText(path)} is a directory`);
    if (read.kind !== 'file') throw new BerthError(`${safeText(path)} is not a regular file (${read.kind})`);
    const bytes = Buffer.concat(read.chunks);
    return {path: current, size: read.size, bytes, truncated: read.size > bytes.length, binary: looksBinary(bytes)};
  }
  throw new BerthError(`${safeText(path)}: too many levels of symbolic links`);
}

async function readOnce(
  docker: Docker,
  container: string,
  path: string,
  limit: number,
  signal?: AbortSignal,
): Promise<{kind: TarEntryKind; size: number; linkTarget: string; chunks: Buffer[]}> {
  const controller = new AbortController();
  const cancel = () => controller.abort();
  signal?.addEventListener('abort', cancel, {once: true});
  const result = {kind: 'other' as TarEntryKind, size: 0, linkTarget: '', chunks: [] as Buffer[]};
  let have = 0;
  try {
    const response = await containerArchive(docker, container, path, controller.signal);
    await readTar(response, entry => {
      Object.assign(result, {kind: entry.kind, size: entry.size, linkTarget: entry.linkTarget});
      if (entry.kind !== 'file') return 'stop';
      return {
        write(piece: Buffer) {
          if (have >= limit) return;
          const take = piece.subarray(0, limit - have);
          // A copy: the piece is a view into the socket's chunk.
          result.chunks.push(Buffer.from(take));
          have += take.length;
          // Enough: the rest of the file is not sent for nothing.
          if (have >= limit && have < result.size) controller.abort();
        },
      };
    }).catch((error: unknown) => {
      // Reading stops at the limit by aborting: what was read is the answer.
      if (!controller.signal.aborted) throw error;
    });
  } finally {
    signal?.removeEventListener('abort', cancel);
    controller.abort();
  }
  if (signal?.aborted) throw new BerthError(`reading ${safeText(path)} cancelled`);
  return result;
}

// NUL bytes in the first 8 KiB, as git and grep decide.
export function looksBinary(bytes: Buffer): boolean {
  return bytes.subarray(0, 8192).includes(0);
}
