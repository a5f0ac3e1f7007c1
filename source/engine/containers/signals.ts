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

// The names the engine knows on Linux (moby's signal map, as `kill -l` lists them), without SIG.
const NAMES = new Set(
  'ABRT ALRM BUS CHLD CLD CONT FPE HUP ILL INT IO IOT KILL PIPE POLL PROF PWR QUIT RTMAX RTMIN SEGV STKFLT STOP SYS TERM TRAP TSTP TTIN TTOU URG USR1 USR2 VTALRM WINCH XCPU XFSZ'.split(
    ' ',
  ),
);
// RTMIN+1 … RTMIN+15 and RTMAX-1 … RTMAX-14; a number 1 to 64.
const REALTIME = /^RTMIN\+(?:[1-9]|1[0-5])$|^RTMAX-(?:[1-9]|1[0-4])$/;
const NUMBER = /^(?:[1-9]|[1-5]\d|6[0-4])$/;

export const SIGNAL_HINT =
  'give a number 1–64 or a name as kill -l lists them (TERM, KILL, HUP, INT, QUIT, USR1, USR2, STOP, CONT, WINCH, RTMIN+3…; SIG in front is fine)';

// The signal as it is sent and logged (usr1 → USR1), or undefined when it is not one the engine takes.
export function signalName(text: string): string | undefined {
  const trimmed = text.trim().toUpperCase();
  const bare = trimmed.replace(/^SIG/, '');
  return NUMBER.test(trimmed) || NAMES.has(bare) || REALTIME.test(bare) ? trimmed : undefined;
}
