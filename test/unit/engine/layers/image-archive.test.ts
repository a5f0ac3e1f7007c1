import {gzipSync} from 'node:zlib';
import {describe, expect, it} from 'vitest';
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
