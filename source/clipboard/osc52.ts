// OSC 52 ("manipulate selection data", xterm): `ESC ] 52 ; c ; BASE64 BEL` asks the terminal the user sits at to
// put the text on its clipboard (`c`). It travels with the rest of berth's output, so it reaches the user's own
// terminal over SSH, and tmux passes it on with `set-clipboard on`.

const OSC52_PREFIX = '\x1b]52;c;';
const BEL = '\x07';

// Many terminals drop an OSC 52 sequence whose payload is over about 100 KB (hterm and Chrome OS at 100,000
// bytes, some at less; xterm's default buffer is larger): berth sends at most this much base64.
export const MAX_OSC52_PAYLOAD = 100_000;
// The most text (UTF-8 bytes) that fits: base64 takes 4 bytes for every 3.
export const MAX_OSC52_TEXT_BYTES = Math.floor(MAX_OSC52_PAYLOAD / 4) * 3;

export function osc52(text: string): string {
  return `${OSC52_PREFIX}${Buffer.from(text, 'utf8').toString('base64')}${BEL}`;
}

// tmux's passthrough (`allow-passthrough on`, tmux 3.3 and later): `ESC P tmux ; SEQUENCE ESC \` with every ESC
// in the sequence doubled hands the sequence to the outer terminal unread. Used only where tmux would not take
// the plain form itself (set-clipboard off or external): see clipboard/tmux.ts.
export function tmuxPassthrough(sequence: string): string {
  return `\x1bPtmux;${sequence.replace(/\x1b/g, '\x1b\x1b')}\x1b\\`;
}
