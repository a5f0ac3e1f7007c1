// Unicode format characters change how the text around them is drawn while drawing nothing themselves: bidi
// overrides and isolates reorder the rest of a line ("Trojan Source": `G\u202Ereversed` shows reversed), zero-width
// characters split words so that `pass\u200Bword` reads as "password" but does not match it, U+2028/U+2029 break
// lines in some renderers. string-width counts them 0 cells while some terminals draw 1. So untrusted text never
// carries them raw: sanitize.ts shows each as a dim marker `‹U+202E›`, except where one has a legitimate job:
// - ZWJ (U+200D) inside an emoji ZWJ sequence (👨‍👩‍👧), and ZWJ/ZWNJ (U+200C) between two letters of a script that
//   uses them for joining (Arabic, Persian, Syriac, N'Ko, Mongolian, the Indic scripts): kept raw;
// - SOFT HYPHEN (U+00AD) between two letters is a hyphenation hint that is invisible unless the line breaks there,
//   which a log line never does: it is left out (terminals disagree on drawing it 0 or 1 cells wide). Anywhere else
//   (alone, between spaces, repeated) it hides nothing legitimate and gets a marker.
// Searches and filters see the text with these characters and the markers taken out (withoutInvisibles,
// withoutMarkers), so `password` finds `pass‹U+200B›word`.

// The set: U+00AD, U+061C, U+180E, U+200B–U+200F, U+2028–U+202E, U+2060–U+206F (word joiner, invisible operators,
// isolates, the deprecated shaping controls), U+FEFF, U+FFF9–U+FFFB (interlinear annotation).
export const FORMAT_CHARACTERS = /[\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff\ufff9-\ufffb]/;
const FORMAT_CHARACTERS_ALL = new RegExp(FORMAT_CHARACTERS.source, 'g');

export function isFormatCharacter(code: number): boolean {
  if (code < 0xad) return false;
  if (code < 0x2000) return code === 0xad || code === 0x61c || code === 0x180e;
  if (code <= 0x206f) return (code >= 0x200b && code <= 0x200f) || (code >= 0x2028 && code <= 0x202e) || code >= 0x2060;
  return code === 0xfeff || (code >= 0xfff9 && code <= 0xfffb);
}

const SOFT_HYPHEN = 0xad;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const VS16 = 0xfe0f;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const LETTER = /\p{L}/u;
// Letters and marks (not the scripts' own format characters, such as U+061C) of the scripts that join with ZWJ/ZWNJ.
const JOINING_SCRIPT =
  /^(?=[\p{L}\p{M}])[\p{sc=Arabic}\p{sc=Syriac}\p{sc=Nko}\p{sc=Mongolian}\p{sc=Devanagari}\p{sc=Bengali}\p{sc=Gurmukhi}\p{sc=Gujarati}\p{sc=Oriya}\p{sc=Tamil}\p{sc=Telugu}\p{sc=Kannada}\p{sc=Malayalam}\p{sc=Sinhala}]/u;

function codePointBefore(s: string, index: number): number {
  if (index <= 0) return -1;
  const low = s.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = s.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return (high - 0xd800) * 0x400 + (low - 0xdc00) + 0x10000;
  }
  return low;
}

function codePointAfter(s: string, index: number): number {
  return s.codePointAt(index + 1) ?? -1;
}

function test(pattern: RegExp, code: number): boolean {
  return code >= 0 && pattern.test(String.fromCodePoint(code));
}

export type FormatTreatment = 'keep' | 'drop' | 'show';

// What to do with the format character at s[index] (isFormatCharacter holds), judged by its neighbours.
export function formatTreatment(s: string, index: number, code: number): FormatTreatment {
  if (code === ZWJ || code === ZWNJ) {
    const before = codePointBefore(s, index);
    const after = codePointAfter(s, index);
    if (
      code === ZWJ &&
      test(PICTOGRAPHIC, after) &&
      (before === VS16 || test(PICTOGRAPHIC, before) || test(EMOJI_MODIFIER, before))
    )
      return 'keep';
    return test(JOINING_SCRIPT, before) && test(JOINING_SCRIPT, after) ? 'keep' : 'show';
  }
  if (code === SOFT_HYPHEN)
    return test(LETTER, codePointBefore(s, index)) && test(LETTER, codePointAfter(s, index)) ? 'drop' : 'show';
  return 'show';
}

// Bold and faint share one "normal intensity" reset (SGR 22), so the marker's own faint must put back what the
// line had: the state after the SGR sequences seen so far.
export const BOLD = 1;
export const FAINT = 2;

export function intensityAfter(state: number, sgr: string): number {
  const params = sgr.slice(2, -1);
  if (params === '') return 0;
  const list = params.split(';');
  // The parameters of an extended colour that follow its introducer.
  let skip = 0;
  for (const [k, param] of list.entries()) {
    if (skip > 0) {
      skip--;
      continue;
    }
    // `38:2::1:2:3` and `4:3` carry their sub-parameters inside one parameter.
    if (param.includes(':')) continue;
    const n = param === '' ? 0 : Number(param);
    if (n === 0 || n === 22) state = 0;
    else if (n === 1) state |= BOLD;
    else if (n === 2) state |= FAINT;
    else if (n === 38 || n === 48 || n === 58) skip = list[k + 1] === '5' ? 2 : list[k + 1] === '2' ? 4 : 0;
  }
  return state;
}

// `ESC[2m‹U+202E›ESC[22m`, the closing SGR putting back bold (`22;1`) or faint (`22;2`) in one sequence, so that a
// marker is always one unit that withoutMarkers can tell from the next one.
const MARKER_OPEN = '\x1b[2m‹U+';
const MARKER_CLOSES = ['›\x1b[22m', '›\x1b[22;1m', '›\x1b[22;2m', '›\x1b[22;1;2m'];
// Every character of the set is in the BMP: 4 hex digits, 8 cells.
export const MARKER_WIDTH = 8;
// ‹ and › as escapes: the bundle is kept ASCII (scripts/build.mjs).
const MARKERS = /\x1b\[2m\u2039U\+[0-9A-F]{4}\u203a\x1b\[22(?:;1)?(?:;2)?m/g;

export function formatMarker(code: number, intensity: number): string {
  return MARKER_OPEN + code.toString(16).toUpperCase().padStart(4, '0') + MARKER_CLOSES[intensity & (BOLD | FAINT)];
}

/** Whether sanitised text shows a format character as a marker. */
export function hasMarkers(sanitised: string): boolean {
  if (!sanitised.includes(MARKER_OPEN)) return false;
  MARKERS.lastIndex = 0;
  return MARKERS.test(sanitised);
}

/** Sanitised text without its markers: what a search should see (the marker is not text the line holds). */
export function withoutMarkers(sanitised: string): string {
  return sanitised.includes(MARKER_OPEN) ? sanitised.replace(MARKERS, '') : sanitised;
}

/** The text with every character of the set removed, kept joiners too: for matching, not for display. */
export function withoutInvisibles(text: string): string {
  return FORMAT_CHARACTERS.test(text) ? text.replace(FORMAT_CHARACTERS_ALL, '') : text;
}
