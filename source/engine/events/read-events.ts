import type {IncomingMessage} from 'node:http';
import {dial, type EngineClient} from '../client.js';
import type {EngineEvent} from './engine-event.js';
import {eventLines} from './event-lines.js';
import {DEFAULT_ENGINE_TIMEOUTS, firstByteDeadline} from '../limits/timed-agent.js';

// The engine's event types (GET /events `type` filter), for the events view, which shows them all.
export const EVENT_TYPES = [
  'container',
  'image',
  'volume',
  'network',
  'plugin',
  'daemon',
  'service',
  'node',
  'secret',
  'config',
] as const;

// since/until as the engine takes them (UNIX seconds with a fraction, or RFC 3339); filters as docker's --filter.
export type EventQuery = {since?: string; until?: string; filters?: Record<string, string[]>};

// GET /events with since (and until, which makes the engine end the answer there): the past replayed, then, without
// until, the live events. Resolves when the engine ends the stream or `signal` aborts it.
export async function readEvents(
  docker: EngineClient['docker'],
  query: EventQuery,
  onEvent: (event: EngineEvent) => void,
  signal?: AbortSignal,
): Promise<void> {
  const stream = (await dial(docker, {
    path: '/events?',
    method: 'GET',
    options: {
      ...(query.since !== undefined ? {since: query.since} : {}),
      ...(query.until !== undefined ? {until: query.until} : {}),
      ...(query.filters && Object.keys(query.filters).length ? {filters: query.filters} : {}),
    },
    isStream: true,
    timeoutMs: firstByteDeadline(DEFAULT_ENGINE_TIMEOUTS),
    signal,
  })) as IncomingMessage;
  await new Promise<void>((resolve, reject) => {
    const abort = () => stream.destroy();
    signal?.addEventListener('abort', abort, {once: true});
    stream.setEncoding('utf8');
    stream.on('data', eventLines(onEvent));
    const done = () => {
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    stream.on('end', done);
    stream.on('close', done);
    stream.on('error', error => (signal?.aborted ? done() : reject(error)));
  });
}
