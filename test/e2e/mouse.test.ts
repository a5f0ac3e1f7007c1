import {execFileSync} from 'node:child_process';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {benchEnv} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, SOCKET, type Terminal} from '../helpers/terminal.js';
import {at, firstGroup} from '../helpers/found.js';

const scratch = scratchDir('berth-e2e-mouse-');

const berth = berthPerTest();
let terminal: Terminal | undefined;

const MOUSE_OFF = ['\x1b[?1006l', '\x1b[?1000l'];

// What the terminal would send: SGR reports (mode 1006), columns and rows counted from 1.
const press = (button: number, column: number, row: number) => `\x1b[<${button};${column};${row}M`;
const click = (column: number, row: number) => press(0, column, row) + `\x1b[<0;${column};${row}m`;
const WHEEL_UP = 64;

// tmux's own view of the pane: whether the program asked for mouse reports, and in which encoding.
const mouseFlags = (t: Terminal) =>
  execFileSync(
    'tmux',
    ['-L', SOCKET, 'display-message', '-p', '-t', t.session, '#{mouse_standard_flag}#{mouse_sgr_flag}'],
    {
      encoding: 'utf8',
    },
  ).trim();

// The screen row (from 1) and column (from 1) where `text` is drawn.
function where(screen: string, text: string | RegExp): {row: number; column: number} {
  const lines = screen.split('\n');
  const row = lines.findIndex(line => (typeof text === 'string' ? line.includes(text) : text.test(line)));
  const line = lines[row];
  if (line === undefined) throw new Error(`${String(text)} is not on the screen:\n${screen}`);
  const column = typeof text === 'string' ? line.indexOf(text) : line.search(text);
  return {row: row + 1, column: column + 1};
}

async function openBench(t: Terminal): Promise<string> {
  await t.waitFor(/API 1\.41/);
  t.type('/bench-');
  t.keys('Enter');
  await t.waitFor('filter: bench-');
  return t.waitUntil(
    s => ['bench-colors', 'bench-env', 'bench-idle', 'bench-logger'].every(n => s.includes(n)),
    'the bench containers',
  );
}

describe('the mouse at 80x24', () => {
  test('a click selects the third row, a click on a tab switches view, double-click opens logs, the wheel leaves follow', async () => {
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    const screen = await openBench(terminal);
    expect(mouseFlags(terminal)).toBe('11');
    const heading = where(screen, 'NAME');
    const third = at(screen.split('\n'), heading.row - 1 + 3);
    const name = firstGroup(/(bench-\S+)/, third);
    terminal.type(click(10, heading.row + 3));
    await terminal.waitUntil(
      s => s.split('\n').some(line => line.startsWith('›') && line.includes(name)),
      `${name} selected`,
    );

    // Two clicks on bench-logger (it writes a line every half second) open its log pane, following.
    const logger = where(terminal.screen(), 'bench-logger');
    terminal.type(click(10, logger.row));
    terminal.type(click(10, logger.row));
    // With more lines than it shows (a pane whose lines all fit has nothing to scroll back to, and stays following).
    const following = await terminal.waitUntil(
      s => Number(/logs bench-logger · follow[^\n]*· ([\d,]+) lines/.exec(s)?.[1]?.replace(/,/g, '') ?? 0) >= 60,
      'the log pane with more lines than it shows',
    );
    // The wheel over the pane scrolls it back: follow is off, as after scrolling up with the keys.
    const pane = where(following, 'logs bench-logger');
    terminal.type(press(WHEEL_UP, 20, pane.row + 3));
    await terminal.waitFor(/logs bench-logger · paused/);

    // A click on the Images tab shows the images view.
    const tab = where(terminal.screen(), / 2 Imag| Imag/);
    terminal.type(click(tab.column + 1, tab.row));
    await terminal.waitFor(/^\s+REPOSITORY\s+TAG\s+IMAGE ID/m);
    // Nothing of the reports was typed: no filter, no command line, no help.
    expect(terminal.screen()).not.toMatch(/Keys · |^ :/m);

    terminal.record();
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
    for (const escape of MOUSE_OFF) expect(terminal.recorded()).toContain(escape);
    expect(mouseFlags(terminal)).toBe('00');
  });

  test('M leaves the mouse to the terminal and says so in the footer; M again takes it back', async () => {
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await openBench(terminal);
    terminal.type('M');
    await terminal.waitFor('mouse off: M');
    expect(mouseFlags(terminal)).toBe('00');
    terminal.type('M');
    await terminal.waitUntil(s => !s.includes('mouse off: M'), 'the footer note to go');
    expect(mouseFlags(terminal)).toBe('11');
  });

  test('mouse: false in the config starts with the mouse off', async () => {
    const dir = mkdtempSync(join(scratch, 'config-'));
    writeFileSync(join(dir, 'config.yml'), 'mouse: false\n');
    terminal = berth.start({env: benchEnv(), args: ['--config', join(dir, 'config.yml')], columns: 80, rows: 24});
    await terminal.waitFor('mouse off: M');
    expect(mouseFlags(terminal)).toBe('00');
  });

  test('a shell in a container gets the terminal without mouse reporting, and berth takes it back after', async () => {
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await terminal.waitFor(/API 1\.41/);
    terminal.type('/bench-idle');
    terminal.keys('Enter');
    await terminal.waitFor('filter: bench-idle');
    terminal.type('e');
    await terminal.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt');
    expect(mouseFlags(terminal)).toBe('00');
    terminal.type('exit');
    terminal.keys('Enter');
    await terminal.waitFor('exec /bin/sh in bench-idle exited 0');
    expect(mouseFlags(terminal)).toBe('11');
  });
});

describe('mouse reporting is off after berth, however it ends', () => {
  test.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGQUIT', 131],
    ['SIGUSR1', 138],
    ['a crash', 70],
  ] as const)('%s', async (how, code) => {
    // A crash on demand, from outside berth: a module preloaded into its process throws on SIGUSR2.
    const dir = mkdtempSync(join(scratch, 'crash-'));
    const crasher = join(dir, 'crash.mjs');
    writeFileSync(crasher, "process.on('SIGUSR2', () => { throw new Error('crash provoked by the test'); });\n");
    const marker = join(dir, 'config.yml');
    terminal = berth.start({
      env: {...benchEnv(), NODE_OPTIONS: `--import=${crasher}`},
      args: ['--config', marker],
      columns: 80,
      rows: 24,
    });
    await terminal.waitFor(/API 1\.41/);
    expect(mouseFlags(terminal)).toBe('11');
    terminal.record();
    const pid = Number(
      execFileSync('pgrep', ['-f', `bin/berth.js --config ${marker}`], {encoding: 'utf8'})
        .trim()
        .split('\n')[0],
    );
    process.kill(pid, how === 'a crash' ? 'SIGUSR2' : how);
    expect(await terminal.exitCode()).toBe(code);
    for (const escape of MOUSE_OFF) expect(terminal.recorded()).toContain(escape);
    expect(mouseFlags(terminal)).toBe('00');
    expect(terminal.alternateScreen()).toBe(false);
  });
});
