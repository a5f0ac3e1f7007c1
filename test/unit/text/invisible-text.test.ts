import {mkdtemp, readFile, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import fc from 'fast-check';
import stringWidth from 'string-width';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {LineAssembler, type LogLine} from '../../../source/engine/logs/line-assembler.js';
import {searchLines, searchLog} from '../../../source/engine/logs/log-query.js';
import {saveLines} from '../../../source/engine/logs/save-lines.js';
import {makeMatcher} from '../../../source/store/list.js';
import {hasMarkers, withoutInvisibles, withoutMarkers} from '../../../source/text/invisible.js';
import {compileMatcher} from '../../../source/text/match.js';
import {cellWidth} from '../../../source/text/cells.js';
import {stripAnsi} from '../../../source/text/escapes.js';
import {sanitizeLine} from '../../../source/text/sanitize.js';

// Written out here rather than imported, so a mistake in the sanitiser's own list cannot hide itself.
const FORMAT = /[\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/u;
// The joiners the sanitiser keeps: ZWJ inside an emoji sequence, ZWJ/ZWNJ between letters of a joining script.
const JOINING = String.raw`[[\p{L}\p{M}]&&[\p{sc=Arabic}\p{sc=Devanagari}\p{sc=Syriac}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}\p{sc=Nko}\p{sc=Mongolian}]]`;
const KEPT_JOINERS = new RegExp(
  String.raw`(?<=[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F])\u200D(?=\p{Extended_Pictographic})|(?<=${JOINING})[\u200C\u200D](?=${JOINING})`,
  'gv',
);
const SGR = /\x1b\[[0-9;:]*m/g;
const CONTROLS = /[\x00-\x1f\x7f-\x9f]/;
const dim = (code: string) => `\x1b[2m‹U+${code}›\x1b[22m`;

function expectNothingRaw(output: string): void {
  expect(output.replace(KEPT_JOINERS, '')).not.toMatch(FORMAT);
  expect(output.replace(SGR, '')).not.toMatch(CONTROLS);
}

describe('format characters are shown, not obeyed', () => {
  const cases: Array<[string, string, string]> = [
    ['RIGHT-TO-LEFT OVERRIDE (the issue)', 'G\u202Ereversed H', `G${dim('202E')}reversed H`],
    [
      'every bidi control',
      '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069',
      ['061C', '200E', '200F', '202A', '202B', '202C', '202D', '202E', '2066', '2067', '2068', '2069']
        .map(dim)
        .join(''),
    ],
    [
      'zero-width space, joiners outside emoji, BOM',
      'pass\u200Bword a\u200Cb a\u200Db \uFEFFx',
      `pass${dim('200B')}word a${dim('200C')}b a${dim('200D')}b ${dim('FEFF')}x`,
    ],
    [
      'word joiner, invisible operators, Mongolian vowel separator',
      '\u2060\u2061\u2062\u2063\u2064\u180e',
      ['2060', '2061', '2062', '2063', '2064', '180E'].map(dim).join(''),
    ],
    ['line and paragraph separators', 'one\u2028two\u2029three', `one${dim('2028')}two${dim('2029')}three`],
    ['soft hyphen outside a word', '\u00ad- \u00ad', `${dim('00AD')}- ${dim('00AD')}`],
    ['soft hyphen inside a word is a hyphenation hint: left out', 'Silben\u00adtrennung', 'Silbentrennung'],
    ['the marker keeps the line bold', '\x1b[1mbold\u200Bstill', `\x1b[1mbold\x1b[2m‹U+200B›\x1b[22;1mstill`],
    ['the marker keeps the line faint', '\x1b[31;2mx\u202Ey', `\x1b[31;2mx\x1b[2m‹U+202E›\x1b[22;2my`],
    ['colour parameters are not intensity', '\x1b[38;2;1;2;3mx\u202Ey', `\x1b[38;2;1;2;3mx${dim('202E')}y`],
    ['a reset ends intensity', '\x1b[1mx\x1b[0m\u202Ey', `\x1b[1mx\x1b[0m${dim('202E')}y`],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => {
      const output = sanitizeLine(input);
      expect(output).toBe(expected);
      expectNothingRaw(output);
      expect(sanitizeLine(output)).toBe(output);
    });
  }

  it('counts a marker as 8 cells for tab stops', () => {
    expect(sanitizeLine('\u200B\tx')).toBe(`${dim('200B')}        x`);
    expect(sanitizeLine('a\u200B\tx')).toBe(`a${dim('200B')}       x`);
  });
});

describe('corpus: real text', () => {
  const trojanSource = [
    // Trojan Source (Boucher & Anderson, CVE-2021-42574): the commenting-out and the stretched-string attacks.
    '/*\u202E } \u2066if (isAdmin)\u2069 \u2066 begin admins only */',
    'if (accessLevel != "user\u202E \u2066// Check if admin\u2069 \u2066") {',
    // An invisible character in an identifier.
    'const is\u200BAdmin = true;',
  ];
  const legitimate: Array<[string, string, number]> = [
    ['family (ZWJ sequence)', '👨\u200D👩\u200D👧\u200D👦', 2],
    ['technologist with skin tone', '👩🏽\u200D💻', 2],
    ['rainbow flag (VS16 then ZWJ)', '🏳\uFE0F\u200D🌈', 2],
    ['thumbs up, dark skin tone', '👍🏿', 2],
    ['flag of Germany', '🇩🇪', 2],
    ['Arabic', 'مرحبا بالعالم', 13],
    ['Hebrew', 'שלום עולם', 9],
    ['Persian with ZWNJ', 'می\u200Cخواهم', 7],
    ['Devanagari with ZWJ after virama (one cluster to string-width)', 'क्\u200Dष', 1],
    ['combining accents', 'e\u0301le\u0300ve', 5],
    ['CJK', '日本語のテキスト', 16],
  ];

  for (const line of trojanSource) {
    it(`Trojan Source: ${JSON.stringify(line)}`, () => {
      const output = sanitizeLine(line);
      expectNothingRaw(output);
      expect(hasMarkers(output)).toBe(true);
      expect(cellWidth(output)).toBe(stringWidth(output));
      // Without its markers the line reads as the characters it holds, in order.
      expect(stripAnsi(withoutMarkers(output))).toBe(withoutInvisibles(line));
    });
  }

  for (const [name, text, width] of legitimate) {
    it(`displays ${name} as is, ${width} cells`, () => {
      expect(sanitizeLine(text)).toBe(text);
      expect(cellWidth(text)).toBe(width);
      expect(stringWidth(text)).toBe(width);
    });
  }

  // How fast these go is measured in the bench (the 1 MB-line row prints the 10,000 zero-width spaces too).
  it('a combining-mark flood stays one cluster', () => {
    const flood = 'Z' + '\u0336\u0301\u0317'.repeat(20_000) + 'ok';
    const output = sanitizeLine(flood);
    expect(output).toBe(flood);
    expect(cellWidth(output)).toBe(3);
  });

  it('10,000 zero-width spaces: 10,000 markers, searchable around', () => {
    const line = 'before' + '\u200B'.repeat(10_000) + 'after';
    const output = sanitizeLine(line);
    expectNothingRaw(output);
    expect(output.split('‹U+200B›').length - 1).toBe(10_000);
    expect(cellWidth(output)).toBe(11 + 8 * 10_000);
    expect(searchLines([{text: output}], 'beforeafter')).toEqual([0]);
  });
});

describe('search and filters see what the user sees', () => {
  const shown = (raw: string): LogLine => ({text: sanitizeLine(raw), stream: 'stdout'});
  const lines = [
    shown('login pass\u200Bword=***'),
    shown('password reset'),
    shown('G\u202Ereversed'),
    shown('plain ‹U+200B› text'),
  ];

  it('finds text through invisible characters and counts the lines that hold them', () => {
    expect(searchLog(lines, 'password')).toEqual({matches: [0, 1], withInvisibles: 1});
    expect(searchLog(lines, 're:pass.?word=')).toEqual({matches: [0], withInvisibles: 1});
    expect(searchLog(lines, 'greversed')).toEqual({matches: [2], withInvisibles: 1});
  });

  it('never matches the marker itself; a literal ‹U+200B› the container printed is text', () => {
    expect(searchLines(lines, 'U+200B')).toEqual([3]);
    expect(searchLines(lines, 'U+202E')).toEqual([]);
    expect(searchLines(lines, '‹')).toEqual([3]);
  });

  it('a query with invisible characters in it matches the visible text', () => {
    expect(searchLines(lines, 'pass\u200Bword reset')).toEqual([1]);
  });

  it('list filters match names through invisible characters', () => {
    const names = ['web\u200B-1', 'db', 'w\u2066eb-2\u2069'];
    expect(names.filter(makeMatcher('web-'))).toEqual(['web\u200B-1', 'w\u2066eb-2\u2069']);
    expect(names.filter(compileMatcher('re:^web-\\d$'))).toEqual(['web\u200B-1', 'w\u2066eb-2\u2069']);
  });
});

describe('saving keeps the container’s bytes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'berth-invisible-save-'));
  });
  afterAll(() => rm(dir, {recursive: true, force: true}));

  it('format characters, colour and controls are in the file as the container wrote them', async () => {
    const written = [
      'G\u202Ereversed H',
      'pass\u200Bword \x1b[31mred\x1b[0m\tTAB\x07',
      '\x1b]0;title\x07after 👨\u200D👩\u200D👧 Silben\u00adtrennung',
      'plain line',
    ];
    const assembler = new LineAssembler('stdout');
    const lines = written.map(text =>
      assembler.add({stream: 'stdout', content: Buffer.from(`${text}\n`), complete: true})!,
    );
    expect(lines.map(line => line.text)).not.toEqual(written);
    const path = join(dir, 'saved.log');
    await saveLines(path, lines);
    expect((await readFile(path)).equals(Buffer.from(written.map(text => `${text}\n`).join('')))).toBe(true);
  });
});

