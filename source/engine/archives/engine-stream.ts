import type {IncomingMessage} from 'node:http';
import type {Readable} from 'node:stream';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {asError, engineMessage} from '../engine-error.js';
import {safeText} from './archive-errors.js';
import {canRawGet, rawGet} from '../http/raw-get.js';
import type {ArchiveBody} from './archive-body.js';

const STATUS_CODES = {
  200: true,
  400: 'bad request',
  403: 'forbidden',
  404: 'not found',
  409: 'conflict',
  500: 'server error',
};

export type StreamRequest = {
  path: string;
  method: 'GET' | 'POST' | 'PUT';
  options?: Record<string, unknown>;
  // A request body streamed to the engine (load), and its length when known (a file).
  body?: Readable;
  bodyLength?: number;
  signal: AbortSignal;
  // Turns the engine's refusal (404 and the like) into the one line the user reads.
  refused: (status: number | undefined, message: string) => BerthError;
};

// One streamed request through docker-modem, so the connection settings (TLS, ssh, the socket) are the ones
// every other call uses; the response is handed over unread, to be piped with backpressure.
export function engineStream(docker: Docker, request: StreamRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    docker.modem.dial(
      {
        path: request.path,
        method: request.method,
        options: request.options ?? {},
        file: request.body,
        headers: request.body
          ? {
              'Content-Type': 'application/x-tar',
              ...(request.bodyLength === undefined ? {} : {'Content-Length': String(request.bodyLength)}),
            }
          : undefined,
        isStream: true,
        statusCodes: STATUS_CODES,
        abortSignal: request.signal,
      },
      (error: unknown, response: unknown) => {
        if (error) reject(refusedOr(request, error));
        else resolve(response as IncomingMessage);
      },
    );
  });
}

// A GET whose answer is an archive (save, export), read straight off the socket where berth opens it (TCP, TLS, the
// unix socket; raw-get.ts): Node's HTTP client copies every chunk of the body into a buffer of its own and passes
// it through a readable stream, some 29,000 times for a 300 MiB export over TLS. Off the socket, that export took
// 7 % less of berth's CPU (docs/benchmarks.md, "Archives"). SSH engines go through docker-modem.
export async function engineGet(
  docker: Docker,
  request: Omit<StreamRequest, 'method' | 'body' | 'options'> & {query?: Record<string, string | readonly string[]>},
): Promise<ArchiveBody> {
  const query = request.query ?? {};
  if (!canRawGet(docker))
    return engineStream(docker, {...request, path: `${request.path}?`, method: 'GET', options: query});
  try {
    return await rawGet(docker, {
      path: request.path,
      query,
      statusCodes: STATUS_CODES,
      batchMs: 0,
      recycle: true,
      signal: request.signal,
    });
  } catch (error) {
    throw refusedOr(request, error);
  }
}

function refusedOr(request: Pick<StreamRequest, 'refused'>, error: unknown): Error {
  const status = (error as {statusCode?: number}).statusCode;
  return status ? request.refused(status, safeText(engineMessage(error))) : asError(error);
}
