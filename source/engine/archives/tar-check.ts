import {checksumOk, entrySize, isZero, nameOf, padding} from '../tar/header.js';
import {TarBlocks} from '../tar/tar-blocks.js';

// Follows a tar stream block by block without keeping it: every header's checksum, every entry's data, and the
// end-of-archive marker. The engine reports an error that happens after its first byte of `save`/`export` inside
// the stream itself (docs/engine-facts.md, "Errors inside a 200 answer"), and a cut connection looks like a short
// file, so success is only claimed for an archive that ends where tar says it ends.
export class TarCheck {
  private readonly blocks = new TarBlocks(header => this.block(header));
  private zeroBlocks = 0;
  private entryName = '';
  // Every header counts, an extension's (PAX, GNU long name) too.
  entries = 0;
  problem: string | undefined;

  feed(chunk: Buffer): void {
    this.blocks.feed(chunk);
  }

  // What is wrong with the archive as a whole once the stream has ended, or undefined when it is complete.
  end(): string | undefined {
    if (this.problem) return this.problem;
    const {owed, insideHeader} = this.blocks;
    if (this.zeroBlocks >= 1 && owed === 0 && !insideHeader) return undefined;
    if (this.entries === 0 && owed === 0 && !insideHeader) return 'the archive is empty';
    if (owed > 0) return `the archive is truncated (it ends inside "${this.entryName}")`;
    if (insideHeader) return 'the archive is truncated (it ends inside a header)';
    return 'the archive is truncated (no end-of-archive marker)';
  }

  private block(h: Buffer): void {
    if (this.zeroBlocks > 0) {
      // After the end marker only zero padding may follow.
      if (!isZero(h)) this.fail('unexpected data after the end of the archive');
      this.zeroBlocks += 1;
      return;
    }
    if (isZero(h)) {
      this.zeroBlocks = 1;
      return;
    }
    if (!checksumOk(h))
      return this.fail(
        this.entries === 0
          ? 'not a tar archive'
          : `the archive is corrupt after "${this.entryName}" (a header fails its checksum)`,
      );
    const size = entrySize(h);
    if (size === undefined) return this.fail(`the archive is corrupt: a bad size field after "${this.entryName}"`);
    this.entries += 1;
    this.entryName = nameOf(h);
    this.blocks.skip(size + padding(size));
  }

  private fail(problem: string): void {
    this.problem = problem;
    this.blocks.stop();
  }
}
