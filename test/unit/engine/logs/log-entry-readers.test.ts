import {performance} from 'node:perf_hooks';
import {describe, expect, test} from 'vitest';
import {MAX_ENTRY_BYTES, type LogEntry, type LogStream} from '../../../../source/engine/logs/entry.js';
import {LineAssembler} from '../../../../source/engine/logs/line-assembler.js';
import {MultiplexedEntryReader} from '../../../../source/engine/logs/multiplexed-reader.js';
import {RawEntryReader} from '../../../../source/engine/logs/raw-reader.js';
import {seeded} from '../../../helpers/seeded.js';
import {at} from '../../../helpers/found.js';

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
  const reader = make(entry =>
    seen.push({
      stream: entry.stream,
      time: entry.time,
      content: entry.content.toString('latin1'),
      complete: entry.complete,
    }),
  );
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

// Cuts data into chunks of the given sizes, repeating the list.
function chunked(data: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  for (let from = 0, k = 0; from < data.length; k++) {
    const size = at(sizes, k % sizes.length);
    chunks.push(data.subarray(from, from + size));
    from += size;
  }
  return chunks;
}

function readEntries(chunks: Buffer[]): LogEntry[] {
  const entries: LogEntry[] = [];
  const reader = new MultiplexedEntryReader(entry => entries.push(entry));
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return entries;
}

// The bytes each stream received, in order.
function bytesPerStream(entries: LogEntry[]): Record<string, Buffer> {
  const parts: Record<LogStream, Buffer[]> = {stdout: [], stderr: [], system: []};
  for (const entry of entries) parts[entry.stream].push(entry.content);
  return Object.fromEntries(Object.entries(parts).map(([stream, list]) => [stream, Buffer.concat(list)]));
}

// Entries through one LineAssembler per stream, as the log session does.
function linesPerStream(entries: LogEntry[]): Record<string, string[]> {
  const assemblers = {
    stdout: new LineAssembler('stdout'),
    stderr: new LineAssembler('stderr'),
    system: new LineAssembler('system'),
  };
  const lines: Record<LogStream, string[]> = {stdout: [], stderr: [], system: []};
  for (const entry of entries) {
    const line = assemblers[entry.stream].add(entry);
    if (line) lines[entry.stream].push(line.text);
  }
  for (const stream of ['stdout', 'stderr', 'system'] as const) {
    const line = assemblers[stream].flush();
    if (line) lines[stream].push(line.text);
  }
  return lines;
}

