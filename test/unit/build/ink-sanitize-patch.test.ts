import {expect, test} from 'vitest';
import {hasAnsiControlCharacters} from '../../../node_modules/ink/build/ansi-tokenizer.js';
import sanitizeAnsi from '../../../node_modules/ink/build/sanitize-ansi.js';

// Ink 6.8.0's test, which patches/ink+6.8.0.patch replaces with one regular expression: an ESC anywhere, or any
// code point of the C1 range (U+0080 to U+009F).
function unpatched(text: string): boolean {
  if (text.includes('\u001B')) return true;
  for (const character of text) {
    const code = character.codePointAt(0);
    if (code !== undefined && code >= 0x80 && code <= 0x9f) return true;
  }
  return false;
}

test('the patched control-character test answers as Ink 6.8.0 did', () => {
  const texts = [
    '',
    'follow 1 the quick brown fox jumps over the lazy dog',
    '\u001B[31mred\u001B[39m',
    'tail \u001B',
    'c1 \u009B2J',
    'c1 edge \u0080 and \u009F',
    'just outside \u007F \u00A0 \u00FF',
    'wide 日本語 and emoji 😀 (a surrogate pair)',
    'a lone surrogate \uD83D here',
    '\u009D8;;https://example.com\u009C',
  ];
  for (let code = 0; code < 0x200; code++) texts.push(`x${String.fromCodePoint(code)}y`);
  for (const text of texts) expect(hasAnsiControlCharacters(text), JSON.stringify(text)).toBe(unpatched(text));
});

test('plain text comes back from the sanitiser as the same string, escapes are still stripped', () => {
  const plain = 'follow 1 the quick brown fox jumps over the lazy dog';
  expect(sanitizeAnsi(plain)).toBe(plain);
  expect(sanitizeAnsi('a\u001B[2Jb\u001B[31mc\u001B[39m')).toBe('ab\u001B[31mc\u001B[39m');
});
