import {BerthError} from '../../errors.js';
import {safeText} from './archive-errors.js';
import type {ProgressMeter} from './progress.js';
import {TarCheck} from './tar-check.js';

const TAIL_BYTES = 4096;

// Follows an archive as it streams past, chunk by chunk, without keeping it: counts the bytes and says when the tar
// is broken. The engine writes an error that happens after its first byte into the stream itself, as a JSON line
// (`{"errorDetail":{"message":…}}`); the last chunks are kept so that message, when it is there, is the one the
// user reads.
export class ArchiveWatch {
  private readonly check = new TarCheck();
  // The stream's last bytes, copied: a chunk's memory takes later bytes once written (raw-get's recycle).
  private tail = Buffer.alloc(0);

  constructor(
    private readonly what: string,
    private readonly meter?: ProgressMeter,
  ) {}

  // The error to fail the transfer with when this chunk shows the archive is broken.
  feed(chunk: Buffer): BerthError | undefined {
    this.check.feed(chunk);
    this.tail =
      chunk.length >= TAIL_BYTES
        ? Buffer.from(chunk.subarray(chunk.length - TAIL_BYTES))
        : Buffer.concat([this.tail.subarray(Math.max(0, this.tail.length + chunk.length - TAIL_BYTES)), chunk]);
    this.meter?.add(chunk.length);
    return this.check.problem ? this.failure(this.check.problem) : undefined;
  }

  // At the end of the stream: the error when the archive is not whole.
  end(): BerthError | undefined {
    const problem = this.check.end();
    return problem ? this.failure(problem) : undefined;
  }

  private failure(problem: string): BerthError {
    const engine = inBandError(this.tail.toString('latin1'));
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
