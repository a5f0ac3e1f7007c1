// The engine's multiplexed stream (logs, attach and exec without a TTY): frames of
// [type, 0, 0, 0, size (uint32 BE)] and then `size` payload bytes. Type 0 is stdin ("written on stdout" per the
// API), 1 stdout, 2 stderr, 3 the engine's own error text. One parser for both readers: the log reader
// (logs/multiplexed-reader.ts) and the terminal session (attach-terminal.ts).
const FRAME_HEADER_BYTES = 8;
export const FRAME_STDERR = 2;
export const FRAME_SYSTEM = 3;

// Whether a header is one a multiplexed stream can have: type 0 to 3 and zero padding. Anything else is typically
// a TTY stream read as multiplexed.
export function isFrameHeader(header: Buffer): boolean {
  return header.readUInt8(0) <= FRAME_SYSTEM && header[1] === 0 && header[2] === 0 && header[3] === 0;
}

export type FrameHandlers = {
  // A whole header was read; the payload follows. Throwing here refuses the stream.
  header?(type: number, size: number, header: Buffer): void;
  // A piece of the current frame's payload as it arrived: a view into the chunk, never copied. `last` says the
  // frame is complete. An empty frame has no pieces.
  payload(type: number, piece: Buffer, last: boolean): void;
};

// Headers and payloads straddle chunks in every way; the splitter keeps only the partial header between pushes.
export class FrameSplitter {
  private readonly header = Buffer.alloc(FRAME_HEADER_BYTES);
  private headerFill = 0;
  private remaining = 0;
  private type = 0;

  constructor(private readonly handlers: FrameHandlers) {}

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (this.remaining === 0) {
        const take = Math.min(FRAME_HEADER_BYTES - this.headerFill, chunk.length - pos);
        // Byte by byte: Buffer#copy of part of a chunk makes a view of that part first (an object per header, and
        // a followed log has a header every ~60 bytes).
        const header = this.header;
        for (let i = 0; i < take; i++) header[this.headerFill + i] = chunk[pos + i] as number;
        this.headerFill += take;
        pos += take;
        if (this.headerFill < FRAME_HEADER_BYTES) return;
        const type = this.header.readUInt8(0);
        const size = this.header.readUInt32BE(4);
        this.handlers.header?.(type, size, this.header);
        this.headerFill = 0;
        this.type = type;
        this.remaining = size;
        continue;
      }
      const take = Math.min(this.remaining, chunk.length - pos);
      this.remaining -= take;
      const piece = chunk.subarray(pos, pos + take);
      pos += take;
      this.handlers.payload(this.type, piece, this.remaining === 0);
    }
  }

  // Forgets a partly read header or frame (the connection broke).
  reset(): void {
    this.headerFill = 0;
    this.remaining = 0;
  }
}
