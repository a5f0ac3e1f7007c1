import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {openLogs} from '../helpers/log-pane.js';
import {execFileSync} from 'node:child_process';
import {berthPerTest, focusContainer, SOCKET, type Terminal} from '../helpers/terminal.js';
import {adjacentPairs, at} from '../helpers/found.js';

// y as a user meets it, at 80x24 in a real terminal (tmux): what berth writes to the terminal is recorded (tmux
// pipe-pane) and the OSC 52 sequence in it decoded: that is what the user's own terminal puts on its clipboard.

const ROOT = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'berth-copy-'));
const big = uniqueName('e2e-copy-big');
// 5,500 lines of 1,000 bytes (with the newline): 5.5 MB, all of it held (the buffer keeps 10,000 lines).
const BIG_LINES = 5500;
const berth = berthPerTest();
let terminal: Terminal | undefined;

beforeAll(() => {
  docker([
    ...['run', '-d', '--init', '--network', 'none', '--label', 'berth.test=1', '--name', big, BUSYBOX],
    ...['sh', '-c', `yes "$(head -c 999 /dev/zero | tr '\\000' x)" | head -n ${BIG_LINES}; echo big end; sleep 3600`],
  ]);
});
afterAll(() => {
  docker(['rm', '-f', big]);
  rmSync(dir, {recursive: true, force: true});
});

// The OSC 52 sequences berth wrote since recording started, decoded (plain, or wrapped for tmux's passthrough).
function copied(t: Terminal): string[] {
  const raw = t.recorded().replace(/\x1bPtmux;|\x1b\x1b/g, match => (match === '\x1b\x1b' ? '\x1b' : ''));
  // The payload group is mandatory (it may be empty): a match has it.
  return [...raw.matchAll(/\x1b\]52;c;([A-Za-z0-9+/=]*)\x07/g)].map(([, payload = '']) =>
    Buffer.from(payload, 'base64').toString('utf8'),
  );
}

async function waitForCopy(t: Terminal, count = 1): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const found = copied(t);
    if (found.length >= count) return found;
    await new Promise(r => setTimeout(r, 50));
  }
  throw new Error(`no OSC 52 sequence written; the screen shows:\n${t.screen()}`);
}

describe('y: copy to the clipboard of the terminal the user sits at', () => {
  test('y i on a container: OSC 52 carries its full ID, and the status line says what was copied', async () => {
    const id = docker(['inspect', '-f', '{{.Id}}', 'bench-colors']).trim();
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    const t = terminal;
    await focusContainer(t, 'bench-colors');
    t.record();
    t.keys('y');
    await t.waitFor('Copy from container bench-colors');
    await t.waitFor(/i\s+ID\s+[0-9a-f]{12}/);
    t.keys('i');
    expect(await waitForCopy(t)).toEqual([id]);
    await t.waitFor(`copied the ID of container bench-colors: ${id.slice(0, 15)}… (64 characters)`);
  });

  test('y l and y v in the log pane: the line as the container wrote it, its colour codes gone; the lines on screen', async () => {
    // The bench container writes SGR colours: the original text has escapes the copy must not carry.
    expect(docker(['logs', '--tail', '1', 'bench-colors'])).toContain('\x1b[31m');
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    const t = terminal;
    await openLogs(t, 'bench-colors');
    await t.waitFor(/reverse line \d+/);
    t.record();
    t.keys('y');
    await t.waitFor('Copy log lines of bench-colors');
    t.keys('l');
    const [line] = await waitForCopy(t);
    expect(line).toMatch(/^red green yellow bold-blue reverse line \d+$/);
    expect(line).not.toContain('\x1b');
    await t.waitFor(/copied 1 line, 4\d bytes/);
    // y v: the lines the pane shows, as many as it has rows, oldest first.
    const onScreen = t
      .screen()
      .split('\n')
      .filter(row => /reverse line \d+/.test(row)).length;
    t.keys('y');
    await t.waitFor('Copy log lines of bench-colors');
    t.keys('v');
    const visible = at(await waitForCopy(t, 2), 1);
    const numbers = visible
      .split('\n')
      .map(row => Number(/^red green yellow bold-blue reverse line (\d+)$/.exec(row)?.[1]));
    expect(numbers).toHaveLength(onScreen);
    expect(adjacentPairs(numbers).every(([n, next]) => next === n + 1)).toBe(true);
  });

  test("inside tmux: set-clipboard on puts it in tmux's buffer; external with passthrough allowed gets it wrapped", async () => {
    const tmux = (...args: string[]) => execFileSync('tmux', ['-L', SOCKET, ...args], {encoding: 'utf8'}).trim();
    const before = {
      clipboard: tmux('show-options', '-sv', 'set-clipboard'),
      passthrough: tmux('show-options', '-gwv', 'allow-passthrough'),
    };
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    const t = terminal;
    try {
      await focusContainer(t, 'bench-idle');
      tmux('set-option', '-s', 'set-clipboard', 'on');
      t.keys('y');
      await t.waitFor('Copy from container bench-idle');
      t.keys('n');
      await t.waitFor('copied the name of container bench-idle: bench-idle');
      // tmux, the terminal here, took the sequence: the text is in its newest paste buffer.
      expect(tmux('show-buffer')).toBe('bench-idle');
      tmux('delete-buffer');
      tmux('set-option', '-s', 'set-clipboard', 'external');
      tmux('set-option', '-gw', 'allow-passthrough', 'on');
      t.record();
      t.keys('y');
      await t.waitFor('Copy from container bench-idle');
      t.keys('l');
      await t.waitFor('copied the logs command of container bench-idle');
      const bytes = t.recorded();
      expect(bytes).toContain(
        `\x1bPtmux;\x1b\x1b]52;c;${Buffer.from('docker logs -f bench-idle').toString('base64')}\x07\x1b\\`,
      );
    } finally {
      tmux('set-option', '-s', 'set-clipboard', before.clipboard);
      tmux('set-option', '-gw', 'allow-passthrough', before.passthrough);
    }
  });

  test('y a on a 5 MB buffer: too large for the terminal, saved to a file instead and the status names it', async () => {
    const deadline = Date.now() + 30_000;
    while (!docker(['logs', '--tail', '1', big]).includes('big end') && Date.now() < deadline)
      await new Promise(r => setTimeout(r, 200));
    // berth runs in its own directory (where the copy is saved, as ctrl-s saves): bin/ is linked there.
    symlinkSync(join(ROOT, 'bin'), join(dir, 'bin'));
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24, before: `cd '${dir}'`});
    const t = terminal;
    await openLogs(t, big);
    t.keys('6');
    await t.waitFor(/5,50[01] lines/, 30_000);
    t.record();
    t.keys('y');
    await t.waitFor('Copy log lines of');
    t.keys('a');
    const screen = await t.waitFor(/too large for the terminal's clipboard/);
    expect(screen.replace(/\s+/g, ' ')).toMatch(/5,50[01] lines, 5\.2 MB; at most 73 KB\): saved to/);
    expect(copied(t)).toEqual([]);
    const saved = readdirSync(dir).filter(name => name.startsWith(`${big}-copy-`));
    expect(saved).toHaveLength(1);
    const text = readFileSync(join(dir, at(saved, 0)), 'utf8');
    expect(text.split('\n').filter(line => line === 'x'.repeat(999))).toHaveLength(BIG_LINES);
    expect(existsSync(join(dir, `${saved[0]}.partial`))).toBe(false);
  });
});
