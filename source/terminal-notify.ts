import {tmuxPassthrough} from './clipboard/osc52.js';
import {writeToTerminal} from './terminal.js';

const BEL = '\x07';

// Anything that could end or split the sequence goes: controls (the text is sanitised already; this is the
// sequence's own safety) and `;`, which separates OSC 777's fields.
const field = (text: string) => text.replace(/[\x00-\x1f\x7f-\x9f]/g, ' ').replace(/;/g, ',');

// A desktop notification said through the terminal, so it reaches the desktop of the user over SSH: OSC 777
// (`notify;TITLE;BODY`: urxvt, foot, WezTerm, Ghostty, VTE terminals) and OSC 9 (`BODY`: iTerm2, Windows
// Terminal, ConEmu, kitty). A terminal that knows neither ignores both. Inside tmux each goes through tmux's
// passthrough (`allow-passthrough on`), like the OSC 52 copy: tmux does not forward these itself.
export function notificationSequence(title: string, body: string, tmux: boolean): string {
  const sequences = [
    `\x1b]777;notify;${field(title)};${field(body)}${BEL}`,
    `\x1b]9;${field(`${title}: ${body}`)}${BEL}`,
  ];
  return sequences.map(sequence => (tmux ? tmuxPassthrough(sequence) : sequence)).join('');
}

// The bell (tmux passes it on by itself) and, when asked, the notification; written between Ink's frames.
export function alertTerminal(
  alert: {title: string; body: string; notify: boolean},
  env: NodeJS.ProcessEnv = process.env,
  write: (sequence: string) => boolean = writeToTerminal,
): boolean {
  return write(BEL + (alert.notify ? notificationSequence(alert.title, alert.body, Boolean(env.TMUX)) : ''));
}
