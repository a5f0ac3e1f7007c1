import {BLOCK} from './header.js';

// A tar stream fed chunk by chunk as it arrives, cut into its header blocks and what lies between them, handled at
// once: no await per chunk, so the engine's stream is never held up by the reader (a layer of a gigabyte comes in
// ~100,000 chunks). After each header the reader says what follows it: bytes to pass over (`skip`) or to gather
// (`collect`, an extension's data); otherwise the next block is a header again.
export class TarBlocks {
  private readonly header = Buffer.alloc(BLOCK);
  private headerFill = 0;
  private skipping = 0;
  private collecting?: {parts: Buffer[]; left: number; done: (data: Buffer) => void};
  private stopped = false;

  // `onHeader` gets each whole header block in a buffer the next header reuses: it reads what it needs at once.
  constructor(private readonly onHeader: (header: Buffer) => void) {}

  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.stopped) {
      const collecting = this.collecting;
      if (collecting) {
        const n = Math.min(collecting.left, chunk.length - at);
        // A copy: the chunk's memory may take later bytes once this call returns (a recycled batch).
        collecting.parts.push(Buffer.from(chunk.subarray(at, at + n)));
        collecting.left -= n;
        at += n;
        if (collecting.left === 0) {
          this.collecting = undefined;
          collecting.done(Buffer.concat(collecting.parts));
        }
        continue;
      }
      if (this.skipping > 0) {
        const n = Math.min(this.skipping, chunk.length - at);
        this.skipping -= n;
        at += n;
        continue;
      }
      const n = Math.min(BLOCK - this.headerFill, chunk.length - at);
      chunk.copy(this.header, this.headerFill, at, at + n);
      this.headerFill += n;
      at += n;
      if (this.headerFill === BLOCK) {
        this.headerFill = 0;
        this.onHeader(this.header);
      }
    }
  }

  // Passes over the next `bytes` (an entry's data and its padding).
  skip(bytes: number): void {
    this.skipping = bytes;
  }

  // Gathers the next `bytes` and hands them over whole.
  collect(bytes: number, done: (data: Buffer) => void): void {
    if (bytes === 0) done(Buffer.alloc(0));
    else this.collecting = {parts: [], left: bytes, done};
  }

  // The rest of the stream is ignored (the end marker was read, or the archive is already known to be broken).
  stop(): void {
    this.stopped = true;
  }

  // Bytes the stream still owes before the next header: the rest of an entry's data (or of an extension).
  get owed(): number {
    return this.skipping + (this.collecting?.left ?? 0);
  }

  // Whether the stream ended part-way through a header.
  get insideHeader(): boolean {
    return this.headerFill > 0;
  }
}
