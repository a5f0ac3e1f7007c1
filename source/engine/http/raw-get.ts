import {EventEmitter} from 'node:events';
import type {ClientRequestArgs} from 'node:http';
import type {AgentOptions} from 'node:https';
import {connect as netConnect, isIP, type Socket} from 'node:net';
import type Docker from 'dockerode';
import {isTimedHttpsAgent, TimedHttpAgent} from '../limits/timed-agent.js';
import {ChunkedDecoder} from './chunked-body.js';
import {headEnd, parseHead, type ResponseHead} from './response-head.js';
import {modemFields} from './modem-fields.js';

// A long-lived GET (a followed log) read straight off its socket, for the one place where Node's HTTP client is
// the cost: the engine flushes every log entry as its own HTTP chunk, so a container writing 5,000 lines a second
// costs the client 5,000 parser calls, body pushes and 'readable' turns a second. Here the socket's bytes are
// decoded (chunked-body.ts) into a queue that the reader takes in batches, `batchMs` apart: a burst of entries
// costs one turn of the reader, not one per entry.
//
// Only what berth asks of such a stream is implemented: one GET per connection (`Connection: close`), a 200
// answer read as chunked, fixed-length or until close; any other status ends as docker-modem's errors do.

export type RawGetRequest = {
  path: string;
  // A list repeats its name (names=a&names=b).
  query: Record<string, string | number | readonly string[]>;
  // Statuses and what docker-modem would call them; `true` is success.
  statusCodes: Record<number, boolean | string>;
  // How long decoded bytes wait for more before the reader is told (0: at the next turn of the event loop).
  batchMs: number;
  signal: AbortSignal;
  // The reader hands each batch back (recycle()) once it is done with its bytes, and the next bytes are written
  // into it: an archive's gigabyte then goes through a few buffers, not a fresh one per read.
  recycle?: boolean;
};

// Decoded bytes held for the reader beyond this stop the socket until it takes them (backpressure).
const MAX_QUEUED_BYTES = 1024 * 1024;
// The buffer the socket reads into, one per connection and reused for every read (a TLS record is at most 16 KiB).
const READ_BUFFER_BYTES = 64 * 1024;
// The first size of the buffer that collects decoded bytes between two reads by the reader.
const MIN_BATCH_BYTES = 16 * 1024;
// A recycled batch holds a full queue and the read that filled it; one that had to grow past that is not kept.
const RECYCLED_BATCH_BYTES = MAX_QUEUED_BYTES + READ_BUFFER_BYTES;
// Batches handed back and not yet used again: as many as a file's write queue holds at once, and one more.
const MAX_SPARE_BATCHES = 4;
// An error answer's body (a JSON message) is read up to this.
const MAX_ERROR_BODY_BYTES = 64 * 1024;

// What the socket does with the bytes it reads: Node's `onread`, which hands each read to the callback in one
// buffer reused for every read, past the stream machinery (a Buffer, a push, a 'data' event and ticks per read).
// The engine flushes every log entry as its own chunk, and over TLS each is a read of its own.
type OnRead = {buffer: Buffer; callback: (length: number, buffer: Buffer) => boolean};

// The socket to the engine as docker-modem would open it, or undefined where only the modem knows how (SSH
// engines, whose agent makes each connection a channel of an SSH session, and clients made without berth's
// agents).
function engineSocket(docker: Docker): ((onread: OnRead) => Socket) | undefined {
  const modem = modemFields(docker);
  if (typeof modem.socketPath === 'string' && modem.socketPath) {
    const path = modem.socketPath;
    return onread => netConnect({path, onread});
  }
  const host = modem.host;
  const port = Number(modem.port);
  if (!host || !Number.isInteger(port)) return undefined;
  // berth's agents (limits/timed-agent.ts) bound the time to connect and, for TLS, carry the certificates.
  if (modem.protocol === 'https' && isTimedHttpsAgent(modem.agent)) {
    const agent = modem.agent;
    const options = {...agent.options, host, port, servername: isIP(host) ? '' : host};
    // (tls.connect passes onread to the socket it makes; its types do not list it.)
    return onread => agent.createConnection({...options, onread} as AgentOptions) as Socket;
  }
  if (modem.protocol === 'http' && modem.agent instanceof TimedHttpAgent) {
    const agent = modem.agent;
    return onread => agent.createConnection({host, port, onread} as ClientRequestArgs) as Socket;
  }
  return undefined;
}

export function canRawGet(docker: Docker): boolean {
  return engineSocket(docker) !== undefined;
}

