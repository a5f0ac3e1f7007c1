import {describe, expect, it} from 'vitest';
import {cellWidth, truncateCells} from '../../../source/text/cells.js';
import {stripAnsi} from '../../../source/text/escapes.js';
import {sanitizeLine} from '../../../source/text/sanitize.js';
import {seeded as mulberry32} from '../../helpers/seeded.js';

const SGR = /\x1b\[[0-9;:]*m/g;
const UNSAFE = /[\x00-\x1f\x7f-\x9f]/;

function expectSafe(output: string): void {
  const withoutSgr = output.replace(SGR, '');
  expect(withoutSgr).not.toMatch(UNSAFE);
}

describe('sanitizeLine: injection corpus', () => {
  const cases: Array<[string, string, string]> = [
    ['OSC 52 clipboard write', 'a\x1b]52;c;aGVsbG8=\x07b', 'ab'],
    ['OSC 52 clipboard with ST', 'a\x1b]52;c;aGVsbG8=\x1b\\b', 'ab'],
    ['OSC 0 title, BEL', '\x1b]0;pwned-title\x07rest', 'rest'],
    ['OSC 2 title, ST', '\x1b]2;pwned-title\x1b\\rest', 'rest'],
    ['OSC 8 hyperlink', '\x1b]8;;https://evil.example/\x1b\\click\x1b]8;;\x1b\\', 'click'],
    ['OSC ended by 8-bit ST', 'x\x1b]0;t\u009cy', 'xy'],
    ['OSC aborted by CAN', 'x\x1b]0;t\x18y', 'xy'],
    ['clear screen and scrollback, home', '\x1b[2J\x1b[3J\x1b[Hhome', 'home'],
    ['cursor moves and line erase', 'a\x1b[10A\x1b[5;5H\x1b[2K\x1b[s\x1b[ub', 'ab'],
    ['leave alternate screen', 'x\x1b[?1049ly', 'xy'],
    ['hide cursor', '\x1b[?25l', ''],
    ['DECSCUSR with intermediate', '\x1b[2 qz', 'z'],
    ['modifyOtherKeys ends in m but is not SGR', 'k\x1b[>4;1m', 'k'],
    ['private SGR-like', '\x1b[?31mq', 'q'],
    ['DCS request status', 'a\x1bP$qm\x1b\\b', 'ab'],
    ['DCS sixel', '\x1bPq#0;2;0;0;0#0~~@@\x1b\\pic', 'pic'],
    ['SOS / PM / APC', '\x1bXsos\x1b\\\x1b^pm\x1b\\\x1b_apc\x1b\\end', 'end'],
    ['8-bit CSI clear screen', '\u009b2Jafter', 'after'],
    ['8-bit OSC title', '\u009d0;x\u0007after', 'after'],
    ['8-bit DCS', '\u0090q#0\u009cafter', 'after'],
    ['8-bit CSI SGR is not kept', '\u009b31mred', 'red'],
    ['other C1 removed', 'a\u0085b\u008dc\u009cd', 'abcd'],
    ['full reset ESC c', 'a\x1bcb', 'ab'],
    ['charset designation ESC ( 0', 'a\x1b(0b', 'ab'],
    ['save/restore cursor ESC 7 / ESC 8', '\x1b7a\x1b8', 'a'],
    ['lone ESC at end', 'abc\x1b', 'abc'],
    ['lone ESC before text', 'a\x1b\u00e9b', 'a\u00e9b'],
    ['ESC ESC then SGR', 'a\x1b\x1b[31mb', 'a\x1b[31mb'],
    ['unterminated OSC at end', 'ok\x1b]0;title without end', 'ok'],
    ['unterminated CSI at end', 'ok\x1b[12;', 'ok'],
    ['unterminated DCS ends with lone ESC', 'ok\x1bPdata\x1b', 'ok'],
    ['CSI broken by a control shows the control', '\x1b[2\x07J', '^GJ'],
    ['OSC cut short by another escape', '\x1b]0;t\x1b[31mred', '\x1b[31mred'],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      const output = sanitizeLine(input);
      expect(output).toBe(expected);
      expectSafe(output);
    });
  }

  it('keeps SGR colour mixed in with attacks', () => {
    const input = '\x1b[31mred\x1b[0m \x1b]0;pwned\x07 \x1b[2J\x1b[1;38;2;10;20;30mbold\x1b[m\x1b[38:5:196mx\x1b[0m';
    expect(sanitizeLine(input)).toBe('\x1b[31mred\x1b[0m  \x1b[1;38;2;10;20;30mbold\x1b[m\x1b[38:5:196mx\x1b[0m');
  });

  it('reproduces the line the real engine sent (docs/engine-facts.md)', () => {
    expect(sanitizeLine('\x1b[31mred\x1b[0m \x1b]0;pwned-title\x07 \x1b[2J')).toBe('\x1b[31mred\x1b[0m  ');
  });
});

