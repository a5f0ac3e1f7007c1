import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {cutWithEllipsis} from '../../../source/text/cut-with-ellipsis.js';
import {fit} from '../../../source/text/format.js';
import {cellWidth} from '../../../source/text/cells.js';
import {stripAnsi} from '../../../source/text/escapes.js';
import {sanitizeLine} from '../../../source/text/sanitize.js';

describe('cutWithEllipsis: a cut line says so', () => {
  it('ends a cut line with …, within the width', () => {
    expect(cutWithEllipsis('the end', 6)).toBe('the e…');
    expect(cutWithEllipsis('end', 2)).toBe('e…');
    expect(cutWithEllipsis('end', 1)).toBe('…');
  });

  it('leaves a line that fits alone (the same string)', () => {
    const line = '\x1b[31mend\x1b[0m';
    expect(cutWithEllipsis(line, 3)).toBe(line);
    expect(cutWithEllipsis('end', 80)).toBe('end');
    expect(cutWithEllipsis('', 0)).toBe('');
    expect(cutWithEllipsis('end', Infinity)).toBe('end');
  });

  it('no room at all: nothing', () => {
    expect(cutWithEllipsis('end', 0)).toBe('');
    expect(cutWithEllipsis('end', -1)).toBe('');
    expect(cutWithEllipsis('end', Number.NaN)).toBe('');
  });

  it('closes an open colour before the …; never half a wide character', () => {
    expect(cutWithEllipsis('\x1b[31mred text', 4)).toBe('\x1b[31mred\x1b[0m…');
    expect(cutWithEllipsis('日本語', 5)).toBe('日本…');
    expect(cutWithEllipsis('日本語', 4)).toBe('日…');
    expect(cutWithEllipsis('👨\u200D👩\u200D👧 ok', 3)).toBe('👨\u200D👩\u200D👧…');
  });

  it('cuts a marker like any text', () => {
    expect(stripAnsi(cutWithEllipsis(sanitizeLine('a\u202Ebcdef'), 6))).toBe('a‹U+2…');
  });

  it('a long line with markers', () => {
    const line = sanitizeLine('x'.repeat(30_000) + '日本\u200B'.repeat(10_000));
    expect(cutWithEllipsis(line, 80)).toBe('x'.repeat(79) + '…');
    const cut = cutWithEllipsis(sanitizeLine('日本\u200B'.repeat(10_000)), 20);
    expect(stripAnsi(cut)).toBe('日本‹U+200B›日本‹U+…');
    expect(cellWidth(cut)).toBe(20);
  });

  it('fit pads to the width and cuts the same way', () => {
    expect(fit('end', 5)).toBe('end  ');
    expect(fit('the end', 5)).toBe('the …');
  });

  it('property: within the width, a prefix of the text, … exactly when something was left out', () => {
    const piece = fc.constantFrom('a', 'bc', '日', '😀', 'e\u0301', '\x1b[31m', '\x1b[0m', ' ', '\u200B', '\u202E');
    fc.assert(
      fc.property(
        fc.array(piece, {maxLength: 20}).map(parts => sanitizeLine(parts.join(''))),
        fc.integer({min: 0, max: 30}),
        (text, width) => {
          const cut = cutWithEllipsis(text, width);
          expect(cellWidth(cut)).toBeLessThanOrEqual(width);
          const fits = cellWidth(text) <= width;
          expect(cut === text).toBe(fits);
          if (!fits && width > 0) {
            expect(cut.endsWith('…')).toBe(true);
            expect(stripAnsi(text).startsWith(stripAnsi(cut).slice(0, -1))).toBe(true);
          }
        },
      ),
      {seed: 15, numRuns: 2000},
    );
  });
});
