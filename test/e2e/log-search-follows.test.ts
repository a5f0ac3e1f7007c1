import {writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, focusContainer} from '../helpers/terminal.js';

// The log pane's search and home against lines that come and go: a small buffer (500 lines) that a busy
// container fills, and keys typed before the lines arrive (history is read after the newest lines: with a
// 5,000-line tail the older lines are put in front of the first 200).
const berth = berthPerTest();
const scratch = scratchDir('berth-e2e-fixlog-');
const busy = uniqueName('fixlog-busy');
const colours = uniqueName('fixlog-colours');
const config = join(scratch, 'config.yml');

beforeAll(() => {
  writeFileSync(config, 'alerts: false\nlogs:\n  tail: 5000\n  bufferLines: 500\n');
  // 800 lines at once, then 20 a second that match nothing searched here.
  runTestContainer(busy, [
    'sh',
    '-c',
    'i=0; while [ $i -lt 800 ]; do i=$((i+1)); echo "burst $i"; done; i=0; while :; do i=$((i+1)); echo "live $i"; usleep 50000; done',
  ]);
  // 900 lines, every tenth "red", then nothing.
  runTestContainer(colours, [
    'sh',
    '-c',
    'i=0; while [ $i -lt 900 ]; do i=$((i+1)); if [ $((i % 10)) = 0 ]; then echo "red $i"; else echo "long $i"; fi; done; sleep 3600',
  ]);
});
afterAll(() => docker(['rm', '-f', busy, colours]));

const start = () => berth.start({env: benchEnv(), columns: 140, rows: 30, args: ['--config', config]});

test('a full buffer: n lands on a matching line after the oldest lines dropped out', async () => {
  const terminal = start();
  await focusContainer(terminal, busy);
  terminal.keys('Enter');
  await terminal.waitFor(/· 500 lines/);
  terminal.type('/burst 70');
  terminal.keys('Enter');
  // burst 70 itself left the buffer: burst 700 to 709 match, the newest is current.
  await terminal.waitFor('/burst 70 10/10');
  // 3 s at 20 lines a second: 60 lines pushed the oldest out, moving every line 60 positions up.
  await new Promise(resolve => setTimeout(resolve, 3000));
  terminal.type('n');
  await terminal.waitFor('/burst 70 1/10');
  // The pane shows the match at its bottom row: burst 700, and not the line after it. (Drawn at the key, the
  // pane may be a line or two off until the next publish, within 0.1 s, brings its lines up to date.)
  await settled();
  expect(terminal.screen()).toMatch(/\bburst 700\b/);
  expect(terminal.screen()).not.toMatch(/\bburst 701\b/);
  terminal.type('n');
  await terminal.waitFor('/burst 70 2/10');
  await settled();
  expect(terminal.screen()).toMatch(/\bburst 701\b/);
  expect(terminal.screen()).not.toMatch(/\bburst 702\b/);
});

const settled = () => new Promise(resolve => setTimeout(resolve, 400));

test('a search typed before the lines arrive finds them; home typed before them stays on the first line', async () => {
  const terminal = start();
  await focusContainer(terminal, colours);
  terminal.keys('Enter', '/', ...'red', 'Enter');
  // Once the lines came, the search jumped to the newest match among the first that arrived; the lines put in
  // front later are searched too (the buffer keeps 500: red 410 to red 900), and the pane shows the current one.
  await terminal.waitFor(/\/red \d+\/50 /);
  await settled();
  const current = Number(/\/red (\d+)\/50 /.exec(terminal.screen())?.[1]);
  expect(terminal.screen()).toMatch(new RegExp(`\\bred ${400 + 10 * current}\\b`));
  terminal.type('N');
  await terminal.waitFor(`/red ${current - 1}/50`);
  await settled();
  expect(terminal.screen()).toMatch(new RegExp(`\\bred ${390 + 10 * current}\\b`));
  terminal.keys('Escape', 'Escape');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);

  const again = start();
  await focusContainer(again, colours);
  again.keys('Enter', 'g');
  // The newest 200 lines come first, the older ones after them (the buffer keeps 500: from long 401): the pane
  // stays at the first line.
  await again.waitFor(/· 500 lines/);
  await settled();
  expect(again.screen()).toMatch(/\blong 401\b/);
  expect(again.screen()).not.toMatch(/\blong 701\b/);
});

test('a window key keeps the search, run again over the window it opens', async () => {
  const terminal = start();
  await focusContainer(terminal, colours);
  terminal.keys('Enter');
  await terminal.waitFor(/· 500 lines/);
  terminal.keys('/', ...'red', 'Enter');
  await terminal.waitFor(/\/red \d+\/50 /);
  // 1: the last minute (every line here): the search is run again over the window's lines, not dropped.
  terminal.type('1');
  await terminal.waitFor(/\/red \d+\/50 · .*since 1m/);
  await terminal.waitFor(/50 lines match "red"|"red" matches lines that came/);
  terminal.keys('Escape', 'Escape');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
});