describe('sanitizeLine: controls and tabs', () => {
  it('shows C0 controls in caret notation', () => {
    expect(sanitizeLine('\x00\x01\x07\x08\x0a\x0d\x1a\x1f\x7f')).toBe('^@^A^G^H^J^M^Z^_^?');
  });

  it('returns plain text unchanged (same string)', () => {
    const s = 'GET /health 200 日本語 😀 é';
    expect(sanitizeLine(s)).toBe(s);
  });

  it('expands tabs to the next stop', () => {
    expect(sanitizeLine('a\tb')).toBe('a       b');
    expect(sanitizeLine('\tx')).toBe('        x');
    expect(sanitizeLine('12345678\tx')).toBe('12345678        x');
    expect(sanitizeLine('a\t\tb')).toBe('a' + ' '.repeat(15) + 'b');
    expect(sanitizeLine('ab\tc', {tabWidth: 4})).toBe('ab  c');
  });

  it('counts tab columns in cells: wide characters, emoji, combining marks', () => {
    expect(sanitizeLine('日本\tx')).toBe('日本    x');
    expect(sanitizeLine('😀\tx')).toBe('😀      x');
    expect(sanitizeLine('e\u0301\tx')).toBe('e\u0301       x');
    expect(sanitizeLine('𝒳\tx')).toBe('𝒳       x'); // astral but narrow: 2 UTF-16 units, 1 cell
  });

  it('does not count SGR or removed sequences towards the column, but counts carets', () => {
    expect(sanitizeLine('\x1b[31mab\x1b[0m\tc')).toBe('\x1b[31mab\x1b[0m      c');
    expect(sanitizeLine('a\x1b]0;long title here\x07\tb')).toBe('a       b');
    expect(sanitizeLine('\x07\tb')).toBe('^G      b');
  });

  it('tames hostile tab widths', () => {
    expect(sanitizeLine('a\tb', {tabWidth: 0})).toBe('a b');
    expect(sanitizeLine('a\tb', {tabWidth: -3})).toBe('a b');
    expect(sanitizeLine('a\tb', {tabWidth: Number.NaN})).toBe('a       b');
    expect(sanitizeLine('\t', {tabWidth: 1e9}).length).toBe(64);
  });
});

describe('sanitizeLine: properties', () => {
  const alphabet = [
    '\x1b',
    '\x1b',
    '\x1b',
    '[',
    '[',
    ']',
    'P',
    'X',
    '^',
    '_',
    '\\',
    '0',
    '1',
    '2',
    '3',
    '8',
    ';',
    ';',
    ':',
    '?',
    '>',
    ' ',
    'm',
    'm',
    'J',
    'H',
    'q',
    'l',
    'c',
    '(',
    '\x07',
    '\x18',
    '\t',
    '\n',
    '\r',
    '\x00',
    '\x7f',
    '\u009b',
    '\u009c',
    '\u009d',
    '\u0090',
    '\u0085',
    'a',
    'z',
    '日',
    '😀',
    'e\u0301',
  ];

  it('never lets an escape other than SGR through (escape-heavy random strings)', () => {
    const random = mulberry32(1);
    for (let n = 0; n < 5000; n++) {
      let s = '';
      const length = Math.floor(random() * 40);
      for (let k = 0; k < length; k++) s += alphabet[Math.floor(random() * alphabet.length)];
      const output = sanitizeLine(s);
      expectSafe(output);
      expect(sanitizeLine(output)).toBe(output); // idempotent
    }
  });

  it('never lets an escape other than SGR through (random bytes, latin1 and utf8)', () => {
    const random = mulberry32(2);
    for (let n = 0; n < 3000; n++) {
      const bytes = Buffer.alloc(Math.floor(random() * 64));
      for (let k = 0; k < bytes.length; k++) bytes[k] = Math.floor(random() * 256);
      for (const s of [bytes.toString('latin1'), bytes.toString('utf8')]) {
        const output = sanitizeLine(s);
        expectSafe(output);
        expect(output).not.toContain('\t');
      }
    }
  });

  it('is linear on long hostile lines', () => {
    const unit = '\x1b[31m日本\x1b]0;t\x07\t😀\x1b[2J\x07a';
    const line = (length: number) => unit.repeat(Math.ceil(length / unit.length));
    const long = line(1 << 18);
    expectSafe(sanitizeLine(long));
    // 16 times the input in at most 64 times the time: linear is 16, quadratic 256; measured in the same moment
    // so a busy machine slows both alike.
    expect(
      timeRatio(
        () => sanitizeLine(long),
        () => sanitizeLine(line(1 << 14)),
      ),
    ).toBeLessThan(64);
    const unterminated = '\x1b]0;' + 'x'.repeat(1 << 20);
    expect(sanitizeLine(unterminated)).toBe('');
  });
});

