// HTTP/1.1 chunked transfer coding (RFC 9112 §7.1), decoded incrementally: the engine sends a followed log as one
// chunk per entry, and a chunk's size line, data and CRLF straddle socket reads in every way.
//
// Data goes to `take` as views into the pushed buffers (never copied here); trailers after the last chunk are read
// and ignored.

// A size line longer than this is not a size line (hex digits, optional extensions).
const MAX_SIZE_LINE = 1024;
const CR = 0x0d;
const LF = 0x0a;

type State = 'size' | 'data' | 'data-end' | 'trailer' | 'done';

export class ChunkedBodyError extends Error {
  constructor(reason: string) {
    super(`the engine's answer is not valid chunked HTTP (${reason})`);
    this.name = 'ChunkedBodyError';
  }
}

export class ChunkedDecoder {
  private state: State = 'size';
  // The size line (or trailer line) read so far, when it straddles two pushes.
  private line = '';
  private remaining = 0;
  // Bytes of the CRLF after a chunk's data still to read.
  private crlfLeft = 0;

  constructor(private readonly take: (data: Buffer) => void) {}

  // The last chunk and its trailers were read: the body is complete.
  get done(): boolean {
    return this.state === 'done';
  }

  // Decodes what it can; returns how many bytes of `input` belong to the body (the rest follows the body).
  push(input: Buffer): number {
    let pos = 0;
    while (pos < input.length && this.state !== 'done') {
      if (this.state === 'data') {
        const end = Math.min(input.length, pos + this.remaining);
        this.take(end - pos === input.length ? input : input.subarray(pos, end));
        this.remaining -= end - pos;
        pos = end;
        if (this.remaining === 0) {
          this.state = 'data-end';
          this.crlfLeft = 2;
        }
      } else if (this.state === 'data-end') {
        const expected = this.crlfLeft === 2 ? CR : LF;
        if (input[pos] !== expected) throw new ChunkedBodyError('a chunk does not end with CRLF');
        pos++;
        if (--this.crlfLeft === 0) this.state = 'size';
      } else {
        const lf = input.indexOf(LF, pos);
        // Most size lines arrive whole: read from the bytes, no string made.
        if (lf >= 0 && this.line === '' && this.state === 'size') {
          this.size(sizeFromBytes(input, pos, lf));
          pos = lf + 1;
          continue;
        }
        const end = lf < 0 ? input.length : lf;
        if (this.line.length + end - pos > MAX_SIZE_LINE) throw new ChunkedBodyError('a chunk size line is too long');
        this.line += input.toString('latin1', pos, end);
        pos = end;
        if (lf < 0) break;
        pos++;
        const line = this.line;
        this.line = '';
        if (this.state === 'size') this.size(sizeFromBytes(Buffer.from(line, 'latin1'), 0, line.length));
        else if (line === '' || line === '\r') this.state = 'done';
      }
    }
    return pos;
  }

  private size(size: number): void {
    if (size === 0) this.state = 'trailer';
    else {
      this.remaining = size;
      this.state = 'data';
    }
  }
}

// The chunk size at the start of a size line [from, to) (its LF excluded); extensions (";name=value") and the CR
// that ends the line are allowed after it.
function sizeFromBytes(input: Buffer, from: number, to: number): number {
  if (to - from > MAX_SIZE_LINE) throw new ChunkedBodyError('a chunk size line is too long');
  let size = 0;
  let digits = 0;
  let at = from;
  for (; at < to; at++) {
    const c = input.readUInt8(at);
    const digit =
      c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x61 && c <= 0x66 ? c - 0x57 : c >= 0x41 && c <= 0x46 ? c - 0x37 : -1;
    if (digit < 0) break;
    // Eight hex digits (4 GiB) is far beyond any chunk the engine sends; more would lose precision.
    if (++digits > 8) throw new ChunkedBodyError('a chunk size is too large');
    size = size * 16 + digit;
  }
  const rest = at < to ? input[at] : CR;
  if (digits === 0 || (rest !== CR && rest !== 0x3b && rest !== 0x20 && rest !== 0x09))
    // JSON quoting: the bytes may be anything, and the message reaches the screen.
    throw new ChunkedBodyError(
      `bad chunk size line ${JSON.stringify(input.toString('latin1', from, Math.min(to, from + 20)))}`,
    );
  return size;
}
