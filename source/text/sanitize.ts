import {plainWidth} from './cells.js';
import {isEscapeStart, scanEscape} from './escapes.js';
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

const DEL = 0x7f;
const DEFAULT_TAB_WIDTH = 8;
const MAX_TAB_WIDTH = 64;

const NEEDS_SANITIZING =
  /[\x00-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;

function caretNotation(code: number): string {
  return code === DEL ? '^?' : '^' + String.fromCharCode(code + 0x40);
}

function normaliseTabWidth(tabWidth: number | undefined): number {
  if (tabWidth === undefined || !Number.isFinite(tabWidth)) return DEFAULT_TAB_WIDTH;
  return Math.min(MAX_TAB_WIDTH, Math.max(1, Math.floor(tabWidth)));
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
export function sanitizeLine(s: string, opts?: SanitizeOptions): string {
  if (!NEEDS_SANITIZING.test(s)) return s;
  const tabWidth = normaliseTabWidth(opts?.tabWidth);
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
