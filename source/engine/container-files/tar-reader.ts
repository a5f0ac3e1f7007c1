import {checksumOk, isZero, nameOf, numberField} from '../archives/tar-check.js';
import {ByteSource} from './byte-source.js';

// A streaming tar reader for the engine's archives of a path (GET /containers/{id}/archive): ustar headers with
// PAX ('x') and GNU long-name ('L'/'K') extensions, as Go's archive/tar writes them. Entry data is handed on in
// pieces as it arrives, and the next piece is read only once the handler is done with the last: constant memory,
// and the handler's own writes set the pace.

const BLOCK = 512;
// A PAX or long-name record larger than this is not a name: refuse it rather than hold it.
const MAX_META = 1024 * 1024;

export type TarEntryKind = 'file' | 'directory' | 'symlink' | 'hardlink' | 'char' | 'block' | 'fifo' | 'other';

export type TarEntry = {
  // As written in the archive (not yet checked: the copy decides what is safe).
  path: string;
  kind: TarEntryKind;
  // Permission bits with setuid/setgid/sticky (07777).
  mode: number;
  uid: number;
  gid: number;
  user: string;
  group: string;
  size: number;
  // Seconds since the epoch; fractional when a PAX header carries it.
  mtime: number;
  linkTarget: string;
};

// What to do with an entry's data: nothing (skipped), stop reading the archive, or receive it.
export type EntryData = {write(piece: Buffer): Promise<void> | void; end?(): Promise<void> | void};
export type EntryVisit = EntryData | 'stop' | undefined;

export class TarFormatError extends Error {}

const KINDS: Record<string, TarEntryKind> = {
  '0': 'file',
  '\0': 'file',
  '7': 'file',
  '1': 'hardlink',
  '2': 'symlink',
  '3': 'char',
  '4': 'block',
  '5': 'directory',
  '6': 'fifo',
};

// Reads entries until the end-of-archive marker (or `stop`). Returns false when it stopped early. A stream that
// ends inside an entry, a bad checksum or a bad number throws TarFormatError.
export async function readTar(
  source: AsyncIterable<Buffer | string>,
  visit: (entry: TarEntry) => Promise<EntryVisit> | EntryVisit,
  onBytes?: (consumed: number) => void,
): Promise<boolean> {
  const bytes = new ByteSource(source);
  let pax: Record<string, string> = {};
  let longName: string | undefined;
  let longLink: string | undefined;
  try {
    for (;;) {
      const header = await bytes.exact(BLOCK);
      onBytes?.(bytes.consumed);
      if (header.length === 0) throw new TarFormatError('the archive ends without its end-of-archive marker');
      if (header.length < BLOCK) throw new TarFormatError('the archive ends inside a header');
      if (isZero(header)) return true;
      if (!checksumOk(header)) throw new TarFormatError('a header fails its checksum (not a tar archive?)');
      const size = numberField(header, 124, 12);
      if (size === undefined) throw new TarFormatError('a header has a bad size field');
      const flag = String.fromCharCode(header.readUInt8(156));
      if (flag === 'x' || flag === 'g' || flag === 'L' || flag === 'K') {
        if (size > MAX_META) throw new TarFormatError('an extended header is too large');
        const data = await bytes.exact(size);
        if (data.length < size || !(await bytes.skip(padding(size))))
          throw new TarFormatError('the archive ends inside an extended header');
        if (flag === 'x') pax = {...pax, ...parsePax(data)};
        else if (flag === 'L') longName = cString(data);
        else if (flag === 'K') longLink = cString(data);
        continue;
      }
      const entry = entryOf(header, size, pax, longName, longLink);
      pax = {};
      longName = undefined;
      longLink = undefined;
      const visit_ = await visit(entry);
      if (visit_ === 'stop') return false;
      // Only regular files carry data here (a hard link's size field is 0, a directory's is ignored).
      const dataSize = entry.kind === 'file' ? entry.size : 0;
      if (visit_ === undefined) {
        if (!(await bytes.skip(dataSize + padding(dataSize))))
          throw new TarFormatError(`the archive ends inside "${entry.path}"`);
        continue;
      }
      let left = dataSize;
      while (left > 0) {
        const piece = await bytes.piece(left);
        if (!piece) throw new TarFormatError(`the archive ends inside "${entry.path}"`);
        left -= piece.length;
        await visit_.write(piece);
        onBytes?.(bytes.consumed);
      }
      if (!(await bytes.skip(padding(dataSize)))) throw new TarFormatError(`the archive ends inside "${entry.path}"`);
      await visit_.end?.();
    }
  } finally {
    await bytes.close();
  }
}

export function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

export function entryOf(
  h: Buffer,
  size: number,
  pax: Record<string, string>,
  longName: string | undefined,
  longLink: string | undefined,
): TarEntry {
  const flag = String.fromCharCode(h.readUInt8(156));
  const text = (from: number, length: number) => cString(h.subarray(from, from + length));
  const number = (from: number, length: number, name: string) => {
    const value = numberField(h, from, length);
    if (value === undefined) throw new TarFormatError(`a header has a bad ${name} field`);
    return value;
  };
  const paxNumber = (key: string, fallback: number) => {
    const value = pax[key] === undefined ? NaN : Number(pax[key]);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    path: pax.path ?? longName ?? nameOf(h),
    kind: KINDS[flag] ?? 'other',
    mode: number(100, 8, 'mode') & 0o7777,
    uid: paxNumber('uid', number(108, 8, 'uid')),
    gid: paxNumber('gid', number(116, 8, 'gid')),
    user: pax.uname ?? text(265, 32),
    group: pax.gname ?? text(297, 32),
    size: paxNumber('size', size),
    mtime: paxNumber('mtime', number(136, 12, 'mtime')),
    linkTarget: pax.linkpath ?? longLink ?? text(157, 100),
  };
}

export function cString(data: Buffer): string {
  const nul = data.indexOf(0);
  return data.subarray(0, nul < 0 ? data.length : nul).toString('utf8');
}

// PAX records: "LENGTH key=value\n", LENGTH counting the whole record.
export function parsePax(data: Buffer): Record<string, string> {
  const records: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    if (space < 0) break;
    const length = Number(data.subarray(at, space).toString('latin1'));
    if (!Number.isInteger(length) || length <= space - at || at + length > data.length)
      throw new TarFormatError('an extended header is malformed');
    const record = data.subarray(space + 1, at + length - 1).toString('utf8');
    const equals = record.indexOf('=');
    if (equals > 0) records[record.slice(0, equals)] = record.slice(equals + 1);
    at += length;
  }
  return records;
}
