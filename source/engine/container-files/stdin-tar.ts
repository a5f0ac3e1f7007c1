import {createReadStream, createWriteStream} from 'node:fs';
import {mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {BerthError} from '../../errors.js';
import {ArchiveCancelledError, safeText} from '../archives/archive-errors.js';
import {TarFormatError} from '../tar/header.js';
import {components} from './list-directory.js';
import {readTar} from './tar-reader.js';

export type SpooledTar = {
  path: string;
  // The entries' paths (normalised: no "./", no trailing slash), the root entry left out.
  entries: {path: string; directory: boolean}[];
  remove(): Promise<void>;
};

// `berth cp - CONTAINER:DIR`: stdin can be read only once, so the tar is kept in a private temporary file and its
// entries read from there; what it would replace in the container is looked at before a byte is sent.
export async function spoolTar(input: Readable, signal?: AbortSignal): Promise<SpooledTar> {
  const directory = await mkdtemp(join(tmpdir(), 'berth-cp-'));
  const remove = () => rm(directory, {recursive: true, force: true});
  const path = join(directory, 'stdin.tar');
  try {
    await pipeline(input, createWriteStream(path, {mode: 0o600}), {signal});
    const entries: SpooledTar['entries'] = [];
    await readTar(createReadStream(path), entry => {
      const name = components(entry.path).join('/');
      if (name) entries.push({path: name, directory: entry.kind === 'directory'});
      return undefined;
    });
    return {path, entries, remove};
  } catch (error) {
    await remove();
    if (signal?.aborted) throw new ArchiveCancelledError('reading the tar from stdin');
    if (error instanceof TarFormatError)
      throw new BerthError(
        `the tar from stdin is not a whole tar archive (${safeText(error.message)}); nothing was copied`,
      );
    throw error;
  }
}
