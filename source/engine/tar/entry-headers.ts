import {
  checksumOk,
  cString,
  entryOf,
  entrySize,
  isZero,
  parsePax,
  TarFormatError,
  typeFlag,
  type TarEntry,
} from './header.js';

// A PAX or long-name record larger than this is not a name: refuse it rather than hold it.
const MAX_EXTENSION = 1024 * 1024;

// What one header block turned out to be: the end-of-archive marker; an extension (PAX 'x' or 'g', GNU long name
// 'L' or long link 'K') whose `size` bytes of data go to `extension()` before the next header, then their padding
// is passed over; or an entry, with the extensions before it folded in.
export type HeaderRead = {kind: 'end'} | {kind: 'extension'; size: number} | {kind: 'entry'; entry: TarEntry};

const END: HeaderRead = {kind: 'end'};

// The headers of one tar in order, however its bytes are read (pulled and awaited by the files pane, pushed chunk
// by chunk by the layer indexer): checks each, and carries the extensions over to the entry they precede.
export class EntryHeaders {
  private pax: Record<string, string> = {};
  private longName?: string;
  private longLink?: string;
  private extensionFlag = '';

  // `what` opens the errors about a header itself ("a layer header fails its checksum"), for the reader to say
  // which tar it was.
  constructor(private readonly what = 'a header') {}

  read(h: Buffer): HeaderRead {
    if (isZero(h)) return END;
    if (!checksumOk(h)) throw new TarFormatError(`${this.what} fails its checksum (not a tar archive?)`);
    const size = entrySize(h);
    if (size === undefined) throw new TarFormatError(`${this.what} has a bad size field`);
    const flag = typeFlag(h);
    if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
      if (size > MAX_EXTENSION) throw new TarFormatError('an extended header is too large');
      this.extensionFlag = flag;
      return {kind: 'extension', size};
    }
    const entry = entryOf(h, size, this.pax, this.longName, this.longLink);
    this.pax = {};
    this.longName = undefined;
    this.longLink = undefined;
    return {kind: 'entry', entry};
  }

  // The data of the extension `read` announced last ('g', global PAX records, is read and not applied).
  extension(data: Buffer): void {
    const flag = this.extensionFlag;
    this.extensionFlag = '';
    if (flag === 'x') this.pax = {...this.pax, ...parsePax(data)};
    else if (flag === 'L') this.longName = cString(data);
    else if (flag === 'K') this.longLink = cString(data);
  }
}
