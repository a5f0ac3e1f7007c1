import {expect, test} from 'vitest';
import {compareContainers, sortContainers, toContainerRow} from '../../../source/engine/containers/rows.js';
import {compareNatural, compareText, groupDigits, naturalKey} from '../../../source/text/compare.js';

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

// Names made of the pieces that matter to the order: case, digit runs with and without leading zeros (long ones too),
// the characters next to the digits in code order, and text past ASCII whose lower case changes its length.
function randomName(random: () => number): string {
  const pieces = [
    'a',
    'B',
    'web',
    'Web',
    '-',
    '_',
    '.',
    '/',
    ' ',
    '0',
    '007',
    '7',
    '10',
    '9',
    '99999999999',
    '1234567890123',
    'é',
    'İ',
    'ß',
    'Ω',
    '😀',
    '~',
  ];
  let name = '';
  const length = 1 + Math.floor(random() * 6);
  for (let i = 0; i < length; i++) name += pieces[Math.floor(random() * pieces.length)];
  return name;
}

function seeded(seed: number): () => number {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
}

test('naturalKey orders as compareNatural does before its tie-break, and sortContainers as compareContainers', () => {
  const random = seeded(36);
  const names = Array.from({length: 3000}, () => randomName(random));
  for (let i = 0; i + 1 < names.length; i++) {
    const [a, b] = [names[i]!, names[i + 1]!];
    const byKey = naturalKey(a) < naturalKey(b) ? -1 : naturalKey(a) > naturalKey(b) ? 1 : 0;
    const natural = Math.sign(compareNatural(a, b));
    // Equal keys: only the tie-break (compareText) tells the names apart.
    if (byKey === 0) expect(natural, `${a} | ${b}`).toBe(Math.sign(compareText(a, b)));
    else expect(natural, `${a} | ${b}`).toBe(byKey);
  }
  const rows = names.map((name, i) => ({
    ...toContainerRow({
      Id: `id${i}`,
      Names: [`/${name}`],
      Image: 'x',
      State: ['running', 'exited', 'paused'][i % 3],
      Status: '',
      Created: 0,
      Ports: [],
    } as unknown as Parameters<typeof toContainerRow>[0]),
  }));
  expect(sortContainers([...rows]).map(row => row.id)).toEqual([...rows].sort(compareContainers).map(row => row.id));
});
