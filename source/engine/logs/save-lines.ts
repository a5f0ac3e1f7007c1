import {link, open, rename, rm, stat, type FileHandle} from 'node:fs/promises';
import {homedir} from 'node:os';
import {dirname, join} from 'node:path';
import {BerthError} from '../../errors.js';
import {stripAnsi} from '../../text/sanitize.js';
import type {LogLine} from './line-assembler.js';

export type SaveOptions = {
  // Replace an existing file (the UI asks first).
  overwrite?: boolean;
  // Start each line with the engine's timestamp, as `docker logs -t` does.
  timestamps?: boolean;
};

const WRITE_CHUNK_CHARS = 64 * 1024;

export function expandHome(path: string): string {
  return path === '~' || path.startsWith('~/') ? join(homedir(), path.slice(1)) : path;
}

// Writes the lines as plain text (colour codes removed) to `PATH.partial`, then renames it into place, so a
// half-written file never carries the real name (SPEC §7). Without `overwrite` an existing file is left alone,
// checked again atomically at the end with link(2), which fails instead of replacing.
export async function saveLines(path: string, lines: readonly LogLine[], options: SaveOptions = {}): Promise<{lines: number}> {
  const target = expandHome(path);
  const partial = `${target}.partial`;
  const existing = await kindOf(target);
  if (existing === 'directory') throw saveError(path, {code: 'EISDIR'});
  if (existing && !options.overwrite) throw saveError(path, {code: 'EEXIST'});
  let handle: FileHandle | undefined;
  try {
    handle = await open(partial, 'w');
    await writeLines(handle, lines, options.timestamps ?? false);
    await handle.close();
    handle = undefined;
    if (options.overwrite) await rename(partial, target);
    else await moveWithoutReplacing(partial, target);
    return {lines: lines.length};
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await rm(partial, {force: true}).catch(() => undefined);
    throw error instanceof BerthError ? error : saveError(path, error);
  }
}

async function writeLines(handle: FileHandle, lines: readonly LogLine[], timestamps: boolean): Promise<void> {
  let chunk: string[] = [];
  let size = 0;
  for (const line of lines) {
    const text = stripAnsi(line.text);
    const row = timestamps && line.time ? `${line.time} ${text}\n` : `${text}\n`;
    chunk.push(row);
    size += row.length;
    if (size >= WRITE_CHUNK_CHARS) {
      await handle.write(chunk.join(''));
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) await handle.write(chunk.join(''));
}

async function moveWithoutReplacing(from: string, to: string): Promise<void> {
  try {
    await link(from, to);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // File systems without hard links: fall back to check-then-rename, which is only racy, not destructive by default.
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'ENOSYS') throw error;
    if (await kindOf(to)) throw {code: 'EEXIST'};
    await rename(from, to);
    return;
  }
  await rm(from, {force: true});
}

async function kindOf(path: string): Promise<'file' | 'directory' | undefined> {
  try {
    return (await stat(path)).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

function saveError(path: string, error: unknown): BerthError {
  const code = (error as NodeJS.ErrnoException)?.code;
  const [reason, fix] = explain(code, path, error);
  return new BerthError(`cannot save the logs to ${path}: ${reason}; ${fix}`);
}

function explain(code: string | undefined, path: string, error: unknown): [string, string] {
  switch (code) {
    case 'EEXIST':
      return ['the file already exists', 'choose another name, or confirm to overwrite it'];
    case 'ENOENT':
      return [`the directory ${dirname(path)} does not exist`, 'create it first or choose another path'];
    case 'ENOTDIR':
      return ['a part of the path is not a directory', 'check the path'];
    case 'EISDIR':
      return ['that is a directory', 'add a file name to the path'];
    case 'EACCES':
    case 'EPERM':
      return ['permission denied', 'choose a directory you can write to'];
    case 'ENOSPC':
    case 'EDQUOT':
      return ['the disk is full', 'free some space or save somewhere else'];
    case 'EROFS':
      return ['the file system is read-only', 'save somewhere else'];
    default:
      return [error instanceof Error ? error.message : String(code ?? error), 'check the path and try again'];
  }
}
