import type Docker from 'dockerode';
import {BerthError, UsageError} from '../../errors.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {engineMessage} from '../engine-error.js';
import {safeText} from './archive-errors.js';
import {engineGet} from './engine-stream.js';
import {writeArchive, type ArchiveDestination, type ArchiveResult, type TransferOptions} from './write-archive.js';
import {itemAt} from '../../util/item-at.js';

// `docker save a b`: several images into ONE archive (GET /images/get?names=a&names=b), their shared layers once.
export async function saveImages(
  docker: Docker,
  images: readonly string[],
  destination: ArchiveDestination,
  options: TransferOptions = {},
): Promise<ArchiveResult> {
  if (images.length === 0) throw new UsageError('save needs at least one image');
  // Each name is looked up beside the save rather than before it: the engine prepares a save for a second or more
  // before its first byte, and the lookups matter only for the progress's total and when the engine refuses (its
  // own 404 for a save does not say which name it could not find).
  const lookups = Promise.all(images.map(name => inspectImage(docker, name)));
  lookups.catch(() => undefined);
  const total = lookups.then(infos => {
    const sizes = new Map(infos.map(info => [info.Id, info.Size]));
    return [...sizes.values()].reduce((sum: number, size) => sum + (size ?? 0), 0);
  });
  total.catch(() => undefined);
  logCommand(
    dockerCommand([
      ...contextWords(options.context),
      'save',
      ...(destination.kind === 'file' ? ['-o', destination.path] : []),
      ...images,
    ]),
  );
  const what =
    images.length === 1 ? `the image ${safeText(itemAt(images, 0))}` : `the images ${images.map(safeText).join(', ')}`;
  return writeArchive(
    what,
    signal =>
      whenFound(
        lookups,
        signal,
        engineGet(docker, {
          path: '/images/get',
          query: {names: [...images]},
          signal,
          refused: (status, message) =>
            new BerthError(
              `cannot save ${what}: ${message}${status === 404 ? '; check the names with berth images' : ''}`,
            ),
        }),
      ),
    destination,
    {...options, total},
  );
}

// The engine's refusal, unless a lookup says more (no such image: NAME). A cancel does not wait for the lookups.
async function whenFound<T>(lookups: Promise<unknown>, signal: AbortSignal, answer: Promise<T>): Promise<T> {
  try {
    return await answer;
  } catch (refusal) {
    if (!signal.aborted) await lookups;
    throw refusal;
  }
}

async function inspectImage(docker: Docker, name: string): Promise<{Id: string; Size?: number}> {
  try {
    return await docker.getImage(name).inspect();
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 404) {
      throw new BerthError(`no such image: ${safeText(name)}; check the name with berth images (or docker images)`);
    }
    throw new BerthError(`cannot look up the image ${safeText(name)}: ${safeText(engineMessage(error))}`);
  }
}
