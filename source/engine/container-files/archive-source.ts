import type {IncomingMessage} from 'node:http';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {engineStream} from '../archives/engine-stream.js';

// GET /containers/{id}/archive?path=PATH: a tar of the path (a directory with its whole subtree), from a running
// or a stopped container, needing nothing inside it.
export function containerArchive(
  docker: Docker,
  container: string,
  path: string,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  return engineStream(docker, {
    path: `/containers/${encodeURIComponent(container)}/archive?`,
    method: 'GET',
    options: {path},
    signal,
    refused: (status, message) => refusal(container, path, status, message),
  });
}

export function refusal(container: string, path: string, status: number | undefined, message: string): BerthError {
  const where = `${safeText(container)}:${safeText(path)}`;
  if (status === 404 && /no such container/i.test(message))
    return new BerthError(`no such container: ${safeText(container)}; check the name with docker ps -a`);
  if (status === 404) return new BerthError(`${where}: no such file or directory in the container`);
  if (status === 403) return new BerthError(`${where}: ${message} (the container's filesystem is read-only)`);
  return new BerthError(`${where}: ${message}`);
}
