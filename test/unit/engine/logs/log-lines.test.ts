import {performance} from 'node:perf_hooks';
import {describe, expect, test} from 'vitest';
import type {LogEntry} from '../../../../source/engine/logs/entry.js';
import {
  afterCarriageReturns,
  LineAssembler,
  MAX_LINE_BYTES,
  type LogLine,
} from '../../../../source/engine/logs/line-assembler.js';
import {seeded} from '../../../helpers/seeded.js';

const T = '2026-11-22T00:42:49.156271354Z';

function entry(content: string | Buffer, complete = true, time: string | undefined = T): LogEntry {
  return {stream: 'stdout', time, content: typeof content === 'string' ? Buffer.from(content) : content, complete};
}

describe('joining entries into lines', () => {
  test('a complete entry is one line, newline removed, timestamp of its entry', () => {
    expect(new LineAssembler('stdout').add(entry('hello\n'))).toEqual({text: 'hello', stream: 'stdout', time: T});
  });

  test('a UTF-8 character cut between two entries comes out whole', () => {
    const euro = Buffer.from('€');
    const assembler = new LineAssembler('stderr');
    expect(assembler.add(entry(Buffer.concat([Buffer.from('a'), euro.subarray(0, 2)]), false))).toBeUndefined();
    const line = assembler.add(
      entry(Buffer.concat([euro.subarray(2), Buffer.from('b\n')]), true, '2026-11-22T00:42:50Z'),
    );
    expect(line).toEqual({text: 'a€b', stream: 'stderr', time: T});
  });

  test('colour is kept, other escapes are removed, controls made visible', () => {
    const line = new LineAssembler('stdout').add(entry('\x1b[31mred\x1b[0m \x1b]0;pwned\x07\x1b[2J\x01\n'));
    expect(line?.text).toBe('\x1b[31mred\x1b[0m ^A');
  });

  test('carriage returns: progress bars show their last state, CRLF is a plain line end', () => {
    expect(afterCarriageReturns('p 10%\rp 50%\rp 100%')).toBe('p 100%');
    expect(afterCarriageReturns('hello\r')).toBe('hello');
    expect(afterCarriageReturns('a\tb\r\r')).toBe('a\tb');
    expect(new LineAssembler('stdout').add(entry('a\tb\r\r\n'))?.text).toBe('a       b');
  });

  test('lines over 64 KiB are cut there and marked', () => {
    const assembler = new LineAssembler('stdout');
    let line: LogLine | undefined;
    for (let i = 0; i < 6; i++) line = assembler.add(entry('x'.repeat(16384), false)) ?? line;
    line = assembler.add(entry('tail\n'));
    expect(line?.text.length).toBe(MAX_LINE_BYTES);
    expect(line?.truncated).toBe(true);
    // The next line starts clean.
    expect(assembler.add(entry('next\n'))).toEqual({text: 'next', stream: 'stdout', time: T});
  });

  test('the cap counts UTF-8 bytes and never cuts a character in half', () => {
    const assembler = new LineAssembler('stdout');
    // 2 bytes, then 3-byte characters: 65,534 = 3 × 21,844 + 2, so the cap falls inside character 21,845.
    const line = assembler.add(entry('xx' + '€'.repeat(22_000) + '\n'));
    expect(line?.truncated).toBe(true);
    expect(line?.text).toBe('xx' + '€'.repeat(21_844));
    const emoji = new LineAssembler('stdout').add(entry('😀'.repeat(MAX_LINE_BYTES / 4 + 1) + '\n'));
    expect(emoji?.text).toBe('😀'.repeat(MAX_LINE_BYTES / 4));
    // Exactly at the cap is not cut.
    expect(new LineAssembler('stdout').add(entry('y'.repeat(MAX_LINE_BYTES) + '\n'))?.truncated).toBeUndefined();
  });

  test('a 1 MB line costs a few milliseconds, not more', () => {
    const piece = Buffer.alloc(16 * 1024, 0x61);
    // The best of a few runs: a busy machine can only make a run slower, not faster.
    const runs: number[] = [];
    for (let run = 0; run < 5; run++) {
      const assembler = new LineAssembler('stdout');
      const started = performance.now();
      for (let i = 0; i < 64; i++) assembler.add(entry(piece, false));
      const line = assembler.add(entry('\n'));
      runs.push(performance.now() - started);
      expect(line?.truncated).toBe(true);
    }
    expect(Math.min(...runs)).toBeLessThan(5);
  });

  test('flush hands on a line the stream ended in the middle of', () => {
    const assembler = new LineAssembler('stdout');
    assembler.add(entry('no newline', false));
    expect(assembler.pending).toBe(true);
    expect(assembler.flush()).toEqual({text: 'no newline', stream: 'stdout', time: T});
    expect(assembler.flush()).toBeUndefined();
  });
});

type Cut = {text: string; truncated: boolean};

