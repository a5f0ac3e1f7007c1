import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {FrameSplitter} from '../../../source/engine/frames.js';
import {MultiplexedEntryReader} from '../../../source/engine/logs/multiplexed-reader.js';
import {LineAssembler, afterCarriageReturns, type LogLine} from '../../../source/engine/logs/line-assembler.js';
import type {LogEntry} from '../../../source/engine/logs/entry.js';
import {sanitizeLine} from '../../../source/text/sanitize.js';
import {assertExplained, chunked, params} from '../../helpers/property.js';

type Frame = {type: number; payload: Buffer};

function encode(frames: Frame[]): Buffer {
  return Buffer.concat(
    frames.flatMap(frame => {
      const header = Buffer.alloc(8);
      header[0] = frame.type;
      header.writeUInt32BE(frame.payload.length, 4);
      return [header, frame.payload];
    }),
  );
}

const frameArb = fc.record({
  type: fc.integer({min: 0, max: 3}),
  payload: fc.uint8Array({maxLength: 300}).map(a => Buffer.from(a)),
});
// Random bytes (so random headers), split at random.
const noiseChunks = fc
  .uint8Array({maxLength: 400})
  .map(a => Buffer.from(a))
  .chain(bytes => chunked(bytes));
const streamArb = fc
  .array(frameArb, {maxLength: 12})
  .chain(frames => chunked(encode(frames)).map(chunks => ({frames, chunks})));

describe('the frame demultiplexer (frames.ts), any chunking', () => {
  test('gives back every frame, type and payload, whatever the chunk boundaries', () => {
    fc.assert(
      fc.property(streamArb, ({frames, chunks}) => {
        const got: Frame[] = [];
        let current: Buffer[] = [];
        const splitter = new FrameSplitter({
          header: (type, size) => {
            if (size === 0) got.push({type, payload: Buffer.alloc(0)});
          },
          payload: (type, piece, last) => {
            current.push(Buffer.from(piece));
            if (last) {
              got.push({type, payload: Buffer.concat(current)});
              current = [];
            }
          },
        });
        for (const chunk of chunks) splitter.push(chunk);
        expect(got).toEqual(frames);
      }),
      params(400),
    );
  });

  test('random bytes (random headers): never more payload than input, never an exception', () => {
    fc.assert(
      fc.property(noiseChunks, chunks => {
        let payload = 0;
        const splitter = new FrameSplitter({payload: (_type, piece) => (payload += piece.length)});
        for (const chunk of chunks) splitter.push(chunk);
        expect(payload).toBeLessThanOrEqual(chunks.reduce((n, c) => n + c.length, 0));
      }),
      params(300),
    );
  });

  test('the log reader on random bytes: entries, or the one-line "not in the multiplexed format" error', () => {
    fc.assert(
      fc.property(noiseChunks, chunks => {
        const reader = new MultiplexedEntryReader(entry =>
          expect(['stdout', 'stderr', 'system']).toContain(entry.stream),
        );
        try {
          for (const chunk of chunks) reader.push(chunk);
          reader.end();
        } catch (error) {
          assertExplained(
            error,
            /^the log stream is not in the engine's multiplexed format \(frame header [0-9a-f]{16}\)$/,
          );
        }
      }),
      params(300),
    );
  });
});

// A line as entries of random sizes: what the assembler shows equals what a terminal would show of the whole line.
const lineText = fc
  .array(
    fc.oneof(
      fc.string({unit: 'grapheme', maxLength: 20}),
      fc.constantFrom('\r', '\r\r', '\t', '\u001b[31m', 'é', '😀'),
    ),
    {maxLength: 12},
  )
  .map(parts => parts.join('').replace(/\n/g, ''));

describe('line assembly (engine/logs/line-assembler.ts), any split into entries', () => {
  test('equals the whole line after the last carriage return, sanitised', () => {
    fc.assert(
      fc.property(
        lineText.chain(text => chunked(Buffer.from(`${text}\n`)).map(pieces => ({text, pieces}))),
        ({text, pieces}) => {
          const assembler = new LineAssembler('stdout');
          const nonEmpty = pieces.filter(piece => piece.length > 0);
          let line: LogLine | undefined;
          nonEmpty.forEach((content, i) => {
            const entry: LogEntry = {stream: 'stdout', content, complete: i === nonEmpty.length - 1};
            line = assembler.add(entry) ?? line;
          });
          // `raw` keeps the original text for saving when sanitising changed it.
          expect(line).toMatchObject({text: sanitizeLine(afterCarriageReturns(text)), stream: 'stdout'});
          if (line?.raw !== undefined) expect(line.raw).toBe(afterCarriageReturns(text));
        },
      ),
      params(400),
    );
  });

  test('arbitrary bytes and any cap: every line is text, nothing is left pending, never an exception', () => {
    fc.assert(
      fc.property(
        fc.integer({min: 4, max: 64}),
        fc.array(fc.uint8Array({maxLength: 80}), {minLength: 1, maxLength: 8}),
        (cap, contents) => {
          const assembler = new LineAssembler('stderr', cap);
          contents.forEach((content, i) => {
            const line = assembler.add({
              stream: 'stderr',
              content: Buffer.from(content),
              complete: i === contents.length - 1,
            });
            if (line) expect(typeof line.text).toBe('string');
          });
          const last = assembler.flush();
          expect(last).toBeUndefined();
        },
      ),
      params(300),
    );
  });
});
