import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {openLogs} from '../helpers/log-pane.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const coloured = uniqueName('e2e-wrapcolour');
const listPrefix = uniqueName('e2e-scroll');
const LISTED = 40;
const names = Array.from({length: LISTED}, (_, i) => `${listPrefix}-${String(i + 1).padStart(2, '0')}`);

beforeAll(() => {
  // One red line of 300 characters (wraps into several rows), then a plain one.
  runTestContainer(
    coloured,
    [
      'sh',
      '-c',
      `printf '\\033[31mRED%s\\033[0m\\n' "$(for i in $(seq 30); do printf 0123456789; done)"; echo plain after; sleep 3600`,
    ],
    {init: false},
  );
  // Created, never started: a long list that costs the engine nothing.
  for (const name of names)
    docker(['create', '--network', 'none', '--label', 'berth.test=1', '--name', name, BUSYBOX, 'true']);
});
afterAll(() => {
  docker(['rm', '-f', coloured, ...names]);
});

const settle = async (t: Terminal, quietMs = 300) => {
  let size = t.recordedBytes();
  let since = Date.now();
  while (Date.now() - since < quietMs) {
    await new Promise(r => setTimeout(r, 25));
    const now = t.recordedBytes();
    if (now !== size) [size, since] = [now, Date.now()];
  }
  return size;
};

describe('log pane and list details', () => {
  test('a coloured line that wraps keeps its colour on every continuation row', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await openLogs(terminal, coloured);
    await terminal.waitFor('plain after');
    terminal.type('w');
    const rows = await terminal.waitUntil(
      s => s.split('\n').filter(line => line.includes('0123456789')).length >= 3,
      'the line wrapped',
    );
    expect(rows).toContain('RED0123456789');
    const screen = terminal.screenWithEscapes().split('\n');
    const wrapped = screen.filter(line => line.includes('0123456789'));
    expect(wrapped.length).toBeGreaterThanOrEqual(3);
    // tmux writes the colour in force before the text of every row that has it.
    for (const line of wrapped) expect(line).toMatch(/\x1b\[31m[^\x1b]*0123456789/);
    expect(screen.find(line => line.includes('plain after'))).not.toMatch(/\x1b\[31m[^\x1b]*plain after/);
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('one row past the bottom of a long list moves the list instead of rewriting it', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    const t = terminal;
    await t.waitFor(/API 1\.41/);
    t.type('/');
    t.type(listPrefix);
    t.keys('Enter');
    await t.waitFor(`filter: ${listPrefix}`);
    // The prompt's line ("/ prefix") counts as a row of the list until the Enter is drawn: wait for it to close.
    const first = await t.waitUntil(
      s => s.includes(`${listPrefix}-01`) && !s.includes(`/ ${listPrefix}`),
      `${listPrefix}-01 with the prompt closed`,
    );
    const visible = first.split('\n').filter(line => line.includes(listPrefix) && !line.includes('filter:'));
    expect(visible.length).toBeLessThan(LISTED);
    const lastVisible = visible.length;
    // Cursor to the last row on screen.
    for (let i = 1; i < lastVisible; i++) t.keys('Down');
    const selected = (n: number) => new RegExp(`^›.*${listPrefix}-${String(n).padStart(2, '0')}`, 'm');
    const screen = await t.waitFor(selected(lastVisible));
    const listBytes = Buffer.byteLength(
      screen
        .split('\n')
        .filter(line => line.includes(listPrefix) && !line.includes('filter:'))
        .join('\n'),
    );
    t.record();
    await settle(t);
    // Each key one row further; the smallest cost counts (the AGE column may tick during one of them).
    const costs: number[] = [];
    for (let n = lastVisible + 1; n <= lastVisible + 5; n++) {
      const before = await settle(t);
      t.keys('Down');
      await t.waitFor(selected(n));
      costs.push((await settle(t)) - before);
    }
    // What the terminal shows after rows were moved by it is exactly the list's window, in order, each row once.
    const shown = (screen: string) =>
      screen
        .split('\n')
        .map(line => new RegExp(`${listPrefix}-(\\d\\d)`).exec(line)?.[1])
        .filter(Boolean)
        .map(Number);
    const window = (last: number) => Array.from({length: lastVisible}, (_, i) => last - lastVisible + 1 + i);
    const down = t.screen();
    expect(shown(down), down).toEqual(window(lastVisible + 5));
    // And the other way: up past the top of the window.
    for (let i = 0; i < lastVisible + 2; i++) t.keys('Up');
    await t.waitFor(selected(3));
    await settle(t);
    const up = t.screen();
    expect(shown(up), up).toEqual(window(lastVisible + 2));
    // A whole list is listBytes and more (each row with its escapes); a scroll writes two rows and a few escapes.
    expect(Math.min(...costs), `bytes per key ${costs.join(', ')}; the list alone is ${listBytes} bytes`).toBeLessThan(
      listBytes / 4,
    );
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  });
});
