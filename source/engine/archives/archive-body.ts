import {once} from 'node:events';
import type {Writable} from 'node:stream';
import {asError} from '../engine-error.js';

// What an archive's bytes are read from: raw-get's RawResponse (straight off the socket) and Node's IncomingMessage
// (through dockerode, for SSH engines and `berth cp`) both are, read in paused mode.
export type ArchiveBody = {
  read(): unknown;
  destroy(): void;
  on(event: 'readable' | 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  // Where the body reuses memory (raw-get's recycle): the reader is done with a chunk read() gave.
  recycle?(chunk: Buffer): void;
};

// Moves a body into `take` batch by batch: each read() takes everything that waits (raw-get hands it over as one
// buffer), and the next read waits until `take` is done with it, so a slow disk stops the reading and the engine
// waits (the body stops its socket when its buffer is full). Ends when the body has ended and its last batch is
// taken; a failure of `take` or of the body destroys the body and is the error. `take` hands recycled batches back
// itself, once their bytes are written.
export async function pumpBody(body: ArchiveBody, take: (chunk: Buffer) => Promise<void> | undefined): Promise<void> {
  try {
    for await (const chunk of bodyChunks(body, {handBack: false})) await take(chunk);
  } catch (error) {
    throw asError(error);
  }
}

// The body's batches for a reader that pulls (the layer reader's tar reader). A recycling body's batch is handed back
// when the reader asks for the next one (unless `handBack` is off: the reader hands it back itself), so the reader
// keeps no view of a batch past that: what it keeps, it copies. A failure of the body stops it before the next
// batch; leaving early (the reader's return or throw, a failure) lets the request go.
export async function* bodyChunks(
  body: ArchiveBody,
  {handBack = true}: {handBack?: boolean} = {},
): AsyncGenerator<Buffer, void, undefined> {
  let wake: (() => void) | undefined;
  let ended = false;
  let finished = false;
  let failure: Error | undefined;
  const poke = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  body.on('readable', poke);
  body.on('end', () => {
    ended = true;
    poke();
  });
  body.on('error', error => {
    failure ??= error;
    poke();
  });
  body.on('close', () => {
    if (!ended) failure ??= new Error('the connection closed before the archive ended');
    poke();
  });
  try {
    for (;;) {
      if (failure) throw failure;
      const chunk = body.read() as Buffer | null;
      if (chunk !== null) {
        yield chunk;
        if (handBack) body.recycle?.(chunk);
        continue;
      }
      if (ended) {
        finished = true;
        return;
      }
      await new Promise<void>(resolve => (wake = resolve));
    }
  } finally {
    if (!finished) body.destroy();
  }
}

// Writes a batch to a stream; resolves at once unless the stream's buffer is full, then when it has drained (or
// rejects with the stream's error). `written` runs once the stream is done with the batch's bytes.
export function writeBatch(stream: Writable, chunk: Buffer, written?: () => void): Promise<void> | undefined {
  if (stream.destroyed) return Promise.reject(stream.errored ?? new Error('the stream was closed'));
  const room = written
    ? stream.write(chunk, error => {
        if (!error) written();
      })
    : stream.write(chunk);
  return room ? undefined : once(stream, 'drain').then(() => undefined);
}
