import type {IncomingMessage} from 'node:http';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {engineMessage} from '../engine-error.js';

// One path of a container, as HEAD /containers/{id}/archive describes it (the X-Docker-Container-Path-Stat header):
// works on a stopped container and needs no binary inside it.
export type PathStat = {
  name: string;
  size: number;
  kind: 'file' | 'directory' | 'symlink' | 'other';
  // Permission bits (07777).
  mode: number;
  mtime: string;
  linkTarget: string;
};

// Go's os.FileMode type bits, as the engine sends them.
const GO_DIR = 2 ** 31;
const GO_SYMLINK = 2 ** 27;
// Device, named pipe, socket, character device, irregular.
const GO_OTHER = [2 ** 26, 2 ** 25, 2 ** 24, 2 ** 21, 2 ** 19];
const GO_SETUID = 2 ** 23;
const GO_SETGID = 2 ** 22;
const GO_STICKY = 2 ** 20;

export function statFromHeader(header: string | undefined): PathStat | undefined {
  if (!header) return undefined;
  let raw: {name?: string; size?: number; mode?: number; mtime?: string; linkTarget?: string};
  try {
    raw = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as typeof raw;
  } catch {
    return undefined;
  }
  const mode = raw.mode ?? 0;
  const kind = bit(mode, GO_DIR)
    ? 'directory'
    : bit(mode, GO_SYMLINK)
      ? 'symlink'
      : GO_OTHER.some(value => bit(mode, value))
        ? 'other'
        : 'file';
  const special =
    (bit(mode, GO_SETUID) ? 0o4000 : 0) + (bit(mode, GO_SETGID) ? 0o2000 : 0) + (bit(mode, GO_STICKY) ? 0o1000 : 0);
  return {
    name: raw.name ?? '',
    size: raw.size ?? 0,
    kind,
    mode: (mode % 0o1000) + special,
    mtime: raw.mtime ?? '',
    linkTarget: raw.linkTarget ?? '',
  };
}

function bit(mode: number, value: number): boolean {
  return Math.floor(mode / value) % 2 === 1;
}

// The path's stat, or undefined when it does not exist. Other refusals (no such container) throw one line.
export async function statPath(
  docker: Docker,
  container: string,
  path: string,
  signal?: AbortSignal,
): Promise<PathStat | undefined> {
  const stat = await statInContainer(docker, container, path, signal);
  if (!stat) await mustExist(docker, container);
  return stat;
}

// statPath for a container already known to exist: a missing path costs one request, not two (copy-in asks this
// for every file it would write).
export async function statInContainer(
  docker: Docker,
  container: string,
  path: string,
  signal?: AbortSignal,
): Promise<PathStat | undefined> {
  const response = await new Promise<IncomingMessage | undefined>((resolve, reject) => {
    docker.modem.dial(
      {
        path: `/containers/${encodeURIComponent(container)}/archive?`,
        method: 'HEAD',
        options: {path},
        isStream: true,
        statusCodes: {200: true, 400: 'bad request', 404: 'not found', 500: 'server error'},
        abortSignal: signal ?? AbortSignal.timeout(10_000),
      },
      (error: unknown, answer: unknown) => {
        if (!error) return resolve(answer as IncomingMessage);
        const status = (error as {statusCode?: number}).statusCode;
        // HEAD answers carry no body: a 404 is the path or the container; the container is checked by the caller.
        if (status === 404) return resolve(undefined);
        reject(
          new BerthError(
            `cannot look at ${safeText(path)} in ${safeText(container)}: ${safeText(engineMessage(error))}`,
          ),
        );
      },
    );
  });
  if (!response) return undefined;
  response.resume();
  const stat = statFromHeader(response.headers['x-docker-container-path-stat'] as string | undefined);
  if (!stat) throw new BerthError(`the engine did not describe ${safeText(path)} (no path stat header)`);
  return stat;
}

// A HEAD answer has no body to tell a missing path from a missing container: ask once, only after a 404.
async function mustExist(docker: Docker, container: string): Promise<void> {
  try {
    await docker.getContainer(container).inspect({abortSignal: AbortSignal.timeout(10_000)});
  } catch (error) {
    if ((error as {statusCode?: number}).statusCode === 404)
      throw new BerthError(`no such container: ${safeText(container)}; check the name with docker ps -a`);
  }
}
