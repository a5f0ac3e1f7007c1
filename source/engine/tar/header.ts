// The fields of one tar header block (ustar, with the GNU and PAX ways of carrying numbers and names beyond it), as
// Go's archive/tar writes them: what the files pane's reader, the layer indexer and the archive check all read.

export const BLOCK = 512;

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

// A numeric header field: octal text, or base-256 when the first byte's high bit is set (GNU and PAX writers use it
// for values octal cannot hold, such as sizes over 8 GiB).
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

export function entrySize(h: Buffer): number | undefined {
  return numberField(h, 124, 12);
}

export function typeFlag(h: Buffer): string {
  return String.fromCharCode(h.readUInt8(156));
}

// The name as the header itself holds it (ustar's prefix joined on), before any extension replaces it.
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

export function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK;
}

// Only regular files carry data after their header (a hard link's size field is 0, a directory's is ignored).
export function dataSize(entry: TarEntry): number {
  return entry.kind === 'file' ? entry.size : 0;
}

export function entryOf(
  h: Buffer,
  size: number,
  pax: Record<string, string>,
  longName: string | undefined,
  longLink: string | undefined,
): TarEntry {
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
    kind: KINDS[typeFlag(h)] ?? 'other',
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
