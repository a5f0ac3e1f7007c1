// The signals K offers first, and what docker kill -s takes: a name (USR1, SIGUSR1) or a number.
export const SIGNAL_MENU: readonly {name: string; note: string}[] = [
  {name: 'TERM', note: 'ask it to stop'},
  {name: 'KILL', note: 'stop at once (cannot be caught)'},
  {name: 'HUP', note: 'hang up (many servers reload)'},
  {name: 'INT', note: 'interrupt, as ctrl-c'},
  {name: 'QUIT', note: 'quit (some dump their state)'},
  {name: 'USR1', note: "the program's own meaning"},
  {name: 'USR2', note: "the program's own meaning"},
];

const SIGNAL = /^(?:SIG)?[A-Z][A-Z0-9+-]*$|^\d{1,2}$/i;

export const SIGNAL_HINT = 'a name (TERM, KILL, HUP, USR1…) or a number';

// The signal as it is sent and logged (usr1 → USR1), or undefined when it is not one.
export function signalName(text: string): string | undefined {
  const trimmed = text.trim();
  return SIGNAL.test(trimmed) ? trimmed.toUpperCase() : undefined;
}
