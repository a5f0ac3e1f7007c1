import {chmod, lstat, readdir, rename, rmdir, utimes} from 'node:fs/promises';
import {join} from 'node:path';
import {BerthError} from '../../errors.js';
import {ArchiveExistsError} from '../archives/archive-errors.js';

// Moves a finished copy (a staging directory) into an existing directory, as docker cp does: directories merge,
// files replace files. Every conflict is found before anything moves, so a refusal (a file there, no overwrite;
// a file where a directory is) leaves the destination as it was.
export async function mergeInto(staged: string, target: string, overwrite: boolean): Promise<void> {
  await check(staged, target, overwrite);
  await move(staged, target);
}

async function check(staged: string, target: string, overwrite: boolean): Promise<void> {
  for (const name of await readdir(staged)) {
    const from = await lstat(join(staged, name));
    const to = await lstat(join(target, name)).catch(() => undefined);
    if (!to) continue;
    if (from.isDirectory() && to.isDirectory()) await check(join(staged, name), join(target, name), overwrite);
    else if (from.isDirectory() || to.isDirectory())
      throw new BerthError(`cannot replace ${join(target, name)}: one is a directory and the other is not`);
    else if (!overwrite) throw new ArchiveExistsError(join(target, name));
  }
}

async function move(staged: string, target: string): Promise<void> {
  const own = await lstat(staged);
  // The copy's own directories carry the archive's modes: a read-only one must let its entries go.
  await chmod(staged, 0o700);
  for (const name of await readdir(staged)) {
    const from = join(staged, name);
    const to = join(target, name);
    const there = await lstat(to).catch(() => undefined);
    if (there?.isDirectory()) await move(from, to);
    else await rename(from, to);
  }
  await chmod(target, own.mode & 0o7777);
  await utimes(target, own.mtime, own.mtime);
  await rmdir(staged);
}
