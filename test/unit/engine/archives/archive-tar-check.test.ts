import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable, Writable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {afterAll, describe, expect, test} from 'vitest';
import {sniffFormat} from '../../../../source/engine/archives/archive-format.js';
import {describeProgress, ProgressMeter, type ArchiveProgress} from '../../../../source/engine/archives/progress.js';
import {TarCheck} from '../../../../source/engine/archives/tar-check.js';
import {writeArchive} from '../../../../source/engine/archives/write-archive.js';
import {inBandError} from '../../../../source/engine/archives/archive-watch.js';
import {ArchiveCheck} from '../../../../source/engine/archives/load.js';

// Real tars made by tar(1); the torn and corrupted ones are what a broken engine stream or a cut file look like.
const dir = mkdtempSync(join(tmpdir(), 'berth-tar-check-'));
writeFileSync(join(dir, 'small.txt'), 'hello\n');
writeFileSync(join(dir, 'big.bin'), Buffer.alloc(70_000, 7));
execFileSync('tar', ['-cf', join(dir, 'a.tar'), '-C', dir, 'small.txt', 'big.bin']);
const tar = readFileSync(join(dir, 'a.tar'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

function check(bytes: Buffer, chunk = 1000): TarCheck {
  const c = new TarCheck();
  for (let at = 0; at < bytes.length; at += chunk) c.feed(bytes.subarray(at, at + chunk));
  return c;
}

describe('TarCheck', () => {
  test('a whole tar passes, in any chunking', () => {
    for (const size of [1, 511, 512, 4096, tar.length]) {
      const c = check(tar, size);
      expect(c.end()).toBeUndefined();
      expect(c.entries).toBe(2);
    }
  });

  test('a tar cut inside an entry or a header, or without its end marker', () => {
    expect(check(tar.subarray(0, 40_000)).end()).toBe('the archive is truncated (it ends inside "big.bin")');
    expect(check(tar.subarray(0, 512 + 512 + 100)).end()).toMatch(/ends inside a header/);
    const withoutEnd = 512 + 512 + 512 + Math.ceil(70_000 / 512) * 512;
    expect(check(tar.subarray(0, withoutEnd)).end()).toBe('the archive is truncated (no end-of-archive marker)');
  });

  test('not a tar, a corrupt header, data after the end, an empty stream', () => {
    expect(check(Buffer.from('x'.repeat(2048))).end()).toBe('not a tar archive');
    const corrupt = Buffer.from(tar);
    corrupt.writeUInt8(corrupt.readUInt8(1024 + 10) ^ 0xff, 1024 + 10);
    expect(check(corrupt).end()).toMatch(/corrupt after "small.txt"/);
    expect(check(Buffer.concat([tar, Buffer.from('{"errorDetail":{"message":"boom"}}\n'.padEnd(512))])).end()).toBe(
      'unexpected data after the end of the archive',
    );
    expect(check(Buffer.alloc(0)).end()).toBe('the archive is empty');
  });
});

describe('writeArchive', () => {
  // The engine's answer as a body in chunks of `size`, as a socket hands it over.
  const body = (bytes: Buffer, size = 10_923) =>
    Readable.from(
      Array.from({length: Math.ceil(bytes.length / size)}, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
    );
  const discard = () => ({kind: 'stream' as const, stream: new Writable({write: (_c, _e, cb) => cb()}), name: 'x'});
  const run = (bytes: Buffer) => writeArchive('the image x', () => Promise.resolve(body(bytes)), discard(), {});
  const partials = () => readdirSync(dir).filter(name => name.endsWith('.partial'));

  test('writes the archive as it came to a file, counted, and names it only then', async () => {
    const path = join(dir, 'out.tar');
    const result = await writeArchive('the image x', () => Promise.resolve(body(tar)), {kind: 'file', path}, {});
    expect(readFileSync(path).equals(tar)).toBe(true);
    expect(result).toEqual({bytes: tar.length, path});
    expect(partials()).toEqual([]);
  });

  test('an error the engine wrote into the stream is the message', async () => {
    const torn = Buffer.concat([
      tar.subarray(0, 20_000),
      Buffer.from('{"errorDetail":{"message":"open /var/lib/docker/x: no such file"},"error":"open …"}\r\n'),
    ]);
    await expect(run(torn)).rejects.toThrow(
      'the engine failed while sending the image x: open /var/lib/docker/x: no such file; nothing was written',
    );
    // The line is found in the stream's last bytes however they came: across many small chunks, or at the end of
    // one larger than what is kept of it.
    for (const size of [7, 100, 5000, torn.length])
      await expect(
        writeArchive('the image x', () => Promise.resolve(body(torn, size)), discard(), {}),
        `chunks of ${size}`,
      ).rejects.toThrow('the engine failed while sending the image x: open /var/lib/docker/x: no such file');
  });

  test('a stream cut short says so, and leaves no file', async () => {
    await expect(run(tar.subarray(0, 20_000))).rejects.toThrow(
      /the engine's archive of the image x is broken: the archive is truncated/,
    );
    const path = join(dir, 'cut.tar');
    await expect(
      writeArchive('the image x', () => Promise.resolve(body(tar.subarray(0, 20_000))), {kind: 'file', path}, {}),
    ).rejects.toThrow(/the archive is truncated/);
    expect(existsSync(path)).toBe(false);
    expect(partials()).toEqual([]);
    await expect(run(tar)).resolves.toEqual({bytes: tar.length, path: undefined});
  });

  test('a connection that breaks, and a destination that fails, are told apart', async () => {
    const broken = new Readable({read() {}});
    broken.push(tar.subarray(0, 4096));
    setTimeout(() => broken.destroy(Object.assign(new Error('read ECONNRESET'), {code: 'ECONNRESET'})), 10);
    await expect(writeArchive('the image x', () => Promise.resolve(broken), discard(), {})).rejects.toThrow(
      'the image x: the connection to the engine broke (read ECONNRESET); try again',
    );
    const reader = new Writable({
      write: (_c, _e, cb) => cb(Object.assign(new Error('write EPIPE'), {code: 'EPIPE'})),
    });
    await expect(
      writeArchive(
        'the image x',
        () => Promise.resolve(body(tar)),
        {kind: 'stream', stream: reader, name: 'stdout'},
        {},
      ),
    ).rejects.toThrow(/stdout.*the reader went away/);
  });

  test('in-band errors are read only from their JSON, control characters made visible', () => {
    expect(inBandError('junk {"errorDetail":{"message":"bad\\u001b]0;title\\u0007 thing"}}')).toBe('bad thing');
    expect(inBandError('no error here')).toBeUndefined();
  });
});

describe('formats and progress', () => {
  test('sniffFormat', () => {
    expect(sniffFormat(tar.subarray(0, 512))).toBe('tar');
    expect(sniffFormat(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('gzip');
    expect(sniffFormat(Buffer.from('BZh91AY'))).toBe('bzip2');
    expect(sniffFormat(Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0]))).toBe('xz');
    expect(sniffFormat(Buffer.from('hello world'.repeat(60)))).toBeUndefined();
  });

  test('percent stays below 100 until done, the rate is over the recent window', async () => {
    let clock = 0;
    const seen: ArchiveProgress[] = [];
    const meter = new ProgressMeter(
      p => seen.push(p),
      1000,
      () => clock,
    );
    for (let i = 0; i < 12; i++) {
      clock += 200;
      meter.add(100);
    }
    expect(Math.max(...seen.map(p => p.percent ?? 0))).toBe(99);
    meter.report('done');
    expect(seen.at(-1)).toMatchObject({percent: 100, bytes: 1200, phase: 'done'});
    expect(seen.at(-1)!.rate).toBeGreaterThan(0);
    expect(describeProgress({bytes: 412e6, total: 1.1e9, rate: 96e6, percent: 37, phase: 'transfer'})).toBe(
      '412MB of ~1.1GB (37%), 96MB/s',
    );
    expect(describeProgress({bytes: 1e6, total: 2e6, rate: 0, percent: 50, phase: 'transfer', estimated: false})).toBe(
      '1.0MB of 2.0MB (50%)',
    );
    expect(describeProgress({bytes: 5e6, rate: 0, phase: 'engine'})).toBe('5.0MB, the engine is loading the layers');
  });
});

describe("load's check of the archive on its way to the engine", () => {
  const send = (bytes: Buffer, length?: number) =>
    pipeline(
      Readable.from([bytes.subarray(0, 30_000), bytes.subarray(30_000)]),
      new ArchiveCheck('a.tar', new ProgressMeter(undefined, bytes.length), length),
      new Writable({write: (_chunk, _encoding, done) => done()}),
    );

  test('a file sent with its length: all of it passes; fewer bytes (it changed while read) fail, not send short', async () => {
    await expect(send(tar, tar.length)).resolves.toBeUndefined();
    await expect(send(tar)).resolves.toBeUndefined();
    // The engine was told the length: a short body would leave it waiting for the rest.
    await expect(send(tar, tar.length + 512)).rejects.toThrow(
      `cannot load a.tar: it changed while it was read (${tar.length} of ${tar.length + 512} bytes); nothing was loaded, load it again`,
    );
  });
});
