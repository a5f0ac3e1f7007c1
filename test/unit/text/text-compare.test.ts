import {expect, test} from 'vitest';
import {compareText, groupDigits} from '../../../source/text/compare.js';

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
