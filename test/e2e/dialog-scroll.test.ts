import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {berthPerTest, focusContainer} from '../helpers/terminal.js';

// A confirmation names every target it touches: at 80x24 sixteen do not fit its frame, so its rows scroll (one
// row says how many are hidden and how to see them); at 40x12 its title stays whole and the footer offers y.
const berth = berthPerTest();
const prefix = uniqueName('dlg');
const names = Array.from({length: 16}, (_, i) => `${prefix}-${String(i + 1).padStart(2, '0')}`);

beforeAll(() => {
  for (const name of names) docker(['create', '--network', 'none', '--label', 'berth.test=1', '--name', name, BUSYBOX]);
});
afterAll(() => {
  docker(['rm', '-f', ...names]);
});

// The rows inside the dialog's frame, below its title.
function inside(screen: string): string[] {
  const lines = screen.split('\n');
  const top = lines.findIndex(line => line.startsWith('╭'));
  const bottom = lines.findIndex((line, i) => i > top && line.startsWith('╰'));
  if (top < 0 || bottom < 0) return [];
  return lines.slice(top + 2, bottom).map(line => line.replace(/^│|│\s*$/g, '').trim());
}
const namesIn = (screen: string) => inside(screen).flatMap(row => names.filter(name => row.startsWith(name)));

describe('confirmations at small terminals', () => {
  test('80x24, 16 marked: d shows every target by scrolling; n removes nothing', async () => {
    const t = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await focusContainer(t, prefix);
    for (let i = 0; i < names.length; i++) t.type(' ');
    await t.waitFor('16 marked');
    t.type('d');
    const first = await t.waitFor(/more below \(scroll: j\/k pgdn\/pgup G\/g\)/);
    expect(first).toContain('Remove these 16 containers?');
    expect(first).not.toContain('a taller terminal');
    const seen = new Set(namesIn(first));
    expect(seen.size).toBeLessThan(16);
    t.type('G');
    const last = await t.waitUntil(s => /more above \(scroll/.test(s) && !/more below/.test(s), 'the end of the list');
    for (const name of namesIn(last)) seen.add(name);
    expect([...seen].sort()).toEqual(names);
    // The frame is full to its last row: no blank rows under the last target.
    expect(inside(last).every(row => row !== '')).toBe(true);
    t.type('n');
    await t.waitUntil(s => !s.includes('╭'), 'the dialog closed');
    expect(
      docker(['ps', '-a', '-q', '--filter', `name=${prefix}`])
        .trim()
        .split('\n'),
    ).toHaveLength(16);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 60_000);

  test.each(['d', 's'])(
    '40x12, 3 marked, %s: the title whole, y in the footer',
    async key => {
      const t = berth.start({env: benchEnv(), columns: 40, rows: 12});
      // Too narrow for the header's API version and the names whole: the filter is seen taking the bench's away.
      await t.waitFor('NAME');
      t.type(`/${prefix}`);
      t.keys('Enter');
      await t.waitUntil(s => s.includes('dlg-') && !s.includes('bench-'), 'the filtered list');
      t.type('   ');
      t.type(key);
      const shown = await t.waitFor(key === 'd' ? '│ Remove these 3 containers' : '│ Stop these 3 containers');
      const footer = shown.trimEnd().split('\n').at(-1) ?? '';
      expect(footer).toMatch(/ y yes, do it {2}n cancel /);
      t.keys('Escape');
      await t.waitUntil(s => !s.includes('╭'), 'the dialog closed');
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    },
    60_000,
  );
});

// A terminal made narrower rewraps what is on it: a 200-column dialog's rows became several each, and the
// next frames left pieces of its frame over the list. The screen is cleared and the frame drawn whole.
test('200 → 80 columns with a dialog open: the next screen holds no pieces of the wide one', async () => {
  const t = berth.start({env: benchEnv(), columns: 200, rows: 24});
  await focusContainer(t, prefix);
  t.type(' ');
  t.type(' ');
  await t.waitFor('2 marked');
  t.type('d');
  await t.waitFor('Remove these 2 containers?');
  t.resize(80, 24);
  const narrow = await t.waitUntil(
    s => s.split('\n').some(line => /^╭─{78}╮$/.test(line)),
    'the dialog drawn at 80 columns',
  );
  // Every row of the dialog's frame is whole; no row is a piece of the 200-column border.
  for (const line of narrow.split('\n')) expect(line).not.toMatch(/^─{20,}/);
  t.keys('Escape');
  const after = await t.waitUntil(s => !s.includes('Remove these'), 'the dialog closed');
  for (const line of after.split('\n')) expect(line).not.toMatch(/[╭╮╰╯│]|^─{20,}/);
  t.type('q');
  expect(await t.exitCode()).toBe(0);
});
