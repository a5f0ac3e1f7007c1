import {expect, test} from 'vitest';
import {compareNatural, compareText, groupDigits} from '../../../source/text/compare.js';

test('compareText: case folded, then code points; a total order', () => {
  expect(['web-2', 'Web-1', 'api', 'web-1', 'Zed', '_x'].sort(compareText)).toEqual([
    '_x',
    'api',
    'Web-1',
    'web-1',
    'web-2',
    'Zed',
  ]);
  expect(compareText('a', 'a')).toBe(0);
  expect(Math.sign(compareText('B', 'a'))).toBe(1);
});

test('groupDigits prints what toLocaleString("en-US") prints for integers', () => {
  for (const n of [0, 7, 999, 1000, 12_345, 1_000_000, 1_234_567_890, -4321])
    expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
});

test('compareNatural: numbers in names by value, the rest as compareText; a total order', () => {
  expect(
    ['ut1-web-10', 'ut1-web-2', 'ut1-web-1', 'UT1-web-3', 'ut1-db', 'web-02', 'web-2', 'a99999999999999999999'].sort(
      compareNatural,
    ),
  ).toEqual([
    'a99999999999999999999',
    'ut1-db',
    'ut1-web-1',
    'ut1-web-2',
    'UT1-web-3',
    'ut1-web-10',
    'web-02',
    'web-2',
  ]);
  expect(compareNatural('web-1', 'web-1')).toBe(0);
  expect(Math.sign(compareNatural('web-1a', 'web-1'))).toBe(1);
  expect(Math.sign(compareNatural('1.10', '1.9'))).toBe(1);
});
