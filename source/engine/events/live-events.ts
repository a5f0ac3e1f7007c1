import type {IncomingMessage} from 'node:http';
import {dial, type EngineClient} from '../client.js';
import {describeConnectError} from '../connect-errors.js';
import {describeLostConnection} from '../connection-state.js';
import {firstByteDeadline, type EngineTimeouts} from '../limits/timed-agent.js';
import type {EngineTarget} from '../target.js';
import type {EngineEvent} from './engine-event.js';
import {eventLines} from './event-lines.js';

// The session's own /events: the types its views watch, live, from `since` (UNIX seconds) when given.
// The engine sends the answer's headers at once and the events as they come: the wait for the headers has the
// first-byte deadline (an engine that stalls here would leave the session "connected" and deaf for ever);
// the stream itself has none.
export async function openLiveEvents(
  client: EngineClient,
  types: readonly string[],
  since: number | undefined,
  timeouts: EngineTimeouts,
): Promise<IncomingMessage> {
  const filters = {type: [...types]};
  return (await dial(client.docker, {
    path: '/events?',
    method: 'GET',
    options: since === undefined ? {filters} : {filters, since},
    isStream: true,
    timeoutMs: firstByteDeadline(timeouts),
  })) as IncomingMessage;
}

// Read line by line even when no view asked for events: a long list is patched from the container IDs in them.
// `ended` is called for the stream's end, error and close alike (more than once: the caller tells them apart).
export function followLiveEvents(events: IncomingMessage, onEvent: (event: EngineEvent) => void, ended: () => void) {
  events.setEncoding('utf8');
  events.on('data', eventLines(onEvent));
  events.on('end', ended);
  events.on('error', ended);
  events.on('close', ended);
}

// Why the events could not be opened: an engine that never answered them, or a connection lost on the way.
export function describeEventsError(target: EngineTarget, error: unknown, timeouts: EngineTimeouts): string {
  const name = (error as Error | undefined)?.name;
  return name === 'AbortError' || name === 'TimeoutError'
    ? describeConnectError(target, error, {what: 'GET /events', timeouts})
    : describeLostConnection(target.url, error);
}

// A container connected to or disconnected from a network: its row's networks changed, with no container event.
// (Listed at once, a running container's row may not show the network yet: the engine sends `connect` while the
// container joins; the list follows the session's coalescing delay, by then it does.)
export function isNetworkMembership(event: EngineEvent): boolean {
  return (
    event.Type === 'network' &&
    (event.Action === 'connect' || event.Action === 'disconnect') &&
    Boolean(event.Actor?.Attributes?.container)
  );
}
