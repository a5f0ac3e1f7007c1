import {describe, expect, test} from 'vitest';
import {TarCheck} from '../../../../source/engine/archives/tar-check.js';
import {headerBlock} from '../../../../source/engine/container-files/tar-writer.js';
import {readTar} from '../../../../source/engine/container-files/tar-reader.js';
import type {TarEntry} from '../../../../source/engine/tar/header.js';
import {TarIndexer} from '../../../../source/engine/layers/tar-indexer.js';

// The three readers of tar headers on the same archives: the files pane's (pulls, hands data on), the layer
// indexer (fed chunk by chunk, skips data) and the archive check (counts headers, names what is wrong). Every
// archive goes through in chunks of several sizes, so that headers, extensions and data straddle them.

type Part = {name: string; flag?: string; data?: string; link?: string; size?: number};

const pad = (length: number) => Buffer.alloc((512 - (length % 512)) % 512);

function tar(parts: readonly Part[], end = true): Buffer {
  const blocks: Buffer[] = [];
  for (const part of parts) {
    const data = Buffer.from(part.data ?? '');
    blocks.push(
      headerBlock(part.name, 0o755, part.size ?? data.length, 1_700_000_000, part.flag ?? '0', part.link ?? '', ''),
    );
    blocks.push(data, pad(data.length));
  }
  if (end) blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

// "LENGTH key=value\n", the length counting its own digits.
function pax(records: Record<string, string>): string {
  return Object.entries(records)
    .map(([key, value]) => {
      const bytes = Buffer.byteLength(` ${key}=${value}\n`);
      let length = bytes + 2;
      while (String(length).length + bytes !== length) length = String(length).length + bytes;
      return `${length} ${key}=${value}\n`;
    })
    .join('');
}

// A header whose checksum is made again after `change` wrote into it.
function resealed(header: Buffer, change: (h: Buffer) => void): Buffer {
  const h = Buffer.from(header);
  change(h);
  h.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return h;
}

const SIZES = [1, 100, 511, 512, 700, 1 << 20];

async function* chunks(bytes: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function pulled(bytes: Buffer, size: number): Promise<{entry: TarEntry; data: string}[]> {
  const seen: {entry: TarEntry; data: string}[] = [];
  await readTar(chunks(bytes, size), entry => {
    const item = {entry, data: ''};
    seen.push(item);
    return {write: piece => void (item.data += piece.toString())};
  });
  return seen;
}

function indexed(bytes: Buffer, size: number) {
  const indexer = new TarIndexer();
  for (let at = 0; at < bytes.length; at += size) indexer.feed(bytes.subarray(at, at + size));
  return indexer.end();
}

function checked(bytes: Buffer, size: number): TarCheck {
  const check = new TarCheck();
  for (let at = 0; at < bytes.length; at += size) check.feed(bytes.subarray(at, at + size));
  return check;
}

const longName = `${'deep/'.repeat(30)}name`;
const longLink = `${'target/'.repeat(20)}end`;
const paxPath = `${'p/'.repeat(70)}x`;
const archive = tar([
  {name: 'dir/', flag: '5'},
  {name: '././@LongLink', flag: 'L', data: `${longName}\0`},
  {name: 'cut-name', data: 'long'},
  {name: '././@LongLink', flag: 'K', data: `${longLink}\0`},
  {name: 'link', flag: '2', link: 'cut-link'},
  {name: 'pax_global_header', flag: 'g', data: pax({comment: 'ignored'})},
  {name: 'PaxHeaders/x', flag: 'x', data: pax({path: paxPath, mtime: '1700000000.25', uid: '4242', uname: 'ü'})},
  {name: 'short', data: 'pax'},
  {name: 'hard', flag: '1', link: 'dir/plain'},
  {name: 'fifo', flag: '6'},
  {name: 'dir/plain', data: 'x'.repeat(1500)},
]);

describe('the same headers, read three ways', () => {
  test('GNU long names and links, PAX records, a global header, every kind', async () => {
    for (const size of SIZES) {
      const entries = await pulled(archive, size);
      expect(entries.map(({entry}) => `${entry.kind} ${entry.path} ${entry.size} ${entry.linkTarget}`)).toEqual([
        'directory dir/ 0 ',
        `file ${longName} 4 `,
        `symlink link 0 ${longLink}`,
        `file ${paxPath} 3 `,
        'hardlink hard 0 dir/plain',
        'fifo fifo 0 ',
        'file dir/plain 1500 ',
      ]);
      expect(entries.map(({data}) => data.length)).toEqual([0, 4, 0, 3, 0, 0, 1500]);
      const withPax = entries[3]?.entry;
      expect(withPax).toMatchObject({mtime: 1700000000.25, uid: 4242, gid: 0, user: 'ü', group: 'root', mode: 0o755});
      // The PAX records were for that entry only.
      expect(entries[4]?.entry).toMatchObject({uid: 0, user: 'root', mtime: 1700000000});

      expect(indexed(archive, size).map(file => `${file.kind} ${file.path} ${file.size} ${file.link ?? ''}`)).toEqual([
        'directory dir 0 ',
        `file ${longName} 4 `,
        `symlink link 0 ${longLink}`,
        `file ${paxPath} 3 `,
        'hardlink hard 0 dir/plain',
        'other fifo 0 ',
        'file dir/plain 1500 ',
      ]);

      const check = checked(archive, size);
      expect(check.end()).toBeUndefined();
      // Extension headers count as entries of their own.
      expect(check.entries).toBe(11);
    }
  });

  test('a base-256 size field', async () => {
    const header = resealed(headerBlock('big', 0o644, 0, 0, '0', '', ''), h => {
      h.fill(0, 124, 136);
      h[124] = 0x80;
      h[135] = 5;
    });
    const bytes = Buffer.concat([header, Buffer.from('12345'), pad(5), Buffer.alloc(1024)]);
    expect((await pulled(bytes, 100)).map(({entry, data}) => `${entry.size} ${data}`)).toEqual(['5 12345']);
    expect(indexed(bytes, 100)).toEqual([{path: 'big', kind: 'file', size: 5}]);
    expect(checked(bytes, 100).end()).toBeUndefined();
  });

  test('an empty archive: two zero blocks', async () => {
    const empty = Buffer.alloc(1024);
    expect(await pulled(empty, 512)).toEqual([]);
    expect(indexed(empty, 512)).toEqual([]);
    expect(checked(empty, 512).end()).toBeUndefined();
  });

  test('stopping early leaves the rest unread', async () => {
    const seen: string[] = [];
    const whole = await readTar(chunks(archive, 700), entry => {
      seen.push(entry.path);
      return seen.length === 2 ? 'stop' : undefined;
    });
    expect(whole).toBe(false);
    expect(seen).toEqual(['dir/', longName]);
  });
});

describe('what each says of a broken archive', () => {
  const pullError = (bytes: Buffer) =>
    pulled(bytes, 300).then(
      () => 'read',
      (error: Error) => error.message,
    );
  const indexError = (bytes: Buffer) => {
    try {
      indexed(bytes, 300);
      return 'read';
    } catch (error) {
      return (error as Error).message;
    }
  };

  test('a header that fails its checksum', async () => {
    const bad = Buffer.from(archive);
    bad.writeUInt8(bad.readUInt8(512 + 5) ^ 0xff, 512 + 5);
    expect(await pullError(bad)).toBe('a header fails its checksum (not a tar archive?)');
    expect(indexError(bad)).toBe('a layer header fails its checksum (not a tar archive?)');
    expect(checked(bad, 300).end()).toBe('the archive is corrupt after "dir/" (a header fails its checksum)');
    expect(checked(Buffer.from('x'.repeat(1024)), 300).end()).toBe('not a tar archive');
  });

  test('a size or mode field that is not a number', async () => {
    const badSize = tar([{name: 'f', data: 'abc'}]);
    badSize.set(resealed(badSize.subarray(0, 512), h => h.write('12x', 124, 'latin1')));
    expect(await pullError(badSize)).toBe('a header has a bad size field');
    expect(indexError(badSize)).toBe('a layer header has a bad size field');
    expect(checked(badSize, 300).end()).toBe('the archive is corrupt: a bad size field after ""');
    const badMode = tar([{name: 'f', data: 'abc'}]);
    badMode.set(resealed(badMode.subarray(0, 512), h => h.write('9', 100, 'latin1')));
    expect(await pullError(badMode)).toBe('a header has a bad mode field');
    expect(indexError(badMode)).toBe('a header has a bad mode field');
  });

  test('an extension header too large to be a name, or malformed', async () => {
    const huge = tar([{name: 'PaxHeaders/x', flag: 'x', size: 2 * 1024 * 1024}], false);
    expect(await pullError(huge)).toBe('an extended header is too large');
    expect(indexError(huge)).toBe('an extended header is too large');
    const malformed = tar([{name: 'PaxHeaders/x', flag: 'x', data: '99 path=x\n'}, {name: 'f'}]);
    expect(await pullError(malformed)).toBe('an extended header is malformed');
    expect(indexError(malformed)).toBe('an extended header is malformed');
  });

  test('an archive cut short: inside data, inside an extension, inside a header, without its end', async () => {
    const insideData = archive.subarray(0, archive.length - 1024 - 600);
    expect(await pullError(insideData)).toBe('the archive ends inside "dir/plain"');
    expect(indexError(insideData)).toBe('a layer ends without its end-of-archive marker');
    expect(checked(insideData, 300).end()).toBe('the archive is truncated (it ends inside "dir/plain")');
    const insideExtension = archive.subarray(0, 512 * 2 + 100);
    expect(await pullError(insideExtension)).toBe('the archive ends inside an extended header');
    expect(indexError(insideExtension)).toBe('a layer ends without its end-of-archive marker');
    const insideHeader = archive.subarray(0, 512 + 100);
    expect(await pullError(insideHeader)).toBe('the archive ends inside a header');
    expect(checked(insideHeader, 300).end()).toBe('the archive is truncated (it ends inside a header)');
    const withoutEnd = archive.subarray(0, archive.length - 1024);
    expect(await pullError(withoutEnd)).toBe('the archive ends without its end-of-archive marker');
    expect(indexError(withoutEnd)).toBe('a layer ends without its end-of-archive marker');
    expect(checked(withoutEnd, 300).end()).toBe('the archive is truncated (no end-of-archive marker)');
    expect(await pullError(Buffer.alloc(0))).toBe('the archive ends without its end-of-archive marker');
    expect(checked(Buffer.alloc(0), 300).end()).toBe('the archive is empty');
  });

  test('data after the end marker', () => {
    expect(checked(Buffer.concat([archive, Buffer.from('late'.padEnd(512))]), 300).end()).toBe(
      'unexpected data after the end of the archive',
    );
  });
});
