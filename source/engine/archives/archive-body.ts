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
// taken; a failure of `take` or of the body destroys the body and is the error.
export function pumpBody(body: ArchiveBody, take: (chunk: Buffer) => Promise<void> | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    let busy = false;
    let ended = false;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      body.destroy();
      reject(asError(error));
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    const pump = async () => {
      if (busy || settled) return;
      busy = true;
      try {
        for (let chunk = body.read() as Buffer | null; chunk !== null && !settled; chunk = body.read() as Buffer | null)
          await take(chunk);
      } catch (error) {
        fail(error);
        return;
      } finally {
        busy = false;
      }
      if (ended) finish();
    };
    body.on('readable', () => void pump());
    body.on('end', () => {
      ended = true;
      if (!busy) finish();
    });
    body.on('error', fail);
    body.on('close', () => {
      if (!ended) fail(new Error('the connection closed before the archive ended'));
    });
    void pump();
  });
}

// The body's batches for a reader that pulls (the layer reader's tar reader). A recycling body's batch is handed back
// when the reader asks for the next one, so the reader keeps no view of a batch past that: what it keeps, it copies.
// Leaving early (the reader's return) lets the request go.
export async function* bodyChunks(body: ArchiveBody): AsyncGenerator<Buffer, void, undefined> {
  let wake: (() => void) | undefined;
  let ended = false;
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
      const chunk = body.read() as Buffer | null;
      if (chunk !== null) {
        yield chunk;
        body.recycle?.(chunk);
        continue;
      }
      if (failure) throw failure;
      if (ended) return;
      await new Promise<void>(resolve => (wake = resolve));
    }
  } finally {
    body.destroy();
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