// Entries (complete or not) through one assembler, then flush; texts and truncation only.
function assemble(entries: LogEntry[], maxLineBytes?: number): Cut[] {
  const assembler = new LineAssembler('stdout', maxLineBytes);
  const lines: Cut[] = [];
  const keep = (line: LogLine | undefined) => {
    if (line) lines.push({text: line.text, truncated: line.truncated === true});
  };
  for (const item of entries) keep(assembler.add(item));
  keep(assembler.flush());
  return lines;
}

const texts = (lines: Cut[]) => lines.map(line => line.text);

// A deliberately simple model of the rules, for whole lines: `\r` returns to column 0 (the last non-empty
// stretch between carriage returns is what shows), the cap counts the UTF-8 bytes of each such stretch and the
// first one over it is cut on a character boundary, and a line the stream ended in is handed on if it started.
function reference(input: string, max: number): Cut[] {
  const lines: Cut[] = [];
  const raw = input.split('\n');
  raw.forEach((line, index) => {
    const complete = index < raw.length - 1;
    if (!complete && line === '') return;
    let kept: string | undefined;
    for (const segment of line.split('\r')) {
      if (Buffer.byteLength(segment) > max) {
        let prefix = '';
        for (const point of segment) {
          if (Buffer.byteLength(prefix + point) > max) break;
          prefix += point;
        }
        lines.push({text: prefix, truncated: true});
        return;
      }
      if (segment !== '') kept = segment;
    }
    lines.push({text: kept ?? '', truncated: false});
  });
  return lines;
}

