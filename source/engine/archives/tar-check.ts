// Follows a tar stream block by block without keeping it: every header's checksum, every entry's data, and the
// end-of-archive marker. The engine reports an error that happens after its first byte of `save`/`export` inside
// the stream itself (docs/engine-facts.md, "Errors inside a 200 answer"), and a cut connection looks like a short
// file, so success is only claimed for an archive that ends where tar says it ends.

const BLOCK = 512;

export class TarCheck {
  private header = Buffer.alloc(BLOCK);
  private headerFill = 0;
  // Bytes of entry data (padded to whole blocks) still to skip before the next header.
  private skip = 0;
  private zeroBlocks = 0;
  private entryName = '';
  entries = 0;
  problem: string | undefined;

  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.problem) {
      if (this.skip > 0) {
        const n = Math.min(this.skip, chunk.length - at);
        this.skip -= n;
        at += n;
        continue;
      }
      const n = Math.min(BLOCK - this.headerFill, chunk.length - at);
      chunk.copy(this.header, this.headerFill, at, at + n);
      this.headerFill += n;
      at += n;
      if (this.headerFill === BLOCK) {
        this.headerFill = 0;
        this.block();
      }
    }
  }

  // What is wrong with the archive as a whole once the stream has ended, or undefined when it is complete.
  end(): string | undefined {
    if (this.problem) return this.problem;
    if (this.zeroBlocks >= 1 && this.skip === 0 && this.headerFill === 0) return undefined;
    if (this.entries === 0 && this.skip === 0 && this.headerFill === 0) return 'the archive is empty';
    if (this.skip > 0) return `the archive is truncated (it ends inside "${this.entryName}")`;
    if (this.headerFill > 0) return 'the archive is truncated (it ends inside a header)';
    return 'the archive is truncated (no end-of-archive marker)';
  }

  private block(): void {
    const h = this.header;
    if (this.zeroBlocks > 0) {
      // After the end marker only zero padding may follow.
      if (!isZero(h)) this.problem = 'unexpected data after the end of the archive';
      this.zeroBlocks += 1;
      return;
    }
    if (isZero(h)) {
      this.zeroBlocks = 1;
      return;
    }
    if (!checksumOk(h)) {
      this.problem =
        this.entries === 0
          ? 'not a tar archive'
          : `the archive is corrupt after "${this.entryName}" (a header fails its checksum)`;
      return;
    }
    const size = entrySize(h);
    if (size === undefined) {
      this.problem = `the archive is corrupt: a bad size field after "${this.entryName}"`;
      return;
    }
    this.entries += 1;
    this.entryName = nameOf(h);
    this.skip = Math.ceil(size / BLOCK) * BLOCK;
  }
}

export function isZero(block: Buffer): boolean {
  for (let i = 0; i < block.length; i += 1) if (block[i] !== 0) return false;
  return true;
}

// The checksum field counts as eight spaces; old tars summed signed bytes, so either sum is accepted.
export function checksumOk(h: Buffer): boolean {
  const field = h
    .subarray(148, 156)
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  if (!/^[0-7]+$/.test(field)) return false;
  const stored = parseInt(field, 8);
  let unsigned = 0;
  let signed = 0;
  // An indexed loop: a layer of 100,000 files checks 100,000 headers, and an iterator made this the reader's cost.
  for (let i = 0; i < BLOCK; i++) {
    const byte = i >= 148 && i < 156 ? 0x20 : (h[i] ?? 0);
    unsigned += byte;
    signed += byte > 127 ? byte - 256 : byte;
  }
  return stored === unsigned || stored === signed;
}

// Octal, or base-256 (high bit of the first byte) for sizes over 8 GiB.
export function entrySize(h: Buffer): number | undefined {
  return numberField(h, 124, 12);
}

// A numeric header field: octal text, or base-256 when the first byte's high bit is set (GNU and PAX writers use it
// for values octal cannot hold).
export function numberField(h: Buffer, from: number, length: number): number | undefined {
  const field = h.subarray(from, from + length);
  const lead = field.readUInt8(0);
  if (lead & 0x80) return field.subarray(1).reduce((value, byte) => value * 256 + byte, lead & 0x7f);
  const text = field
    .toString('latin1')
    .replace(/[\0 ]+$/, '')
    .trim();
  if (text === '') return 0;
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : undefined;
}

export function nameOf(h: Buffer): string {
  const cut = (from: number, length: number) => {
    const field = h.subarray(from, from + length);
    const nul = field.indexOf(0);
    return field.subarray(0, nul < 0 ? length : nul).toString('utf8');
  };
  const prefix = h.subarray(257, 262).toString('latin1') === 'ustar' ? cut(345, 155) : '';
  const name = cut(0, 100);
  return prefix ? `${prefix}/${name}` : name;
}