describe('stripAnsi', () => {
  it('removes every escape sequence and C1 control but keeps text and C0', () => {
    expect(stripAnsi('\x1b[31mred\x1b[0m\t\x1b]0;t\x07\x07x\u009b2J')).toBe('red\t\x07x');
    expect(stripAnsi('plain')).toBe('plain');
    expect(stripAnsi('a\x1b')).toBe('a');
  });
});

describe('cellWidth', () => {
  it('measures terminal cells, ignoring SGR', () => {
    expect(cellWidth('')).toBe(0);
    expect(cellWidth('abc')).toBe(3);
    expect(cellWidth('日本')).toBe(4);
    expect(cellWidth('😀')).toBe(2);
    expect(cellWidth('👨‍👩‍👧')).toBe(2);
    expect(cellWidth('e\u0301')).toBe(1);
    expect(cellWidth('\x1b[31m日\x1b[0m')).toBe(2);
    expect(cellWidth('^G')).toBe(2);
  });
});

describe('truncateCells', () => {
  it('returns the input untouched when it fits', () => {
    const s = '\x1b[31mabc\x1b[0m';
    expect(truncateCells(s, 3)).toBe(s);
    expect(truncateCells('日本', 4)).toBe('日本');
    expect(truncateCells('abc', Infinity)).toBe('abc');
  });

  it('cuts plain text', () => {
    expect(truncateCells('hello', 3)).toBe('hel');
    expect(truncateCells('hello', 0)).toBe('');
    expect(truncateCells('hello', -5)).toBe('');
    expect(truncateCells('hello', Number.NaN)).toBe('');
    expect(truncateCells('hello', 2.9)).toBe('he');
  });

  it('closes an open colour when it cuts, and only then', () => {
    expect(truncateCells('\x1b[31mhello\x1b[0m', 3)).toBe('\x1b[31mhel\x1b[0m');
    expect(truncateCells('\x1b[31mre\x1b[0mxyz', 3)).toBe('\x1b[31mre\x1b[0mx');
    expect(truncateCells('\x1b[0;31mabc', 1)).toBe('\x1b[0;31ma\x1b[0m');
    expect(truncateCells('\x1b[38;2;1;2;3mabc', 1)).toBe('\x1b[38;2;1;2;3ma\x1b[0m');
  });

  it('leaves out a wide character that does not fit instead of splitting it', () => {
    expect(truncateCells('日本語', 5)).toBe('日本');
    expect(truncateCells('a😀b', 2)).toBe('a');
    expect(truncateCells('👨‍👩‍👧x', 2)).toBe('👨‍👩‍👧');
    expect(truncateCells('e\u0301e\u0301', 1)).toBe('e\u0301');
  });

  it('never splits an escape sequence and stays within the width (random property)', () => {
    const random = mulberry32(3);
    const pieces = ['a', 'bc', '日', '😀', 'e\u0301', '\x1b[31m', '\x1b[0m', '\x1b[1;38;5;200m', ' '];
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const length = Math.floor(random() * 20);
      for (let k = 0; k < length; k++) s += pieces[Math.floor(random() * pieces.length)];
      const width = Math.floor(random() * 12);
      const output = truncateCells(s, width);
      expect(cellWidth(output)).toBeLessThanOrEqual(width);
      expect(stripAnsi(s).startsWith(stripAnsi(output))).toBe(true);
      expect(output.replace(SGR, '')).not.toContain('\x1b');
    }
  });

  it('cuts text of characters that never join a neighbour (no segmenter) where the segmenter would', () => {
    const random = mulberry32(7);
    const pieces = ['a', '·', 'é', 'Ω', 'ж', '…', '→', '│', '⣿', '日', 'ア', '한', '\x1b[31m', '\x1b[0m'];
    const byGraphemes = (s: string, width: number) => {
      let used = 0;
      let out = '';
      for (const {segment} of new Intl.Segmenter().segment(stripAnsi(s))) {
        used += cellWidth(segment);
        if (used > width) break;
        out += segment;
      }
      return out;
    };
    for (let n = 0; n < 2000; n++) {
      let s = '';
      const length = Math.floor(random() * 16);
      for (let k = 0; k < length; k++) s += pieces[Math.floor(random() * pieces.length)];
      const width = Math.floor(random() * 14);
      expect(stripAnsi(truncateCells(s, width))).toBe(byGraphemes(s, width));
    }
    expect(truncateCells('exited 0 · 2h ago', 10)).toBe('exited 0 ·');
    expect(truncateCells('日本·語', 4)).toBe('日本');
    expect(truncateCells('日本·語', 5)).toBe('日本·');
  });
});