describe('joining entries into lines: carriage returns and the cap', () => {
  test('a \\r at the end of an entry waits for the next one to know whether it ends the line', () => {
    expect(texts(assemble([entry('abc\r', false), entry('\n'), entry('def\r', false), entry('\n')]))).toEqual([
      'abc',
      'def',
    ]);
    expect(texts(assemble([entry('abc\r', false), entry('xy\n')]))).toEqual(['xy']);
  });

  test('a lone \\r returns to column 0 (progress bars)', () => {
    expect(afterCarriageReturns('\r 10%\r 20%\r 30%')).toBe(' 30%');
    expect(afterCarriageReturns('a\r\rb')).toBe('b');
    expect(texts(assemble([entry('progress 10%\rprogress 50%\rprogress 100%\n')]))).toEqual(['progress 100%']);
    expect(texts(assemble([entry('\r 10%\r 20%\r 30%\n')]))).toEqual([' 30%']);
    expect(texts(assemble([entry('a\r\rb\n')]))).toEqual(['b']);
  });

  test('a line that ends in a lone \\r keeps the text before it', () => {
    expect(afterCarriageReturns('\r')).toBe('');
    expect(afterCarriageReturns('\r\r')).toBe('');
    expect(texts(assemble([entry('done\r', false)]))).toEqual(['done']);
    expect(texts(assemble([entry('done\r\r\n')]))).toEqual(['done']);
    expect(texts(assemble([entry('\r\r\n')]))).toEqual(['']);
  });

  test('after a flush the next line starts afresh', () => {
    const assembler = new LineAssembler('stdout');
    assembler.add(entry('$ ', false));
    expect(assembler.flush()).toEqual({text: '$ ', stream: 'stdout', time: T});
    expect(assembler.add(entry('next\n', true, '2026-11-22T00:42:50Z'))).toEqual({
      text: 'next',
      stream: 'stdout',
      time: '2026-11-22T00:42:50Z',
    });
  });

  test('a line over the cap is cut there and marked, and the rest up to its end is dropped, \\r included', () => {
    expect(assemble([entry('abcdefgh', false), entry('ijk\rlmn\n'), entry('next\n')], 5)).toEqual([
      {text: 'abcde', truncated: true},
      {text: 'next', truncated: false},
    ]);
  });

  test('a line of exactly the cap is not marked, also when it ends in \\r\\n', () => {
    expect(assemble([entry('abcde\n'), entry('abcde', false)], 5)).toEqual([
      {text: 'abcde', truncated: false},
      {text: 'abcde', truncated: false},
    ]);
    expect(assemble([entry('abcde\r\n')], 5)).toEqual([{text: 'abcde', truncated: false}]);
    expect(new LineAssembler('stdout').add(entry('y'.repeat(MAX_LINE_BYTES) + '\r\n'))?.truncated).toBeUndefined();
  });

  test('the cap counts UTF-8 bytes and never cuts a character, also one split between entries', () => {
    expect(assemble([entry('€€€\n')], 7)).toEqual([{text: '€€', truncated: true}]); // 3 bytes each
    expect(assemble([entry('a😀b\n')], 4)).toEqual([{text: 'a', truncated: true}]);
    const emoji = Buffer.from('😀');
    expect(
      assemble(
        [
          entry(Buffer.concat([Buffer.from('a'), emoji.subarray(0, 2)]), false),
          entry(Buffer.concat([emoji.subarray(2), Buffer.from('b\n')])),
        ],
        5,
      ),
    ).toEqual([{text: 'a😀', truncated: true}]);
    expect(assemble([entry('é'.repeat(10) + '\n')], 5)).toEqual([{text: 'éé', truncated: true}]);
  });

  test('the cap applies to the text after a lone \\r, not to what it overwrote', () => {
    const updates = Array.from({length: 2000}, (_, i) => `\rprogress ${i}`).join('');
    expect(assemble([entry(updates + '\n')], 64)).toEqual([{text: 'progress 1999', truncated: false}]);
    // The same at the real cap: a progress bar that redraws itself for more than 64 KiB.
    const long = Array.from({length: 10_000}, (_, i) => `\rprogress ${i}`).join('');
    expect(Buffer.byteLength(long)).toBeGreaterThan(MAX_LINE_BYTES);
    const pieces = inEntries(Buffer.from(long + '\n'), 16 * 1024);
    expect(assemble(pieces)).toEqual([{text: 'progress 9999', truncated: false}]);
  });

  test('bytes that are not UTF-8 show as replacement characters', () => {
    expect(assemble([entry(Buffer.from([0x80, 0x78, 0xe2, 0x0a]))], 4)).toEqual([
      {text: '\ufffdx\ufffd', truncated: false},
    ]);
    expect(assemble([entry(Buffer.from('€').subarray(0, 2), false)])).toEqual([{text: '\ufffd', truncated: false}]);
  });

  test('a cap that cannot hold one character is refused', () => {
    expect(() => new LineAssembler('stdout', 3)).toThrow(RangeError);
    expect(() => new LineAssembler('stdout', Number.NaN)).toThrow(RangeError);
    expect(MAX_LINE_BYTES).toBe(65536);
  });

  test('matches the reference model under random input and random entry cuts', () => {
    const random = seeded(11);
    const alphabet = ['a', 'b', ' ', '\n', '\n', '\r', '\r\n', 'é', '€', '😀', '日'];
    for (let round = 0; round < 3000; round++) {
      let input = '';
      const length = Math.floor(random() * 30);
      for (let k = 0; k < length; k++) input += alphabet[Math.floor(random() * alphabet.length)];
      const max = 4 + Math.floor(random() * 10);
      // Each line is one or more entries, cut anywhere in its bytes (inside characters too); only the piece
      // that ends with the newline is complete.
      const entries: LogEntry[] = [];
      const lines = input.split('\n');
      lines.forEach((line, index) => {
        const complete = index < lines.length - 1;
        const bytes = Buffer.from(complete ? line + '\n' : line);
        for (let at = 0; at < bytes.length;) {
          const size = 1 + Math.floor(random() * 6);
          entries.push(entry(bytes.subarray(at, at + size), complete && at + size >= bytes.length));
          at += size;
        }
      });
      expect(assemble(entries, max), JSON.stringify({input, max})).toEqual(reference(input, max));
    }
  });

  test('is linear: a 32 MiB line in 64 KiB entries, and a line in one-byte entries', () => {
    let started = performance.now();
    const assembler = new LineAssembler('stdout');
    const piece = Buffer.alloc(64 * 1024, 0x78);
    for (let i = 0; i < 512; i++) expect(assembler.add(entry(piece, false))).toBeUndefined();
    expect(assembler.add(entry('\n'))).toMatchObject({truncated: true});
    expect(assembler.add(entry('after\n'))?.text).toBe('after');
    expect(performance.now() - started).toBeLessThan(2000);

    started = performance.now();
    const big = Buffer.from('y'.repeat(60_000) + '\n');
    const small = new LineAssembler('stdout');
    let line: LogLine | undefined;
    for (let i = 0; i < big.length; i++) line = small.add(entry(big.subarray(i, i + 1), i === big.length - 1)) ?? line;
    expect(line?.text.length).toBe(60_000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

function inEntries(data: Buffer, size: number): LogEntry[] {
  const entries: LogEntry[] = [];
  for (let at = 0; at < data.length; at += size)
    entries.push(entry(data.subarray(at, at + size), at + size >= data.length));
  return entries;
}

// A whole line in one entry is decoded straight from its bytes; the same bytes split over two entries go through
// the stream decoder. Both must give the same line for any bytes, invalid UTF-8 included.
test('a line in one entry reads as the same bytes split over two entries, for any bytes', () => {
  const random = seeded(26);
  for (let round = 0; round < 2000; round++) {
    const length = Math.floor(random() * 40);
    const bytes = Buffer.from(
      Array.from({length}, () => (random() < 0.3 ? 0x80 + Math.floor(random() * 0x80) : Math.floor(random() * 0x80))),
    ).filter(byte => byte !== 0x0d && byte !== 0x0a);
    const content = Buffer.concat([Buffer.from(bytes), Buffer.from('\n')]);
    const whole = new LineAssembler('stdout').add(entry(content));
    const cut = Math.floor(random() * content.length);
    const split = new LineAssembler('stdout');
    expect(split.add(entry(content.subarray(0, cut), false))).toBeUndefined();
    expect(split.add(entry(content.subarray(cut)))).toEqual(whole);
  }
});