// Resolves once the engine answered 200; rejects as docker-modem does for other statuses and failed connections.
export function rawGet(docker: Docker, request: RawGetRequest): Promise<RawResponse> {
  const open = engineSocket(docker);
  if (!open) return Promise.reject(new Error('this engine is not reached over a plain socket'));
  const modem = modemFields(docker);
  const prefix = modem.version ? `/${modem.version}` : '';
  const query = new URLSearchParams(
    Object.entries(request.query).flatMap(([name, value]) =>
      (typeof value === 'object' ? value : [value]).map(one => [name, String(one)]),
    ),
  );
  const target = `${prefix}${request.path}?${query.toString()}`;
  return new Promise((resolve, reject) => {
    if (request.signal.aborted) return reject(abortError());
    // Reads come only once connected, after the response exists.
    const socket = open({
      buffer: Buffer.allocUnsafe(READ_BUFFER_BYTES),
      callback: (length, buffer) => {
        response.onData(buffer.subarray(0, length));
        // Reading goes on: backpressure pauses the socket itself (enqueue).
        return true;
      },
    });
    const response = new RawResponse(socket, request, resolve, reject);
    socket.write(`GET ${target} HTTP/1.1\r\nHost: docker\r\nUser-Agent: berth\r\nConnection: close\r\n\r\n`);
  });
}

function abortError(): Error {
  return Object.assign(new Error('The operation was aborted'), {name: 'AbortError', code: 'ABORT_ERR'});
}

// What Node's HTTP client reports for a connection that broke before the answer ended ('aborted'), or before it
// began ('socket hang up'): describeStreamError (logs/stream-errors.ts) names both "the connection was reset".
function resetError(message: string): Error {
  return Object.assign(new Error(message), {code: 'ECONNRESET'});
}

// The answer's body as a paused readable: 'readable' when decoded bytes wait, read() hands all of them over at once,
// then 'end' (the body is complete and read) or 'error', and 'close' last.
export class RawResponse extends EventEmitter {
  destroyed = false;
  errored: Error | undefined;
  private head: ResponseHead | undefined;
  private headBytes: Buffer[] = [];
  private decoder: ChunkedDecoder | undefined;
  private lengthLeft = 0;
  // Decoded bytes waiting for the reader, copied out of the socket's read buffer (which the next read overwrites).
  private batch: Buffer | undefined;
  private queued = 0;
  private readonly spare: Buffer[] = [];
  private bodyDone = false;
  private endEmitted = false;
  private notifyTimer: NodeJS.Timeout | undefined;
  private notifyImmediate: NodeJS.Immediate | undefined;
  private errorBody: Buffer[] = [];
  private errorBytes = 0;
  private settled = false;
  // The reader was told of bytes once.
  private told = false;
  private readonly onAbort = () => this.destroy(abortError());

  constructor(
    private readonly socket: Socket,
    private readonly request: RawGetRequest,
    private readonly resolve: (response: RawResponse) => void,
    private readonly reject: (error: Error) => void,
  ) {
    super();
    socket.on('end', () => this.onSocketEnd());
    socket.on('error', error => this.destroy(error));
    // After a complete body the engine closes the connection; what is still queued is read first ('end' follows).
    socket.on('close', () => {
      if (!this.bodyDone) this.destroy(resetError(this.head ? 'aborted' : 'socket hang up'));
    });
    request.signal.addEventListener('abort', this.onAbort, {once: true});
  }

  read(): Buffer | null {
    if (this.queued === 0 || !this.batch) {
      this.maybeEnd();
      return null;
    }
    const data = this.batch.subarray(0, this.queued);
    // The reader keeps views into these bytes (a log entry's content): the next bytes go to a new buffer.
    this.batch = undefined;
    this.queued = 0;
    if (this.socket.isPaused() && !this.destroyed) this.socket.resume();
    return data;
  }

  // The reader is done with a batch read() gave (request.recycle): its memory takes later bytes. Fresh memory for
  // every batch cost the kernel a page fault per 4 KiB written (611,842 for a 1 GiB export against docker's 2,413;
  // docs/benchmarks.md, "Archives").
  recycle(chunk: Buffer): void {
    if (!this.request.recycle || this.destroyed || this.spare.length >= MAX_SPARE_BATCHES) return;
    if (chunk.byteOffset !== 0 || chunk.buffer.byteLength !== RECYCLED_BATCH_BYTES) return;
    this.spare.push(Buffer.from(chunk.buffer));
  }

  destroy(error?: Error): void {
    if (this.destroyed) return;
    this.spare.length = 0;
    this.destroyed = true;
    this.request.signal.removeEventListener('abort', this.onAbort);
    this.cancelNotify();
    this.socket.destroy();
    if (!this.settled) {
      this.settled = true;
      this.reject(error ?? resetError('socket hang up'));
      return;
    }
    if (error && !this.endEmitted) this.errored = error;
    // Later, not now: the answer may break in the same read that resolved it, before the caller listens.
    setImmediate(() => {
      if (this.errored) this.emit('error', this.errored);
      this.emit('close');
    });
  }

