import type {IncomingMessage} from 'node:http';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {dial, type DialOptions} from '../client.js';
import {ENGINE_BODY_IDLE_TIMEOUT_MS, ENGINE_FIRST_BYTE_TIMEOUT_MS} from './timed-agent.js';
import {modemFields} from '../http/modem-fields.js';
import {JsonArrayElements} from './json-array-elements.js';
import {noAnswer, stalledRead, stoppedArriving, tooLargeRead} from './read-errors.js';

// docker-modem buffers a whole answer and parses it with no limit: a list or inspect result the size of the
// machine's memory would take berth down with it. These bounds are far above what a working engine sends
// (a container row is ~1-2 KB of JSON, an inspect result a few KB) and far below what hurts.
// One container's inspect result: labels and Env make it large; 8 MiB is thousands of long labels.
export const MAX_INSPECT_BYTES = 8 * 1024 * 1024;

// How the engine is named in messages, as DOCKER_HOST would name it.
export function engineName(docker: Docker): string {
  const modem = modemFields(docker);
  if (modem.socketPath) return `unix://${modem.socketPath}`;
  return `tcp://${modem.host}${modem.port ? `:${modem.port}` : ''}`;
}

export type BoundedRead = Omit<DialOptions, 'isStream' | 'timeoutMs'> & {
  // Until the answer starts, and the longest pause inside it.
  firstByteMs?: number;
  idleMs?: number;
  maxBytes: number;
  // What is read, for messages: "container list", "inspect result of web-1".
  what: string;
  // What the user can do about an answer that is too large.
  fix: string;
};

// GETs an answer from the engine, handing each chunk to `take`, refusing it (and closing the connection) once it
// passes maxBytes. Resolves the bytes read.
async function readBounded(docker: Docker, request: BoundedRead, take: (chunk: Buffer) => void): Promise<number> {
  const {
    maxBytes,
    what,
    fix,
    firstByteMs = ENGINE_FIRST_BYTE_TIMEOUT_MS,
    idleMs = ENGINE_BODY_IDLE_TIMEOUT_MS,
    ...dialOptions
  } = request;
  const where = `engine ${engineName(docker)}`;
  const firstByte = new AbortController();
  const timer = setTimeout(() => firstByte.abort(), firstByteMs);
  let response: IncomingMessage;
  try {
    const signal = dialOptions.signal ? AbortSignal.any([dialOptions.signal, firstByte.signal]) : firstByte.signal;
    response = (await dial(docker, {...dialOptions, signal, isStream: true})) as IncomingMessage;
  } catch (error) {
    if (firstByte.signal.aborted && !dialOptions.signal?.aborted) throw stalledRead(where, noAnswer(what, firstByteMs));
    throw error;
  } finally {
    clearTimeout(timer);
  }
  let idle: NodeJS.Timeout | undefined;
  const quiet = () => {
    clearTimeout(idle);
    idle = setTimeout(() => response.destroy(stalledRead(where, stoppedArriving(what, idleMs))), idleMs);
  };
  const declared = Number(response.headers['content-length'] ?? NaN);
  const tooLarge = () => {
    response.destroy();
    return tooLargeRead(where, what, maxBytes, fix);
  };
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  let size = 0;
  try {
    quiet();
    for await (const chunk of response) {
      quiet();
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      take(chunk as Buffer);
    }
  } finally {
    clearTimeout(idle);
  }
  return size;
}

function notJson(docker: Docker, what: string, size: number): BerthError {
  return new BerthError(
    `engine ${engineName(docker)}: the ${what} is not valid JSON (${size} bytes); check that ${engineName(docker)} is a Docker engine and not a proxy answering for it`,
  );
}

function parseWhole<T>(docker: Docker, what: string, chunks: Buffer[], size: number): T {
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
  } catch {
    throw notJson(docker, what, size);
  }
}

// GETs a JSON answer from the engine within maxBytes (readBounded).
export async function readBoundedJson<T>(docker: Docker, request: BoundedRead): Promise<T> {
  const chunks: Buffer[] = [];
  const size = await readBounded(docker, request, chunk => chunks.push(chunk));
  return parseWhole<T>(docker, request.what, chunks, size);
}

// The same for an answer that is a JSON array, parsed element by element as it arrives (JsonArrayElements):
// `each` sees every element once, in order. An answer that is not an array resolves parsed whole, for the caller
// to judge; an array is resolved as undefined.
export async function readBoundedJsonArray(
  docker: Docker,
  request: BoundedRead,
  each: (element: unknown) => void,
): Promise<unknown> {
  let failed = false;
  const elements = new JsonArrayElements(text => {
    if (failed) return;
    try {
      each(JSON.parse(text));
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      failed = true;
    }
  });
  const size = await readBounded(docker, request, chunk => elements.push(chunk));
  if (elements.notArray) return parseWhole<unknown>(docker, request.what, elements.notArray, size);
  if (failed || !elements.complete) throw notJson(docker, request.what, size);
  return undefined;
}
