import {describe, expect, it} from 'vitest';
import {ByteTail} from '../../../../source/engine/exec/byte-tail.js';
import {FrameSplitter} from '../../../../source/engine/frames.js';

function frame(stream: number, payload: string | Buffer): Buffer {
  const body = Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

function split(chunks: Buffer[]): Array<[number, string]> {
  const seen: Array<[number, Buffer[]]> = [];
  const frames = new FrameSplitter({
    payload(stream, payload) {
      const last = seen[seen.length - 1];
      if (last && last[0] === stream) last[1].push(Buffer.from(payload));
      else seen.push([stream, [Buffer.from(payload)]]);
    },
  });
  for (const chunk of chunks) frames.push(chunk);
  return seen.map(([stream, parts]) => [stream, Buffer.concat(parts).toString('utf8')]);
}

describe('FrameSplitter', () => {
  const stream = Buffer.concat([
    frame(1, 'out1\n'),
    frame(2, 'err1\n'),
    frame(1, '€ euro\n'),
    frame(1, ''),
    frame(3, 'Error grabbing logs\n'),
    frame(1, 'after\n'),
  ]);
  const expected = [
    [1, 'out1\n'],
    [2, 'err1\n'],
    [1, '€ euro\n'],
    [3, 'Error grabbing logs\n'],
    [1, 'after\n'],
  ];

  it('splits whole frames, including empty ones and the daemon error type 3', () => {
    expect(split([stream])).toEqual(expected);
  });

  it('gives the same result at every chunking, headers and characters split across chunks', () => {
    for (let size = 1; size <= stream.length; size++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < stream.length; at += size) chunks.push(stream.subarray(at, at + size));
      expect(split(chunks)).toEqual(expected);
    }
  });

  it('hands large frames on piece by piece without waiting for the whole frame', () => {
    const big = Buffer.alloc(100_000, 'x');
    const pieces: number[] = [];
    const frames = new FrameSplitter({payload: (_stream, payload) => pieces.push(payload.length)});
    const whole = frame(1, big);
    frames.push(whole.subarray(0, 10_008));
    expect(pieces).toEqual([10_000]);
    frames.push(whole.subarray(10_008));
    expect(pieces.reduce((a, b) => a + b)).toBe(100_000);
  });
});

describe('ByteTail', () => {
  it('keeps everything under the limit', () => {
    const tail = new ByteTail(10);
    tail.push(Buffer.from('abc'));
    tail.push(Buffer.from('def'));
    expect(tail.text()).toBe('abcdef');
    expect(tail.truncated).toBe(false);
  });

  it('keeps the last bytes over the limit and says so', () => {
    const tail = new ByteTail(5);
    for (const piece of ['hello ', 'wide ', 'world']) tail.push(Buffer.from(piece));
    expect(tail.text()).toBe('world');
    expect(tail.truncated).toBe(true);
  });

  it('never starts with half a character', () => {
    const tail = new ByteTail(4);
    tail.push(Buffer.from('a€b')); // 61 e2 82 ac 62: the cut lands inside €
    tail.push(Buffer.from('c'));
    expect(tail.text()).toBe('bc');
  });
});
