// Colour values a config file may give a role: what Ink's <Text color> draws, checked before it gets there (an
// unknown name would make chalk throw in the middle of a frame).
const BASE = ['black', 'red', 'green', 'yellow', 'blue', 'magenta', 'cyan', 'white'];
export const COLOUR_NAMES = [...BASE, ...BASE.map(name => `${name}Bright`), 'gray', 'grey'];
const HEX = /^#[0-9a-f]{6}$/i;

export const COLOUR_FORMS =
  'a name such as red or blueBright, #rrggbb, a number 0-255 (the 256-colour palette) or default';

// The colour as Ink takes it, `null` for `default` (no colour: the terminal's own), undefined when not a colour.
export function parseColour(value: unknown): string | null | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) && value >= 0 && value <= 255 ? `ansi256(${value})` : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === 'default') return null;
  if (HEX.test(text)) return text.toLowerCase();
  if (/^\d{1,3}$/.test(text)) return parseColour(Number(text));
  return COLOUR_NAMES.includes(text) ? text : undefined;
}
