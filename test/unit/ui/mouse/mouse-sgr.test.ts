import {PassThrough} from 'node:stream';
import {expect, test} from 'vitest';
import {createMouseParser, type MouseEvent} from '../../../../source/ui/mouse/sgr.js';
import {ESCAPE_WAIT_MS, filterMouseInput} from '../../../../source/ui/mouse/stdin-filter.js';

const click = (column: number, row: number, release = false): MouseEvent => ({
  button: 'left',
  release,
  drag: false,
  column,
  row,
});

// Every chunk through one parser: text and events in order, adjacent text joined.
function parseAll(...chunks: string[]): Array<string | MouseEvent> {
  const parser = createMouseParser();
  const out: Array<string | MouseEvent> = [];
  for (const chunk of chunks)
    for (const part of parser.push(chunk).parts) {
      const last = out.at(-1);
      if (typeof part === 'string' && typeof last === 'string') out[out.length - 1] = last + part;
      else out.push(part);
    }
  return out;
}

test('a press and a release in one read are two events, and the keys around them stay keys in order', () => {
  expect(parseAll('j\x1b[<0;10;6M\x1b[<0;10;6mk')).toEqual(['j', click(10, 6), click(10, 6, true), 'k']);
});

test('several reports at once: the wheel, buttons, modifiers and motion', () => {
  expect(parseAll('\x1b[<64;3;4M\x1b[<65;3;4M\x1b[<2;1;1M\x1b[<16;5;5M\x1b[<32;7;7M')).toEqual([
    {button: 'wheelUp', release: false, drag: false, column: 3, row: 4},
    {button: 'wheelDown', release: false, drag: false, column: 3, row: 4},
    {button: 'right', release: false, drag: false, column: 1, row: 1},
    // ctrl-click is a click
    click(5, 5),
    {button: 'left', release: false, drag: true, column: 7, row: 7},
  ]);
});

test('a report split across reads, at every byte, is one event and no key', () => {
  const report = '\x1b[<0;120;45M';
  for (let cut = 1; cut < report.length; cut++)
    expect(parseAll('a' + report.slice(0, cut), report.slice(cut) + 'b'), `cut at ${cut}`).toEqual([
      'a',
      click(120, 45),
      'b',
    ]);
  // and one byte at a time
  expect(parseAll(...report)).toEqual([click(120, 45)]);
});

test('keys with escapes are left for Ink: arrows, alt, esc', () => {
  expect(parseAll('\x1b[A\x1b[1;5C\x1bx\x1b\x1b[B')).toEqual(['\x1b[A\x1b[1;5C\x1bx\x1b\x1b[B']);
});

test('broken reports are dropped whole and never become keys', () => {
  // wrong number of fields, letters inside, an unknown button, column 0, too long, cut by a control character
  expect(parseAll('\x1b[<0;5M', 'a')).toEqual(['a']);
  expect(parseAll('\x1b[<0;x;5M', 'a')).toEqual(['a']);
  expect(parseAll('\x1b[<7;1;1M', 'a')).toEqual(['a']);
  expect(parseAll('\x1b[<0;0;1M', 'a')).toEqual(['a']);
  expect(parseAll('\x1b[<' + '1;'.repeat(40) + 'M', 'a')).toEqual(['a']);
  expect(parseAll('\x1b[<0;1\r')).toEqual(['\r']);
  expect(parseAll('\x1b[<0;1\x1b[<0;2;3M')).toEqual([click(2, 3)]);
});

test('a cut report given up on (flush) drops its start, and its rest if it still comes', () => {
  const parser = createMouseParser();
  expect(parser.push('x\x1b[<0;4').parts).toEqual(['x']);
  expect(parser.pending()).toBe('report');
  expect(parser.flush()).toBe('');
  expect(parser.push(';9Mq').parts).toEqual(['q']);
  // the esc key at the end of a read is held, then given back as the key
  expect(parser.push('\x1b').parts).toEqual([]);
  expect(parser.pending()).toBe('escape');
  expect(parser.flush()).toBe('\x1b');
  expect(parser.push('9M').parts).toEqual(['9M']);
});

test('the legacy encoding (no 1006) is taken out too', () => {
  expect(parseAll('\x1b[M' + String.fromCharCode(32, 33 + 4, 33 + 2) + 'k')).toEqual([click(5, 3), 'k']);
});

// The stdin wrapper as Ink uses it: read() in a loop on 'readable'.
test('the stdin filter hands Ink the keys in order and the reports to the mouse, and gives back a held esc', async () => {
  const stdin = new PassThrough({encoding: 'utf8'}) as unknown as NodeJS.ReadStream;
  const seen: Array<string | MouseEvent> = [];
  const off = filterMouseInput(stdin, event => seen.push(event));
  stdin.on('readable', () => {
    let chunk: string | null;
    while ((chunk = stdin.read() as string | null) !== null) seen.push(chunk);
  });
  (stdin as unknown as PassThrough).write('a\x1b[<0;2;3Mb\x1b[<0;2');
  await new Promise(r => setTimeout(r, 10));
  (stdin as unknown as PassThrough).write(';3m\x1b');
  await new Promise(r => setTimeout(r, ESCAPE_WAIT_MS + 50));
  expect(seen).toEqual(['a', click(2, 3), 'b', click(2, 3, true), '\x1b']);
  off();
  expect(Object.prototype.hasOwnProperty.call(stdin, 'read')).toBe(false);
});