describe('multiplexed stream: chunking, sizes and ends', () => {
  test('stdin frames (type 0) are read as stdout', () => {
    expect(
      collect(f => new MultiplexedEntryReader(f), [Buffer.concat([frame(0, `${T1} in\n`), frame(1, `${T1} out\n`)])]),
    ).toEqual([
      {stream: 'stdout', time: T1, content: 'in\n', complete: true},
      {stream: 'stdout', time: T1, content: 'out\n', complete: true},
    ]);
  });

  test('a euro sign split across frames and across chunks comes out whole', () => {
    const euro = Buffer.from('€'); // e2 82 ac
    const stream = Buffer.concat([
      // The engine cut the line inside the character: the first entry has no newline.
      frame(1, Buffer.concat([Buffer.from(`${T1} hello `), euro.subarray(0, 2)])),
      frame(2, `${T1} interleaved\n`),
      frame(1, Buffer.concat([Buffer.from(`${T1} `), euro.subarray(2), Buffer.from('\n')])),
    ]);
    for (let size = 1; size <= stream.length; size++) {
      expect(linesPerStream(readEntries(chunked(stream, [size]))), `chunks of ${size}`).toEqual({
        stdout: ['hello €'],
        stderr: ['interleaved'],
        system: [],
      });
    }
  });

  test('reassembles random per-stream bytes from random frames and random chunk splits', () => {
    const random = seeded(42);
    const alphabet = ['a', 'b', '\n', ' ', 'é', '€', '😀', '日', '\x1b[31m'];
    const types = [1, 2, 3] as const;
    const names = {1: 'stdout', 2: 'stderr', 3: 'system'} as const;
    for (let round = 0; round < 1500; round++) {
      const original: Record<string, Buffer> = {};
      const queues: Record<number, Buffer[]> = {};
      for (const type of types) {
        let text = '';
        const length = Math.floor(random() * 25);
        for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)];
        const bytes = Buffer.from(text);
        original[names[type]] = bytes;
        // Cut the bytes anywhere, multi-byte characters included; empty frames are legal too. Every entry but
        // the engine's own errors (type 3) starts with a timestamp.
        const frames: Buffer[] = [];
        for (let at = 0; at < bytes.length;) {
          const size = Math.floor(random() * 7);
          const piece = bytes.subarray(at, at + size);
          frames.push(type === 3 ? frame(type, piece) : frame(type, Buffer.concat([Buffer.from(`${T1} `), piece])));
          at += size;
        }
        queues[type] = frames;
      }
      const ordered: Buffer[] = [];
      const left = (type: number) => queues[type] ?? [];
      for (let candidates = types.filter(type => left(type).length); candidates.length;) {
        ordered.push(...left(at(candidates, Math.floor(random() * candidates.length))).splice(0, 1));
        candidates = types.filter(type => left(type).length);
      }
      const sizes = Array.from({length: 5}, () => 1 + Math.floor(random() * (random() < 0.2 ? 64 : 9)));
      const entries = readEntries(chunked(Buffer.concat(ordered), sizes));
      expect(bytesPerStream(entries), `round ${round}`).toEqual(original);
      expect(entries.every(entry => entry.time === (entry.stream === 'system' ? undefined : T1))).toBe(true);
    }
  });

  test('a 1 MiB frame in small chunks arrives quickly, intact and in bounded entries', () => {
    const payload = Buffer.alloc(1 << 20);
    for (let i = 0; i < payload.length; i++) payload[i] = 0x61 + (i % 26);
    payload[payload.length - 1] = 0x0a;
    const started = performance.now();
    const entries = readEntries(chunked(frame(1, Buffer.concat([Buffer.from(`${T1} `), payload])), [1000, 7, 4096, 1]));
    expect(performance.now() - started).toBeLessThan(2000);
    expect(Buffer.concat(entries.map(entry => entry.content)).equals(payload)).toBe(true);
    expect(Math.max(...entries.map(entry => entry.content.length))).toBeLessThanOrEqual(MAX_ENTRY_BYTES + 4096);
    expect(entries.map(entry => entry.complete)).toEqual([...entries.slice(1).map(() => false), true]);
    expect(entries.every(entry => entry.time === T1)).toBe(true);
  });

  test('a 32 MiB frame in 64 KiB chunks is read in linear time (docker-modem took 6.6 s)', () => {
    const stream = frame(2, Buffer.alloc(32 << 20, 0x78));
    let received = 0;
    const reader = new MultiplexedEntryReader(entry => (received += entry.content.length));
    const started = performance.now();
    for (let at = 0; at < stream.length; at += 65536) reader.push(stream.subarray(at, at + 65536));
    reader.end();
    expect(performance.now() - started).toBeLessThan(2000);
    expect(received).toBe(32 << 20);
  });

  test('many small frames in one chunk: one entry each, in order', () => {
    const frames = Array.from({length: 1000}, (_, i) => frame(1, `${T1} line ${i}\n`));
    const entries = readEntries([Buffer.concat(frames)]);
    expect(entries.map(entry => entry.content.toString())).toEqual(Array.from({length: 1000}, (_, i) => `line ${i}\n`));
  });

  test('the stream ends in the middle of a frame: what arrived is handed on', () => {
    const full = frame(1, `${T1} hello world\n`);
    const cut = full.subarray(0, 8 + T1.length + 1 + 5);
    expect(collect(f => new MultiplexedEntryReader(f), [cut]).length).toBe(0);
    expect(
      readEntries([cut]).map(entry => ({
        content: entry.content.toString(),
        complete: entry.complete,
        time: entry.time,
      })),
    ).toEqual([{content: 'hello', complete: false, time: T1}]);
    expect(linesPerStream(readEntries([cut])).stdout).toEqual(['hello']);
  });

  test('the stream ends in the middle of a header or of a character', () => {
    const half = readEntries([Buffer.concat([frame(1, `${T1} ok\n`), Buffer.from([1, 0, 0])])]);
    expect(half.map(entry => entry.content.toString())).toEqual(['ok\n']);
    const char = readEntries([frame(1, Buffer.concat([Buffer.from(`${T1} `), Buffer.from('€').subarray(0, 2)]))]);
    expect(linesPerStream(char).stdout).toEqual(['\ufffd']);
  });

  test('non-zero padding in a header is refused, after the valid frames before it', () => {
    const seen: string[] = [];
    const reader = new MultiplexedEntryReader(entry => seen.push(entry.content.toString()));
    const bad = Buffer.from([1, 0, 1, 0, 0, 0, 0, 2, 0x41, 0x42]);
    expect(() => reader.push(Buffer.concat([frame(2, `${T1} fine\n`), bad]))).toThrow(
      /multiplexed format \(frame header 0100010000000002\)/,
    );
    expect(seen).toEqual(['fine\n']);
  });

  test('random garbage is read or refused as not multiplexed, nothing else; end and reset never throw', () => {
    const random = seeded(9);
    for (let round = 0; round < 500; round++) {
      const garbage = Buffer.alloc(Math.floor(random() * 100));
      for (let i = 0; i < garbage.length; i++)
        garbage[i] = random() < 0.5 ? Math.floor(random() * 4) : Math.floor(random() * 256);
      const reader = new MultiplexedEntryReader(() => undefined);
      try {
        for (const chunk of chunked(garbage, [1 + Math.floor(random() * 10)])) reader.push(chunk);
      } catch (error) {
        expect((error as Error).message).toMatch(/not in the engine's multiplexed format/);
      }
      expect(() => {
        reader.end();
        reader.end();
        reader.reset();
      }).not.toThrow();
    }
  });
});

describe('raw stream: characters across chunks', () => {
  test('a character split across chunks comes out whole', () => {
    const stream = Buffer.from(`${T1} 1 € 2\r\n`);
    for (let size = 1; size <= stream.length; size++) {
      const lines: string[] = [];
      const assembler = new LineAssembler('stdout');
      const reader = new RawEntryReader(entry => {
        const line = assembler.add(entry);
        if (line) lines.push(line.text);
      });
      for (const chunk of inPieces(stream, size)) reader.push(chunk);
      reader.end();
      expect(lines, `chunks of ${size}`).toEqual(['1 € 2']);
    }
  });
});
