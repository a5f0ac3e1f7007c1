import {link, open, rename, rm, stat, type FileHandle} from 'node:fs/promises';
import type {Writable} from 'node:stream';

// A file written under `PATH.partial` and given its real name only when complete (docs/contract.md): a reader never
// sees half an archive under the name it asked for, and an existing PATH is replaced only when the caller says so.
export type PartialFile = {
  path: string;
  partial: string;
  stream: Writable;
  // Gives the finished file its name; without `overwrite`, fails with EEXIST rather than replace a file that
  // appeared meanwhile.
  commit(): Promise<void>;
  // Removes the partial file; nothing else is touched.
  discard(): Promise<void>;
};

// Large writes: fewer system calls for archives of gigabytes, still a bounded buffer.
const WRITE_BUFFER = 1024 * 1024;

export async function openPartial(path: string, overwrite: boolean): Promise<PartialFile> {
  const existing = await kindOf(path);
  if (existing === 'directory') throw fsError('EISDIR');
  if (existing && !overwrite) throw fsError('EEXIST');
  const partial = `${path}.partial`;
  // 'wx': a PATH.partial that is already there belongs to another save (or a crash) and is not ours to replace.
  const handle: FileHandle = await open(partial, 'wx');
  const stream = handle.createWriteStream({highWaterMark: WRITE_BUFFER});
  let done = false;
  return {
    path,
    partial,
    stream,
    async commit() {
      await closed(stream);
      if (overwrite) await rename(partial, path);
      else await moveWithoutReplacing(partial, path);
      done = true;
    },
    async discard() {
      if (done) return;
      done = true;
      stream.destroy();
      await closed(stream).catch(() => undefined);
      await rm(partial, {force: true}).catch(() => undefined);
    },
  };
}

function closed(stream: Writable): Promise<void> {
  if (stream.closed) return Promise.resolve();
  return new Promise((resolve, reject) => {
    stream.once('close', resolve);
    stream.once('error', reject);
  });
}

export async function moveWithoutReplacing(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw fsError('EEXIST');
    // File systems without hard links: fall back to check-then-rename, which is only racy, not destructive by default.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'ENOSYS')
      throw error;
    if (await kindOf(to)) throw fsError('EEXIST');
    await rename(from, to);
    return;
  }
  await rm(from, {force: true});
}

export async function kindOf(path: string): Promise<'file' | 'directory' | undefined> {
  try {
    return (await stat(path)).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

function fsError(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(code), {code});
}