describe('long text (Intl.Segmenter is superlinear on long strings, so it is fed in pieces)', () => {
  it('measures long lines exactly, in time linear in their length', () => {
    const cases: Array<[string, number]> = [
      ['日本語テキスト', 14],
      ['👨‍👩‍👧', 2],
      ['a😀e\u0301', 4],
      ['🇩🇪', 2],
      ['👍🏽', 2],
    ];
    for (const [unit, unitWidth] of cases) {
      const repeats = Math.ceil(100_000 / unit.length);
      const long = unit.repeat(repeats);
      const short = unit.repeat(Math.ceil(repeats / 10));
      expect(cellWidth(long)).toBe(unitWidth * repeats);
      // Ten times the text: linear is 10, the unsplit segmenter's superlinear cost is far more.
      expect(
        timeRatio(
          () => cellWidth(long),
          () => cellWidth(short),
        ),
      ).toBeLessThan(40);
    }
    // Seconds of measuring, many more on a loaded machine: more than the default limit.
  }, 120_000);

  it('truncates a long line in time proportional to the width, not the line', () => {
    const unit = 'ü日😀e\u0301';
    const long = '\x1b[32m' + unit.repeat(50_000);
    const short = '\x1b[32m' + unit.repeat(40);
    expect(cellWidth(truncateCells(long, 80))).toBeLessThanOrEqual(80);
    // The long line is 1,250 times the short one; cutting both to 80 cells must cost about the same.
    expect(
      timeRatio(
        () => truncateCells(long, 80),
        () => truncateCells(short, 80),
      ),
    ).toBeLessThan(20);
  });

  it('bounds zero-width pile-ups (zalgo) instead of keeping them whole', () => {
    const zalgo = 'a' + '\u0301'.repeat(65_536) + 'b';
    const output = truncateCells(zalgo, 10);
    expect(output.length).toBeLessThanOrEqual(11 * 32);
    expect(truncateCells('e\u0301\u0302\u0303x', 2)).toBe('e\u0301\u0302\u0303x');
  });
});

// How many times longer `slow` takes than `fast`, best of several rounds each, interleaved: the ratio holds on
// a loaded machine where absolute times do not.
function timeRatio(slow: () => unknown, fast: () => unknown): number {
  // CPU time, not wall time: on a loaded machine (CI runs suites side by side on two cores) a long run is often
  // descheduled part way, which wall time counts and CPU time does not.
  const cpuMs = () => {
    const {user, system} = process.cpuUsage();
    return (user + system) / 1000;
  };
  const best = (run: () => unknown, times: number) => {
    let min = Infinity;
    for (let round = 0; round < times; round++) {
      const start = cpuMs();
      run();
      min = Math.min(min, cpuMs() - start);
    }
    return min;
  };
  // Each round's two figures are taken next to each other, under the same load; the best round counts (a
  // superlinear cost shows in every round, a burst of load only in some).
  let ratio = Infinity;
  for (let round = 0; round < 3; round++) {
    const fastBest = best(fast, 10);
    const slowBest = best(slow, 3);
    ratio = Math.min(ratio, slowBest / Math.max(fastBest, 0.05));
  }
  return ratio;
}
