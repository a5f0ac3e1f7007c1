// Escape sequences in text: where one starts, where it ends, and text without them. The sanitiser
// (sanitize.ts) removes all but colour; cells.ts measures and cuts text around the colour that is left.

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_STRING_STARTS = new Set([0x90, 0x98, 0x9e, 0x9f]); // DCS, SOS, PM, APC
export const HAS_ESCAPE_START = /[\x1b\x80-\x9f]/;

export interface EscapeToken {
  // Index just past the sequence. An unterminated sequence runs to the end of the string.
  end: number;
  isSgr: boolean;
}

export function isEscapeStart(code: number): boolean {
  return code === ESC || (code >= 0x80 && code <= 0x9f);
}

// Parses the escape sequence (or lone C1 control) at s[start]. An invalid sequence ends where the
// parser gives up and the offending character is processed as ordinary input, so garbage cannot
// hide text behind a half sequence; only a sequence still open at the end of the string runs to
// the end (a terminal would swallow that text too).
export function scanEscape(s: string, start: number): EscapeToken {
  const code = s.charCodeAt(start);
  if (code === C1_CSI) return scanCsi(s, start + 1, false);
  if (code === C1_OSC || C1_STRING_STARTS.has(code)) return {end: scanString(s, start + 1), isSgr: false};
  if (code !== ESC) return {end: start + 1, isSgr: false};

  const next = start + 1;
  if (next >= s.length) return {end: s.length, isSgr: false};
  const kind = s[next];
  if (kind === '[') return scanCsi(s, next + 1, true);
  if (kind === ']' || kind === 'P' || kind === 'X' || kind === '^' || kind === '_') {
    return {end: scanString(s, next + 1), isSgr: false};
  }
  // nF/Fp/Fe/Fs escapes: ESC, any intermediates 0x20–0x2F, one final 0x30–0x7E (ESC c = reset, ESC ( B …).
  let i = next;
  while (i < s.length && s.charCodeAt(i) >= 0x20 && s.charCodeAt(i) <= 0x2f) i++;
  if (i >= s.length) return {end: s.length, isSgr: false};
  const final = s.charCodeAt(i);
  if (final >= 0x30 && final <= 0x7e) return {end: i + 1, isSgr: false};
  return {end: i, isSgr: false};
}

function scanCsi(s: string, paramsStart: number, sevenBit: boolean): EscapeToken {
  let i = paramsStart;
  let sgrParamsOnly = true;
  while (i < s.length) {
    const code = s.charCodeAt(i);
    if (code >= 0x40 && code <= 0x7e) {
      // `ESC[>4;1m` (modifyOtherKeys) and friends end in `m` too; only digits, `;` and `:` make SGR.
      return {end: i + 1, isSgr: sevenBit && code === 0x6d && sgrParamsOnly};
    }
    if (code < 0x20 || code > 0x3f) return {end: i, isSgr: false};
    if (code < 0x30 || code > 0x3b) sgrParamsOnly = false;
    i++;
  }
  return {end: s.length, isSgr: false};
}

// OSC, DCS, SOS, PM and APC strings. Terminators: BEL (xterm's OSC form), ST as ESC \ or U+009C,
// and CAN/SUB, which abort a string in a VT parser. Any other ESC ends the string and starts a
// new sequence, as it does in a terminal.
function scanString(s: string, from: number): number {
  for (let i = from; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code === BEL || code === C1_ST || code === CAN || code === SUB) return i + 1;
    if (code === ESC) {
      if (i + 1 >= s.length) return s.length;
      return s[i + 1] === '\\' ? i + 2 : i;
    }
  }
  return s.length;
}

/** Removes escape sequences (SGR included) and C1 controls; everything else, C0 controls too, is kept. */
export function stripAnsi(s: string): string {
  if (!HAS_ESCAPE_START.test(s)) return s;
  const out: string[] = [];
  let runStart = 0;
  let i = 0;
  while (i < s.length) {
    if (!isEscapeStart(s.charCodeAt(i))) {
      i++;
      continue;
    }
    if (i > runStart) out.push(s.slice(runStart, i));
    i = scanEscape(s, i).end;
    runStart = i;
  }
  if (s.length > runStart) out.push(s.slice(runStart));
  return out.join('');
}

export function isSgrReset(sgr: string): boolean {
  const params = sgr.slice(2, -1);
  return params.split(/[;:]/).every(param => /^0*$/.test(param));
}
