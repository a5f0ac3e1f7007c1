// Whether the terminal can report the mouse in the SGR encoding. Every terminal emulator in use does (xterm,
// VTE, kitty, iTerm2, Windows Terminal, tmux, screen 4.99+); the Linux console and dumb terminals do not, and
// one that knew only the old encoding would send clicks as bytes berth would read as keys.
export function terminalReportsMouse(env: NodeJS.ProcessEnv): boolean {
  const term = env.TERM ?? '';
  return term !== '' && term !== 'dumb' && term !== 'linux' && !term.startsWith('vt');
}