  // A read off the socket: `chunk` is the socket's read buffer, overwritten by the next read, so whatever is kept
  // of it is copied.
  onData(chunk: Buffer): void {
    if (this.destroyed) return;
    try {
      if (!this.head) {
        const copy = Buffer.from(chunk);
        this.headBytes.push(copy);
        const bytes = this.headBytes.length === 1 ? copy : Buffer.concat(this.headBytes);
        const end = headEnd(bytes);
        if (end < 0) {
          this.headBytes = [bytes];
          return;
        }
        this.headBytes = [];
        const head = parseHead(bytes.toString('latin1', 0, end - 4));
        this.head = head;
        this.decoder = head.body.kind === 'chunked' ? new ChunkedDecoder(data => this.sink(data)) : undefined;
        this.lengthLeft = head.body.kind === 'length' ? head.body.length : 0;
        if (head.status === 200) {
          this.settled = true;
          this.resolve(this);
        }
        if (end < bytes.length) this.body(bytes.subarray(end));
        else if (head.body.kind === 'length' && head.body.length === 0) this.complete();
        return;
      }
      this.body(chunk);
    } catch (error) {
      this.destroy(error as Error);
    }
  }

  private body(chunk: Buffer): void {
    const head = this.head as ResponseHead;
    if (this.bodyDone) return;
    if (this.decoder) {
      this.decoder.push(chunk);
      if (this.decoder.done) this.complete();
    } else if (head.body.kind === 'length') {
      const take = Math.min(chunk.length, this.lengthLeft);
      if (take > 0) this.sink(take === chunk.length ? chunk : chunk.subarray(0, take));
      this.lengthLeft -= take;
      if (this.lengthLeft === 0) this.complete();
    } else {
      this.sink(chunk);
    }
  }

  private sink(data: Buffer): void {
    if (this.head?.status === 200) this.enqueue(data);
    else this.collectError(data);
  }

  private onSocketEnd(): void {
    // A body that runs until the connection closes is complete now; any other is cut short ('close' says so),
    // except an error answer, whose status says enough.
    const head = this.head;
    if (head?.body.kind === 'close') this.complete();
    else if (head && head.status !== 200) this.failWithStatus();
  }

  private enqueue(data: Buffer): void {
    if (data.length === 0) return;
    const need = this.queued + data.length;
    let batch = this.batch;
    if (!batch && this.request.recycle) {
      batch = this.spare.pop() ?? Buffer.allocUnsafeSlow(RECYCLED_BATCH_BYTES);
      this.batch = batch;
    }
    if (!batch || need > batch.length) {
      const bigger = Buffer.allocUnsafe(Math.max(2 * need, MIN_BATCH_BYTES));
      if (batch) batch.copy(bigger, 0, 0, this.queued);
      this.batch = batch = bigger;
    }
    data.copy(batch, this.queued);
    this.queued = need;
    if (this.queued > MAX_QUEUED_BYTES) this.socket.pause();
    this.scheduleNotify();
  }

  private complete(): void {
    if (this.bodyDone) return;
    this.bodyDone = true;
    if (this.head?.status !== 200) return this.failWithStatus();
    if (this.queued === 0) this.maybeEnd();
    else this.scheduleNotify();
  }

  private maybeEnd(): void {
    if (!this.bodyDone || this.endEmitted || this.destroyed || this.queued > 0) return;
    this.endEmitted = true;
    // Not process.nextTick: an empty body completes before the caller's promise callback has attached listeners.
    setImmediate(() => {
      this.emit('end');
      this.destroy();
    });
  }

  private scheduleNotify(): void {
    if (this.notifyTimer || this.notifyImmediate) return;
    const notify = () => {
      this.notifyTimer = undefined;
      this.notifyImmediate = undefined;
      if (!this.destroyed) this.emit('readable');
    };
    // The first bytes (a log's tail), a full queue or a finished body are worth telling at once; otherwise more
    // entries may be on their way.
    const first = !this.told;
    this.told = true;
    if (this.request.batchMs > 0 && !first && !this.bodyDone && this.queued < MAX_QUEUED_BYTES / 4)
      this.notifyTimer = setTimeout(notify, this.request.batchMs);
    else this.notifyImmediate = setImmediate(notify);
  }

  private cancelNotify(): void {
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    if (this.notifyImmediate) clearImmediate(this.notifyImmediate);
    this.notifyTimer = undefined;
    this.notifyImmediate = undefined;
  }

  private collectError(chunk: Buffer): void {
    if (this.errorBytes >= MAX_ERROR_BODY_BYTES) return;
    this.errorBody.push(Buffer.from(chunk));
    this.errorBytes += chunk.length;
  }

  // A status other than 200: the body (usually {"message": …}) says why, in docker-modem's words.
  private failWithStatus(): void {
    const head = this.head as ResponseHead;
    const text = Buffer.concat(this.errorBody).toString('utf8').trim();
    let cause: unknown = text;
    try {
      cause = JSON.parse(text) as unknown;
    } catch {
      // Not JSON: the text itself.
    }
    const described = cause as {message?: string; error?: string};
    const reason = this.request.statusCodes[head.status];
    const error = Object.assign(
      new Error(
        `(HTTP code ${head.status}) ${typeof reason === 'string' ? reason : 'unexpected'} - ${described?.message ?? described?.error ?? text} `,
      ),
      {reason, statusCode: head.status, json: cause},
    );
    this.destroy(error);
  }
}
