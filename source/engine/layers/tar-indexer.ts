import {checksumOk, isZero, numberField} from '../archives/tar-check.js';
import {cString, entryOf, padding, parsePax, TarFormatError} from '../container-files/tar-reader.js';
import {layerFileOf, type LayerFile} from './layer-files.js';

const BLOCK = 512;
const MAX_META = 1024 * 1024;

// The entries of a layer's tar, fed chunk by chunk as they arrive and handled at once: no await per chunk, so the
// engine's stream is never held up by the reader (a layer of a gigabyte comes in ~100,000 chunks). The same
// headers as tar-reader.ts reads (ustar, PAX, GNU long names); the data is skipped.
export class TarIndexer {
  readonly files: LayerFile[] = [];
  private readonly header = Buffer.alloc(BLOCK);
  private headerFill = 0;
  // Bytes of data (and padding) to pass over before the next header.
  private skip = 0;
  // An extended header being collected: its flag, what is still to come, then its padding.
  private meta?: {flag: string; parts: Buffer[]; left: number; pad: number};
  private pax: Record<string, string> = {};
  private longName?: string;
  private longLink?: string;
  private ended = false;

  feed(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length && !this.ended) {
      if (this.meta && this.meta.left > 0) {
        const n = Math.min(this.meta.left, chunk.length - at);
        this.meta.parts.push(chunk.subarray(at, at + n));
        this.meta.left -= n;
        at += n;
        if (this.meta.left === 0) this.metaDone();
        continue;
      }
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

  // The files, once the whole tar went by; a tar cut short is an error.
  end(): LayerFile[] {
    if (!this.ended) throw new TarFormatError('a layer ends without its end-of-archive marker');
    return this.files;
  }

  private block(): void {
    const h = this.header;
    if (isZero(h)) {
      this.ended = true;
      return;
    }
    if (!checksumOk(h)) throw new TarFormatError('a layer header fails its checksum (not a tar archive?)');
    const size = numberField(h, 124, 12);
    if (size === undefined) throw new TarFormatError('a layer header has a bad size field');
    const flag = String.fromCharCode(h.readUInt8(156));
    if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
      if (size > MAX_META) throw new TarFormatError('an extended header is too large');
      this.meta = {flag, parts: [], left: size, pad: padding(size)};
      if (size === 0) this.metaDone();
      return;
    }
    const entry = entryOf(h, size, this.pax, this.longName, this.longLink);
    this.pax = {};
    this.longName = undefined;
    this.longLink = undefined;
    const file = layerFileOf(entry);
    if (file) this.files.push(file);
    const dataSize = entry.kind === 'file' ? entry.size : 0;
    this.skip = dataSize + padding(dataSize);
  }

  private metaDone(): void {
    const meta = this.meta;
    if (!meta) return;
    this.meta = undefined;
    const data = Buffer.concat(meta.parts);
    if (meta.flag === 'x') this.pax = {...this.pax, ...parsePax(data)};
    else if (meta.flag === 'L') this.longName = cString(data);
    else if (meta.flag === 'K') this.longLink = cString(data);
    this.skip = meta.pad;
  }
}
