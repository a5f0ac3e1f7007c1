import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {dial} from '../client.js';
import {engineMessage} from '../engine-error.js';
import {safeText} from './archive-errors.js';
import {engineGet} from './engine-stream.js';
import {writeArchive, type ArchiveDestination, type ArchiveResult, type TransferOptions} from './write-archive.js';

// `docker export`: a container's filesystem as a tar (GET /containers/{id}/export).
export async function exportContainer(
  docker: Docker,
  container: string,
  destination: ArchiveDestination,
  options: TransferOptions = {},
): Promise<ArchiveResult> {
  let info: Docker.ContainerInspectInfo;
  try {
    info = await docker.getContainer(container).inspect();
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 404) {
      throw new BerthError(`no such container: ${safeText(container)}; check the name with docker ps -a`);
    }
    throw new BerthError(`cannot look up the container ${safeText(container)}: ${safeText(engineMessage(error))}`);
  }
  const name = info.Name.replace(/^\//, '');
  logCommand(
    dockerCommand([
      ...contextWords(options.context),
      'export',
      ...(destination.kind === 'file' ? ['-o', destination.path] : []),
      name,
    ]),
  );
  const what = `the container ${safeText(name)}`;
  // The expected size is the image's (one cheap inspect), asked only when someone shows progress. Asking for the
  // container's own size (`size=true`) makes the engine walk the whole filesystem while it exports it — every
  // file read twice at once, which docker export does not do. The container's own changes are left out of the
  // estimate (it is shown as one, `~`).
  const sizing = new AbortController();
  const total = options.onProgress
    ? dial(docker, {path: `/images/${info.Image}/json?`, method: 'GET', options: {}, signal: sizing.signal}).then(
        answer => (answer as {Size?: number}).Size,
      )
    : undefined;
  total?.catch(() => undefined);
  try {
    return await writeArchive(
      what,
      signal =>
        engineGet(docker, {
          path: `/containers/${info.Id}/export`,
          signal,
          refused: (_status, message) => new BerthError(`cannot export ${what}: ${message}`),
        }),
      destination,
      {...options, total},
    );
  } finally {
    sizing.abort();
  }
}
