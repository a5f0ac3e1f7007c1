import stringWidth from 'string-width';
import {formatMarker, formatTreatment, intensityAfter, isFormatCharacter, MARKER_WIDTH} from './invisible.js';

// Text from containers, images, labels, registries and logs is untrusted (docs/engine-facts.md, "Escape sequences
// pass through"): a log line must not be able to set the window title, write the clipboard, move the cursor or
// clear the screen. Only colour (SGR) survives, and only when its parameters are plain numbers.
//
// Conventions:
// - C0 controls other than TAB are shown in caret notation: NUL → ^@, BEL → ^G, LF → ^J,
//   CR → ^M, DEL → ^?. Caret notation is what `cat -v` and most terminals' echo use, is pure
//   ASCII and always 2 cells wide. A line given to sanitizeLine is one line, so LF and CR are
//   shown too (lines are split first: engine/logs/line-assembler.ts).
// - ESC never appears as ^[: it always starts an escape sequence, which is removed whole.
// - C1 controls U+0080–U+009F are removed. The 8-bit introducers (CSI U+009B, OSC U+009D,
//   DCS U+0090, SOS U+0098, PM U+009E, APC U+009F) are parsed like their 7-bit forms so that
//   their parameters do not leak as text.
// - Unicode format characters (bidi controls, zero-width characters, U+2028/U+2029, …; invisible.ts lists them
//   and says why) are shown as a dim marker `‹U+202E›`, except a joiner doing its job in an emoji sequence or a
//   joining script (kept) and a soft hyphen inside a word (left out).

const ESC = 0x1b;
const BEL = 0x07;
const CAN = 0x18;
const SUB = 0x1a;
const DEL = 0x7f;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;
const C1_OSC = 0x9d;
const C1_STRING_STARTS = new Set([0x90, 0x98, 0x9e, 0x9f]); // DCS, SOS, PM, APC
const SGR_RESET = '\x1b[0m';
const DEFAULT_TAB_WIDTH = 8;
const MAX_TAB_WIDTH = 64;
const MAX_UNITS_PER_CELL = 32;

const NEEDS_SANITIZING =
  /[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const HAS_ESCAPE_START = /[\x1b\x80-\x9f]/;
const graphemes = new Intl.Segmenter();

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

function caretNotation(code: number): string {
  return code === DEL ? '^?' : '^' + String.fromCharCode(code + 0x40);
}

function normaliseTabWidth(tabWidth: number | undefined): number {
  if (tabWidth === undefined || !Number.isFinite(tabWidth)) return DEFAULT_TAB_WIDTH;
  return Math.min(MAX_TAB_WIDTH, Math.max(1, Math.floor(tabWidth)));
}

// Characters that never join a neighbouring grapheme cluster, with their fixed width: printable
// ASCII (1) and the wide CJK ideographs, kana and Hangul syllables (2). Everything else goes to
// string-width, which is what Ink measures with, so our widths agree with Ink's layout.
function isolatedWidth(code: number): number {
  if (code >= 0x20 && code <= 0x7e) return 1;
  if (
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0x3041 && code <= 0x3096) ||
    (code >= 0x30a1 && code <= 0x30fa) ||
    (code >= 0xac00 && code <= 0xd7a3)
  ) {
    return 2;
  }
  return 0;
}

// Intl.Segmenter (inside string-width) is badly superlinear on long strings in Node 20: 50k CJK
// characters took 0.4 s, 100k took 10 s. So long text is segmented in pieces of about
// SEGMENT_CHUNK code units, cut where a grapheme cluster cannot continue (see canCutBefore). If
// BOUNDARY_SEARCH units hold no such place (a wall of flags or marks), the text is cut anyway,
// never inside a surrogate pair; at worst one exotic cluster per chunk is mis-measured.
const SEGMENT_CHUNK = 1024;
const BOUNDARY_SEARCH = 256;
const JOINS_PREVIOUS =
  /^(?:\p{M}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200c|\u200d|[\u1160-\u11ff\u{e0020}-\u{e007f}])/u;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function canCutBefore(text: string, index: number): boolean {
  const previous = text.charCodeAt(index - 1);
  if (isHighSurrogate(previous) || previous === 0x200d) return false;
  if (isolatedWidth(text.charCodeAt(index))) return true;
  return !JOINS_PREVIOUS.test(text.slice(index, index + 2));
}

function* segmenterChunks(text: string): Generator<string> {
  let start = 0;
  while (text.length - start > SEGMENT_CHUNK + BOUNDARY_SEARCH) {
    let cut = start + SEGMENT_CHUNK;
    const searchEnd = cut + BOUNDARY_SEARCH;
    let p = cut;
    while (p < searchEnd && !canCutBefore(text, p)) p++;
    if (p < searchEnd) cut = p;
    else if (isHighSurrogate(text.charCodeAt(cut - 1))) cut++;
    yield text.slice(start, cut);
    start = cut;
  }
  yield text.slice(start);
}

function plainWidth(text: string): number {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const cells = isolatedWidth(text.charCodeAt(i));
    if (cells === 0) return slowPlainWidth(text);
    width += cells;
  }
  return width;
}

function slowPlainWidth(text: string): number {
  let width = 0;
  for (const chunk of segmenterChunks(text)) width += stringWidth(chunk);
  return width;
}

function graphemeWidth(grapheme: string): number {
  if (grapheme.length === 1) {
    const cells = isolatedWidth(grapheme.charCodeAt(0));
    if (cells !== 0) return cells;
  }
  return stringWidth(grapheme);
}

