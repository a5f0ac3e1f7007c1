// The escapes berth owns: Ink 6.8 has no alternate-screen option, so main.ts writes them itself.
const ALT_ON = '\x1b[?1049h';
const ALT_OFF = '\x1b[?1049l';
// Home: keys echoed before berth took the terminal leave the cursor mid-row, and 1049h keeps its column, where
// Ink would start its first frame.
const CURSOR_HOME = '\x1b[H';
const CURSOR_HIDE = '\x1b[?25l';
const CURSOR_SHOW = '\x1b[?25h';
const RESET_ATTRS = '\x1b[0m';
// Mouse reports: button presses and the wheel (1000) in the SGR encoding (1006), which has no limit on the column
// and reads unambiguously; berth asks for no motion (1002/1003), so moving the mouse sends nothing.
const MOUSE_ON = '\x1b[?1000h\x1b[?1006h';
const MOUSE_OFF = '\x1b[?1006l\x1b[?1000l';

let inAltScreen = false;
// Whether the UI wants mouse reports (the `M` key, `mouse:` in the config); they are on only while the UI has
// the alternate screen, never while a session has the terminal or after berth is gone.
let mouseWanted = false;
// The real terminal is lent to a session (exec, run, a command): its ctrl-c is not berth's.
let lent = false;

export function lendTerminal(on: boolean): void {
  lent = on;
}

export function enterAltScreen(): void {
  if (inAltScreen) return;
  // Raw at once, not when Ink's first input hook runs after the first frame: a key typed in between would be
  // echoed onto berth's screen by the terminal (a "2" left in the header's first cell); unechoed, it waits in
  // stdin for the UI, as keys typed ahead do.
  try {
    if (process.stdin.isTTY && !process.stdin.isRaw) process.stdin.setRawMode(true);
  } catch {
    // A stdin that cannot be raw is Ink's to report.
  }
  process.stdout.write(ALT_ON + CURSOR_HOME + CURSOR_HIDE + (mouseWanted ? MOUSE_ON : ''));
  inAltScreen = true;
}

// Turns mouse reports on or off: written at once when the UI has the screen, else when it next takes it.
export function setMouseCapture(on: boolean): void {
  if (on === mouseWanted) return;
  mouseWanted = on;
  if (!inAltScreen) return;
  try {
    process.stdout.write(on ? MOUSE_ON : MOUSE_OFF);
  } catch {
    // A terminal that is gone reports nothing.
  }
}

// Safe to call any number of times, from any exit path (quit, crash, signal, hand-off to a shell).
export function restoreTerminal(): void {
  try {
    if (process.stdin.isTTY && process.stdin.isRaw) process.stdin.setRawMode(false);
  } catch {
    // stdin may already be gone (SSH dropped).
  }
  if (!inAltScreen) return;
  inAltScreen = false;
  try {
    // Mouse reporting off whether or not it was on: a shell left with it on would print a report for every click.
    process.stdout.write(MOUSE_OFF + RESET_ATTRS + CURSOR_SHOW + ALT_OFF);
  } catch {
    // Nothing to restore on a terminal that no longer exists.
  }
}

export function installRestoreHandlers(): void {
  process.on('exit', restoreTerminal);
  const die = (code: number) => () => {
    restoreTerminal();
    process.exit(code);
  };
  process.on('SIGTERM', die(143));
  process.on('SIGHUP', die(129));
  // kill -INT, -QUIT and -USR1 (whose default would start Node's inspector on a screen it garbles) end berth the
  // same way. While a session has the real terminal (ui/handoff.ts), ctrl-c and ctrl-\ typed in a cooked session
  // are signals to berth too: they are the session's, and berth stays.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGQUIT', 131],
    ['SIGUSR1', 138],
  ] as const)
    process.on(signal, () => {
      if (!lent) die(code)();
    });
  const crash = (error: unknown) => {
    restoreTerminal();
    process.stderr.write(`berth crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(70);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
}

// An escape sequence for the terminal itself (OSC 52, the clipboard), written between Ink's frames: it moves no
// cursor and draws nothing, so Ink's idea of the screen stays true. Not while a session has the terminal, nor
// outside the UI.
export function writeToTerminal(sequence: string): boolean {
  if (!inAltScreen || lent || !process.stdout.isTTY) return false;
  try {
    process.stdout.write(sequence);
    return true;
  } catch {
    return false;
  }
}
