import {spawn, type ChildProcess} from 'node:child_process';
import xterm from '@xterm/headless';

import {masked} from './mask.js';

// berth in a real pseudo-terminal, read by a headless terminal emulator. The pty comes from util-linux's
// `script` (in every Debian and Ubuntu base system; node-pty would need a native build, tmux would redraw the
// screen through its own emulator rather than hand over berth's bytes): `script` runs the command on a new pty and
// copies the pty's output, byte for byte, to its stdout, and its stdin to the pty. The emulator is xterm.js's
// headless build (@xterm/headless), the one in VS Code's terminal: it interprets those bytes as a real terminal
// does, and its buffer holds each cell's character and colours for the SVG (svg.ts).

export type Key = 'Enter' | 'Escape' | 'Up' | 'Down' | 'Left' | 'Right' | 'Tab';
const KEYS: Record<Key, string> = {
  Enter: '\r',
  Escape: '\x1b',
  Up: '\x1b[A',
  Down: '\x1b[B',
  Right: '\x1b[C',
  Left: '\x1b[D',
  Tab: '\t',
};

export class PtyTerminal {
  readonly term: xterm.Terminal;
  private readonly child: ChildProcess;
  private pending = Promise.resolve();
  private exited = false;

  constructor(command: string[], options: {columns: number; rows: number; env: NodeJS.ProcessEnv; cwd: string}) {
    const {columns, rows} = options;
    this.term = new xterm.Terminal({cols: columns, rows, allowProposedApi: true, scrollback: 0});
    const quoted = command.map(word => `'${word.replace(/'/g, `'\\''`)}'`).join(' ');
    // The size is set on the pty itself before berth starts, so berth reads it as from any terminal.
    this.child = spawn(
      'script',
      [
        '--quiet',
        '--return',
        '--echo',
        'never',
        '--command',
        `stty cols ${columns} rows ${rows}; exec ${quoted}`,
        '/dev/null',
      ],
      {cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'inherit']},
    );
    this.child.stdout!.on('data', (chunk: Buffer) => {
      this.pending = this.pending.then(() => new Promise<void>(resolve => this.term.write(chunk, resolve)));
    });
    // Answers to berth's queries (cursor position, device attributes) go back as a terminal's would.
    this.term.onData(data => this.write(data));
    this.child.on('exit', () => (this.exited = true));
  }

  private write(data: string): void {
    if (!this.exited) this.child.stdin!.write(data);
  }

  keys(...keys: Key[]): void {
    for (const key of keys) this.write(KEYS[key]);
  }

  type(text: string): void {
    this.write(text);
  }

  // The screen as text, one line per row, trailing blanks cut.
  async screen(): Promise<string[]> {
    await this.pending;
    const buffer = this.term.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.term.rows; y++) lines.push(buffer.getLine(y)?.translateToString(true) ?? '');
    return lines;
  }

  // Waits until the screen passes `check` and has not changed for `quietMs` (berth has finished drawing); changes
  // that the pictures' comparison masks (a ticking uptime, a CPU figure) do not count.
  async settle(check: (screen: string) => boolean, what: string, timeoutMs = 20_000, quietMs = 700): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let last = '';
    let since = Date.now();
    for (;;) {
      const screen = await this.screen();
      const now = masked(screen).join('\n');
      if (now !== last) {
        last = now;
        since = Date.now();
      } else if (check(screen.join('\n')) && Date.now() - since >= quietMs) return;
      if (Date.now() > deadline)
        throw new Error(`the screen did not show ${what} within ${timeoutMs} ms; it shows:\n${screen.join('\n')}`);
      await new Promise(resolve => setTimeout(resolve, 100));
    }
  }

  async stop(): Promise<void> {
    if (this.exited) return;
    const gone = new Promise(resolve => this.child.once('exit', resolve));
    // q quits berth from any screen (a dialog too); a signal only if it did not.
    this.keys('Escape');
    this.type('q');
    const timer = setTimeout(() => this.child.kill('SIGTERM'), 3000);
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 6000);
    await gone;
    clearTimeout(timer);
    clearTimeout(kill);
    this.term.dispose();
  }
}
