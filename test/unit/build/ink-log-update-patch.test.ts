import {readFileSync} from 'node:fs';
import fc from 'fast-check';
import {afterEach, describe, expect, test, vi} from 'vitest';
// The file patches/ink+6.8.0.patch changes (applied by patch-package on npm install).
import logUpdate from '../../../node_modules/ink/build/log-update.js';
import {params} from '../../helpers/property.js';
import {at} from '../../helpers/found.js';

const ESC = '\x1b[';

function writer() {
  const chunks: string[] = [];
  const stream = {write: (chunk: string) => void chunks.push(chunk), columns: 80, rows: 24};
  return {stream, last: () => chunks.at(-1) ?? '', all: () => chunks.join('')};
}

// A control sequence (CSI, with its parameter and final letter) or a run of text.

const SEQUENCE = /\x1b\[(\??\d*)([A-Za-z])|([^\x1b]+)/g;

// A terminal screen as far as the incremental writer uses one (plain text, no styles): cursor up, down, next line
// (a count of 0 is 1, as terminals read it), to a column, erase in line, delete and insert lines (down to the
// screen's bottom, blank rows brought in), newline.
class Screen {
  row = 0;
  col = 0;
  readonly rows: string[];

  constructor(readonly height: number) {
    this.rows = Array<string>(height).fill('');
  }

  write(data: string): void {
    for (const [, param, op, text] of data.matchAll(SEQUENCE)) {
      if (text !== undefined) this.text(text);
      else this.escape(param ?? '', op ?? ''); // (a sequence has both groups when it is not text)
    }
  }

  private text(text: string): void {
    for (const [index, piece] of text.split('\n').entries()) {
      if (index > 0) {
        this.col = 0;
        if (this.row === this.height - 1) this.rows.push(...this.rows.splice(0, 1, '').fill(''));
        else this.row++;
      }
      // (row stays inside 0..height-1, the rows the screen has.)
      const line = at(this.rows, this.row).padEnd(this.col);
      this.rows[this.row] = line.slice(0, this.col) + piece + line.slice(this.col + piece.length);
      this.col += piece.length;
    }
  }

  private escape(param: string, op: string): void {
    if (param.startsWith('?')) return;
    const n = Math.max(1, Number(param || 1));
    const rows = this.rows;
    if (op === 'A') this.row = Math.max(0, this.row - n);
    else if (op === 'B') this.row = Math.min(this.height - 1, this.row + n);
    else if (op === 'E') [this.row, this.col] = [Math.min(this.height - 1, this.row + n), 0];
    else if (op === 'G') this.col = n - 1;
    else if (op === 'K') rows[this.row] = param === '2' ? '' : at(rows, this.row).slice(0, this.col);
    else if (op === 'M' || op === 'L') {
      if (op === 'M') rows.splice(this.row, n);
      else rows.splice(this.row, 0, ...Array<string>(n).fill(''));
      rows.splice(this.height);
      while (rows.length < this.height) rows.push('');
      this.col = 0;
    } else throw new Error(`the model screen does not know CSI ${param}${op}`);
  }

  // The rows a frame written from row `top` occupies, right-trimmed as the frame's lines are.
  frame(top: number, lines: number): string[] {
    return this.rows.slice(top, top + lines).map(row => row.trimEnd());
  }
}

const visible = (frame: string) => (frame.endsWith('\n') ? frame.slice(0, -1) : frame).split('\n');

describe('Ink log-update patch (patches/ink+6.8.0.patch)', () => {
  test('the patch is the one applied to the installed Ink 6.8', () => {
    const ink = JSON.parse(readFileSync('node_modules/ink/package.json', 'utf8')) as {version: string};
    expect(ink.version).toBe('6.8.0');
    expect(readFileSync('patches/ink+6.8.0.patch', 'utf8')).toContain('previousOutput.endsWith');
  });

  test('a redraw after a frame ending with a newline goes back up to the first row, not one row short', () => {
    const {stream, last} = writer();
    const render = logUpdate.create(stream as never, {incremental: true});
    render('one\ntwo\nthree\n');
    render('one\nTWO\nthree\n');
    // Four lines were written (three and the empty one after the newline): up 3 to reach "one".
    expect(last()).toContain(`${ESC}3A`);
    expect(last()).toContain('TWO');
  });

  test('a run of unchanged lines is one counted cursor move', () => {
    const {stream, last} = writer();
    const render = logUpdate.create(stream as never, {incremental: true});
    const lines = Array.from({length: 10}, (_, i) => `line ${i}`);
    render(`${lines.join('\n')}\n`);
    render(`${[...lines.slice(0, 9), 'changed'].join('\n')}\n`);
    expect(last()).toContain(`${ESC}9E`);
    expect(last()).not.toContain(`${ESC}E${ESC}E`);
  });
});

// The scroll optimisation (scroll-lines.js in the patch): a run of lines a frame shows a few rows higher or lower
// is moved by the terminal with delete-line / insert-line, and only the rows that are new are written.
describe('scrolling in the incremental writer (patches/ink+6.8.0.patch)', () => {
  afterEach(() => vi.unstubAllEnvs());

  const list = (from: number, selected: number) =>
    Array.from({length: 20}, (_, i) => {
      const n = from + i;
      return `${n === selected ? '›' : ' '} web-${String(n).padStart(3, '0')}   nginx:1.27-alpine   running   Up ${n} minutes   0.0.0.0:80${n}->80/tcp`;
    });
  // A 24-row screen like berth's: header, column titles, 20 list rows, status, footer.
  const screen = (from: number, selected: number) =>
    `${['berth  engine tcp://127.0.0.1:2375', 'NAME       IMAGE               STATE     STATUS', ...list(from, selected), '', '?:help  q:quit'].join('\n')}\n`;

  // Draws the list with its last row selected, then presses ↓ once (the list scrolls by a row).
  function pastTheBottom() {
    const {stream, last} = writer();
    const render = logUpdate.create(stream as never, {incremental: true});
    const term = new Screen(30);
    const first = screen(1, 20);
    const second = screen(2, 21);
    render(first);
    term.write(last());
    render(second);
    term.write(last());
    return {written: last(), term, second};
  }

  test('one row past the bottom of a 24-row list: the terminal moves the rows, two rows are written', () => {
    const {written, term, second} = pastTheBottom();
    expect(written).toContain(`${ESC}1M`);
    expect(written).toContain(`${ESC}1L`);
    expect(written).toContain('web-020');
    expect(written).toContain('web-021');
    expect(written).not.toContain('web-019');
    expect(written.length).toBeLessThan(300);
    expect(term.frame(0, 24)).toEqual(visible(second));
  });

  test('BERTH_SCROLL=0: every row of the list is rewritten, to the same screen', () => {
    const scrolled = pastTheBottom();
    vi.stubEnv('BERTH_SCROLL', '0');
    const rewritten = pastTheBottom();
    expect(rewritten.written).not.toMatch(/\[\d*[LM]/);
    expect(rewritten.written.length).toBeGreaterThan(scrolled.written.length * 8);
    expect(rewritten.term.frame(0, 24)).toEqual(scrolled.term.frame(0, 24));
  });

  test('property: whatever the frames, the screen shows the last one (nothing left above or below it)', () => {
    const frames = fc.array(
      fc.record({
        top: fc.integer({min: 0, max: 12}),
        height: fc.integer({min: 2, max: 16}),
        edit: fc.option(fc.nat(40), {nil: undefined}),
      }),
      {minLength: 1, maxLength: 12},
    );
    fc.assert(
      fc.property(frames, fc.integer({min: 0, max: 3}), fc.boolean(), fc.boolean(), (sequence, head, newline, off) => {
        if (off) vi.stubEnv('BERTH_SCROLL', '0');
        const {stream, all} = writer();
        const render = logUpdate.create(stream as never, {incremental: true});
        vi.unstubAllEnvs();
        const term = new Screen(40);
        term.rows[0] = 'above';
        term.row = 1;
        let last = '';
        for (const {top, height, edit} of sequence) {
          const lines = [
            ...Array.from({length: head}, (_, i) => `head ${i}`),
            ...Array.from({length: height}, (_, i) => `row ${top + i}`),
            'foot',
          ];
          if (edit !== undefined && edit < lines.length) lines[edit] = `edited ${edit}`;
          last = lines.join('\n') + (newline ? '\n' : '');
          render(last);
        }
        term.write(all());
        expect(term.rows[0]).toBe('above');
        const lines = visible(last);
        expect(term.frame(1, lines.length)).toEqual(lines);
        expect(term.rows.slice(1 + lines.length).filter(row => row !== '')).toEqual([]);
      }),
      params(400),
    );
  });
});
