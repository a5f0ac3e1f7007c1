// Mouse reports in the terminal's input, taken out before Ink sees them (Ink 6.8 would hand `\e[<0;12;5M` to
// useInput as keys). SGR reports (mode 1006) are `ESC [ < button ; column ; row M` (press) or `m` (release);
// a terminal without 1006 sends the legacy `ESC [ M` and three bytes, which are taken out too.

export type MouseButton = 'left' | 'middle' | 'right' | 'wheelUp' | 'wheelDown';

export type MouseEvent = {
  button: MouseButton;
  // press or release; a wheel notch is one press.
  release: boolean;
  // Motion with a button held (mode 1002): berth does not ask for it, but a terminal may send it.
  drag: boolean;
  // 1-based, as the terminal counts.
  column: number;
  row: number;
};

export type MouseChunk = {
  // The input with every mouse report taken out, in order: text before a report, then the report.
  parts: Array<string | MouseEvent>;
};

const ESC = '\x1b';
// Longer than any real report (`\e[<66;65535;65535M` is 19): past this, letters after `\e[<` are not a report's.
const MAX_REPORT = 32;

const BUTTONS: Record<number, MouseButton> = {0: 'left', 1: 'middle', 2: 'right', 64: 'wheelUp', 65: 'wheelDown'};

export function decodeButton(code: number, column: number, row: number, release: boolean): MouseEvent | undefined {
  // Bits 2–4 are shift, meta, ctrl; 32 is motion.
  const drag = (code & 32) !== 0;
  const button = BUTTONS[code & ~(4 | 8 | 16 | 32)];
  if (!button || column < 1 || row < 1) return undefined;
  return {button, release, drag, column, row};
}

// A report (or what looks like the start of one) at `index`: its length and event, 'pending' when the input
// ends inside it, or undefined when `index` starts no report (an escape of a key: Ink's).
function reportAt(input: string, index: number): {length: number; event?: MouseEvent} | 'pending' | undefined {
  const rest = input.length - index;
  if (rest === 1 || (rest === 2 && input[index + 1] === '[')) return 'pending';
  if (input[index + 1] !== '[') return undefined;
  const kind = input[index + 2];
  if (kind === 'M') {
    // Legacy: three bytes, each 32 + the value.
    if (rest < 6) return 'pending';
    const value = (offset: number) => input.charCodeAt(index + offset) - 32;
    const [b, x, y] = [value(3), value(4), value(5)];
    return {length: 6, event: decodeButton(b, x, y, (b & 3) === 3 && b < 64)};
  }
  if (kind !== '<') return undefined;
  // A report ends with M or m; printable bytes before it that are not digits and semicolons make it a broken one,
  // dropped whole. A control character or another escape ends a report cut short: it is dropped, the rest read.
  let end = index + 3;
  while (end < input.length) {
    const char = input.charAt(end);
    const code = input.charCodeAt(end);
    if (char === 'M' || char === 'm') {
      const [, b, x, y] = /^(\d{1,5});(\d{1,5});(\d{1,5})[Mm]$/.exec(input.slice(index + 3, end + 1)) ?? [];
      const event =
        b !== undefined && x !== undefined && y !== undefined
          ? decodeButton(Number(b), Number(x), Number(y), char === 'm')
          : undefined;
      return {length: end + 1 - index, event};
    }
    if (code < 0x20 || code > 0x7e) return {length: end - index};
    // Past the length of any report, only its digits are taken: other text is not a report's.
    if (end - index >= MAX_REPORT && !/[\d;]/.test(char)) return {length: end - index};
    end++;
  }
  return 'pending';
}

// Splits input into text and mouse events. A report cut at the end of one read waits for the next (`push`);
// `flush` gives up on it when nothing came: a lone `\e` or `\e[` was a key and goes on as text, a cut report is
// dropped. A broken report is dropped whole: it never turns into typed keys.
export function createMouseParser() {
  let pending = '';
  // A report was given up on (flush) with only its start read: the rest, if it still comes, is dropped too.
  let cut = false;
  return {
    push(chunk: string): MouseChunk {
      const rest = cut ? /^[\d;]*[Mm]/.exec(chunk) : null;
      cut = false;
      const input = pending + (rest ? chunk.slice(rest[0].length) : chunk);
      pending = '';
      const parts: Array<string | MouseEvent> = [];
      let text = '';
      let index = 0;
      while (index < input.length) {
        const escape = input.indexOf(ESC, index);
        if (escape === -1) {
          text += input.slice(index);
          break;
        }
        text += input.slice(index, escape);
        const report = reportAt(input, escape);
        if (report === 'pending') {
          pending = input.slice(escape);
          break;
        }
        if (report === undefined) {
          text += ESC;
          index = escape + 1;
          continue;
        }
        if (report.event) {
          if (text) parts.push(text);
          text = '';
          parts.push(report.event);
        }
        index = escape + report.length;
      }
      if (text) parts.push(text);
      return {parts};
    },
    // What is held back, waiting for the rest: nothing, a key's escape (`\e`, `\e[`: the esc key, or the start
    // of a report), or the start of a report (`\e[<0;1`).
    pending(): 'none' | 'escape' | 'report' {
      if (!pending) return 'none';
      return pending === ESC || pending === `${ESC}[` ? 'escape' : 'report';
    },
    flush(): string {
      const held = pending;
      pending = '';
      if (held === ESC || held === `${ESC}[`) return held;
      cut = held !== '';
      return '';
    },
  };
}
