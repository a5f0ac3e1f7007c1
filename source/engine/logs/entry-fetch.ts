import type {IncomingMessage} from 'node:http';
import {performance} from 'node:perf_hooks';
import type Docker from 'dockerode';
import {dial} from '../client.js';
import type {EntryReader, LogEntry} from './entry.js';
import {MultiplexedEntryReader} from './multiplexed-reader.js';
import {RawEntryReader} from './raw-reader.js';

// One GET /containers/{id}/logs. `since`/`until` are in the engine's `<seconds>.<nanoseconds>` form.
export type LogRequest = {
  tail?: number | 'all';
  since?: string;
  until?: string;
  follow: boolean;
};

export type FetchEvents = {
  // The engine answered 200: the stream is open.
  onOpen(): void;
  onEntry(entry: LogEntry): void;
  // The engine ended the response (a non-follow read is done, or a followed container stopped).
  onEnd(): void;
  // The request failed, or the connection broke before the end.
  onError(error: unknown): void;
};

// Work done on chunks before the event loop gets a turn (keys, timers, rendering): a burst of history
// must never make the UI miss a keypress for longer than about this.
const BUSY_SLICE_MS = 8;

export function logQuery(request: LogRequest): Record<string, string | number> {
  // timestamps=1 always: the UI toggles showing them, resume needs them, and they make TTY detection certain.
  const query: Record<string, string | number> = {stdout: 1, stderr: 1, timestamps: 1, follow: request.follow ? 1 : 0};
  if (request.tail !== undefined) query.tail = request.tail === 'all' ? 'all' : String(Math.max(0, Math.floor(request.tail)));
  if (request.since) query.since = request.since;
  if (request.until) query.until = request.until;
  return query;
}

// Streams one request through our own readers, never dockerode's container.logs(), which buffers whole logs
// and JSON-parses TTY output (engine.md §1.11). The response is paused while the reader catches up, so
// memory holds a chunk, not the log.
export class EntryFetch {
  private readonly abort = new AbortController();
  private response: IncomingMessage | undefined;
  private reader: EntryReader | undefined;
  private finished = false;
  private busyMs = 0;

  constructor(
    private readonly docker: Docker,
    private readonly containerId: string,
    readonly request: LogRequest,
    private readonly tty: boolean | undefined,
    private readonly events: FetchEvents,
  ) {}

  start(): void {
    dial(this.docker, {
      path: `/containers/${encodeURIComponent(this.containerId)}/logs?`,
      method: 'GET',
      isStream: true,
      options: logQuery(this.request),
      statusCodes: {200: true, 400: 'bad parameter', 404: 'no such container', 500: 'server error'},
      signal: this.abort.signal,
    }).then(
      response => this.attach(response as IncomingMessage),
      error => this.fail(error),
    );
  }

  stop(): void {
    this.finished = true;
    this.abort.abort();
    this.response?.destroy();
  }

  private attach(response: IncomingMessage): void {
    if (this.finished) {
      response.destroy();
      return;
    }
    this.response = response;
    response.on('data', (chunk: Buffer) => this.take(chunk));
    response.on('end', () => {
      if (this.finished) return;
      this.reader?.end();
      this.finished = true;
      this.events.onEnd();
    });
    response.on('error', error => this.fail(error));
    response.on('close', () => this.fail(new Error('the connection closed before the log stream ended')));
    this.events.onOpen();
  }

  private take(chunk: Buffer): void {
    if (this.finished || chunk.length === 0) return;
    const started = performance.now();
    try {
      this.reader ??= this.makeReader(chunk);
      this.reader.push(chunk);
    } catch (error) {
      this.fail(error);
      this.response?.destroy();
      return;
    }
    this.busyMs += performance.now() - started;
    if (this.busyMs < BUSY_SLICE_MS || !this.response) return;
    this.busyMs = 0;
    const response = this.response;
    response.pause();
    setImmediate(() => {
      if (!this.finished) response.resume();
    });
  }

  // With timestamps=1 a TTY stream starts with a digit (or the engine's "Error…" text) and a multiplexed one
  // with a frame type byte 0–3, so the first byte settles it when the caller did not say.
  private makeReader(first: Buffer): EntryReader {
    const onEntry = (entry: LogEntry) => {
      if (!this.finished) this.events.onEntry(entry);
    };
    const tty = this.tty ?? first[0] > 3;
    return tty ? new RawEntryReader(onEntry) : new MultiplexedEntryReader(onEntry);
  }

  private fail(error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.reader?.reset();
    this.events.onError(error);
  }
}
