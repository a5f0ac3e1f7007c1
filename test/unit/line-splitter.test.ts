import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_LINE_BYTES, LineSplitter, type SplitLine } from '../../source/text/line-splitter.js';

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

function splitAll(chunks: string[], maxLineBytes?: number): SplitLine[] {
  const splitter = new LineSplitter({ maxLineBytes });
  const lines: SplitLine[] = [];
  for (const chunk of chunks) lines.push(...splitter.push(chunk));
  lines.push(...splitter.flush());
  return lines;
}

const texts = (lines: SplitLine[]) => lines.map((line) => line.text);

// A deliberately simple model of the documented rules, for whole (unchunked) input.
function reference(input: string, max: number): SplitLine[] {
  const lines: SplitLine[] = [];
  const raw = input.split('\n');
  raw.forEach((line, index) => {
    const complete = index < raw.length - 1;
    const body = complete && line.endsWith('\r') ? line.slice(0, -1) : line;
    let kept: string | undefined;
    for (const segment of body.split('\r')) {
      if (Buffer.byteLength(segment) > max) {
        let prefix = '';
        for (const point of segment) {
          if (Buffer.byteLength(prefix + point) > max) break;
          prefix += point;
        }
        lines.push({ text: prefix, truncated: true });
        return;
      }
      if (segment !== '') kept = segment;
    }
    if (complete) lines.push({ text: kept ?? '', truncated: false });
    else if (kept !== undefined) lines.push({ text: kept, truncated: false });
  });
  return lines;
}

describe('LineSplitter', () => {
  it('splits on \\n and strips the \\r of \\r\\n', () => {
    expect(texts(splitAll(['a\nb\r\nc']))).toEqual(['a', 'b', 'c']);
    expect(texts(splitAll(['\n\n']))).toEqual(['', '']);
  });

  it('holds a \\r at a chunk end until it knows whether \\n follows', () => {
    expect(texts(splitAll(['abc\r', '\ndef\r', '\n']))).toEqual(['abc', 'def']);
    expect(texts(splitAll(['abc\r', 'xy\n']))).toEqual(['xy']);
  });

  it('treats a lone \\r as a return to column 0 (progress bars)', () => {
    expect(texts(splitAll(['progress 10%\rprogress 50%\rprogress 100%\n']))).toEqual(['progress 100%']);
    expect(texts(splitAll(['\r 10%\r 20%\r 30%\n']))).toEqual([' 30%']);
    expect(texts(splitAll(['a\r\rb\n']))).toEqual(['b']);
  });

  it('keeps the visible text when a line ends in a lone \\r', () => {
    expect(texts(splitAll(['done\r']))).toEqual(['done']);
    expect(texts(splitAll(['done\r\r\n']))).toEqual(['done']);
    expect(texts(splitAll(['\r']))).toEqual([]);
    expect(texts(splitAll(['\r\r\n']))).toEqual(['']);
  });

  it('emits a final partial line only on flush, then starts afresh', () => {
    const splitter = new LineSplitter();
    expect(splitter.push('$ ')).toEqual([]);
    expect(splitter.flush()).toEqual([{ text: '$ ', truncated: false }]);
    expect(splitter.flush()).toEqual([]);
    expect(splitter.push('next\n')).toEqual([{ text: 'next', truncated: false }]);
  });

  it('cuts a line at the cap, marks it and drops the rest up to \\n', () => {
    const lines = splitAll(['abcdefgh', 'ijk\rlmn\nnext\n'], 5);
    expect(lines).toEqual([
      { text: 'abcde', truncated: true },
      { text: 'next', truncated: false },
    ]);
  });

  it('does not mark a line of exactly the cap', () => {
    expect(splitAll(['abcde\n', 'abcde'], 5)).toEqual([
      { text: 'abcde', truncated: false },
      { text: 'abcde', truncated: false },
    ]);
    expect(splitAll(['abcde\r\n'], 5)).toEqual([{ text: 'abcde', truncated: false }]);
  });

  it('counts the cap in UTF-8 bytes and never splits a character or surrogate pair', () => {
    expect(splitAll(['€€€\n'], 7)).toEqual([{ text: '€€', truncated: true }]); // 3 bytes each
    expect(splitAll(['a😀b\n'], 4)).toEqual([{ text: 'a', truncated: true }]);
    expect(splitAll(['a\ud83d', '\ude00b\n'], 5)).toEqual([{ text: 'a😀', truncated: true }]);
    expect(splitAll(['é'.repeat(10) + '\n'], 5)).toEqual([{ text: 'éé', truncated: true }]);
  });

  it('applies the cap to the text after a lone \\r, not to what it overwrote', () => {
    const updates = Array.from({ length: 2000 }, (_, i) => `\rprogress ${i}`).join('');
    expect(splitAll([updates + '\n'], 64)).toEqual([{ text: 'progress 1999', truncated: false }]);
  });

  it('survives lone surrogates', () => {
    const lines = splitAll(['\udc00x\ud800\n\ud800'], 4);
    expect(lines.map((line) => line.text.length).every((n) => n <= 4)).toBe(true);
  });

  it('rejects a cap that cannot hold one character', () => {
    expect(() => new LineSplitter({ maxLineBytes: 3 })).toThrow(RangeError);
    expect(() => new LineSplitter({ maxLineBytes: Number.NaN })).toThrow(RangeError);
    expect(DEFAULT_MAX_LINE_BYTES).toBe(65536);
  });

  it('matches the reference model under random input and random chunking', () => {
    const random = mulberry32(11);
    const alphabet = ['a', 'b', ' ', '\n', '\n', '\r', '\r\n', 'é', '€', '😀', '日'];
    for (let round = 0; round < 3000; round++) {
      let input = '';
      const length = Math.floor(random() * 30);
      for (let k = 0; k < length; k++) input += alphabet[Math.floor(random() * alphabet.length)];
      const max = 4 + Math.floor(random() * 10);
      const chunks: string[] = [];
      let at = 0;
      while (at < input.length) {
        const size = 1 + Math.floor(random() * 6);
        chunks.push(input.slice(at, at + size)); // may split a surrogate pair on purpose
        at += size;
      }
      expect(splitAll(chunks, max), JSON.stringify({ input, max, chunks })).toEqual(reference(input, max));
    }
  });

  it('is linear: a 32 MiB line in 64 KiB chunks, and many tiny chunks', () => {
    let start = performance.now();
    const splitter = new LineSplitter();
    const chunk = 'x'.repeat(65536);
    const lines: SplitLine[] = [];
    for (let i = 0; i < 512; i++) lines.push(...splitter.push(chunk));
    lines.push(...splitter.push('\nafter\n'));
    expect(lines.map((line) => [line.text.length, line.truncated])).toEqual([
      [65536, true],
      [5, false],
    ]);
    expect(performance.now() - start).toBeLessThan(2000);

    start = performance.now();
    const big = 'y'.repeat(60_000) + '\n';
    const small = new LineSplitter();
    let total = 0;
    for (let i = 0; i < big.length; i++) total += small.push(big[i]).length;
    expect(total).toBe(1);
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
