import { describe, expect, it } from 'vitest';
import { createDemuxer, createRawDecoder, type DemuxStreamName } from '../../source/engine/demux.js';

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function frame(type: number, payload: Buffer | string): Buffer {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const header = Buffer.alloc(8);
  header[0] = type;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

function collector() {
  const calls: Array<[DemuxStreamName, string]> = [];
  const text: Record<DemuxStreamName, string> = { stdout: '', stderr: '', stdin: '', system: '' };
  let ends = 0;
  return {
    calls,
    text,
    get ends() {
      return ends;
    },
    handlers: {
      onData(stream: DemuxStreamName, data: string) {
        calls.push([stream, data]);
        text[stream] += data;
      },
      onEnd() {
        ends++;
      },
    },
  };
}

function chunked(stream: Buffer, sizes: number[]): Buffer[] {
  const chunks: Buffer[] = [];
  let at = 0;
  let k = 0;
  while (at < stream.length) {
    const size = sizes[k++ % sizes.length];
    chunks.push(stream.subarray(at, at + size));
    at += size;
  }
  return chunks;
}

function demuxAll(chunks: Buffer[]) {
  const out = collector();
  const demuxer = createDemuxer(out.handlers);
  for (const chunk of chunks) demuxer.push(chunk);
  demuxer.end();
  return out;
}

describe('createDemuxer', () => {
  it('separates stdout, stderr and system frames, in order', () => {
    const stream = Buffer.concat([
      frame(2, 'err1\n'),
      frame(1, 'out1\n'),
      frame(3, 'Error grabbing logs: x\n'),
      frame(1, 'after\n'),
    ]);
    const out = demuxAll([stream]);
    expect(out.calls).toEqual([
      ['stderr', 'err1\n'],
      ['stdout', 'out1\n'],
      ['system', 'Error grabbing logs: x\n'],
      ['stdout', 'after\n'],
    ]);
    expect(out.ends).toBe(1);
  });

  it('reports stdin frames (type 0) as stdout, never as stdin', () => {
    const out = demuxAll([Buffer.concat([frame(0, 'in '), frame(1, 'out')])]);
    expect(out.text.stdout).toBe('in out');
    expect(out.text.stdin).toBe('');
  });

  it('decodes a euro sign split across frames and across chunks (engine.md §2)', () => {
    const euro = Buffer.from('€'); // e2 82 ac
    const stream = Buffer.concat([
      frame(1, Buffer.concat([Buffer.from('hello\n'), euro.subarray(0, 2)])),
      frame(2, 'interleaved\n'),
      frame(1, Buffer.concat([euro.subarray(2), Buffer.from('\n')])),
    ]);
    for (let size = 1; size <= stream.length; size++) {
      const out = demuxAll(chunked(stream, [size]));
      expect(out.text.stdout).toBe('hello\n€\n');
      expect(out.text.stderr).toBe('interleaved\n');
      expect(out.text.stdout).not.toContain('\ufffd');
    }
  });

  it('reassembles random per-stream text from random frames and random chunk splits', () => {
    const random = mulberry32(42);
    const alphabet = ['a', 'b', '\n', ' ', 'é', '€', '😀', '日', '\x1b[31m'];
    const streams = [1, 2, 3] as const;
    const names: Record<number, DemuxStreamName> = { 1: 'stdout', 2: 'stderr', 3: 'system' };
    for (let round = 0; round < 1500; round++) {
      const original: Record<number, string> = {};
      const queues: Record<number, Buffer[]> = {};
      for (const type of streams) {
        let text = '';
        const length = Math.floor(random() * 25);
        for (let k = 0; k < length; k++) text += alphabet[Math.floor(random() * alphabet.length)];
        original[type] = text;
        // Cut the bytes anywhere, multi-byte characters included; empty frames are legal too.
        const bytes = Buffer.from(text);
        const frames: Buffer[] = [];
        let at = 0;
        while (at < bytes.length) {
          const size = Math.floor(random() * 7);
          frames.push(frame(type, bytes.subarray(at, at + size)));
          at += size;
        }
        queues[type] = frames;
      }
      const ordered: Buffer[] = [];
      while (streams.some((type) => queues[type].length > 0)) {
        const candidates = streams.filter((type) => queues[type].length > 0);
        ordered.push(queues[candidates[Math.floor(random() * candidates.length)]].shift()!);
      }
      const stream = Buffer.concat(ordered);
      const sizes = Array.from({ length: 5 }, () => 1 + Math.floor(random() * (random() < 0.2 ? 64 : 9)));
      const out = demuxAll(chunked(stream, sizes));
      for (const type of streams) expect(out.text[names[type]], `round ${round}`).toBe(original[type]);
    }
  });

  it('passes a 1 MiB frame in small chunks quickly and intact', () => {
    const payload = Buffer.alloc(1 << 20);
    for (let i = 0; i < payload.length; i++) payload[i] = 0x61 + (i % 26);
    const start = performance.now();
    const out = demuxAll(chunked(frame(1, payload), [1000, 7, 4096, 1]));
    expect(performance.now() - start).toBeLessThan(2000);
    expect(out.text.stdout).toBe(payload.toString());
  });

  it('passes a 32 MiB frame in 64 KiB chunks in linear time (docker-modem took 6.6 s)', () => {
    const payload = Buffer.alloc(32 << 20, 0x78);
    const stream = frame(2, payload);
    let received = 0;
    const demuxer = createDemuxer({ onData: (_stream, text) => (received += text.length) });
    const start = performance.now();
    for (let at = 0; at < stream.length; at += 65536) demuxer.push(stream.subarray(at, at + 65536));
    demuxer.end();
    expect(performance.now() - start).toBeLessThan(2000);
    expect(received).toBe(payload.length);
  });

  it('reports many small frames in one chunk with one callback', () => {
    const frames = Array.from({ length: 1000 }, (_, i) => frame(1, `line ${i}\n`));
    const out = demuxAll([Buffer.concat(frames)]);
    expect(out.calls.length).toBe(1);
    expect(out.text.stdout.split('\n').length).toBe(1001);
  });

  it('ends in the middle of a frame: keeps what arrived and says what is missing', () => {
    const full = frame(1, 'hello world\n');
    const out = demuxAll([full.subarray(0, 13)]);
    expect(out.text.stdout).toBe('hello');
    expect(out.text.system).toBe('stream ended inside a frame: 7 of 12 bytes missing\n');
    expect(out.ends).toBe(1);
  });

  it('ends in the middle of a header or a character', () => {
    const half = demuxAll([Buffer.concat([frame(1, 'ok'), Buffer.from([1, 0, 0])])]);
    expect(half.text.stdout).toBe('ok');
    expect(half.text.system).toBe('stream ended inside a frame header (3 of 8 bytes)\n');
    const char = demuxAll([frame(1, Buffer.from('€').subarray(0, 2))]);
    expect(char.text.stdout).toBe('\ufffd');
    expect(char.text.system).toBe('');
  });

  it('switches to raw stdout on a malformed header, reported once, losing nothing', () => {
    const out = demuxAll([Buffer.from('hello world\n'), Buffer.from('\x01\x00\x00\x00more\n')]);
    expect(out.calls[0][0]).toBe('system');
    expect(out.text.system).toMatch(/^malformed stream header \(68 65 6c 6c 6f 20 77 6f\)/);
    expect(out.text.system.split('\n').length).toBe(2);
    expect(out.text.stdout).toBe('hello world\n\x01\x00\x00\x00more\n');
  });

  it('treats non-zero padding bytes as malformed, after valid frames', () => {
    const bad = Buffer.from([1, 0, 1, 0, 0, 0, 0, 2, 0x41, 0x42]);
    const out = demuxAll([Buffer.concat([frame(2, 'fine\n'), bad])]);
    expect(out.text.stderr).toBe('fine\n');
    expect(out.text.system).toContain('01 00 01 00 00 00 00 02');
    expect(out.text.stdout).toBe(bad.toString('latin1').replace(/[^\x00-\x7f]/g, ''));
  });

  it('never throws on random garbage and ends exactly once', () => {
    const random = mulberry32(9);
    for (let round = 0; round < 500; round++) {
      const garbage = Buffer.alloc(Math.floor(random() * 100));
      for (let i = 0; i < garbage.length; i++) garbage[i] = random() < 0.5 ? Math.floor(random() * 4) : Math.floor(random() * 256);
      const out = collector();
      const demuxer = createDemuxer(out.handlers);
      expect(() => {
        for (const chunk of chunked(garbage, [1 + Math.floor(random() * 10)])) demuxer.push(chunk);
        demuxer.end();
        demuxer.end();
        demuxer.push(Buffer.from('late'));
      }).not.toThrow();
      expect(out.ends).toBe(1);
    }
  });

  it('accepts Uint8Array chunks', () => {
    const bytes = new Uint8Array(frame(1, 'typed'));
    const out = demuxAll([bytes as Buffer]);
    expect(out.text.stdout).toBe('typed');
  });
});

describe('createRawDecoder', () => {
  it('emits short TTY output immediately and keeps split characters whole', () => {
    const out = collector();
    const decoder = createRawDecoder(out.handlers);
    decoder.push(Buffer.from('$ '));
    expect(out.calls).toEqual([['stdout', '$ ']]);
    const euro = Buffer.from('€');
    decoder.push(euro.subarray(0, 1));
    decoder.push(euro.subarray(1));
    decoder.push(Buffer.from([0x02, 0x00, 0x00, 0x00]));
    decoder.end();
    decoder.end();
    expect(out.text.stdout).toBe('$ €\x02\x00\x00\x00');
    expect(out.ends).toBe(1);
  });

  it('flushes an incomplete character at the end', () => {
    const out = collector();
    const decoder = createRawDecoder(out.handlers);
    decoder.push(Buffer.from([0xe2, 0x82]));
    decoder.end();
    expect(out.text.stdout).toBe('\ufffd');
  });
});
