import {stripAnsi} from './escapes.js';

// C0 controls but TAB (a paste must not carry a BEL, a backspace or a carriage return that rewrites the line
// before it), and DEL.
const CONTROLS = /[\x00-\x08\x0a-\x1f\x7f]/g;

// What copying a piece of untrusted text puts on the clipboard: the original text without escape sequences
// (colour included) and without control characters, so pasting it into a terminal cannot run or rewrite anything.
// Unlike the screen (sanitize.ts), invisible and bidi characters are left as they are in the original, not turned
// into markers: the copy is the container's text, and a marker pasted elsewhere would be a lie.
export function copyText(original: string): string {
  const plain = stripAnsi(original);
  return plain.replace(CONTROLS, '');
}
