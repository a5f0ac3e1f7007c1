import type {IncomingMessage} from 'node:http';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {dial, type DialOptions} from '../client.js';
import {ENGINE_BODY_IDLE_TIMEOUT_MS, ENGINE_FIRST_BYTE_TIMEOUT_MS} from './timed-agent.js';
import {modemFields} from '../http/modem-fields.js';

// docker-modem buffers a whole answer and parses it with no limit: a list or inspect result the size of the
// machine's memory would take berth down with it. These bounds are far above what a working engine sends
// (a container row is ~1-2 KB of JSON, an inspect result a few KB) and far below what hurts.
// The container list: ~50,000 containers at 1.3 KB a row.
export const MAX_CONTAINER_LIST_BYTES = 64 * 1024 * 1024;
// Rows kept from one container list (the UI draws a window of it; sorting and filtering stay fast).
export const MAX_CONTAINER_ROWS = 50_000;
// One container's inspect result: labels and Env make it large; 8 MiB is thousands of long labels.
export const MAX_INSPECT_BYTES = 8 * 1024 * 1024;

function mib(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

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

// GETs a JSON answer from the engine, refusing it (and closing the connection) once it passes maxBytes.
export async function readBoundedJson<T>(docker: Docker, request: BoundedRead): Promise<T> {
  const {
    maxBytes,
    what,
    fix,
    firstByteMs = ENGINE_FIRST_BYTE_TIMEOUT_MS,
    idleMs = ENGINE_BODY_IDLE_TIMEOUT_MS,
    ...dialOptions
  } = request;
  const where = `engine ${engineName(docker)}`;
  const stalled = (problem: string) =>
    new BerthError(
      `${where}: ${problem}; the engine (or a proxy in front of it) is stalled: check dockerd on that host`,
    );
  const firstByte = new AbortController();
  const timer = setTimeout(() => firstByte.abort(), firstByteMs);
  let response: IncomingMessage;
  try {
    const signal = dialOptions.signal ? AbortSignal.any([dialOptions.signal, firstByte.signal]) : firstByte.signal;
    response = (await dial(docker, {...dialOptions, signal, isStream: true})) as IncomingMessage;
  } catch (error) {
    if (firstByte.signal.aborted && !dialOptions.signal?.aborted)
      throw stalled(`no answer to the request for the ${what} within ${firstByteMs / 1000} s`);
    throw error;
  } finally {
    clearTimeout(timer);
  }
  let idle: NodeJS.Timeout | undefined;
  const quiet = () => {
    clearTimeout(idle);
    idle = setTimeout(
      () => response.destroy(stalled(`the ${what} stopped arriving (nothing for ${idleMs / 1000} s)`)),
      idleMs,
    );
  };
  const declared = Number(response.headers['content-length'] ?? NaN);
  const tooLarge = () => {
    response.destroy();
    return new BerthError(
      `${where}: the ${what} is larger than ${mib(maxBytes)}, more than berth reads at once; ${fix}`,
    );
  };
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    quiet();
    for await (const chunk of response) {
      quiet();
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } finally {
    clearTimeout(idle);
  }
  const text = Buffer.concat(chunks, size).toString('utf8');
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new BerthError(
      `engine ${engineName(docker)}: the ${what} is not valid JSON (${size} bytes); check that ${engineName(docker)} is a Docker engine and not a proxy answering for it`,
    );
  }
}
