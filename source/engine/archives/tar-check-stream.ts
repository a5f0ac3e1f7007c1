import {Transform, type TransformCallback} from 'node:stream';
import {BerthError} from '../../errors.js';
import {safeText} from './archive-errors.js';
import type {ProgressMeter} from './progress.js';
import {TarCheck} from './tar-check.js';

const TAIL_BYTES = 4096;

// Passes a tar stream through unchanged and fails it when the tar is broken. The engine writes an error that
// happens after its first byte into the stream itself, as a JSON line (`{"errorDetail":{"message":…}}`); the last
// chunks are kept so that message, when it is there, is the one the user reads. It also counts the bytes.
export class TarCheckStream extends Transform {
  private readonly check = new TarCheck();
  // The last two chunks, by reference: enough for the engine's error line, no copying.
  private previous: Buffer | undefined;
  private last: Buffer | undefined;

  constructor(
    private readonly what: string,
    private readonly meter?: ProgressMeter,
  ) {
    // A megabyte between the engine's socket and the file (the file's own buffer is as large). With the default
    // 16 KiB a 300 MiB export took 3.7-4.0 s, berth idle for more than half of it; with 1 MiB 2.7-3.2 s
    // (`docker export -o` ~2 s on the same machine).
    super({highWaterMark: 1024 * 1024});
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.check.feed(chunk);
    this.previous = this.last;
    this.last = chunk;
    this.meter?.add(chunk.length);
    if (this.check.problem) {
      callback(this.failure(this.check.problem));
      return;
    }
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    const problem = this.check.end();
    callback(problem ? this.failure(problem) : null);
  }

  private failure(problem: string): BerthError {
    const tail = Buffer.concat([this.previous ?? Buffer.alloc(0), this.last ?? Buffer.alloc(0)]);
    const engine = inBandError(tail.subarray(Math.max(0, tail.length - TAIL_BYTES)).toString('latin1'));
    if (engine) return new BerthError(`the engine failed while sending ${this.what}: ${engine}; nothing was written`);
    return new BerthError(
      `the engine's archive of ${this.what} is broken: ${safeText(problem)}; nothing was written, try again`,
    );
  }
}

export function inBandError(text: string): string | undefined {
  const at = text.lastIndexOf('{"errorDetail"');
  if (at < 0) return undefined;
  const [line = ''] = text.slice(at).split(/\r?\n/);
  try {
    const parsed = JSON.parse(line) as {errorDetail?: {message?: string}; error?: string};
    const message = parsed.errorDetail?.message ?? parsed.error;
    return message ? safeText(message) : undefined;
  } catch {
    return undefined;
  }
}