describe('properties (fast-check, seeded)', () => {
  const fragments = fc.constantFrom(
    '\u202E',
    '\u2066',
    '\u2069',
    '\u200B',
    '\u200C',
    '\u200D',
    '\u00AD',
    '\uFEFF',
    '\u2028',
    '\u2029',
    '\u061C',
    '\u180E',
    '\u2060',
    '\u200E',
    '\u202A',
    '\uFFF9',
    '👨',
    '👩🏽',
    '💻',
    '🏳\uFE0F',
    '🌈',
    '\u{1F3FB}',
    'م',
    'ש',
    'क्',
    'e\u0301',
    '日',
    '\t',
    '\x1b[1m',
    '\x1b[2m',
    '\x1b[0m',
    '\x1b[31;1m',
    '\x1b[38;2;1;2;3m',
    '\x1b[22m',
    '\x1b]0;t\x07',
    '\x1b',
    '\x07',
    '\u009b',
    'a',
    ' ',
    '‹U+200B›',
  );
  const text = fc
    .array(
      fc.oneof(fragments, fc.string({unit: 'binary', maxLength: 6}), fc.string({unit: 'grapheme', maxLength: 3})),
      {maxLength: 24},
    )
    .map(parts => parts.join(''));
  const settings = {seed: 15, numRuns: 3000};

  it('no format character or escape other than SGR comes out raw; widths agree with the renderer; idempotent', () => {
    fc.assert(
      fc.property(text, input => {
        const output = sanitizeLine(input);
        expectNothingRaw(output);
        expect(cellWidth(output)).toBe(stringWidth(output));
        expect(sanitizeLine(output)).toBe(output);
      }),
      settings,
    );
  });

  it('search finds visible text whatever invisible characters are mixed in', () => {
    const invisible = fc.constantFrom(
      '\u200B',
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u202E',
      '\u2066',
      '\u2069',
      '\u00AD',
      '\u2028',
    );
    const word = fc.string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_=:'),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(word, fc.array(fc.tuple(fc.nat(), invisible), {maxLength: 6}), (visible, insertions) => {
        let raw = visible;
        for (const [at, char] of insertions) {
          const index = at % (raw.length + 1);
          raw = raw.slice(0, index) + char + raw.slice(index);
        }
        const line = {text: sanitizeLine(raw), stream: 'stdout' as const};
        expect(searchLines([line], visible)).toEqual([0]);
      }),
      settings,
    );
  });
});
