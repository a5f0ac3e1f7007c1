import {EventEmitter} from 'node:events';
import type {Socket} from 'node:net';
import {describe, expect, test} from 'vitest';
import {RawResponse} from '../../../../source/engine/http/raw-get.js';

// A socket torn where a real one never is on demand: the answer's bytes arrive cut at every possible place, and
// the socket honours pause() the way net.Socket does (nothing more is read until resume(), which goes on at
// the next tick). Like a socket with `onread` (raw-get.ts), it reads into one buffer and overwrites it with the
// next read (and with junk in between): the response must copy what it keeps.
class TornSocket extends EventEmitter {
  pauses = 0;
  onRead: (chunk: Buffer) => void = () => undefined;
  private paused = false;
  private pending: Buffer[] = [];
  private ending = false;
  private readonly readBuffer = Buffer.alloc(64 * 1024);

  pause(): this {
    this.paused = true;
    this.pauses++;
    return this;
  }

  resume(): this {
    this.paused = false;
    process.nextTick(() => this.flush());
    return this;
  }

  isPaused(): boolean {
    return this.paused;
  }

  destroy(): this {
    return this;
  }

  write(): boolean {
    return true;
  }

  feed(pieces: Buffer[]): void {
    this.pending.push(...pieces);
    this.ending = true;
    this.flush();
  }

  private flush(): void {
    for (
      let piece = this.paused ? undefined : this.pending.shift();
      piece;
      piece = this.paused ? undefined : this.pending.shift()
    ) {
      piece.copy(this.readBuffer);
      this.onRead(this.readBuffer.subarray(0, piece.length));
      this.readBuffer.fill(0xee, 0, piece.length);
    }
    if (!this.paused && this.ending) {
      this.ending = false;
      this.emit('end');
      this.emit('close');
    }
  }
}

// Log entries as the engine sends them: one multiplexed frame per entry, one HTTP chunk per frame.
function engineAnswer(count: number): {answer: Buffer; body: Buffer} {
  const frames: Buffer[] = [];
  const chunks: Buffer[] = [Buffer.from('HTTP/1.1 200 OK\r\nContent-Type: x\r\nTransfer-Encoding: chunked\r\n\r\n')];
  for (let i = 0; i < count; i++) {
    const text = Buffer.from(`2026-11-22T00:42:49.${String(i).padStart(9, '0')}Z out ${i}\n`);
    const frame = Buffer.concat([Buffer.from([i % 7 === 0 ? 2 : 1, 0, 0, 0, 0, 0, 0, text.length]), text]);
    frames.push(frame);
    chunks.push(Buffer.from(`${frame.length.toString(16)}\r\n`), frame, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from('0\r\n\r\n'));
  return {answer: Buffer.concat(chunks), body: Buffer.concat(frames)};
}

// Reads the body as EntryFetch does ('readable', then read() until null), optionally only every few milliseconds.
function readBody(pieces: Buffer[], readEveryMs = 0): Promise<{body: Buffer; socket: TornSocket}> {
  const socket = new TornSocket();
  return new Promise((resolve, reject) => {
    const request = {
      path: '/containers/x/logs',
      query: {},
      statusCodes: {200: true},
      batchMs: 0,
      signal: new AbortController().signal,
    };
    const raw = new RawResponse(
      socket as unknown as Socket,
      request,
      response => {
        const parts: Buffer[] = [];
        const drain = () => {
          for (let data = response.read(); data; data = response.read()) parts.push(Buffer.from(data));
        };
        response.on('readable', () => (readEveryMs ? setTimeout(drain, readEveryMs) : drain()));
        response.on('end', () => resolve({body: Buffer.concat(parts), socket}));
        response.on('error', reject);
      },
      reject,
    );
    socket.onRead = chunk => raw.onData(chunk);
    socket.feed(pieces);
  });
}

describe('a raw GET read off a torn socket', () => {
  const {answer, body} = engineAnswer(12);

  test('cut in two at every byte: the same body', async () => {
    for (let cut = 1; cut < answer.length; cut++) {
      const got = await readBody([answer.subarray(0, cut), answer.subarray(cut)]);
      expect(got.body.equals(body), `cut at ${cut}`).toBe(true);
    }
  });

  test('cut in three at many places, and one byte at a time: the same body', async () => {
    for (let a = 1; a < answer.length; a += 5)
      for (let b = a + 1; b < answer.length; b += 11) {
        const got = await readBody([answer.subarray(0, a), answer.subarray(a, b), answer.subarray(b)]);
        expect(got.body.equals(body), `cut at ${a} and ${b}`).toBe(true);
      }
    const bytes = Array.from({length: answer.length}, (_, i) => answer.subarray(i, i + 1));
    expect((await readBody(bytes)).body.equals(body)).toBe(true);
  });

  test('a slow reader behind more than 1 MiB: the socket pauses and resumes, nothing is lost', async () => {
    const big = engineAnswer(60_000);
    expect(big.body.length).toBeGreaterThan(2 * 1024 * 1024);
    // Pieces of odd sizes, so that chunk sizes, frames and CRLFs straddle them everywhere.
    const pieces: Buffer[] = [];
    for (let at = 0, size = 1; at < big.answer.length; at += size, size = (size * 7919 + 13) % 65_521)
      pieces.push(big.answer.subarray(at, at + size));
    const got = await readBody(pieces, 5);
    expect(got.socket.pauses).toBeGreaterThan(0);
    expect(got.body.equals(big.body)).toBe(true);
  });
});
