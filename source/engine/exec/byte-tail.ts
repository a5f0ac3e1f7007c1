// Keeps the last `limit` bytes of a stream without copying on every push.
export class ByteTail {
  private chunks: Buffer[] = [];
  private size = 0;
  truncated = false;

  constructor(private readonly limit: number) {}

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.chunks.length > 1) {
      const [oldest] = this.chunks;
      if (!oldest || this.size - oldest.length < this.limit) break;
      this.chunks.shift();
      this.size -= oldest.length;
      this.truncated = true;
    }
    if (this.size > this.limit) this.truncated = true;
  }

  bytes(): Buffer {
    const all = Buffer.concat(this.chunks);
    return all.length > this.limit ? all.subarray(all.length - this.limit) : all;
  }

  // A cut may land inside a UTF-8 character: drop the orphaned continuation bytes rather than show U+FFFD.
  text(): string {
    let bytes = this.bytes();
    if (this.truncated) {
      let start = 0;
      while (start < bytes.length && start < 3 && (bytes.readUInt8(start) & 0xc0) === 0x80) start++;
      bytes = bytes.subarray(start);
    }
    return bytes.toString('utf8');
  }
}
