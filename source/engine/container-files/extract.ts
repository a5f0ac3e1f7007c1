import {chmod, link, lutimes, mkdir, open, symlink, unlink, utimes, type FileHandle} from 'node:fs/promises';
import {join} from 'node:path';
import type {Readable} from 'node:stream';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {components} from './list-directory.js';
import {linkStaysInside, unsafeName} from './safe-paths.js';
import type {TarEntry} from '../tar/header.js';
import {readTar} from './tar-reader.js';

export type ExtractResult = {
  rootKind: TarEntry['kind'];
  entries: number;
  // Entries not written, each as "NAME: why" (links pointing out of the destination, device files).
  skipped: string[];
};

// A refused archive: nothing of it is kept.
export class HostileArchiveError extends BerthError {}

// Writes the archive of one container path into `staging` (which must not exist): the archive's root entry becomes
// `staging` itself, everything below it goes below it. Never writes outside `staging`: names are checked, a
// parent is always a directory this extraction made (never a link it wrote), and files are created exclusively.
// Modes and modification times are the archive's; directories get theirs last, deepest first, so a read-only
// directory is still filled. Owners are not set (as docker cp, which writes as the user running it).
export async function extractArchive(
  source: Readable,
  staging: string,
  onBytes?: (consumed: number) => void,
): Promise<ExtractResult> {
  let root: string[] | undefined;
  let rootKind: TarEntry['kind'] = 'other';
  const made = new Set<string>();
  const files = new Set<string>();
  const dirs = new Map<string, {mode: number; mtime: number}>();
  const skipped: string[] = [];
  let entries = 0;
  const handles = new Set<FileHandle>();
  const local = (rel: readonly string[]) => (rel.length ? join(staging, ...rel) : staging);
  const key = (rel: readonly string[]) => rel.join('/');

  const below = (name: string): string[] => {
    const why = unsafeName(name);
    if (why) throw new HostileArchiveError(`refused the archive: the entry "${safeText(name)}" has ${why}`);
    const parts = components(name);
    if (!root) {
      // The first entry is the copied path itself: everything else must be below it.
      root = parts;
      return [];
    }
    if (parts.length < root.length || root.some((part, i) => parts[i] !== part))
      throw new HostileArchiveError(`refused the archive: the entry "${safeText(name)}" is not below the copied path`);
    return parts.slice(root.length);
  };

  const parentOf = async (rel: string[]) => {
    if (rel.length === 0) return;
    if (rootKind !== 'directory') throw new HostileArchiveError('refused the archive: entries below a file');
    for (let depth = 1; depth < rel.length; depth++) {
      const dir = rel.slice(0, depth);
      if (made.has(key(dir))) continue;
      // A parent the archive did not list first (tar allows it): made here, as tar does. It fails when something
      // else (a link from this archive) is already there, so nothing is written through it.
      await makeDirectory(local(dir), dir.join('/'));
      made.add(key(dir));
      dirs.set(key(dir), {mode: 0o755, mtime: Date.now() / 1000});
    }
  };

  try {
    await readTar(
      source,
      async entry => {
        const first = !root;
        const rel = below(entry.path);
        if (first) {
          rootKind = entry.kind;
        } else if (rel.length === 0) {
          throw new HostileArchiveError(`refused the archive: the root "${safeText(entry.path)}" appears twice`);
        }
        entries += 1;
        await parentOf(rel);
        const path = local(rel);
        switch (entry.kind) {
          case 'directory':
            if (!made.has(key(rel))) {
              await makeDirectory(path, rel.join('/'));
              made.add(key(rel));
            }
            dirs.set(key(rel), {mode: entry.mode, mtime: entry.mtime});
            return undefined;
          case 'file':
            return writeFile(path, entry, handles, () => files.add(key(rel)));
          case 'symlink':
            if (!linkStaysInside(rel, entry.linkTarget)) {
              skipped.push(`${safeText(entry.path)}: a link to ${safeText(entry.linkTarget)}, outside the destination`);
              return undefined;
            }
            await replaceable(path, made.has(key(rel)));
            await symlink(entry.linkTarget, path);
            await lutimes(path, entry.mtime, entry.mtime);
            return undefined;
          case 'hardlink': {
            const target = below(entry.linkTarget);
            if (!files.has(key(target))) {
              skipped.push(
                `${safeText(entry.path)}: a hard link to ${safeText(entry.linkTarget)}, not a file of this copy`,
              );
              return undefined;
            }
            await replaceable(path, made.has(key(rel)));
            await link(local(target), path);
            files.add(key(rel));
            return undefined;
          }
          default:
            skipped.push(`${safeText(entry.path)}: a ${entry.kind} device or special file (not copied)`);
            return undefined;
        }
      },
      onBytes,
    );
  } finally {
    // A failure inside a file leaves its handle open: closed here, the caller removes the staging.
    for (const handle of handles) await handle.close().catch(() => undefined);
  }
  if (!root) throw new BerthError('the engine sent an empty archive');
  const deepestFirst = [...dirs.entries()].sort((a, b) => b[0].split('/').length - a[0].split('/').length);
  for (const [name, {mode, mtime}] of deepestFirst) {
    const path = local(name === '' ? [] : name.split('/'));
    await chmod(path, mode);
    await utimes(path, mtime, mtime);
  }
  return {rootKind, entries, skipped};
}

// A directory where a file or link of this archive already is: the archive wants something written through it.
async function makeDirectory(path: string, name: string): Promise<void> {
  try {
    await mkdir(path, {mode: 0o700});
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    throw new HostileArchiveError(
      `refused the archive: "${safeText(name)}" is already a file or a link, not a directory`,
    );
  }
}

// A later entry of the same name replaces an earlier file or link (tar's rule), never a directory.
async function replaceable(path: string, isDirectory: boolean): Promise<void> {
  if (isDirectory) throw new HostileArchiveError(`refused the archive: an entry would replace the directory ${path}`);
  await unlink(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error;
  });
}

async function writeFile(path: string, entry: TarEntry, handles: Set<FileHandle>, done: () => void) {
  let handle: FileHandle | undefined;
  const opened = async () => {
    if (handle) return handle;
    await replaceable(path, false);
    // 'wx': never through a link, never into something that appeared meanwhile.
    handle = await open(path, 'wx', 0o600);
    handles.add(handle);
    return handle;
  };
  // An empty file has no data pieces: it is created at the end.
  await opened();
  return {
    async write(piece: Buffer) {
      const file = await opened();
      let at = 0;
      while (at < piece.length) at += (await file.write(piece, at, piece.length - at)).bytesWritten;
    },
    async end() {
      const file = await opened();
      handles.delete(file);
      await file.close();
      await chmod(path, entry.mode);
      await utimes(path, entry.mtime, entry.mtime);
      done();
    },
  };
}