export interface SanitizeOptions {
  tabWidth?: number;
}

/**
 * Makes one line of untrusted text safe to draw: keeps SGR colour, removes every other escape
 * sequence and C1 control, shows C0 controls in caret notation and Unicode format characters as
 * dim `‹U+XXXX›` markers, and expands tabs to the next tab stop, counted in terminal cells. The
 * result contains no ESC except in `ESC[<digits ; :>m`. Linear in the length of the line.
 */
export function sanitizeLine(s: string, opts: SanitizeOptions = {}): string {
  if (!NEEDS_SANITIZING.test(s)) return s;
  const tabWidth = normaliseTabWidth(opts.tabWidth);
  const out: string[] = [];
  // Widths are only measured when a tab needs its column, and each text run at most once.
  let column = 0;
  let unmeasured: string[] = [];
  let runStart = 0;
  let i = 0;

  const endRun = (end: number) => {
    if (end > runStart) {
      const run = s.slice(runStart, end);
      out.push(run);
      unmeasured.push(run);
    }
  };

  // SGR sequences passed since the last marker: folded into `intensity` only when a marker needs it.
  let sgrSinceMarker: string[] = [];
  let intensity = 0;

  while (i < s.length) {
    const code = s.charCodeAt(i);
    if ((code >= 0x20 && code < DEL) || (code > 0x9f && !isFormatCharacter(code))) {
      i++;
      continue;
    }
    const treatment = code > 0x9f ? formatTreatment(s, i, code) : undefined;
    if (treatment === 'keep') {
      i++;
      continue;
    }
    endRun(i);
    if (treatment === 'show') {
      for (const sgr of sgrSinceMarker) intensity = intensityAfter(intensity, sgr);
      sgrSinceMarker = [];
      out.push(formatMarker(code, intensity));
      column += MARKER_WIDTH;
      i++;
    } else if (treatment === 'drop') {
      i++;
    } else if (isEscapeStart(code)) {
      const token = scanEscape(s, i);
      if (token.isSgr) {
        const sgr = s.slice(i, token.end);
        out.push(sgr);
        sgrSinceMarker.push(sgr);
      }
      i = token.end;
    } else if (code === 0x09) {
      for (const run of unmeasured) column += plainWidth(run);
      unmeasured = [];
      const spaces = tabWidth - (column % tabWidth);
      out.push(' '.repeat(spaces));
      column += spaces;
      i++;
    } else {
      out.push(caretNotation(code));
      column += 2;
      i++;
    }
    runStart = i;
  }
  endRun(s.length);
  return out.join('');
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

/** Terminal cells the string occupies once escape sequences are removed (CJK and emoji count 2). */
export function cellWidth(s: string): number {
  return plainWidth(stripAnsi(s));
}

export function isSgrReset(sgr: string): boolean {
  const params = sgr.slice(2, -1);
  return params.split(/[;:]/).every(param => /^0*$/.test(param));
}

/**
 * Cuts `s` to at most `width` cells without splitting an escape sequence or a grapheme; a wide
 * character that does not fit is left out rather than half drawn. When something was cut while a
 * colour was active, `ESC[0m` is appended so the colour does not bleed into what follows.
 * Text beyond 32 UTF-16 units per cell (zalgo-style mark pile-ups) also counts as cut.
 * Meant for sanitised text: other escape sequences are copied through as zero-width.
 */
export function truncateCells(s: string, width: number): string {
  const limit = Number.isFinite(width) ? Math.max(0, Math.floor(width)) : width > 0 ? Infinity : 0;
  if (limit === Infinity) return s;
  const out: string[] = [];
  let used = 0;
  let colourOpen = false;
  let cut = false;
  let i = 0;
  // Zero-width text (a 64 KiB run of combining marks) would otherwise be kept whole and measured
  // on every frame; no terminal cell shows that many code units anyway.
  const unitBudget = (limit + 1) * MAX_UNITS_PER_CELL;
  let keptUnits = 0;

  outer: while (i < s.length) {
    if (isEscapeStart(s.charCodeAt(i))) {
      const token = scanEscape(s, i);
      const sequence = s.slice(i, token.end);
      if (token.isSgr) colourOpen = !isSgrReset(sequence);
      out.push(sequence);
      i = token.end;
      continue;
    }
    // Only as much text as the unit budget could still keep is looked at: a 64 KiB run without an escape costs
    // the width, not its length. Past the window the budget is spent, so the loop ends there.
    const window = s.slice(i, Math.min(s.length, i + unitBudget - keptUnits + 2));
    const escapeAt = window.search(HAS_ESCAPE_START);
    const run = escapeAt < 0 ? window : window.slice(0, escapeAt);
    i += run.length;
    if (PRINTABLE_ASCII.test(run)) {
      if (used + run.length <= limit) {
        out.push(run);
        used += run.length;
        continue;
      }
      out.push(run.slice(0, limit - used));
      cut = true;
      break;
    }
    for (const chunk of segmenterChunks(run)) {
      for (const {segment} of graphemes.segment(chunk)) {
        const cells = graphemeWidth(segment);
        keptUnits += segment.length;
        if (used + cells > limit || keptUnits > unitBudget) {
          cut = true;
          break outer;
        }
        out.push(segment);
        used += cells;
      }
    }
  }
  if (!cut) return s;
  if (colourOpen) out.push(SGR_RESET);
  return out.join('');
}
