import {open, rename, rm, type FileHandle} from 'node:fs/promises';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {BerthError} from '../../errors.js';
import {kindOf, moveWithoutReplacing} from '../files/partial-file.js';
import {explainWrite} from '../files/write-errors.js';
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

// Writes the lines as the container wrote them (colour codes, controls and format characters included, as
// `docker logs > FILE` would: the file is the container's output, not the screen) to `PATH.partial`, then renames
// it into place, so a half-written file never carries the real name. What berth never held is not in it
// either: text a lone `\r` overwrote, bytes past the 64 KiB line cap, invalid UTF-8 (saved as U+FFFD). Without
// `overwrite` an existing file is left alone, checked again atomically at the end with link(2), which fails
// instead of replacing.
export async function saveLines(
  path: string,
  lines: readonly LogLine[],
  options: SaveOptions = {},
): Promise<{lines: number}> {
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
    const text = line.raw ?? line.text;
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

function saveError(path: string, error: unknown): BerthError {
  const code = (error as NodeJS.ErrnoException)?.code;
  const [reason, fix] = explainWrite(code, path, error);
  return new BerthError(`cannot save the logs to ${path}: ${reason}; ${fix}`);
}
