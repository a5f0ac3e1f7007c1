import {randomBytes} from 'node:crypto';
import {EventEmitter} from 'node:events';
import {gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
import {bodyChunks, type ArchiveBody} from '../../../../source/engine/archives/archive-body.js';
import {headerBlock} from '../../../../source/engine/container-files/tar-writer.js';
import {analyseLayers, layerTree, lookup} from '../../../../source/engine/layers/analysis.js';
import {instruction, layerCommands} from '../../../../source/engine/layers/history.js';
import {readImageArchive} from '../../../../source/engine/layers/image-archive.js';
import {at} from '../../../helpers/found.js';

type Entry = {name: string; data?: Buffer | string; flag?: string; link?: string};

// A tar in memory, as docker writes one: ustar headers, data padded to blocks, two zero blocks at the end.
function tar(entries: readonly Entry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : (entry.data ?? Buffer.alloc(0));
    const flag = entry.flag ?? '0';
    const carries = flag === '0' || flag === 'L' || flag === 'x';
    parts.push(headerBlock(entry.name, 0o644, carries ? data.length : 0, 0, flag, entry.link ?? '', ''));
    if (carries) parts.push(data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

// The stream in small uneven chunks, so headers and layers straddle them.
async function* chunks(buffer: Buffer, size = 700): AsyncGenerator<Buffer> {
  for (let at = 0; at < buffer.length; at += size) yield buffer.subarray(at, at + size);
}

const dir = (name: string): Entry => ({name, flag: '5'});

const base = tar([
  dir('d/'),
  {name: 'd/a', data: 'aaaaa'},
  {name: 'd/b', data: 'bbbbbbb'},
  dir('o/'),
  {name: 'o/x', data: 'xxx'},
]);
const top = tar([
  {name: '.wh.d'},
  dir('o/'),
  {name: 'o/.wh..wh..opq'},
  {name: 'o/y', data: 'yyyy'},
  {name: 'n', flag: '2', link: 'o/y'},
]);
const config = {
  history: [
    {created_by: '/bin/sh -c #(nop) ADD file:123 in / '},
    {created_by: '/bin/sh -c #(nop)  ENV A=1', empty_layer: true},
    {created_by: 'RUN /bin/sh -c rm -r /d # buildkit'},
  ],
};

describe('docker save archives', () => {
  it('reads the OCI layout of engines 25+, gzip layers and manifest.json last', async () => {
    const archive = tar([
      {name: 'blobs/sha256/aaa', data: base},
      {name: 'blobs/sha256/bbb', data: gzipSync(top)},
      {name: 'blobs/sha256/ccc', data: JSON.stringify(config)},
      {name: 'index.json', data: '{}'},
      {
        name: 'manifest.json',
        data: JSON.stringify([{Config: 'blobs/sha256/ccc', Layers: ['blobs/sha256/aaa', 'blobs/sha256/bbb']}]),
      },
    ]);
    const saved = await readImageArchive(chunks(archive));
    expect(saved.layers.map(layer => layer.files.map(file => `${file.kind} ${file.path}`))).toEqual([
      ['directory d', 'file d/a', 'file d/b', 'directory o', 'file o/x'],
      ['deleted d', 'directory o', 'opaque o', 'file o/y', 'symlink n'],
    ]);
    expect(layerCommands(saved.config, 2)).toEqual(['ADD file:123 in /', 'RUN rm -r /d']);
  });

  it('follows the legacy layout, where a layer.tar may be a link to another', async () => {
    const archive = tar([
      {name: 'one/layer.tar', data: base},
      {name: 'two/layer.tar', flag: '2', link: '../one/layer.tar'},
      {name: 'c.json', data: JSON.stringify(config)},
      {name: 'manifest.json', data: JSON.stringify([{Config: 'c.json', Layers: ['one/layer.tar', 'two/layer.tar']}])},
    ]);
    const saved = await readImageArchive(chunks(archive, 333));
    expect(saved.layers.map(layer => layer.files.length)).toEqual([5, 5]);
  });

  it('reads long names (GNU and PAX) inside a layer, and refuses a layer cut short', async () => {
    const long = `${'deep/'.repeat(40)}file`;
    const pax = `path=${'p/'.repeat(60)}x`;
    // The length counts the whole record, its own three digits too.
    const record = `${pax.length + 5} ${pax}\n`;
    const layer = tar([
      {name: '././@LongLink', flag: 'L', data: `${long}\0`},
      {name: 'cut', data: 'abc'},
      {name: 'PaxHeader', flag: 'x', data: record},
      {name: 'short', data: 'de'},
    ]);
    const manifest = {name: 'manifest.json', data: JSON.stringify([{Config: 'c', Layers: ['l.tar']}])};
    const saved = await readImageArchive(chunks(tar([{name: 'l.tar', data: layer}, manifest]), 100));
    expect(at(saved.layers, 0).files.map(file => `${file.path} ${file.size}`)).toEqual([
      `${long} 3`,
      `${'p/'.repeat(60)}x 2`,
    ]);
    const cut = tar([{name: 'l.tar', data: layer.subarray(0, 1536)}, manifest]);
    await expect(readImageArchive(chunks(cut))).rejects.toThrow(/end-of-archive/);
  });

  // As raw-get's recycling body (what `l` reads the engine's stream from): one batch per read(), and a batch handed
  // back is scribbled over at once, as the socket's next bytes would be. A view of a batch kept past the reader's
  // next read then reads 0xAA.
  function reusingBody(archive: Buffer, size: number): ArchiveBody & {recycled: number} {
    const emitter = new EventEmitter();
    const spare: Buffer[] = [];
    let at = 0;
    let ended = false;
    return Object.assign(emitter, {
      recycled: 0,
      read(): Buffer | null {
        if (at >= archive.length) {
          if (!ended) setImmediate(() => emitter.emit('end'));
          ended = true;
          return null;
        }
        const batch = spare.pop() ?? Buffer.alloc(size);
        const n = archive.copy(batch, 0, at, at + size);
        at += n;
        setImmediate(() => emitter.emit('readable'));
        return batch.subarray(0, n);
      },
      recycle(this: {recycled: number}, chunk: Buffer) {
        this.recycled += 1;
        spare.push(Buffer.from(chunk.buffer, chunk.byteOffset, size).fill(0xaa));
      },
      destroy() {},
    });
  }

  it('reads from a body that reuses each batch once the next is asked for', async () => {
    const long = `${'deep/'.repeat(40)}file`;
    const pax = (key: string, value: string) => {
      const text = `${key}=${value}`;
      const digits = String(text.length + 3).length;
      return `${text.length + digits + 2} ${text}\n`;
    };
    const layer = tar([
      {name: '././@LongLink', flag: 'L', data: `${long}\0`},
      {name: 'cut', data: 'abc'},
      {name: 'PaxHeader', flag: 'x', data: pax('path', `${'p/'.repeat(300)}x`)},
      {name: 'short', data: 'de'},
      {name: 'plain', data: Buffer.alloc(3000, 1)},
    ]);
    const noise = tar([{name: 'noise', data: randomBytes(100_000)}]);
    const archive = tar([
      {name: 'blobs/sha256/aaa', data: layer},
      // zlib reads its input later, on its own thread: a gzip layer of many batches.
      {name: 'blobs/sha256/bbb', data: gzipSync(Buffer.concat([top.subarray(0, -1024), noise]))},
      {name: 'blobs/sha256/ccc', data: JSON.stringify(config)},
      // An extended header in the outer tar too: its data is read before the padding after it.
      {name: 'PaxHeader', flag: 'x', data: pax('path', 'manifest.json')},
      {
        name: 'ignored',
        data: JSON.stringify([{Config: 'blobs/sha256/ccc', Layers: ['blobs/sha256/aaa', 'blobs/sha256/bbb']}]),
      },
    ]);
    const expected = await readImageArchive(chunks(archive, 1 << 20));
    expect(expected.layers.map(one => one.files.length)).toEqual([3, 6]);
    for (const size of [7, 100, 513, 4096, 65_536]) {
      const body = reusingBody(archive, size);
      const saved = await readImageArchive(bodyChunks(body));
      expect(saved, `batches of ${size} bytes`).toEqual(expected);
      expect(body.recycled).toBeGreaterThan(archive.length / size / 2);
    }
  });

  it('says so when there is no manifest', async () => {
    await expect(readImageArchive(chunks(tar([{name: 'x', data: 'y'}])))).rejects.toThrow(/no manifest.json/);
  });
});

describe('layer analysis', () => {
  it('applies directory whiteouts and opaque directories, and counts waste as dive does', async () => {
    const archive = tar([
      {name: 'a/layer.tar', data: base},
      {name: 'b/layer.tar', data: top},
      {name: 'manifest.json', data: JSON.stringify([{Config: 'none', Layers: ['a/layer.tar', 'b/layer.tar']}])},
    ]);
    const saved = await readImageArchive(chunks(archive));
    const result = analyseLayers(saved.layers.map((layer, i) => ({id: String(i), command: '', files: layer.files})));
    expect(lookup(result.merged, 'd')).toBeUndefined();
    expect(lookup(result.merged, 'o/x')).toBeUndefined();
    expect(lookup(result.merged, 'o/y')?.size).toBe(4);
    expect(lookup(result.merged, 'n')?.link).toBe('o/y');
    expect(result.files).toBe(2);
    expect(at(result.layers, 1).changes).toEqual(['deleted', 'same', 'opaque', 'added', 'added']);
    expect(at(result.layers, 1).deleted).toBe(1);
    // dive: the deleted directory counts 12 under its own path, seen once, so nothing is wasted; its efficiency
    // is the smallest over the sum per path: all paths seen once.
    expect(result.wasted).toBe(0);
    expect(result.efficiency).toBe(1);
    const tree = layerTree(at(result.layers, 1));
    expect(lookup(tree, 'd')?.change).toBe('deleted');
    expect(tree.size).toBe(4);
  });

  it('counts a rewritten file in every layer, and a deleted file once', () => {
    const result = analyseLayers([
      {
        id: '0',
        command: '',
        files: [
          {path: 'f', kind: 'file', size: 10},
          {path: 'g', kind: 'file', size: 30},
        ],
      },
      {id: '1', command: '', files: [{path: 'f', kind: 'file', size: 20}]},
      {id: '2', command: '', files: [{path: 'g', kind: 'deleted', size: 0}]},
    ]);
    expect(result.wasted).toBe(60);
    expect(result.efficiency).toBeCloseTo(10 / 60);
    expect(result.merged.size).toBe(20);
  });

  it('names instructions the way docker history writes them', () => {
    expect(instruction('/bin/sh -c apt-get update')).toBe('RUN apt-get update');
    expect(instruction('COPY dir /x # buildkit')).toBe('COPY dir /x');
  });
});
