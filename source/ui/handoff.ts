import {enterAltScreen, lendTerminal, restoreTerminal} from '../terminal.js';

const CURSOR_SHOW = '\x1b[?25h';

export type HandOffOptions = {
  // Raw from the first moment suits a session with a TTY that reads keys (exec -it, run): keys typed while it
  // starts go to the container as bytes. Pass false for the others, which want the terminal cooked (line
  // editing, Ctrl-D, Ctrl-C): a key typed during a raw moment would reach them unprocessed.
  rawMode?: boolean;
};

// Lends the real terminal to `run` (an interactive exec or run) and takes it back, whatever happens.
// Call it with Ink unmounted (exit → waitUntilExit → cleanup), then render Ink again: a fresh instance redraws the
// whole frame, where a kept one would only redraw what it thinks changed (docs/ink-facts.md, "Handing the terminal
// to a child").
export async function handOffTerminal<T>(run: () => Promise<T>, {rawMode = true}: HandOffOptions = {}): Promise<T> {
  const {stdin, stdout} = process;
  // Main screen and a visible cursor: the shell's output stays in the scrollback, as after `docker exec`.
  restoreTerminal();
  if (stdout.isTTY) stdout.write(CURSOR_SHOW);
  // Ink detached its listener but libuv may still be reading fd 0, racing the session for keystrokes.
  stdin.pause();

  // In raw mode Ctrl-C is a byte for the container, but between the switches (or in a cooked session) it is a
  // signal, and the default action would kill berth with the session.
  const ignoreInterrupt = () => undefined;
  process.on('SIGINT', ignoreInterrupt);
  process.on('SIGQUIT', ignoreInterrupt);
  lendTerminal(true);

  let restored = false;
  const restore = () => {
    if (restored) return;
    restored = true;
    process.off('SIGINT', ignoreInterrupt);
    process.off('SIGQUIT', ignoreInterrupt);
    lendTerminal(false);
    process.off('SIGHUP', onHangup);
    try {
      if (stdin.isTTY) stdin.setRawMode(false);
    } catch {
      // The terminal may be gone (SSH dropped).
    }
    stdin.pause();
  };
  // A detached SSH client hangs the terminal up mid-session: put things back and leave, rather than linger
  // with a session nobody can see. berth's own SIGHUP handler (terminal.ts) exits when it is installed.
  const onHangup = () => {
    restore();
    if (process.listenerCount('SIGHUP') === 0) process.exit(129);
  };
  process.prependListener('SIGHUP', onHangup);

  try {
    if (stdin.isTTY) stdin.setRawMode(rawMode);
    return await run();
  } finally {
    restore();
    // Whatever the session did to the screen (a full-screen program, a clear), Ink gets a fresh alternate screen.
    enterAltScreen();
  }
}
