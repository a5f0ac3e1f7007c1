import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {openLogs} from '../helpers/log-pane.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;
const scratch = scratchDir('berth-e2e-log-filter-');

const name = uniqueName('e2e-lfilter');
beforeAll(() => {
  // 60 numbered lines at once, a "needle" every 10th, then one line every 100 ms and a needle every 5th.
  runTestContainer(name, [
    'sh',
    '-c',
    'for i in $(seq 1 60); do echo "early line $i"; [ $((i % 10)) = 0 ] && echo "needle early $i"; done; i=0; while :; do i=$((i+1)); echo "live $i"; [ $((i % 5)) = 0 ] && echo "needle live $i"; usleep 100000; done',
  ]);
});
afterAll(() => docker(['rm', '-f', name]));

// The rows of the pane under its title (the pane is the screen's lower part; the list is above).
const paneRows = (screen: string) => screen.split('\n').filter(row => /(early line|live|needle) \d+/.test(row));

// A key that opens a prompt (& the filter, C the context, ctrl-s's path), what it asks replaced by `text`, enter.
async function answer(t: Terminal, key: () => void, prompt: string, text: string): Promise<void> {
  key();
  await t.waitFor(prompt);
  t.keys('C-u');
  if (text) t.type(text);
  t.keys('Enter');
}

const FILTER = 'filter (text, re:pattern';
const CONTEXT = 'context lines (0–9)';

describe('log pane filter', () => {
  test('& shows only matching lines as they keep coming, C adds context, &! hides, ctrl-s saves what shows', async () => {
    terminal = berth.start({env: benchEnv(), columns: 140, rows: 40});
    await openLogs(terminal, name);
    await terminal.waitFor('needle early 60');
    // Full screen: the title is wide enough for all it says.
    terminal.type('F');
    await terminal.waitUntil(s => !s.includes('NAME '), 'the pane to fill the screen');

    const t = terminal;
    await answer(t, () => t.type('&'), FILTER, 'needle');
    let screen = await terminal.waitFor(/filter: needle · follow .* · \d+ of [\d,]+ lines/);
    expect(paneRows(screen).every(row => row.includes('needle'))).toBe(true);
    // New matching lines keep arriving, and only those.
    const count = Number(/· (\d+) of/.exec(screen)![1]);
    screen = await terminal.waitUntil(s => Number(/· (\d+) of/.exec(s)?.[1]) >= count + 2, 'two more matching lines');
    expect(paneRows(screen).every(row => row.includes('needle'))).toBe(true);

    // Search looks among the lines shown: six needles say "early", and the 60 early lines are not among them.
    terminal.type('/');
    terminal.type('early');
    terminal.keys('Enter');
    await terminal.waitFor('/early 6/6');
    terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('/early '), 'the search to clear');

    // One line of context around each: the line before a needle is its "early line"/"live" line.
    await answer(t, () => t.type('C'), CONTEXT, '1');
    screen = await terminal.waitFor(/filter: needle ±1 · /);
    expect(paneRows(screen).some(row => /early line 60|live \d+/.test(row))).toBe(true);

    // A window key keeps the filter (the same log, read again).
    terminal.type('6');
    await terminal.waitFor(/filter: needle ±1 · .*everything/);

    // &! hides: "!needle" leaves the other lines, none with the needle.
    await answer(t, () => t.type('&'), FILTER, '!re:^needle');
    await terminal.waitFor(/filter: not re:\^needle ±1 · /);

    // Saving asks which lines; the lines shown go to the file, as grep -v finds them in docker logs (up to the
    // newest line saved).
    await answer(t, () => t.type('C'), CONTEXT, '0');
    await terminal.waitFor(/filter: not re:\^needle · /);
    terminal.keys('C-s');
    await terminal.waitFor('Save which lines?');
    const file = join(mkdtempSync(join(scratch, 'save-')), 'shown.log');
    await answer(t, () => t.type('s'), 'save the lines shown to:', file);
    await terminal.waitFor(/saved \d+ lines to/);
    const saved = readFileSync(file, 'utf8').split('\n').slice(0, -1);
    expect(saved.length).toBeGreaterThan(60);
    expect(saved.some(line => line.startsWith('needle'))).toBe(false);
    const all = execFileSync('docker', ['logs', name], {env: {...process.env, ...benchEnv()}, encoding: 'utf8'})
      .split('\n')
      .slice(0, -1);
    const upTo = all.slice(0, all.indexOf(saved.at(-1)!) + 1);
    expect(saved).toEqual(upTo.filter(line => !/^needle/i.test(line)));

    // & and enter on nothing: every line shows again.
    await answer(t, () => t.type('&'), FILTER, '');
    await terminal.waitUntil(s => !/· filter: /.test(s) && /needle \w+ \d+/.test(s), 'the filter to clear');
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
