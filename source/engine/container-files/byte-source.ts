// Reads exact amounts from a stream of chunks without copying more than a straddling header: the tar reader's
// input. Data pieces are views into the chunks as they arrived.
export class ByteSource {
  private readonly chunks: AsyncIterator<Buffer>;
  private current: Buffer = Buffer.alloc(0);
  private at = 0;
  // Bytes handed out so far (progress).
  consumed = 0;

  constructor(source: AsyncIterable<Buffer | string>) {
    this.chunks = (async function* () {
      for await (const chunk of source) yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    })();
  }

  // The next piece of at most `max` bytes, or undefined at the end of the stream.
  async piece(max: number): Promise<Buffer | undefined> {
    while (this.at >= this.current.length) {
      const step = await this.chunks.next();
      if (step.done) return undefined;
      this.current = step.value;
      this.at = 0;
    }
    const end = Math.min(this.current.length, this.at + max);
    const piece = this.current.subarray(this.at, end);
    this.at = end;
    this.consumed += piece.length;
    return piece;
  }

  // Exactly `n` bytes; fewer only when the stream ends (an empty buffer at a clean end).
  async exact(n: number): Promise<Buffer> {
    const first = await this.piece(n);
    if (!first || first.length === n) return first ?? Buffer.alloc(0);
    // Copied as they come: reading on hands a chunk back to a source that may reuse its memory (a recycled batch).
    const whole = Buffer.allocUnsafe(n);
    let have = first.copy(whole);
    while (have < n) {
      const next = await this.piece(n - have);
      if (!next) break;
      have += next.copy(whole, have);
    }
    return whole.subarray(0, have);
  }

  // Skips `n` bytes; false when the stream ended first.
  async skip(n: number): Promise<boolean> {
    let left = n;
    while (left > 0) {
      const piece = await this.piece(Math.min(left, 1 << 20));
      if (!piece) return false;
      left -= piece.length;
    }
    return true;
  }

  // Stops reading: the request behind the stream is let go.
  async close(): Promise<void> {
    await this.chunks.return?.();
  }
}
