import {performance} from 'node:perf_hooks';
import type Docker from 'dockerode';
import {dial} from '../client.js';
import {canRawGet, rawGet} from '../http/raw-get.js';
import type {EntryReader, LogEntry} from './entry.js';
import {MultiplexedEntryReader} from './multiplexed-reader.js';
import {RawEntryReader} from './raw-reader.js';

// Whose log: a container's (GET /containers/{id}/logs), a swarm service's (all its tasks on every node,
// GET /services/{id}/logs) or one task's (GET /tasks/{id}/logs). Services and tasks know no `until` and are
// asked with details=1, which puts the node, service and task IDs in front of each message.
export type LogOrigin = {kind: 'container' | 'service' | 'task'; id: string};

export const asLogOrigin = (source: string | LogOrigin): LogOrigin =>
  typeof source === 'string' ? {kind: 'container', id: source} : source;

// One GET /containers/{id}/logs (or a service's, or a task's). `since`/`until` are in the engine's `<seconds>.<nanoseconds>` form.
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

// Time spent reading before the event loop gets a turn (keys, timers, rendering): a burst of history must
// never make a keypress wait much longer than this.
const SLICE_BUDGET_MS = 4;
// Bytes handed to the reader at a time, so that the budget is checked often enough.
const SLICE_BYTES = 16 * 1024;
// A followed log's entries are taken in batches this far apart (raw-get.ts): a burst of lines costs one pass, and
// the pane publishes at most every 100 ms anyway.
const FOLLOW_BATCH_MS = 20;

const STATUS_CODES: Record<number, boolean | string> = {
  200: true,
  400: 'bad parameter',
  404: 'no such container',
  500: 'server error',
  503: 'node is not a swarm manager',
};

// What the fetch needs of an answer: Node's IncomingMessage (through dockerode) and raw-get's RawResponse both are.
type Body = {
  read(): unknown;
  destroy(): void;
  readonly destroyed: boolean;
  readonly errored?: Error | null;
  on(event: 'readable' | 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

export function logQuery(request: LogRequest, kind: LogOrigin['kind'] = 'container'): Record<string, string | number> {
  // timestamps=1 always: the UI toggles showing them, resume needs them, and they make TTY detection certain.
  const query: Record<string, string | number> = {stdout: 1, stderr: 1, timestamps: 1, follow: request.follow ? 1 : 0};
  if (kind !== 'container') query.details = 1;
  if (request.tail !== undefined)
    query.tail = request.tail === 'all' ? 'all' : String(Math.max(0, Math.floor(request.tail)));
  if (request.since) query.since = request.since;
  if (request.until && kind === 'container') query.until = request.until;
  return query;
}

// Streams one request through our own readers, never dockerode's container.logs(), which buffers whole logs
// and JSON-parses TTY output (docs/engine-facts.md, "Logs"). The response is paused while the reader catches up, so
// memory holds a chunk, not the log.
export class EntryFetch {
  private readonly abort = new AbortController();
  private response: Body | undefined;
  private reader: EntryReader | undefined;
  private finished = false;
  // Read from the response but not yet handed to the reader (the last slice ran out of time).
  private unread: Buffer | undefined;
  private drainScheduled = false;
  private ended = false;
  private readonly source: LogOrigin;

  constructor(
    private readonly docker: Docker,
    source: string | LogOrigin,
    readonly request: LogRequest,
    private readonly tty: boolean | undefined,
    private readonly events: FetchEvents,
  ) {
    this.source = asLogOrigin(source);
  }

  start(): void {
    const path = `/${this.source.kind}s/${encodeURIComponent(this.source.id)}/logs`;
    const query = logQuery(this.request, this.source.kind);
    const statusCodes = {...STATUS_CODES, 404: `no such ${this.source.kind}`};
    const signal = this.abort.signal;
    // Straight off the socket where berth opens it (TCP, TLS, unix); through dockerode for SSH engines.
    const answer = canRawGet(this.docker)
      ? rawGet(this.docker, {path, query, statusCodes, signal, batchMs: this.request.follow ? FOLLOW_BATCH_MS : 0})
      : dial(this.docker, {path: `${path}?`, method: 'GET', isStream: true, options: query, statusCodes, signal});
    answer.then(
      response => this.attach(response as Body),
      error => this.fail(error),
    );
  }

  stop(): void {
    this.finished = true;
    this.abort.abort();
    this.response?.destroy();
  }

  // Paused mode ('readable' + read()) rather than 'data' events: the engine sends one HTTP chunk per log entry,
  // and read() hands over everything buffered at once, instead of one event per 40-byte chunk through our code.
  private attach(response: Body): void {
    if (this.finished) {
      response.destroy();
      return;
    }
    this.response = response;
    if (response.destroyed) {
      this.fail(response.errored ?? new Error('the connection closed before the log stream ended'));
      return;
    }
    response.on('readable', () => this.drain());
    // 'end' can come while the last data read is still waiting for its time slice: finish after it.
    response.on('end', () => {
      this.ended = true;
      if (!this.drainScheduled) this.finish();
    });
    response.on('error', error => this.fail(error));
    response.on('close', () => {
      if (!this.ended) this.fail(new Error('the connection closed before the log stream ended'));
    });
    this.events.onOpen();
  }

  // Reads until the response is empty or the time slice is used up; then the rest waits for the next turn
  // of the event loop. Unread data stays in the response, which stops reading the socket once its buffer is
  // full: the engine waits (TCP backpressure) instead of memory filling up.
  private drain(): void {
    const response = this.response;
    if (this.finished || !response || this.drainScheduled) return;
    const started = performance.now();
    for (;;) {
      const chunk = this.unread ?? (response.read() as Buffer | null);
      this.unread = undefined;
      if (chunk === null) {
        if (this.ended) this.finish();
        return;
      }
      for (let at = 0; at < chunk.length; at += SLICE_BYTES) {
        if (!this.take(chunk.subarray(at, at + SLICE_BYTES))) return;
        if (performance.now() - started < SLICE_BUDGET_MS) continue;
        if (at + SLICE_BYTES < chunk.length) this.unread = chunk.subarray(at + SLICE_BYTES);
        this.drainScheduled = true;
        setImmediate(() => {
          this.drainScheduled = false;
          this.drain();
        });
        return;
      }
    }
  }

  private finish(): void {
    if (this.finished) return;
    this.reader?.end();
    this.finished = true;
    this.events.onEnd();
  }

  private take(chunk: Buffer): boolean {
    if (this.finished) return false;
    if (chunk.length === 0) return true;
    try {
      this.reader ??= this.makeReader(chunk);
      this.reader.push(chunk);
      return !this.finished;
    } catch (error) {
      this.fail(error);
      this.response?.destroy();
      return false;
    }
  }

  // With timestamps=1 a TTY stream starts with a digit (or the engine's "Error…" text) and a multiplexed one
  // with a frame type byte 0–3, so the first byte settles it when the caller did not say.
  private makeReader(first: Buffer): EntryReader {
    const onEntry = (entry: LogEntry) => {
      if (!this.finished) this.events.onEntry(entry);
    };
    const tty = this.tty ?? first.readUInt8(0) > 3;
    return tty ? new RawEntryReader(onEntry) : new MultiplexedEntryReader(onEntry);
  }

  private fail(error: unknown): void {
    if (this.finished) return;
    this.finished = true;
    this.reader?.reset();
    this.events.onError(error);
  }
}
