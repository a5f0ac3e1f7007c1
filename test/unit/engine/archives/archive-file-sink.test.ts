import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import type {FileHandle} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Readable} from 'node:stream';
import {pipeline} from 'node:stream/promises';
import {afterAll, describe, expect, test} from 'vitest';
import {ArchiveFileSink} from '../../../../source/engine/archives/archive-file-sink.js';
import {ArchiveWatch} from '../../../../source/engine/archives/archive-watch.js';
import {ProgressMeter} from '../../../../source/engine/archives/progress.js';
import {openPartial} from '../../../../source/engine/files/partial-file.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-file-sink-'));
writeFileSync(join(dir, 'big.bin'), Buffer.alloc(300_000, 9));
execFileSync('tar', ['-cf', join(dir, 'a.tar'), '-C', dir, 'big.bin']);
const tar = readFileSync(join(dir, 'a.tar'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

// The tar in chunks of `size`, as a socket hands it over.
const chunked = (bytes: Buffer, size: number) =>
  Readable.from(
    Array.from({length: Math.ceil(bytes.length / size)}, (_, i) => bytes.subarray(i * size, (i + 1) * size)),
  );

// A handle that writes at most `limit` bytes per call, or fails with `failWith` once `failAfter` bytes are in.
function fakeHandle(options: {limit?: number; failAfter?: number; failWith?: string}) {
  const written: Buffer[] = [];
  let total = 0;
  let closed = false;
  const handle = {
    writev(buffers: Buffer[]) {
      if (options.failAfter !== undefined && total >= options.failAfter)
        return Promise.reject(Object.assign(new Error(options.failWith ?? 'EIO'), {code: options.failWith ?? 'EIO'}));
      const all = Buffer.concat(buffers);
      const part = all.subarray(0, Math.min(all.length, options.limit ?? all.length));
      written.push(Buffer.from(part));
      total += part.length;
      return Promise.resolve({bytesWritten: part.length, buffers});
    },
    close() {
      closed = true;
      return Promise.resolve();
    },
  };
  return {handle: handle as unknown as FileHandle, bytes: () => Buffer.concat(written), closed: () => closed};
}

describe('ArchiveFileSink', () => {
  test('writes the archive as it came, counts it, and closes the file', async () => {
    const meter = new ProgressMeter(undefined);
    const watch = new ArchiveWatch('the image x', meter);
    const file = await openPartial(join(dir, 'out.tar'), false, handle => new ArchiveFileSink(handle, watch));
    await pipeline(chunked(tar, 10_923), file.stream);
    await file.commit();
    expect(readFileSync(join(dir, 'out.tar')).equals(tar)).toBe(true);
    expect(meter.bytes).toBe(tar.length);
    expect(readdirSync(dir).filter(name => name.endsWith('.partial'))).toEqual([]);
  });

  test('a write that takes only part of the bytes is continued where it stopped', async () => {
    const fake = fakeHandle({limit: 7_000});
    await pipeline(chunked(tar, 16_384), new ArchiveFileSink(fake.handle, new ArchiveWatch('the image x')));
    expect(fake.bytes().equals(tar)).toBe(true);
    expect(fake.closed()).toBe(true);
  });

  test("a broken archive fails with the check's words and is no write failure", async () => {
    const fake = fakeHandle({});
    const sink = new ArchiveFileSink(fake.handle, new ArchiveWatch('the image x'));
    await expect(pipeline(chunked(tar.subarray(0, 100_000), 4096), sink)).rejects.toThrow(
      /the engine's archive of the image x is broken: the archive is truncated/,
    );
    expect(sink.writeFailure).toBeUndefined();
    expect(fake.closed()).toBe(true);
  });

  test('a failed write is kept as the write failure (the disk full)', async () => {
    const fake = fakeHandle({failAfter: 10_000, failWith: 'ENOSPC'});
    const sink = new ArchiveFileSink(fake.handle, new ArchiveWatch('the image x'));
    await expect(pipeline(chunked(tar, 16_384), sink)).rejects.toThrow('ENOSPC');
    expect((sink.writeFailure as NodeJS.ErrnoException).code).toBe('ENOSPC');
    expect(fake.closed()).toBe(true);
  });
});
