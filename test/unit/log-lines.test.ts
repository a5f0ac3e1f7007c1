import {performance} from 'node:perf_hooks';
import {describe, expect, test} from 'vitest';
import type {LogEntry} from '../../source/engine/logs/entry.js';
import {afterCarriageReturns, LineAssembler, MAX_LINE_BYTES, type LogLine} from '../../source/engine/logs/line-assembler.js';

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
    const line = assembler.add(entry(Buffer.concat([euro.subarray(2), Buffer.from('b\n')]), true, '2026-11-22T00:42:50Z'));
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
      let line: LogLine | undefined;
      for (let i = 0; i < 64; i++) line = assembler.add(entry(piece, false));
      line = assembler.add(entry('\n'));
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
