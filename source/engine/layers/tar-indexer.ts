import {EntryHeaders} from '../tar/entry-headers.js';
import {dataSize, padding, TarFormatError} from '../tar/header.js';
import {TarBlocks} from '../tar/tar-blocks.js';
import {layerFileOf, type LayerFile} from './layer-files.js';

// The entries of a layer's tar, fed chunk by chunk as they arrive (source/engine/tar/tar-blocks.ts: no await per
// chunk) and read with the same header reader as the files pane's (ustar, PAX, GNU long names); the data is
// skipped.
export class TarIndexer {
  readonly files: LayerFile[] = [];
  private readonly headers = new EntryHeaders('a layer header');
  private readonly blocks = new TarBlocks(header => this.block(header));
  private ended = false;

  feed(chunk: Buffer): void {
    this.blocks.feed(chunk);
  }

  // The files, once the whole tar went by; a tar cut short is an error.
  end(): LayerFile[] {
    if (!this.ended) throw new TarFormatError('a layer ends without its end-of-archive marker');
    return this.files;
  }

  private block(h: Buffer): void {
    const read = this.headers.read(h);
    if (read.kind === 'end') {
      this.ended = true;
      this.blocks.stop();
    } else if (read.kind === 'extension') {
      this.blocks.collect(read.size, data => {
        this.headers.extension(data);
        this.blocks.skip(padding(read.size));
      });
    } else {
      const file = layerFileOf(read.entry);
      if (file) this.files.push(file);
      const size = dataSize(read.entry);
      this.blocks.skip(size + padding(size));
    }
  }
}
