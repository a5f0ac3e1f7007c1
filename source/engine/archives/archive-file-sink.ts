import type {FileHandle} from 'node:fs/promises';
import {Writable} from 'node:stream';
import type {ArchiveWatch} from './archive-watch.js';

// Chunks held while a write is under way; they go out together in the next writev. The engine's socket is read on
// while the buffer has room, so the disk's pauses do not hold the engine back.
const SINK_BUFFER = 2 * 1024 * 1024;
// A write that makes no progress this many times in a row is a failure (as in Node's own WriteStream).
const STALLED_WRITES = 5;

// The file end of an archive transfer, in one stream stage: each chunk is checked (ArchiveWatch) and written. A
// Transform for the check in front of a WriteStream cost a 300 MiB export some 10 % more CPU: the engine sends it in
// ~29,000 TLS records, and every stage costs something per chunk.
export class ArchiveFileSink extends Writable {
  // The error of a write or of closing the file (the disk full, an I/O error): what the user is told about. The
  // sink's other errors are the archive's own (the tar check's).
  writeFailure: unknown;

  constructor(
    private readonly handle: FileHandle,
    private readonly watch: ArchiveWatch,
  ) {
    super({highWaterMark: SINK_BUFFER});
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.writeChecked([chunk], callback);
  }

  override _writev(chunks: {chunk: Buffer}[], callback: (error?: Error | null) => void): void {
    this.writeChecked(
      chunks.map(item => item.chunk),
      callback,
    );
  }

  override _final(callback: (error?: Error | null) => void): void {
    callback(this.watch.end() ?? null);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.handle.close().then(
      () => callback(error),
      (closeError: unknown) => {
        this.writeFailure ??= closeError;
        callback(error ?? (closeError as Error));
      },
    );
  }

  private writeChecked(buffers: Buffer[], callback: (error?: Error | null) => void): void {
    for (const buffer of buffers) {
      const problem = this.watch.feed(buffer);
      if (problem) {
        callback(problem);
        return;
      }
    }
    writeAll(this.handle, buffers).then(
      () => callback(),
      (error: unknown) => {
        this.writeFailure = error;
        callback(error as Error);
      },
    );
  }
}

// writev may write less than asked (a disk filling up): the rest is written again, which then fails with the reason.
async function writeAll(handle: FileHandle, buffers: Buffer[]): Promise<void> {
  let rest = buffers;
  let stalled = 0;
  while (rest.length > 0) {
    const {bytesWritten} = await handle.writev(rest);
    stalled = bytesWritten > 0 ? 0 : stalled + 1;
    if (stalled > STALLED_WRITES) throw Object.assign(new Error('the file takes no more bytes'), {code: 'EIO'});
    rest = after(rest, bytesWritten);
  }
}

function after(buffers: Buffer[], written: number): Buffer[] {
  let skip = written;
  let index = 0;
  for (const buffer of buffers) {
    if (skip < buffer.length) break;
    skip -= buffer.length;
    index++;
  }
  const rest = buffers.slice(index);
  const [first] = rest;
  if (first && skip > 0) rest[0] = first.subarray(skip);
  return rest;
}
