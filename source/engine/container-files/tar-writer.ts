import {createReadStream} from 'node:fs';
import {lstat, readdir, readlink, stat} from 'node:fs/promises';
import {join} from 'node:path';
import type {Stats} from 'node:fs';
import {BLOCK, padding} from '../tar/header.js';

// A tar of a local file or directory, produced as it is read (constant memory): what copy-in sends to the engine
// (PUT /containers/{id}/archive). The root entry is named `rootName`; with `contentsOnly` the root is left out and
// its entries stand at the top (docker cp's "SRC/."). Owners are 0:0, as docker cp sends them; the engine gives
// the files to the container's root (or keeps them with copyUIDGID).

const READ_BUFFER = 1024 * 1024;

export type TarWriteOptions = {rootName: string; contentsOnly?: boolean; followLink?: boolean};

export async function* tarOf(source: string, options: TarWriteOptions): AsyncGenerator<Buffer> {
  const top = options.followLink ? await stat(source) : await lstat(source);
  if (top.isDirectory() && options.contentsOnly) {
    for (const name of (await readdir(source)).sort()) yield* entry(join(source, name), name);
  } else {
    yield* entry(source, options.rootName, top);
  }
  yield Buffer.alloc(BLOCK * 2);
}

async function* entry(path: string, name: string, known?: Stats): AsyncGenerator<Buffer> {
  const info = known ?? (await lstat(path));
  if (info.isDirectory()) {
    yield* header(`${name}/`, info, '5', 0);
    for (const child of (await readdir(path)).sort()) yield* entry(join(path, child), `${name}/${child}`);
  } else if (info.isSymbolicLink()) {
    yield* header(name, info, '2', 0, await readlink(path));
  } else if (info.isFile()) {
    yield* header(name, info, '0', info.size);
    let sent = 0;
    for await (const chunk of createReadStream(path, {highWaterMark: READ_BUFFER, end: Math.max(0, info.size - 1)})) {
      const piece = (chunk as Buffer).subarray(0, info.size - sent);
      sent += piece.length;
      if (piece.length) yield piece;
    }
    if (sent < info.size) throw new Error(`${path} shrank while it was copied`);
    const pad = padding(info.size);
    if (pad) yield Buffer.alloc(pad);
  }
  // Sockets, fifos and devices are not sent (docker cp refuses them too).
}

function* header(name: string, info: Stats, flag: string, size: number, linkTarget = ''): Generator<Buffer> {
  const split = splitName(name);
  const pax: string[] = [];
  if (!split) pax.push(paxRecord('path', name));
  if (Buffer.byteLength(linkTarget) > 100) pax.push(paxRecord('linkpath', linkTarget));
  if (pax.length) {
    const body = Buffer.from(pax.join(''));
    yield headerBlock('PaxHeader', 0o644, body.length, Math.floor(info.mtimeMs / 1000), 'x', '', '');
    yield Buffer.concat([body, Buffer.alloc(padding(body.length))]);
  }
  const [prefix, short] = split ?? ['', name.slice(-100)];
  yield headerBlock(
    short,
    info.mode & 0o7777,
    size,
    Math.floor(info.mtimeMs / 1000),
    flag,
    linkTarget.slice(0, 100),
    prefix,
  );
}

// ustar holds a name of up to 100 bytes, or 255 split at a slash into a prefix (155) and a name (100).
function splitName(name: string): [string, string] | undefined {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let at = name.indexOf('/'); at >= 0; at = name.indexOf('/', at + 1)) {
    const prefix = name.slice(0, at);
    const rest = name.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest) return [prefix, rest];
  }
  return undefined;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  // The length counts its own digits: settle it (at most two rounds).
  let length = Buffer.byteLength(body);
  while (Buffer.byteLength(body) + String(length).length !== length)
    length = Buffer.byteLength(body) + String(length).length;
  return `${length}${body}`;
}

export function headerBlock(
  name: string,
  mode: number,
  size: number,
  mtime: number,
  flag: string,
  linkTarget: string,
  prefix: string,
): Buffer {
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100, 'utf8');
  octal(h, 100, 8, mode);
  octal(h, 108, 8, 0);
  octal(h, 116, 8, 0);
  if (size > 0o77777777777) {
    // base-256 for files over 8 GiB
    h[124] = 0x80;
    let value = size;
    for (let i = 135; i > 124; i--) {
      h[i] = value % 256;
      value = Math.floor(value / 256);
    }
  } else {
    octal(h, 124, 12, size);
  }
  octal(h, 136, 12, Math.max(0, mtime));
  h.fill(0x20, 148, 156);
  h.write(flag, 156, 1, 'latin1');
  h.write(linkTarget, 157, 100, 'utf8');
  h.write('ustar\u000000', 257, 8, 'latin1');
  h.write('root', 265, 32, 'latin1');
  h.write('root', 297, 32, 'latin1');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h.subarray(0, BLOCK)) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'latin1');
  return h;
}

function octal(h: Buffer, at: number, length: number, value: number): void {
  h.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, at, length, 'latin1');
}
