import stringWidth from 'string-width';
import {HAS_ESCAPE_START, isEscapeStart, isSgrReset, scanEscape, stripAnsi} from './escapes.js';
import {isolatedTextWidth, isolatedWidth, PRINTABLE_ASCII} from './isolated-width.js';

// Terminal cells: how wide text is once drawn (CJK and emoji count 2, escape sequences 0), and text cut or wrapped
// to a number of cells without splitting an escape sequence or a grapheme.

const SGR_RESET = '\x1b[0m';
const MAX_UNITS_PER_CELL = 32;
// Made on first use: the first Intl.Segmenter of a process costs ~9 ms (ICU's data), and text of isolated
// characters (./isolated-width.ts) never needs one.
let graphemeSegmenter: Intl.Segmenter | undefined;
const graphemes = (): Intl.Segmenter => (graphemeSegmenter ??= new Intl.Segmenter());

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

export function plainWidth(text: string): number {
  const width = isolatedTextWidth(text);
  return width === -1 ? slowPlainWidth(text) : width;
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

/** Terminal cells the string occupies once escape sequences are removed (CJK and emoji count 2). */
export function cellWidth(s: string): number {
  return plainWidth(stripAnsi(s));
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
    // Characters that never join a neighbour (printable ASCII most of all) are each a grapheme: no segmenter, whose
    // first use cost ~20 ms of a keystroke (the first exited row on screen, `exited 0 · 2h ago`, cut to its column).
    const width = isolatedTextWidth(run);
    if (width >= 0) {
      if (used + width <= limit) {
        out.push(run);
        used += width;
        continue;
      }
      let end = 0;
      while (end < run.length && used + isolatedWidth(run.charCodeAt(end)) <= limit)
        used += isolatedWidth(run.charCodeAt(end++));
      out.push(run.slice(0, end));
      cut = true;
      break;
    }
    for (const chunk of segmenterChunks(run)) {
      for (const {segment} of graphemes().segment(chunk)) {
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

const ESCAPE_STARTS = new RegExp(HAS_ESCAPE_START.source, 'g');

// SGR sequences carried from one row to the next: a line that sets colour a thousand times without a reset
// would otherwise prefix every row with all of them. The last ones win in a terminal anyway, except for
// attributes set long before (bold, then 40 colour changes): those are lost, a bounded and harmless cost.
const MAX_CARRIED_SGR = 16;

// Sanitised text (SGR colour is the only escape sequence left) cut into rows of `width` cells, in one pass;
// only the last `keep` rows are kept, which is all a pane drawn from the bottom can show (a 64 KiB line would
// otherwise be laid out whole on every frame). A colour set on one row carries on to the next: each row starts
// with the SGR sequences still in force and ends with a reset when a colour is open, so every row draws alone.
export function wrapCells(text: string, width: number, keep: number): string[] {
  const rows: string[] = [];
  let row = '';
  let rowHasText = false;
  let used = 0;
  let active: string[] = [];
  const push = () => {
    rows.push(active.length ? row + SGR_RESET : row);
    if (rows.length > keep) rows.shift();
    row = active.join('');
    rowHasText = false;
    used = 0;
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isEscapeStart(code)) {
      const token = scanEscape(text, i);
      const sequence = text.slice(i, token.end);
      i = token.end;
      if (!token.isSgr) continue;
      if (isSgrReset(sequence)) active = [];
      else {
        active.push(sequence);
        if (active.length > MAX_CARRIED_SGR) active.shift();
      }
      row += sequence;
      continue;
    }
    // Printable ASCII up to the next escape goes in a row's room at a time: a character at a time, wrapping 1 MiB of
    // a command's output took ~130 ms.
    ESCAPE_STARTS.lastIndex = i;
    const end = ESCAPE_STARTS.exec(text)?.index ?? text.length;
    const run = text.slice(i, end);
    if (PRINTABLE_ASCII.test(run)) {
      for (let at = 0; at < run.length;) {
        if (used + 1 > width && rowHasText) push();
        const take = Math.max(1, Math.min(run.length - at, width - used));
        row += run.slice(at, at + take);
        rowHasText = true;
        used += take;
        at += take;
      }
      i = end;
      continue;
    }
    while (i < end) {
      const point = text.codePointAt(i)!;
      const char = String.fromCodePoint(point);
      i += char.length;
      const w = cellWidth(char);
      if (used + w > width && rowHasText) push();
      row += char;
      rowHasText = true;
      used += w;
    }
  }
  if (rowHasText || rows.length === 0) rows.push(active.length ? row + SGR_RESET : row);
  if (rows.length > keep) rows.shift();
  return rows;
}
