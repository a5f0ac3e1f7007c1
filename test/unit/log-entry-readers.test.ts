import {describe, expect, test} from 'vitest';
import type {LogEntry} from '../../source/engine/logs/entry.js';
import {MultiplexedEntryReader} from '../../source/engine/logs/multiplexed-reader.js';
import {RawEntryReader} from '../../source/engine/logs/raw-reader.js';

const T1 = '2026-11-22T00:42:49.156271354Z';
const T2 = '2026-11-22T00:42:49.157105900Z';

function frame(type: number, payload: string | Buffer): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const header = Buffer.alloc(8);
  header[0] = type;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

type Seen = {stream: string; time?: string; content: string; complete: boolean};

function collect(make: (onEntry: (entry: LogEntry) => void) => {push(chunk: Buffer): void}, chunks: Buffer[]): Seen[] {
  const seen: Seen[] = [];
  const reader = make(entry => seen.push({stream: entry.stream, time: entry.time, content: entry.content.toString('latin1'), complete: entry.complete}));
  for (const chunk of chunks) reader.push(chunk);
  return seen;
}

function inPieces(data: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let at = 0; at < data.length; at += size) pieces.push(data.subarray(at, at + size));
  return pieces;
}

describe('multiplexed stream (containers without a TTY)', () => {
  const stream = Buffer.concat([
    frame(2, `${T1} err1\n`),
    frame(1, Buffer.concat([Buffer.from(`${T1} `), Buffer.from('€ euro\n')])),
    frame(1, `${T2} ${'x'.repeat(20)}`),
    frame(1, `${T2} ${'x'.repeat(5)}\n`),
    frame(3, 'Error grabbing logs: unexpected EOF\n'),
    frame(1, `${T2} after\n`),
  ]);
  const expected: Seen[] = [
    {stream: 'stderr', time: T1, content: 'err1\n', complete: true},
    {stream: 'stdout', time: T1, content: Buffer.from('€ euro\n').toString('latin1'), complete: true},
    {stream: 'stdout', time: T2, content: 'x'.repeat(20), complete: false},
    {stream: 'stdout', time: T2, content: 'x'.repeat(5) + '\n', complete: true},
    {stream: 'system', time: undefined, content: 'Error grabbing logs: unexpected EOF\n', complete: true},
    {stream: 'stdout', time: T2, content: 'after\n', complete: true},
  ];

  test('one frame is one entry; the engine error (type 3) does not derail later frames', () => {
    expect(collect(f => new MultiplexedEntryReader(f), [stream])).toEqual(expected);
  });

  test('headers and payloads cut anywhere between chunks, down to single bytes', () => {
    for (const size of [1, 2, 3, 7, 8, 9, 31, 64]) {
      expect(collect(f => new MultiplexedEntryReader(f), inPieces(stream, size))).toEqual(expected);
    }
  });

  test('a stream that is not multiplexed is refused instead of read as garbage', () => {
    expect(() => collect(f => new MultiplexedEntryReader(f), [Buffer.from(`${T1} hello\n`)])).toThrow(/multiplexed/);
  });

  test('a frame cut off by a broken connection is forgotten on reset', () => {
    const seen: string[] = [];
    const reader = new MultiplexedEntryReader(entry => seen.push(entry.content.toString()));
    const whole = frame(1, `${T1} cut\n`);
    reader.push(whole.subarray(0, 12));
    reader.reset();
    reader.push(frame(1, `${T2} next\n`));
    expect(seen).toEqual(['next\n']);
  });
});

describe('raw stream (TTY containers)', () => {
  // As observed on Engine 20.10: a 20,000-byte line is cut into entries that all carry the same timestamp.
  const long = `${T2} ${'y'.repeat(16384)}${T2} ${'y'.repeat(3616)}\r\n`;
  const stream = Buffer.from(`${T1} hello\r\n${T1} a\tb\r\r\n${long}${T2} p 10%\rp 100%\r\n`);
  const expected: Seen[] = [
    {stream: 'stdout', time: T1, content: 'hello\r\n', complete: true},
    {stream: 'stdout', time: T1, content: 'a\tb\r\r\n', complete: true},
    {stream: 'stdout', time: T2, content: 'y'.repeat(16384), complete: false},
    {stream: 'stdout', time: T2, content: 'y'.repeat(3616) + '\r\n', complete: true},
    {stream: 'stdout', time: T2, content: 'p 10%\rp 100%\r\n', complete: true},
  ];

  test('entries split at newlines and at the repeated timestamp of a cut line', () => {
    expect(collect(f => new RawEntryReader(f), [stream])).toEqual(expected);
  });

  test('the same entries whatever the chunk size, also when the timestamp marker straddles chunks', () => {
    for (const size of [1, 5, 30, 31, 32, 1000, 16384, 16400]) {
      expect(collect(f => new RawEntryReader(f), inPieces(stream, size))).toEqual(expected);
    }
  });

  test('text without a timestamp (the engine error) is kept and marked as the engine’s', () => {
    expect(collect(f => new RawEntryReader(f), [Buffer.from(`Error grabbing logs: x\n${T1} ok\n`)])).toEqual([
      {stream: 'system', time: undefined, content: 'Error grabbing logs: x\n', complete: true},
      {stream: 'stdout', time: T1, content: 'ok\n', complete: true},
    ]);
  });

  test('a timestamp in the middle of a line is text unless it repeats the entry’s own', () => {
    expect(collect(f => new RawEntryReader(f), [Buffer.from(`${T1} see ${T2} here\n`)])).toEqual([
      {stream: 'stdout', time: T1, content: `see ${T2} here\n`, complete: true},
    ]);
  });

  test('end hands on an unterminated last entry; reset forgets it', () => {
    const seen: string[] = [];
    const reader = new RawEntryReader(entry => seen.push(entry.content.toString()));
    reader.push(Buffer.from(`${T1} no newline`));
    reader.reset();
    reader.push(Buffer.from(`${T1} last`));
    reader.end();
    expect(seen).toEqual(['last']);
  });

  test('a line that never ends is handed on in bounded pieces', () => {
    const seen: number[] = [];
    const reader = new RawEntryReader(entry => seen.push(entry.content.length));
    reader.push(Buffer.from(`${T1} `));
    for (let i = 0; i < 64; i++) reader.push(Buffer.alloc(16 * 1024, 0x7a));
    expect(Math.max(...seen)).toBeLessThanOrEqual(80 * 1024);
    expect(seen.reduce((a, b) => a + b, 0)).toBeGreaterThan(900 * 1024);
  });
});
