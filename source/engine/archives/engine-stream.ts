import type {IncomingMessage} from 'node:http';
import type {Readable} from 'node:stream';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {asError, engineMessage} from '../engine-error.js';
import {safeText} from './archive-errors.js';

export type StreamRequest = {
  path: string;
  method: 'GET' | 'POST' | 'PUT';
  options?: Record<string, unknown>;
  // A request body streamed to the engine (load).
  body?: Readable;
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
        headers: request.body ? {'Content-Type': 'application/x-tar'} : undefined,
        isStream: true,
        statusCodes: {
          200: true,
          400: 'bad request',
          403: 'forbidden',
          404: 'not found',
          409: 'conflict',
          500: 'server error',
        },
        abortSignal: request.signal,
      },
      (error: unknown, response: unknown) => {
        if (!error) {
          resolve(response as IncomingMessage);
          return;
        }
        const status = (error as {statusCode?: number}).statusCode;
        if (status) reject(request.refused(status, safeText(engineMessage(error))));
        else reject(asError(error));
      },
    );
  });
}
